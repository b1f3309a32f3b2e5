import { type RefObject, useLayoutEffect } from 'react';

/** Whether a scrolling box has content hidden before (left / above) and after (right / below) what it shows. */
export type Overflow = { start: boolean; end: boolean };

/** The box's overflow along one axis; 1 px of rounding is not 'more'. */
export function overflowOf(el: HTMLElement, axis: 'x' | 'y'): Overflow {
  const [offset, max] =
    axis === 'x'
      ? [el.scrollLeft, el.scrollWidth - el.clientWidth]
      : [el.scrollTop, el.scrollHeight - el.clientHeight];
  return { start: offset > 1, end: max - offset > 1 };
}

/** The previous value when nothing changed, so a state update does not render again. */
export const keepSame = (prev: Overflow, next: Overflow): Overflow =>
  prev.start === next.start && prev.end === next.end ? prev : next;

/**
 * Calls `measure` now and whenever the box or its content changes size (the window, the sidebar, rows or menu
 * groups coming and going). `measure` must keep its identity (useCallback).
 */
export function useMeasureOnResize(ref: RefObject<HTMLElement | null>, measure: () => void): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref, measure]);
}
