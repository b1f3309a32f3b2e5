import type { CustomReportState } from '@psps/contracts';

/** A custom report's state as the Custom Reports list answers it, for tests: a file that arrived. */
export const customReport = (over: Partial<CustomReportState>): CustomReportState => ({
  ID: 7,
  FILE_NAME: 'PGE_medbase_40111_20261122093412.csv',
  LAUNCHED_TIME: '2026-11-22T09:34:10Z',
  REPORT_TIME: '2026-11-22T09:34:12Z',
  FILE_TRANSFER_TIME: '2026-11-22T09:34:14Z',
  TRANSFER_STATE: 'transferred',
  LAST_ERROR: null,
  ATTEMPTS: 1,
  ROWS: 40,
  UNREACHED_IN_PROGRESS: 0,
  UPDATE_XT: 1,
  PREVIOUS_TRANSFER_TIME: null,
  PREVIOUS_FILE_NAME: null,
  NEXT_ATTEMPT_TIME: null,
  ATTEMPT_LIMIT: 9,
  ...over,
});
