import { ROW_SHADE_STEPS, ROW_SHADE_UNIT, rowShade } from '@psps/contracts';

/**
 * Row shading of the Custom Reports and Completion lists (document 1 §4, DESIGN.md §5): a row lightens as its
 * last update ages. contracts' `rowShade` gives the step (one per 1,000,000 s, about 11.6 days, capped at 15);
 * this file turns it into a colour, so both screens shade alike.
 */
const MAX_SHADE = ROW_SHADE_STEPS - 1;

/** UPDATE_XT is microseconds since the Unix epoch (DESIGN.md §3). */
export function ageSeconds(updateXt: number, nowMs: number = Date.now()): number {
  return Math.max(0, (nowMs * 1000 - updateXt) / 1_000_000);
}

/** The shade (0 strongest .. 15 lightest) of a row last updated at `updateXt`, seen at `nowMs`. */
export function shadeOf(updateXt: number | null | undefined, nowMs: number = Date.now()): number {
  if (updateXt === null || updateXt === undefined || !Number.isFinite(updateXt)) return MAX_SHADE;
  return rowShade(updateXt, nowMs * 1000);
}

/**
 * The background of a shade: the primary colour's light tint, from 40% (shade 0) down to 3% (shade 15), mixed
 * with transparent so it works on light and dark schemes and text stays readable on every step.
 */
export function rowShadeBackground(shade: number): string {
  const s = Math.min(Math.max(Math.round(shade), 0), MAX_SHADE);
  const strength = Math.round(40 - (37 * s) / MAX_SHADE);
  return `color-mix(in srgb, var(--mantine-color-orange-2) ${strength}%, transparent)`;
}

/** The units of `describeAge`, largest first: an age is told in the largest that fits, whole units only. */
const AGE_UNITS: readonly [seconds: number, name: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** "updated 3 days ago" style age, for the row's tooltip next to the shade. */
export function describeAge(updateXt: number | null | undefined, nowMs: number = Date.now()): string {
  if (updateXt === null || updateXt === undefined || !Number.isFinite(updateXt)) return 'never updated';
  const s = ageSeconds(updateXt, nowMs);
  for (const [size, name] of AGE_UNITS) {
    if (s >= size) {
      const n = Math.floor(s / size);
      return `updated ${n} ${name}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'updated just now';
}

/**
 * The first time (ms since the epoch) after `nowMs` at which the shade or the age text of a row last updated at
 * `updateXt` changes; Infinity when neither ever does (no stamp). Both are whole steps of the age: the shade one
 * per 1,000,000 s until 15, the text one per minute under an hour, per hour under a day, then per day.
 */
export function nextAgeChange(updateXt: number | null | undefined, nowMs: number = Date.now()): number {
  if (updateXt === null || updateXt === undefined || !Number.isFinite(updateXt))
    return Number.POSITIVE_INFINITY;
  const s = ageSeconds(updateXt, nowMs);
  const unit = AGE_UNITS.find(([size]) => s >= size)?.[0] ?? 60;
  let next = (Math.floor(s / unit) + 1) * unit;
  if (s < MAX_SHADE * ROW_SHADE_UNIT)
    next = Math.min(next, (Math.floor(s / ROW_SHADE_UNIT) + 1) * ROW_SHADE_UNIT);
  // The age reaches `next` seconds when now * 1000 - updateXt >= next * 1,000,000 (microseconds).
  return Math.max(Math.ceil((updateXt + next * 1_000_000) / 1000), nowMs + 1);
}
