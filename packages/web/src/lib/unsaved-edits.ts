/**
 * Every editor with edits the server may not have yet, for the shell: signing out first saves them (or discards
 * them on request), so that one user's text is never left for the next user of the browser, nor lost unasked;
 * leaving or reloading the page asks first.
 *
 * An editor stays registered while it holds unsaved edits even when its effects are undone: a tab hidden by the
 * tabs (React's Activity) or a screen left while a save fails still counts.
 */
export interface UnsavedEditor {
  hasUnsaved: () => boolean;
  /** Saves now; true when the server has everything. */
  flush: () => Promise<boolean>;
  /** Forgets the unsaved edits and their local drafts. */
  discard: () => void;
}

const editors = new Set<UnsavedEditor>();

export const unsavedEdits = {
  register(editor: UnsavedEditor): () => void {
    editors.add(editor);
    return () => editors.delete(editor);
  },
  any(): boolean {
    return [...editors].some((editor) => editor.hasUnsaved());
  },
  async flushAll(): Promise<boolean> {
    return (await Promise.all([...editors].map((editor) => editor.flush()))).every(Boolean);
  },
  discardAll(): void {
    for (const editor of editors) editor.discard();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (unsavedEdits.any()) event.preventDefault();
  });
}
