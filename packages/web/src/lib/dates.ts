import { formatDateTime, REPORT_TEXTS } from '@psps/contracts';

/** A missing date shows '-' (document 1 §2, campaign tree), on the report screens and the Custom Reports list. */
export function dateOrDash(value: string | null | undefined): string {
  return formatDateTime(value) || REPORT_TEXTS.missingDate;
}
