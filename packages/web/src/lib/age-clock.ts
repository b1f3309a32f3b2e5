import { useCallback, useSyncExternalStore } from 'react';
import { describeAge, nextAgeChange, shadeOf } from './row-shade.ts';

/**
 * The clock the shaded rows (Completion Reports, Custom Reports) read their age from. A row's shade and age text
 * (DESIGN.md §5) are whole steps of its age, so a row need only render again when one of them steps: each row on
 * screen is watched until its next step, and one timer, set for the earliest of them, tells just the rows whose
 * step has come. A row can then be memoised on its data alone: nothing else about it changes with time.
 */
type Watch = {
  due: number;
  /** The next step after `now` (ms since the epoch). */
  next: (now: number) => number;
  listener: () => void;
};

const watches = new Set<Watch>();
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Number.POSITIVE_INFINITY;
/** setTimeout's longest delay (about 24.8 days); a later step is waited for in more than one timer. */
const MAX_DELAY_MS = 2_147_483_647;

function schedule() {
  let earliest = Number.POSITIVE_INFINITY;
  for (const watch of watches) earliest = Math.min(earliest, watch.due);
  if (earliest === timerAt) return;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  timerAt = earliest;
  if (earliest === Number.POSITIVE_INFINITY) return;
  timer = setTimeout(tick, Math.min(Math.max(earliest - Date.now(), 0), MAX_DELAY_MS));
}

function tick() {
  timer = undefined;
  timerAt = Number.POSITIVE_INFINITY;
  const now = Date.now();
  const stepped: Watch[] = [];
  for (const watch of watches) {
    if (watch.due > now) continue;
    watch.due = watch.next(now);
    stepped.push(watch);
  }
  schedule();
  for (const watch of stepped) watch.listener();
}

/** Calls `listener` at each time `next` gives, from now on, until the answered function is called. */
export function watchSteps(next: (now: number) => number, listener: () => void): () => void {
  const watch: Watch = { due: next(Date.now()), next, listener };
  watches.add(watch);
  schedule();
  return () => {
    watches.delete(watch);
    schedule();
  };
}

/** Rows watched now (for tests: a row that left the screen is no longer watched). */
export function watchedCount(): number {
  return watches.size;
}

const SEPARATOR = '\n';
const LOCAL_DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The first local midnight after `now`. */
function nextLocalMidnight(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/**
 * A row's shade and age text ('updated 3 hours ago') as of now, re-rendering the row only when one of them
 * steps. With `byDay`, also at each local midnight: for a row whose other text names a time as 'today' or as a
 * date (a transfer's next attempt).
 */
export function useRowAge(
  updateXt: number | null | undefined,
  byDay = false,
): { shade: number; title: string } {
  const subscribe = useCallback(
    (listener: () => void) =>
      watchSteps(
        (now) =>
          byDay
            ? Math.min(nextAgeChange(updateXt, now), nextLocalMidnight(now))
            : nextAgeChange(updateXt, now),
        listener,
      ),
    [updateXt, byDay],
  );
  const key = useSyncExternalStore(subscribe, () => {
    const now = Date.now();
    const day = byDay ? LOCAL_DAY.format(now) : '';
    return `${shadeOf(updateXt, now)}${SEPARATOR}${describeAge(updateXt, now)}${SEPARATOR}${day}`;
  });
  const [shade = '15', title = ''] = key.split(SEPARATOR);
  return { shade: Number(shade), title };
}
