import {
  SUPPRESSION_HEADERS,
  SUPPRESSION_PATHS,
  type SuppressionType,
  suppressionDeleteAnswerSchema,
} from '@psps/contracts';
import { apiCall } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';

/** Document 2 §7: deletes carry the signed-in user's name (informational; the audit log uses the session). */
function userHeader(): Record<string, string> {
  return { [SUPPRESSION_HEADERS.user]: headerSafe(session.userName()) };
}

/**
 * Header values must be ISO-8859-1; a name outside it would make the browser refuse the whole request, so such
 * characters are dropped from this informational header.
 */
export function headerSafe(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '');
}

/** DELETE deleteById/{row_id_bint}: ends one value (it stays in the history). */
export function deleteSuppressionRow(rowId: number, groupName: string) {
  return apiCall(
    suppressionDeleteAnswerSchema,
    SUPPRESSION_PATHS.deleteRow.replace('{row_id_bint}', String(rowId)),
    { method: 'DELETE', headers: userHeader(), body: { groupName } },
  );
}

/** DELETE deleteById/groupNameAndType: ends every active value of one group and type. */
export function deleteSuppressionGroup(groupName: string, type: SuppressionType) {
  return apiCall(suppressionDeleteAnswerSchema, SUPPRESSION_PATHS.deleteGroupAndType, {
    method: 'DELETE',
    headers: userHeader(),
    body: { groupName, type },
  });
}
