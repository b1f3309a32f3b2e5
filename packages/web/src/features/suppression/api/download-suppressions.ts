import { SUPPRESSION_DOWNLOAD_FILE_NAME, SUPPRESSION_PATHS, type SuppressionType } from '@psps/contracts';
import { apiDownload } from '@/lib/api.ts';

/**
 * GET downloadActiveSuppressions[?groupName=[&type=]]: every active value, one group's, or one group's of one type,
 * saved as data.csv.
 */
export function downloadActiveSuppressions(groupName?: string, type?: SuppressionType): Promise<void> {
  const params = new URLSearchParams();
  if (groupName !== undefined) params.set('groupName', groupName);
  if (type !== undefined) params.set('type', type);
  const query = params.size === 0 ? '' : `?${params}`;
  return apiDownload(`${SUPPRESSION_PATHS.download}${query}`, SUPPRESSION_DOWNLOAD_FILE_NAME);
}

/** Which download is under way, for its button's spinner: one group's, or one group's of one type. */
export const downloadKey = (groupName: string, type?: SuppressionType) => `${groupName}\u0000${type ?? ''}`;
