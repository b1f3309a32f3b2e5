import { SUPPRESSION_DOWNLOAD_FILE_NAME, SUPPRESSION_PATHS } from '@psps/contracts';
import { apiDownload } from '../../../lib/api.ts';

/** GET downloadActiveSuppressions[?groupName=]: every active value, or one group's, saved as data.csv. */
export function downloadActiveSuppressions(groupName?: string): Promise<void> {
  const query = groupName === undefined ? '' : `?${new URLSearchParams({ groupName })}`;
  return apiDownload(`${SUPPRESSION_PATHS.download}${query}`, SUPPRESSION_DOWNLOAD_FILE_NAME);
}
