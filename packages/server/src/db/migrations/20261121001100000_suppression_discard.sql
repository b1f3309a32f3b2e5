-- Up Migration

-- An operator can discard a full upload's preview (POST fullFileUpload/{uploadId}/discard): it can never be applied
-- afterwards, and its staging is dropped.
ALTER TABLE suppression_uploads DROP CONSTRAINT suppression_uploads_status_check;
ALTER TABLE suppression_uploads ADD CONSTRAINT suppression_uploads_status_check
  CHECK (status IN ('receiving', 'staged', 'applied', 'failed', 'expired', 'discarded'));
