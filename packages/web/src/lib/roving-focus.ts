import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * One Tab stop for a list of buttons (a vertical toolbar, WAI-ARIA "roving tabindex"): Tab enters the list at its
 * selected item (else the last one focused) and leaves it at once; the arrow keys, Home and End move within it.
 * The language list and the variable list use it, so the keyboard path from a template's title to its message
 * body is a handful of Tabs instead of one per language and variable.
 */
export function useRovingFocus(count: number, selected = 0) {
  const [active, setActive] = useState(selected);
  const items = useRef<(HTMLElement | null)[]>([]);
  useEffect(() => setActive(selected), [selected]);
  const current = Math.max(0, Math.min(active, count - 1));

  const move = (index: number) => {
    const next = (index + count) % count;
    setActive(next);
    items.current[next]?.focus();
  };

  return {
    /** Moves the Tab stop to an item and focuses it (the chosen language after a language is deleted). */
    focus: move,
    toolbarProps: {
      role: 'toolbar',
      'aria-orientation': 'vertical' as const,
      onKeyDown: (event: KeyboardEvent) => {
        const to: Record<string, number> = {
          ArrowDown: current + 1,
          ArrowUp: current - 1,
          Home: 0,
          End: count - 1,
        };
        const index = to[event.key];
        if (index === undefined || count === 0) return;
        event.preventDefault();
        move(index);
      },
    },
    itemProps: (index: number) => ({
      tabIndex: index === current ? 0 : -1,
      ref: (element: HTMLElement | null) => {
        items.current[index] = element;
      },
      onFocus: () => setActive(index),
    }),
  };
}
