import {
  SUPPRESSION_HEADERS,
  SUPPRESSION_PATHS,
  SUPPRESSION_UPLOAD_FIELDS,
  type SuppressionUploadError,
  type SuppressionUploadKind,
  suppressionFullUploadAppliedSchema,
  suppressionFullUploadDiscardedSchema,
  suppressionFullUploadPreviewSchema,
  suppressionUploadAnswerSchema,
  suppressionUploadFailureSchema,
} from '@psps/contracts';
import { ApiError, apiCall, apiUpload, type UploadProgress } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { withTimeZone } from '@/lib/time-zone.ts';
import { headerSafe } from './delete-suppressions.ts';

function uploadHeaders(groupName: string): Record<string, string> {
  return {
    [SUPPRESSION_HEADERS.user]: headerSafe(session.userName()),
    [SUPPRESSION_HEADERS.groupName]: groupName,
  };
}

function form(kind: SuppressionUploadKind, file: File): FormData {
  const body = new FormData();
  body.append(SUPPRESSION_UPLOAD_FIELDS[kind], file, file.name);
  return body;
}

type UploadOptions = { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal };

/** POST upload/incrementalFileUpload: adds the file's values to an existing group at once. */
export function uploadIncremental(groupName: string, file: File, opts: UploadOptions = {}) {
  return apiUpload(
    suppressionUploadAnswerSchema,
    // Dates written in the file without a zone are the operator's local times.
    withTimeZone(SUPPRESSION_PATHS.incrementalUpload),
    form('incremental', file),
    {
      ...opts,
      headers: uploadHeaders(groupName),
    },
  );
}

/**
 * POST upload/fullFileUpload: stages the file as the group's new list and answers what applying it would change;
 * nothing changes until `applyFullUpload`.
 */
export function stageFullUpload(groupName: string, file: File, opts: UploadOptions = {}) {
  return apiUpload(
    suppressionFullUploadPreviewSchema,
    withTimeZone(SUPPRESSION_PATHS.fullUpload),
    form('full', file),
    {
      ...opts,
      headers: uploadHeaders(groupName),
    },
  );
}

/** Applies a staged full upload: the group's active values become the file's. */
export function applyFullUpload(groupName: string, uploadId: number) {
  const path = SUPPRESSION_PATHS.applyFullUpload.replace('{uploadId}', String(uploadId));
  return apiCall(suppressionFullUploadAppliedSchema, path, {
    method: 'POST',
    headers: uploadHeaders(groupName),
  });
}

/** Discards a staged full upload: it can never be applied afterwards. */
export function discardFullUpload(groupName: string, uploadId: number) {
  const path = SUPPRESSION_PATHS.discardFullUpload.replace('{uploadId}', String(uploadId));
  return apiCall(suppressionFullUploadDiscardedSchema, path, {
    method: 'POST',
    headers: uploadHeaders(groupName),
  });
}

/** The line errors an upload failure carries, if any (a file that could not be read at all). */
export function failureLineErrors(err: unknown): SuppressionUploadError[] {
  if (!(err instanceof ApiError)) return [];
  const parsed = suppressionUploadFailureSchema.safeParse(err.details);
  return parsed.success ? (parsed.data.errors ?? []) : [];
}

/** Groups named nearly like the unknown group of a refused incremental upload, if the server found any. */
export function failureSimilarGroups(err: unknown): string[] {
  if (!(err instanceof ApiError)) return [];
  const parsed = suppressionUploadFailureSchema.safeParse(err.details);
  return parsed.success ? (parsed.data.similarGroups ?? []) : [];
}
