import type { SuppressionFullUploadPreview } from '@psps/contracts';

/** For tests: a full upload's preview of Opt-out 2026 (one value to add), to be applied before 23:00 UTC. */
export function previewFixture(
  changes: Partial<SuppressionFullUploadPreview> = {},
): SuppressionFullUploadPreview {
  return {
    status: 200,
    applied: false,
    inserted: 0,
    uploadId: 7,
    group: 'Opt-out 2026',
    added: 1,
    removed: 0,
    unchanged: 0,
    redated: 0,
    rejected: 0,
    duplicates: 0,
    errors: [],
    expiresAt: '2026-11-22T23:00:00.000Z',
    newGroup: false,
    similarGroups: [],
    removedValues: [],
    ...changes,
  };
}
