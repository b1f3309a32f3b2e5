import { type CSSProperties, type ReactNode, useCallback, useRef, useState } from 'react';
import { keepSame, type Overflow, overflowOf, useMeasureOnResize } from '@/lib/scroll-overflow.ts';
import classes from './wide-table.module.css';

/**
 * A table that may be wider than its card, as on a 1024 px laptop with the sidebar open. It scrolls sideways
 * natively (a real scrollbar), shows a shadow on each edge that has more columns behind it, and can keep its
 * last column, the row's actions, pinned at the right edge so that they are never scrolled out of sight.
 * Tables should first fit (wrapping text, dates that break between date and time); this is what is left when
 * they cannot. Its scrollbar is its own, kept at the bottom of the window (above the footer) while the table runs
 * below it, so a tall table can be scrolled sideways without first scrolling down to its end. Row tints go through
 * `rowTint` so the pinned cell shows the same colour as its row.
 */
export function WideTable({
  children,
  label,
  stickyEnd = false,
  mt,
}: {
  children: ReactNode;
  /** The name of the scrolling region, read out when it can be scrolled (e.g. 'Completion reports'). */
  label: string;
  /** Pin the last column (the actions) at the right edge. */
  stickyEnd?: boolean;
  mt?: CSSProperties['marginTop'];
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const [scrollWidth, setScrollWidth] = useState(0);
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = overflowOf(el, 'x');
    setOverflow((prev) => keepSame(prev, next));
    setScrollWidth(el.scrollWidth);
    if (bar.current && bar.current.scrollLeft !== el.scrollLeft) bar.current.scrollLeft = el.scrollLeft;
  }, []);
  // The scrollbar below the table follows the table, and the table follows it.
  const followBar = () => {
    const el = scroller.current;
    if (el && bar.current && el.scrollLeft !== bar.current.scrollLeft) el.scrollLeft = bar.current.scrollLeft;
  };

  // The table's width changes with its rows and the card's with the window and the sidebar.
  useMeasureOnResize(scroller, measure);

  // Only while it scrolls is it a named region the keyboard can reach (arrow keys scroll it once focused).
  const scrolls = overflow.start || overflow.end;
  const regionProps = scrolls
    ? { role: 'region', 'aria-label': `${label} (scrolls sideways)`, tabIndex: 0 }
    : {};
  return (
    <div
      className={classes.frame}
      style={{ marginTop: mt }}
      data-sticky-end={stickyEnd || undefined}
      data-more-start={overflow.start || undefined}
      data-more-end={overflow.end || undefined}
      data-testid="wide-table"
    >
      <div ref={scroller} className={classes.scroller} onScroll={measure} {...regionProps}>
        {children}
      </div>
      {scrolls && (
        <div
          ref={bar}
          className={classes.stickyBar}
          onScroll={followBar}
          // A copy of the region's own scrolling for the mouse: hidden from assistive technology, so no Tab stop
          // either (Chromium makes a scroller focusable by default, which would be a second, nameless stop).
          aria-hidden
          tabIndex={-1}
          data-testid="wide-table-scrollbar"
        >
          <div style={{ width: scrollWidth, height: 1 }} />
        </div>
      )}
    </div>
  );
}

/** The style of a tinted row (e.g. row-shade's age colour) inside a WideTable. */
export const rowTint = (color: string): CSSProperties => ({ '--wide-row-tint': color }) as CSSProperties;

/**
 * A `date time` text (`YYYY-MM-DD HH:mm:ss`, `MM/DD/YYYY HH:mm:ss`) in a compact cell: a smaller font, and it
 * may break between the date and the time, never inside either. A text without a time ('-', '') shows as is.
 */
export function SplitDateTime({ text, testId }: { text: string; testId?: string }) {
  const space = text.indexOf(' ');
  return (
    <span className={classes.dateTime} data-testid={testId}>
      {space < 0 ? (
        text
      ) : (
        <>
          <span className={classes.nowrap}>{text.slice(0, space)}</span>{' '}
          <span className={classes.nowrap}>{text.slice(space + 1)}</span>
        </>
      )}
    </span>
  );
}
