/**
 * The props of a text field of a launched template (doc 2 §4: editing is blocked): read-only, not disabled, so the
 * text keeps its contrast and the keyboard still reaches it to read and copy; filled, so it does not look editable.
 */
export function lockedField(locked: boolean): { readOnly?: true; variant?: 'filled' } {
  return locked ? { readOnly: true, variant: 'filled' } : {};
}
