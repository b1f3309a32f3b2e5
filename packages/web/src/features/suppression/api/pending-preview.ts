import { type SuppressionFullUploadPreview, suppressionFullUploadPreviewSchema } from '@psps/contracts';
import { session } from '@/lib/storage.ts';

/** Per tab (sessionStorage): it outlives the full page load of a session that ended, not the tab. */
const KEY = 'suppressionPendingPreview';

type Kept = { owner: string; preview: SuppressionFullUploadPreview };

/**
 * A full upload's preview waiting for Apply or Discard. When the session ends meanwhile (idle, or ended in another
 * tab; Apply itself answered 401), nothing was applied, and the server keeps the preview until `expiresAt` for any
 * user allowed to apply it: kept here, it is shown again when the same user signs in again and comes back, instead
 * of leaving them to guess whether the file went in.
 */
export const pendingPreview = {
  keep(preview: SuppressionFullUploadPreview) {
    const kept: Kept = { owner: session.draftOwner(), preview };
    try {
      sessionStorage.setItem(KEY, JSON.stringify(kept));
    } catch {
      // storage unavailable: the file is uploaded again
    }
  },
  /** The kept preview, when it belongs to the signed-in user and can still be applied; else null (and forgotten). */
  find(now = Date.now()): SuppressionFullUploadPreview | null {
    let kept: Partial<Kept> | null = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    } catch {
      // unreadable: forgotten below
    }
    const parsed = suppressionFullUploadPreviewSchema.safeParse(kept?.preview);
    const owner = session.draftOwner();
    if (kept?.owner === owner && owner !== '' && parsed.success && Date.parse(parsed.data.expiresAt) > now) {
      return parsed.data;
    }
    if (kept !== null && owner !== '') this.forget();
    return null;
  },
  forget() {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // nothing kept
    }
  },
};
