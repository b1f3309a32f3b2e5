/** Fixed texts of document 1 §8 and document 2 §8, one home each. */
export const TOASTS = {
  welcome: 'Welcome.',
  publishComplete: 'Publish Complete. These templates are ready to launch.',
  uploadComplete: 'Upload complete. Future seed dials will include this file.',
  downloadInProgress: 'Download in progress. This may take a few minutes.',
  fileTransferInProgress: 'File Transfer in progress. This may take a few minutes.',
} as const;

export const TOAST_DURATION_MS = 5_000;
export const LOGIN_CARD_DELAY_MS = 700;
export const REPORT_POLL_MS = 60_000;
export const COMPACT_BREAKPOINT_PX = 992;
export const SHORT_TITLE_BREAKPOINT_PX = 429;

export const INVALID_LOGIN = 'Invalid Login';
/** Said on a login field left empty when Login is pressed (an addition: the button is never disabled). */
export const LOGIN_FIELD_MISSING = {
  email: 'Enter your e-mail address.',
  password: 'Enter your password.',
} as const;

export function productTitle(abbreviation: string, short = false): string {
  return short ? `${abbreviation} PSPS` : `${abbreviation} PSPS Reports`;
}
