import { onTestFinished } from 'vitest';

const NOT_SET = Symbol('not set');
/** The zone before the current test's first change: put back when that test ends. */
let before: string | undefined | typeof NOT_SET = NOT_SET;

/**
 * Runs the rest of the current test with the process' local time in `zone` (Node follows a change of TZ at
 * once), as a browser set to that zone would show times. However often a test changes it, the zone it started
 * with is put back when it ends.
 */
export function inTimeZone(zone: string): void {
  if (before === NOT_SET) {
    before = process.env.TZ;
    onTestFinished(() => {
      if (before === undefined) delete process.env.TZ;
      else if (before !== NOT_SET) process.env.TZ = before;
      before = NOT_SET;
    });
  }
  process.env.TZ = zone;
}
