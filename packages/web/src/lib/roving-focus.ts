import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * Where an arrow key, Home or End moves a roving focus among `count` items from item `at` (the arrows wrap round);
 * undefined for any other key. Up and Down move in a vertical list, Left and Right in a horizontal toolbar.
 */
export function rovingIndex(
  key: string,
  at: number,
  count: number,
  orientation: 'vertical' | 'horizontal',
): number | undefined {
  const [next, previous] =
    orientation === 'vertical' ? ['ArrowDown', 'ArrowUp'] : ['ArrowRight', 'ArrowLeft'];
  if (count === 0) return undefined;
  if (key === next) return (at + 1) % count;
  if (key === previous) return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

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
        const index = rovingIndex(event.key, current, count, 'vertical');
        if (index === undefined) return;
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
