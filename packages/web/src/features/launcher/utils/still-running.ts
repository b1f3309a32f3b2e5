import {
  type CustomReportKind,
  type CustomReportState,
  formatDateTime,
  REPORT_KIND_LABELS,
} from '@psps/contracts';
import { grouped } from '@/lib/numbers.ts';

/**
 * A MedBase or MB Unreached file made while the campaign was still trying some of its unreached customers is no
 * final list: said under the row, so nobody sends a crew to a customer the campaign has not called yet. Null when
 * the file holds no such customer (or is not made yet).
 */
export function stillRunningNote(kind: CustomReportKind, report: CustomReportState): string | null {
  const pending = report.UNREACHED_IN_PROGRESS;
  if (kind === 'linkclick' || !pending || !report.REPORT_TIME) return null;
  const customers = pending === 1 ? '1 customer' : `${grouped(pending)} customers`;
  // The MedBase file also marks IN_PROGRESS on reached customers with a channel still pending: the rows meant are
  // its not reached ones. Every row of the MB Unreached file is not reached.
  const rows = kind === 'medbase' ? 'REACHED = N and IN_PROGRESS = Y' : 'IN_PROGRESS = Y';
  return (
    `${REPORT_KIND_LABELS[kind]} was made at ${formatDateTime(report.REPORT_TIME)}, while the campaign was ` +
    `still running: ${customers} not reached ${pending === 1 ? 'was' : 'were'} still being tried ` +
    `(${rows} in the file). Launch it again when the campaign is over for the final list.`
  );
}
