import { session } from './storage.ts';

/**
 * Every editor with edits the server may not have yet, for the shell: signing out first saves them (or discards
 * them on request), so that one user's text is never left for the next user of the browser, nor lost unasked;
 * leaving or reloading the page asks first.
 *
 * An editor stays registered while it holds unsaved edits even when its effects are undone: a tab hidden by the
 * tabs (React's Activity) or a screen left while a save fails still counts.
 */
export interface UnsavedEditor {
  /**
   * Whose edits these are (`session.draftOwner()` when typed); undefined: whoever is signed in. Signing out sees,
   * saves and discards only the signed-in user's: another user's kept edits stay theirs.
   */
  owner?: string;
  /** What the edits belong to (e.g. 'adhoc:7', a template), so that they can be discarded together when it is gone. */
  scope?: string;
  hasUnsaved: () => boolean;
  /** Saved except a part that cannot be saved as it is (kept as a local draft). */
  hasIncomplete?: () => boolean;
  /** Saves now; true when the server has everything. */
  flush: () => Promise<boolean>;
  /** Forgets the unsaved edits and their local drafts. */
  discard: () => void;
}

const editors = new Set<UnsavedEditor>();

/** The editors of the signed-in user. */
function mine(): UnsavedEditor[] {
  const owner = session.draftOwner();
  return [...editors].filter((editor) => editor.owner === undefined || editor.owner === owner);
}

export const unsavedEdits = {
  register(editor: UnsavedEditor): () => void {
    editors.add(editor);
    return () => editors.delete(editor);
  },
  /** Whether the signed-in user has edits the server does not have. */
  any(): boolean {
    return mine().some((editor) => editor.hasUnsaved());
  },
  /** Saves the signed-in user's edits now; true when the server has all that can be saved. */
  async flushAll(): Promise<boolean> {
    return (await Promise.all(mine().map((editor) => editor.flush()))).every(Boolean);
  },
  /** Whether part of the signed-in user's edits cannot be saved as it is (kept as a local draft). */
  anyIncomplete(): boolean {
    return mine().some((editor) => editor.hasIncomplete?.() ?? false);
  },
  /** Forgets the signed-in user's unsaved edits and their drafts; other users' are left alone. */
  discardAll(): void {
    for (const editor of mine()) editor.discard();
  },
  /** Forgets the signed-in user's unsaved edits of one scope (a template deleted meanwhile) and their drafts. */
  discardScope(scope: string): void {
    for (const editor of mine()) if (editor.scope === scope) editor.discard();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (unsavedEdits.any()) event.preventDefault();
  });
}
