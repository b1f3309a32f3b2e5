import { REPORT_POLL_MS } from '@psps/contracts';

/**
 * The reload interval of report screens: 60 s (document 1 §4). Browser tests shorten it through
 * localStorage['debug:pollMs'] so that an auto-reload can be watched in seconds.
 */
export function pollInterval(defaultMs: number = REPORT_POLL_MS): number {
  const override = Number(localStorage.getItem('debug:pollMs'));
  return Number.isFinite(override) && override > 0 ? override : defaultMs;
}
