/**
 * Row shading of the Custom Reports and Completion lists (document 1 §4, DESIGN.md §5): a row lightens as its
 * last update ages. Age is in seconds since UPDATE_XT; one shade per 1,000,000 s (about 11.6 days), capped at
 * 15, so 16 shades run from strong (0, updated recently) to light (15, untouched for about half a year).
 */
export const ROW_SHADE_STEP_SECONDS = 1_000_000;
export const ROW_SHADE_COUNT = 16;
const MAX_SHADE = ROW_SHADE_COUNT - 1;

/** UPDATE_XT is microseconds since the Unix epoch (DESIGN.md §3). */
export function ageSeconds(updateXt: number, nowMs: number = Date.now()): number {
  return Math.max(0, (nowMs * 1000 - updateXt) / 1_000_000);
}

/** shade = min(floor(age_seconds / 1,000,000), 15); a stamp in the future counts as age 0. */
export function rowShade(updateXt: number | null | undefined, nowMs: number = Date.now()): number {
  if (updateXt === null || updateXt === undefined || !Number.isFinite(updateXt)) return MAX_SHADE;
  return Math.min(Math.floor(ageSeconds(updateXt, nowMs) / ROW_SHADE_STEP_SECONDS), MAX_SHADE);
}

/**
 * The background of a shade: the primary colour's light tint, from 42% (shade 0) down to 4% (shade 15), mixed
 * with transparent so it works on light and dark schemes and text stays readable on every step.
 */
export function rowShadeBackground(shade: number): string {
  const s = Math.min(Math.max(Math.round(shade), 0), MAX_SHADE);
  const strength = Math.round(42 - (38 * s) / MAX_SHADE);
  return `color-mix(in srgb, var(--mantine-color-orange-3) ${strength}%, transparent)`;
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
