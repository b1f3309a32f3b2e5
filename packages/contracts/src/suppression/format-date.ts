import { repeatedHourOffset } from '../format.ts';

/**
 * Document 2 §3: suppression times are displayed `MM/DD/YYYY HH:mm:ss`, in the operator's local time (DESIGN §3),
 * followed by the offset from UTC in the hour repeated when summer time ends (`11/01/2026 01:30:00 -08:00`).
 */
export function formatSuppressionDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${String(date.getFullYear()).padStart(4, '0')} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${repeatedHourOffset(date)}`
  );
}
