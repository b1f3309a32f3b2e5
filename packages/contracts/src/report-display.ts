/**
 * SMS and e-mail pies label only slices of at least this share of the total; the voice pie labels every slice
 * (document 1 §2 and §9).
 */
export const PIE_LABEL_MIN_SHARE = 0.2;

/** Fixed texts of the report screens (document 1 §2), one home each. */
export const REPORT_TEXTS = {
  selectEvent: '--- select an event ---',
  selectCampaign: '--- select a campaign ---',
  noData: 'NO DATA AVAILABLE',
  emptyClassRow: 'none',
  downloadCsv: 'Download CSV File',
  summaryNote: 'This report refreshes automatically; updates arrive every 10 minutes.',
  currentAsOf: 'current as of',
} as const;

/** Rows of the campaign tree under the root card, in this order. */
export const TREE_ROW_LABELS = ['Medical Baseline', 'Critical Essential', 'General'] as const;

/** Columns of the events grid, in this order. */
export const EVENTS_GRID_COLUMNS = [
  '#',
  'MB-EVT-ID',
  'Event Name',
  'MB-DS-ID',
  'MB-ROOT-ID',
  'Type',
  'Title',
  'Imported',
  'Queued',
  'Processed',
  'Total Messages',
  'Voice Count',
  'SMS Count',
  'e-Mail Count',
] as const;

/** The all-channels summary table: rows ALL, VOICE, SMS, E-MAIL by columns IMPORTED, QUEUED, COMPLETED. */
export const SUMMARY_ROWS = [
  { label: 'ALL', key: 'ALL' },
  { label: 'VOICE', key: 'PHON' },
  { label: 'SMS', key: 'SMS' },
  { label: 'E-MAIL', key: 'EMAIL' },
] as const;
export const SUMMARY_COLUMNS = [
  { label: 'IMPORTED', key: 'imported' },
  { label: 'QUEUED', key: 'queued' },
  { label: 'COMPLETED', key: 'completed' },
] as const;

/** Channel report screens: the channel name on the stats card. */
export const CHANNEL_NAMES = { voice: 'Voice', sms: 'SMS', email: 'e-Mail' } as const;
