import { type RefObject, useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Puts the keyboard (and a screen reader's reading point) on the page's heading, the first `h1` or `h2` of the
 * content, or on the content itself when it has none: said aloud, it tells the operator which screen they are on,
 * and the next Tab goes to that screen's first control instead of back through the menu.
 */
export function focusPageHeading(content: HTMLElement | null) {
  if (!content) return;
  const target = content.querySelector<HTMLElement>('h1, h2') ?? content;
  // Focusable by script only: the heading is no Tab stop of its own.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/** The location this document opened at: a page loaded (or reloaded) keeps the browser's own focus. */
let openedAt: string | undefined;

/**
 * After each move to another screen (a menu entry, a link, Back or Forward, and the move to the dashboard after
 * signing in) the focus goes to the new screen's heading (`focusPageHeading`), unless the screen has already put
 * it inside itself (a field it focuses). Not when the document opens: a page just loaded starts at its top, where
 * 'Skip to content' is. The address's search part (a search kept in it) is no move.
 */
export function useFocusPageHeadingOnNavigation(content: RefObject<HTMLElement | null>) {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  // Only a new path is a new screen; `key` tells the opening location, it is no reason to move the focus again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    openedAt ??= key;
    if (key === openedAt && navigationType === 'POP') return;
    const main = content.current;
    const active = document.activeElement;
    if (main && active && active !== document.body && main.contains(active)) return;
    focusPageHeading(main);
  }, [pathname]);
}
