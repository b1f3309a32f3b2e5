import { REPORT_POLL_MS } from '@psps/contracts';

/**
 * The reload interval of report screens: 60 s (document 1 §4). Browser tests shorten it through
 * localStorage['debug:pollMs'] so that an auto-reload can be watched in seconds.
 */
export function pollInterval(defaultMs: number = REPORT_POLL_MS): number {
  const override = Number(localStorage.getItem('debug:pollMs'));
  return Number.isFinite(override) && override > 0 ? override : defaultMs;
}

/**
 * How long one call of a polling screen is given: 15 s (they answer in milliseconds), never more than the poll
 * interval and never less than 5 s (browser tests poll every second). A poll is not started while the last is still
 * under way, so a call a stalled connection or proxy never answers would freeze the screen on its old data with
 * nothing said; given up, it fails with 'The server did not answer in time' and the next poll tries again.
 */
export function pollCallLimitMs(): number {
  return Math.min(15_000, Math.max(5_000, pollInterval()));
}
