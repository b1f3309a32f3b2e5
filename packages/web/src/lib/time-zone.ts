/**
 * The browser's IANA time zone (America/Los_Angeles), sent as `tz` where the server reads or writes times as the
 * operator's screen shows them: the events grid's CSV, the dates of a suppression upload file.
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `path?tz=…` (or `&tz=…` when the path has a query already). */
export function withTimeZone(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}tz=${encodeURIComponent(browserTimeZone())}`;
}
