/**
 * Every editor with edits the server may not have yet, for the shell: signing out first saves them (or discards
 * them on request), so that one user's text is never left for the next user of the browser, nor lost unasked.
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
