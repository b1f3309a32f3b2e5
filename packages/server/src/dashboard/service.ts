import { type DashboardAnswer, formatDateTimeIn, isTimeZone, wallTimeIn } from '@psps/contracts';
import type { Db } from '../db/pool.ts';

/** The server's own zone (its TZ), the day of a caller that names none. */
function serverTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/**
 * Today's message counts. "Today" is the calendar day in `timeZone` (the operator's, sent by the console), or the
 * server's own day without one; the counts are kept per 15-minute slot by ingest (every zone in use today is a
 * whole number of quarter hours from UTC, so a day's slots are exact), so this reads at most 100 x 3 small rows
 * (a day has 23 to 25 hours), never the messages.
 */
export function dashboardService(db: Db) {
  return {
    async today(now = new Date(), timeZone = serverTimeZone()): Promise<DashboardAnswer> {
      const day = formatDateTimeIn(now, timeZone).slice(0, 10);
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      // Midnight to midnight on the zone's clocks: 23 or 25 hours on the days summer time starts or ends.
      const start = new Date(wallTimeIn(Date.UTC(y, m - 1, d), timeZone));
      const end = new Date(wallTimeIn(Date.UTC(y, m - 1, d + 1), timeZone));
      const { rows } = await db.query<{ channel: string; n: number }>({
        name: 'dashboard-today',
        text: `SELECT channel, sum(count)::bigint AS n FROM message_created_counts
                WHERE slot >= $1 AND slot < $2 GROUP BY channel`,
        values: [start, end],
      });
      const n = (c: string) => rows.find((r) => r.channel === c)?.n ?? 0;
      return {
        day,
        timeZone,
        all: n('PHON') + n('SMS') + n('EMAIL'),
        voice: n('PHON'),
        sms: n('SMS'),
        email: n('EMAIL'),
      };
    },
  };
}
