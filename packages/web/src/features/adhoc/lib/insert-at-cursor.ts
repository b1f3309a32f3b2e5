/** Inserts `token` at the cursor (or over the selection) of a text field; puts the cursor after it. */
export function insertAtCursor(
  element: HTMLTextAreaElement | HTMLInputElement | null,
  current: string,
  token: string,
  apply: (value: string) => void,
) {
  const start = element?.selectionStart ?? current.length;
  const end = element?.selectionEnd ?? current.length;
  apply(current.slice(0, start) + token + current.slice(end));
  requestAnimationFrame(() => {
    if (!element) return;
    element.focus();
    element.setSelectionRange(start + token.length, start + token.length);
  });
}
