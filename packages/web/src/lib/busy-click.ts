import { type MouseEvent, useRef } from 'react';

/**
 * The click of a button that stays focusable while its call runs (busy) or while it cannot act (blocked): ignored
 * then, and also a second click before the first call's promise has settled (before the busy state re-renders).
 * Mantine's `loading` and `disabled` set the `disabled` attribute instead, which drops the keyboard focus to the
 * page: the operator would start again from the top of the screen.
 */
export function useBusyClick<E extends HTMLElement>(
  inert: boolean,
  onClick: (event: MouseEvent<E>) => unknown,
): (event: MouseEvent<E>) => void {
  const running = useRef(false);
  return (event) => {
    if (inert || running.current) {
      event.preventDefault();
      return;
    }
    const result = onClick(event);
    if (result instanceof Promise) {
      running.current = true;
      const settle = () => {
        running.current = false;
      };
      result.then(settle, settle);
    }
  };
}
