/**
 * A callback ref that focuses its element when it appears. A modal that changes state (confirm → deleting →
 * deleted) replaces the focused button, so the next state's main button takes the focus for keyboard users.
 */
export const focusOnMount = (el: HTMLElement | null) => {
  el?.focus();
};
