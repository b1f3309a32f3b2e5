import { type KeyboardEvent, type MouseEvent, type SyntheticEvent, useCallback, useRef } from 'react';
import { rovingIndex } from './roving-focus.ts';

/**
 * One Tab stop for a horizontal toolbar of buttons rendered by a library (WAI-ARIA toolbar, "roving tabindex"):
 * Tab enters at the control last used (else the first) and leaves at once; Left and Right move between the
 * controls, wrapping, Home and End go to the first and the last. A disabled control (the rich editor's Undo with
 * nothing to undo) is skipped, and while the control last used is disabled the toolbar is entered at its first.
 *
 * The controls are found in the DOM by `selector` and their `tabindex` set there, not given as props: Mantine's
 * rich text editor controls set `tabIndex` after the props they are given. React leaves the attribute alone while
 * that prop does not change; a control added, or enabled or disabled, is seen by a MutationObserver.
 *
 * A control pressed with Enter or Space keeps the focus: a rich editor's control applies its format to the text's
 * selection and then focuses the text (tiptap, in the next frame), which took the keyboard out of the toolbar after
 * each press (Bold, then Italic by the arrows, was not possible). A control clicked leaves the focus in the text,
 * where the pointer user goes on typing.
 */
export function useRovingToolbar<T extends HTMLElement>(selector: string) {
  const root = useRef<T>(null);
  // The control last focused or clicked, as its place among all the toolbar's controls (their set is fixed).
  const last = useRef(0);

  const controls = () => Array.from(root.current?.querySelectorAll<HTMLButtonElement>(selector) ?? []);
  const settle = () => {
    const all = controls();
    const stop =
      all[last.current] && !all[last.current]!.disabled ? last.current : all.findIndex((c) => !c.disabled);
    all.forEach((control, index) => {
      const tabIndex = index === stop ? '0' : '-1';
      if (control.getAttribute('tabindex') !== tabIndex) control.setAttribute('tabindex', tabIndex);
    });
  };
  const settleRef = useRef(settle);
  settleRef.current = settle;

  // A ref callback, not an effect: the toolbar may appear after the component that holds it (a template loaded,
  // a launched template's toolbar hidden).
  const ref = useCallback((element: T | null) => {
    root.current = element;
    if (!element) return;
    settleRef.current();
    const observer = new MutationObserver(() => settleRef.current());
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    return () => {
      observer.disconnect();
      root.current = null;
    };
  }, []);

  /** The control an event happened on, if it is one of the toolbar's (not a field of a popover portalled out). */
  const controlOf = (event: SyntheticEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(selector) : null;
    return target && root.current?.contains(target) ? target : null;
  };
  const remember = (event: SyntheticEvent) => {
    const control = controlOf(event);
    if (!control) return;
    last.current = controls().indexOf(control);
    settle();
  };

  return {
    ref,
    role: 'toolbar',
    onFocus: remember,
    // A click does not focus these controls (the editor keeps the focus), yet it is the last one used.
    onClick: (event: MouseEvent) => {
      remember(event);
      const control = controlOf(event);
      // Enter and Space make a click without a pointer (detail 0).
      if (!control || event.detail !== 0) return;
      // After the frame in which the editor focuses its text (this one is asked for later, so it runs later). A
      // control the press disabled (Undo with nothing left to undo) gives the focus to the toolbar's Tab stop.
      requestAnimationFrame(() => {
        if (!document.activeElement?.closest('[contenteditable="true"]')) return;
        const stop = control.disabled ? controls().find((c) => c.getAttribute('tabindex') === '0') : control;
        stop?.focus();
      });
    },
    onKeyDown: (event: KeyboardEvent) => {
      const control = controlOf(event);
      if (!control) return;
      const usable = controls().filter((c) => !c.disabled);
      const at = usable.indexOf(control);
      const index = at === -1 ? undefined : rovingIndex(event.key, at, usable.length, 'horizontal');
      if (index === undefined) return;
      event.preventDefault();
      usable[index]!.focus();
    },
  };
}
