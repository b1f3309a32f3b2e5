import { notifications } from '@mantine/notifications';
import {
  CUSTOM_REPORT_KINDS,
  CUSTOM_REPORT_LAUNCH_PATHS,
  type CustomReportKind,
  LAUNCHER_PATHS,
  type LauncherCampaign,
  launcherCampaignsAnswer,
  queuedAnswer,
  TOASTS,
} from '@psps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall, sessionEnded } from '@/lib/api.ts';
import { pollCallLimitMs, pollInterval } from '@/lib/poll.ts';
import { showPressFailure } from '@/lib/press-failure-toast.ts';
import { session } from '@/lib/storage.ts';
import { launcherKeys } from './keys.ts';

/** While a launched file is on its way the list is checked this often, so the row shows it arrive. */
export const IN_FLIGHT_POLL_MS = 5_000;
/** A report launched longer ago than this no longer speeds up the checks (it may wait on a retry). */
const IN_FLIGHT_WINDOW_MS = 15 * 60_000;

export async function getLauncherCampaigns(): Promise<LauncherCampaign[]> {
  return (
    await apiCall(launcherCampaignsAnswer, LAUNCHER_PATHS.campaigns, { timeoutMs: pollCallLimitMs() })
  )[0];
}

/** A report of this row launched recently that has not yet arrived or failed. */
export function hasFileInFlight(row: LauncherCampaign, nowMs = Date.now()): boolean {
  return CUSTOM_REPORT_KINDS.some((kind) => {
    const report = row.reports[kind];
    return (
      report !== null &&
      (report.TRANSFER_STATE === 'waiting' || report.TRANSFER_STATE === 'transferring') &&
      nowMs - Date.parse(report.LAUNCHED_TIME) < IN_FLIGHT_WINDOW_MS
    );
  });
}

/** The Custom Reports list: reloads every minute, every 5 s while a launched file is on its way. */
export function useLauncherCampaigns() {
  return useQuery({
    queryKey: launcherKeys.campaigns(),
    queryFn: getLauncherCampaigns,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((row) => hasFileInFlight(row))
        ? Math.min(IN_FLIGHT_POLL_MS, pollInterval())
        : pollInterval(),
  });
}

const LAUNCH_FAILED_TOAST = 'launch-failed-toast';

/**
 * Launches a custom report for a dataset (202 QUEUED: a job generates the file and transfers it), raises the
 * file transfer toast (DESIGN.md §5), or the server's sentence when it joined an earlier launch, and reloads the list so the row shows the new report.
 */
export function useLaunchReport(kind: CustomReportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (datasetId: number) => {
      const token = session.token();
      if (!token) {
        sessionEnded();
        throw new ApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');
      }
      return apiCall(queuedAnswer, CUSTOM_REPORT_LAUNCH_PATHS[kind](token, datasetId));
    },
    // A launch that joined an earlier one still under way (another tab, another operator) says so.
    onSuccess: (answer) =>
      notifications.show({ message: answer[0][0].MESSAGE ?? TOASTS.fileTransferInProgress }),
    onError: (error) => showPressFailure(LAUNCH_FAILED_TOAST, 'The report was not launched', error),
    onSettled: () => client.invalidateQueries({ queryKey: launcherKeys.campaigns() }),
  });
}
