import {
  type CustomReportKind,
  type CustomReportState,
  formatDateTime,
  REPORT_KIND_LABELS,
} from '@psps/contracts';
import { grouped } from '@/lib/numbers.ts';

/**
 * The line in a sent report's tooltip: 'MedBase Report launched 2026-11-21 21:48:30, 1,360 rows.' Counts are
 * written as every report screen writes them (1,360, whatever the browser's language), and one row is '1 row'.
 */
export function launchedLine(
  kind: CustomReportKind,
  report: Pick<CustomReportState, 'LAUNCHED_TIME' | 'ROWS'>,
): string {
  const rows =
    report.ROWS === null ? '' : `, ${report.ROWS === 1 ? '1 row' : `${grouped(report.ROWS)} rows`}`;
  return `${REPORT_KIND_LABELS[kind]} launched ${formatDateTime(report.LAUNCHED_TIME)}${rows}.`;
}
