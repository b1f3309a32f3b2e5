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

/** One formatter per time zone: making one costs far more than using it. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `YYYY-MM-DD HH:mm:ss` in the time zone `timeZone` (a file made on the server for a viewer elsewhere shows the times
 * the viewer's screen shows); '' for null or an invalid date.
 */
export function formatDateTimeIn(value: string | Date | null | undefined, timeZone: string): string {
  const d = dateOf(value);
  if (d === undefined) return '';
  let formatter = zoneFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(d).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `YYYY-MM-DD HH:mm:ss` in the viewer's local time (document 1 §5); '' for null or an invalid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = dateOf(value);
  if (d === undefined) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
