/**
 * Fixed texts, numbers and names of the suppression screen (document 2 §2.8, §4, §7, §8, §9, DESIGN §3, §5).
 * Texts are the specification's, letter for letter, spelling included ('Successfuly').
 */

/** DESIGN §5: the suppression types. The specification shows none. */
export const SUPPRESSION_TYPES = ['PHONE', 'SMS', 'EMAIL', 'ACCOUNT'] as const;
export type SuppressionType = (typeof SUPPRESSION_TYPES)[number];

export const SUPPRESSION_ROUTE = '/admin/suppression';

export const SUPPRESSION_TEXTS = {
  pageTitle: 'SUPPRESSION',
  noData: 'No data available',
  incrementalUploadButton: 'INCREMENTAL FILE UPLOAD',
  fullUploadButton: 'FULL FILE UPLOAD',
  downloadAllButton: 'DOWNLOAD ALL',
  searchTitle: 'Search Active Suppressions By Group or Value or Type',
  searchFound: 'Below are the search results!',
  searchNothingFound: "Couldn't get anything related! Try a different value.",
  uploading: 'Uploading File.....',
  uploaded: 'File Uploaded Successfuly!',
  deleting: 'Deleting File.....',
  groupNameMissing: 'Please enter the group name!',
  groupNameUnknown: 'Please enter existing group name!',
  uploadFailed: "File couldn't be uploaded. Try Again!",
  rowDeleteFailed: "Row couldn't be Deleted. Try Again!",
  /**
   * Document 2 §8 notes that the original console never displayed this one. Ours does, in the group delete's failure
   * (with the server's reason): a refused delete left unsaid would read as done.
   */
  groupDeleteFailed: "Data couldn't be Deleted. Try Again!",
  rowDeleted: 'Row Deleted Successfuly!',
} as const;

/**
 * A full upload's refusal of a new group whose name holds two spaces in a row (ours, not the specification's):
 * screens show them as one, so the group would look the same as another on every screen.
 */
export const SUPPRESSION_GROUP_NAME_SPACES =
  'A new group name cannot have two spaces in a row: every screen shows them as one, so the group would look like another. Write it with single spaces.';

/** Document 2 §8: success text of deleting a group and type. */
export function groupDeletedText(group: string): string {
  return `Deleted all data for group name: ${group}`;
}

/** Column labels of the summary table (document 2 §2.8). */
export const SUPPRESSION_SUMMARY_COLUMNS = ['Group', 'Type', 'Valid Count', 'Delete', 'Download'] as const;
/** Column labels of the results table (document 2 §2.8). */
export const SUPPRESSION_RESULT_COLUMNS = [
  'Group',
  'Type',
  'Value',
  'Start Time',
  'End Time',
  'Created Time',
  'Action',
] as const;

/** Document 2 §9. */
export const SUPPRESSION_RESULTS_PAGE_SIZE = 50;
export const SUPPRESSION_RESULTS_PAGE_BUTTONS = 10;
export const SUPPRESSION_SUMMARY_PAGE_SIZE = 5;
export const SUPPRESSION_SUMMARY_PAGE_BUTTONS = 5;
export const SUPPRESSION_DOWNLOAD_FILE_NAME = 'data.csv';

/** Default largest upload accepted (the server may configure another). */
export const SUPPRESSION_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** An upload answer lists at most this many line errors: the first ones of the file. */
export const SUPPRESSION_UPLOAD_ERRORS_MAX = 100;
/** Longest value kept: an e-mail address can be 254 characters long, phone numbers and accounts are shorter. */
export const SUPPRESSION_VALUE_MAX_LENGTH = 254;
export const SUPPRESSION_ACCOUNT_MAX_LENGTH = 64;
export const SUPPRESSION_GROUP_NAME_MAX_LENGTH = 100;
export const SUPPRESSION_SEARCH_MAX_LENGTH = 254;
/** A value is found from its first characters once this many are typed; a shorter text must match a whole value. */
export const SUPPRESSION_SEARCH_PREFIX_MIN = 3;

/** Document 2 §7: the calls, at the paths the console uses. */
export const SUPPRESSION_PATHS = {
  list: '/api/suppress/getPaginatedCampaigns',
  search: '/api/suppress/search',
  fullUpload: '/api/suppress/upload/fullFileUpload',
  incrementalUpload: '/api/suppress/upload/incrementalFileUpload',
  /** `{row_id_bint}` is replaced by the row id. */
  deleteRow: '/api/suppress/deleteById/{row_id_bint}',
  deleteGroupAndType: '/api/suppress/deleteById/groupNameAndType',
  download: '/api/suppress/downloadActiveSuppressions',
  /**
   * Added to the specification: a full upload answers a preview (added, removed, unchanged) and changes nothing;
   * this call applies the previewed upload. `{uploadId}` is replaced by the preview's uploadId.
   */
  applyFullUpload: '/api/v1/suppress/upload/fullFileUpload/{uploadId}/apply',
  /** Added: the operator discards a preview, which can then never be applied. */
  discardFullUpload: '/api/v1/suppress/upload/fullFileUpload/{uploadId}/discard',
  /**
   * Added: the names of the groups holding active values, so that the upload dialog offers them as the group name
   * is typed (an incremental upload needs an existing group, named exactly).
   */
  groups: '/api/v1/suppress/groups',
  /** Added: the messaging engine (INGEST API key) asks whether values are suppressed before it sends. */
  check: '/api/v1/ingest/suppression/check',
} as const;

/** A full upload's preview lists at most this many of the values it would remove. */
export const SUPPRESSION_PREVIEW_REMOVED_MAX = 20;

/** Most values one engine check may ask about. */
export const SUPPRESSION_CHECK_MAX_VALUES = 10_000;

/** Value of the `data` query parameter that turns the paginated list into the summary. */
export const SUPPRESSION_SUMMARY_SELECTOR = 'groupNameAndType';

/** Document 2 §7: the multipart file field of each upload. */
export const SUPPRESSION_UPLOAD_FIELDS = {
  full: 'fullFileUpload',
  incremental: 'incrementalFileUpload',
} as const;
export type SuppressionUploadKind = keyof typeof SUPPRESSION_UPLOAD_FIELDS;

/**
 * Document 2 §7: request headers of uploads and deletes, as the console sends them. HTTP header names are
 * case-insensitive and servers see them lowercased (`groupname`). The `user` header is informational only:
 * the audit log records the session's user (DESIGN §4).
 */
export const SUPPRESSION_HEADERS = { user: 'user', groupName: 'groupName' } as const;

/** DESIGN §5: the optional header line of an upload file, in this order when the file has no header. */
export const SUPPRESSION_UPLOAD_COLUMNS = ['value', 'type', 'start', 'end'] as const;
export type SuppressionUploadColumn = (typeof SUPPRESSION_UPLOAD_COLUMNS)[number];

/** Columns of the download (data.csv). */
export const SUPPRESSION_DOWNLOAD_COLUMNS = [
  'group',
  'type',
  'value',
  'start_ts',
  'end_ts',
  'created_ts',
] as const;
