import { ROW_SHADE_STEPS, rowShade } from '@psps/contracts';

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

/** "updated 3 days ago" style age, for the row's tooltip next to the shade. */
export function describeAge(updateXt: number | null | undefined, nowMs: number = Date.now()): string {
  if (updateXt === null || updateXt === undefined || !Number.isFinite(updateXt)) return 'never updated';
  const s = ageSeconds(updateXt, nowMs);
  if (s < 60) return 'updated just now';
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (s >= size) {
      const n = Math.floor(s / size);
      return `updated ${n} ${name}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'updated just now';
}
