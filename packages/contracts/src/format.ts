const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Whether `name` is a time zone this runtime knows (IANA name, e.g. 'America/Los_Angeles', or 'UTC'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A date value as a Date, or undefined for null, '' or an invalid date. */
function dateOf(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * One formatter per time zone: making one costs far more than using it. Kept by the zone's own name: a zone may be
 * asked for in any letter case or by an old alias ('us/pacific'), and a client sending endless spellings must not
 * grow the server's memory. The spellings seen lately are remembered, up to ZONE_SPELLINGS_KEPT.
 */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
const zoneSpellings = new Map<string, Intl.DateTimeFormat>();
export const ZONE_SPELLINGS_KEPT = 256;

/**
 * `YYYY-MM-DD HH:mm:ss` in the time zone `timeZone` (a file made on the server for a viewer elsewhere shows the times
 * the viewer's screen shows); '' for null or an invalid date.
 */
export function formatDateTimeIn(value: string | Date | null | undefined, timeZone: string): string {
  const d = dateOf(value);
  if (d === undefined) return '';
  const parts = Object.fromEntries(
    zoneFormatter(timeZone)
      .formatToParts(d)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * The zone's offset from UTC at an instant, as `±HH:mm` ('-08:00' in a Los Angeles winter, '+05:45' in Nepal,
 * '+00:00' in UTC); '' for null or an invalid date.
 */
export function utcOffsetIn(value: string | Date | null | undefined, timeZone: string): string {
  const d = dateOf(value);
  if (d === undefined) return '';
  return offsetText(zoneOffsetAt(d.getTime(), timeZone));
}

/** An offset in milliseconds as `±HH:mm`. */
function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const DAY_MS = 86_400_000;

/** The local zone's offset from UTC at an instant, in milliseconds (UTC-8: -28,800,000). */
const localOffsetAt = (utcMs: number) => -new Date(utcMs).getTimezoneOffset() * 60_000;

/**
 * ' -07:00' (a space and the local offset from UTC) for an instant whose local wall time clocks show twice, in the
 * hour repeated when summer time ends (in Los Angeles on 2026-11-01, 01:30 is 08:30 UTC and again 09:30 UTC); ''
 * for every other instant. The console's times are bare (`YYYY-MM-DD HH:mm:ss`, document 1 §5): in that hour a bare
 * time could be either of two instants an hour apart (a campaign queued at 01:50 and processed twenty minutes later
 * at 01:10), so its offset follows it, as in the events CSV.
 */
export function repeatedHourOffset(date: Date): string {
  const t = date.getTime();
  if (Number.isNaN(t)) return '';
  const offset = localOffsetAt(t);
  for (const other of [localOffsetAt(t - DAY_MS), localOffsetAt(t + DAY_MS)]) {
    // The same wall time on the other side of a change near this instant, if clocks show it then.
    if (other !== offset && localOffsetAt(t + offset - other) === other) return ` ${offsetText(offset)}`;
  }
  return '';
}

/**
 * `YYYY-MM-DD HH:mm:ss ±HH:mm` in `timeZone`: a time that says its own zone, for files that leave the screen
 * (forwarded, opened elsewhere) and for the hour a change back from summer time shows twice; '' for null.
 */
export function formatDateTimeWithOffsetIn(
  value: string | Date | null | undefined,
  timeZone: string,
): string {
  const shown = formatDateTimeIn(value, timeZone);
  return shown === '' ? '' : `${shown} ${utcOffsetIn(value, timeZone)}`;
}

/** Year, month, day, hour, minute and second as clocks in the zone show them. */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  const known = zoneSpellings.get(timeZone);
  if (known !== undefined) return known;
  const made = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const name = made.resolvedOptions().timeZone;
  let formatter = zoneFormatters.get(name);
  if (formatter === undefined) {
    formatter = made;
    zoneFormatters.set(name, formatter);
  }
  if (zoneSpellings.size >= ZONE_SPELLINGS_KEPT) zoneSpellings.clear();
  zoneSpellings.set(timeZone, formatter);
  return formatter;
}

/** How many formatters are kept, by zone and by spelling (for the test of the bound). */
export function zoneFormatterCounts(): { zones: number; spellings: number } {
  return { zones: zoneFormatters.size, spellings: zoneSpellings.size };
}

/** The zone's offset from UTC at an instant, in milliseconds (UTC-8: -28,800,000). */
function zoneOffsetAt(utcMs: number, timeZone: string): number {
  const parts = Object.fromEntries(
    zoneFormatter(timeZone)
      .formatToParts(new Date(utcMs))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/**
 * The instant at which clocks in `timeZone` show a wall time, given as the milliseconds Date.UTC makes of its
 * fields (so `Date.UTC(2030, 5, 15, 8)` with America/Los_Angeles is 15:00 UTC). A wall time that a change to summer
 * time skips is read with the offset before the change; one that occurs twice, as its first occurrence.
 */
export function wallTimeIn(wallMs: number, timeZone: string): number {
  const before = zoneOffsetAt(wallMs - 86_400_000, timeZone);
  const after = zoneOffsetAt(wallMs + 86_400_000, timeZone);
  // Offsets on either side of any change near this time; the earliest instant that shows the wall time wins.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const utc = wallMs - offset;
    if (zoneOffsetAt(utc, timeZone) === offset) return utc;
  }
  return wallMs - before;
}

/**
 * `YYYY-MM-DD HH:mm:ss` in the viewer's local time (document 1 §5), followed by its offset from UTC in the hour
 * repeated when summer time ends (`2026-11-01 01:30:00 -08:00`, `repeatedHourOffset`); '' for null or an invalid date.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = dateOf(value);
  if (d === undefined) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${repeatedHourOffset(d)}`;
}
