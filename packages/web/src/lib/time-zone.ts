import { utcOffsetIn } from '@psps/contracts';

/**
 * The browser's IANA time zone (America/Los_Angeles): every time on screen is shown in it, and it is sent as `tz`
 * where the server reads or writes times as the operator's screen shows them (the events grid's CSV, the dates of
 * a suppression upload file, the dashboard's day). 'UTC' when the runtime cannot name its zone (some engines then
 * leave it undefined, and `tz=undefined` was refused by the server).
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `path?tz=…` (or `&tz=…` when the path has a query already). */
export function withTimeZone(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}tz=${encodeURIComponent(browserTimeZone())}`;
}

const UTC_NAMES = /^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu|Greenwich)$/;

function zoneNamePart(timeZone: string, style: 'longGeneric' | 'long', at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/**
 * A person's name for a zone, the same all year: 'Pacific Time', 'India Standard Time', 'Coordinated Universal
 * Time'; the IANA name when the browser has no words for it (it then answers 'GMT+…').
 */
export function timeZoneName(timeZone: string, at = new Date()): string {
  if (UTC_NAMES.test(timeZone)) return 'Coordinated Universal Time';
  for (const style of ['longGeneric', 'long'] as const) {
    const name = zoneNamePart(timeZone, style, at);
    if (name !== '' && !name.startsWith('GMT')) return name;
  }
  return timeZone;
}

/**
 * The sentence that says which clock a screen's times are on (they are shown bare, `YYYY-MM-DD HH:mm:ss`, as the
 * specification has them): 'Times are in Pacific Time (America/Los_Angeles, now UTC-08:00).' The offset is
 * today's, hence 'now'; the IANA name is what to give a colleague elsewhere.
 */
export function timeZoneNote(timeZone = browserTimeZone(), at = new Date()): string {
  if (UTC_NAMES.test(timeZone)) return 'Times are in Coordinated Universal Time (UTC).';
  return `Times are in ${timeZoneName(timeZone, at)} (${timeZone}, now UTC${utcOffsetIn(at, timeZone)}).`;
}

/** The dashboard's day: 'Today, Sat 21 Nov (Pacific Time)', from the server's `day` and `timeZone`. */
export function todayCaption(caption: string, day: string, timeZone: string, at = new Date()): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(Date.UTC(y, m - 1, d)));
  return `${caption}, ${date.replace(',', '')} (${timeZoneName(timeZone, at)})`;
}
