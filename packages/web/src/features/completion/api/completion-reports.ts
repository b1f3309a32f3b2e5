import { notifications } from '@mantine/notifications';
import {
  COMPLETION_PATHS,
  type CompletionReportRow,
  completionReportsAnswer,
  queuedAnswer,
  TOASTS,
} from '@psps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall, sessionEnded } from '@/lib/api.ts';
import { pollCallLimitMs, pollInterval } from '@/lib/poll.ts';
import { showPressFailure } from '@/lib/press-failure-toast.ts';
import { session } from '@/lib/storage.ts';
import { mergeReportsById, nextStamp } from '../lib/merge-reports.ts';
import { completionKeys } from './keys.ts';
import { reportStore } from './report-store.ts';

/** While an operator's refresh or resend is under way the list is checked this often (cheap: changed rows only). */
export const FOLLOW_UP_POLL_MS = 5_000;

function requireToken(): string {
  const token = session.token();
  if (!token) {
    sessionEnded();
    throw new ApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');
  }
  return token;
}

async function getChanged(token: string, stamp: number) {
  const answer = await apiCall(completionReportsAnswer, COMPLETION_PATHS.list(token, stamp), {
    timeoutMs: pollCallLimitMs(),
  });
  if (answer.length !== 3) {
    // LOGIN_VALID 0: the session in the path is no longer valid; sign out as a 401 would.
    sessionEnded();
    throw new ApiError(401, 'login_invalid', 'Your session has ended. Please sign in again.');
  }
  return { maxXt: answer[1][0].MAX_UPDATE_XT, rows: answer[2] };
}

/**
 * Asks for the rows changed since the stored stamp and merges them into the stored list by ID (document 1 §4).
 * A server whose highest stamp is below ours has been reset or restored: the stored list is then rebuilt from
 * stamp 0, so it never keeps rows the server no longer has.
 */
export async function refreshCompletionReports(): Promise<CompletionReportRow[]> {
  const token = requireToken();
  let stored = reportStore.read() ?? { rows: [], xt: 0 };
  let changed = await getChanged(token, stored.xt);
  if (changed.maxXt < stored.xt) {
    stored = { rows: [], xt: 0 };
    changed = await getChanged(token, 0);
  }
  const xt = nextStamp(stored.xt, changed.maxXt, changed.rows);
  // Nothing changed (most checks): the stored list stays as it is, neither merged nor written again, and the
  // screen gets the very same rows, so it re-renders none of them.
  if (changed.rows.length === 0 && xt === stored.xt) return stored.rows;
  const rows = mergeReportsById(stored.rows, changed.rows);
  reportStore.write({ rows, xt });
  return rows;
}

/**
 * The completion list. The stored list shows at once and the first check runs one interval (60 s) after
 * opening, then every interval (document 1 §4). With nothing stored yet (first visit after sign-in) the list
 * is fetched at once, since an empty screen for a minute would tell the operator nothing. While `followUp(rows)`
 * holds (an operator's own refresh or resend is under way) the list is checked every 5 s instead.
 */
export function useCompletionReports(followUp: (rows: CompletionReportRow[]) => boolean = () => false) {
  return useQuery({
    queryKey: completionKeys.list(),
    queryFn: refreshCompletionReports,
    initialData: () => reportStore.read()?.rows,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: pollInterval(),
    refetchOnMount: false,
    refetchInterval: (query) =>
      followUp(query.state.data ?? []) ? Math.min(FOLLOW_UP_POLL_MS, pollInterval()) : pollInterval(),
    refetchIntervalInBackground: true,
  });
}

export type CompletionAction = 'refresh' | 'resend';

const ACTION_FAILED_TOAST = 'action-failed-toast';

/** Refresh (regenerate and send again) or resend (send the current file again); both reload the list. */
export function useCompletionAction(action: CompletionAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(queuedAnswer, COMPLETION_PATHS[action](requireToken(), id)),
    onSuccess: () => notifications.show({ message: TOASTS.fileTransferInProgress }),
    onError: (error) => showPressFailure(ACTION_FAILED_TOAST, `The ${action} was not started`, error),
    onSettled: () => client.invalidateQueries({ queryKey: completionKeys.list() }),
  });
}
