import type { DashboardAnswer } from '@psps/contracts';
import type { Db } from '../db/pool.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Today's message counts. "Today" is the server's local calendar day (its TZ); the counts are kept per
 * 15-minute slot by ingest, so this reads at most 96 x 3 small rows, never the messages.
 */
export function dashboardService(db: Db) {
  return {
    async today(now = new Date()): Promise<DashboardAnswer> {
      const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
      const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      const { rows } = await db.query<{ channel: string; n: number }>({
        name: 'dashboard-today',
        text: `SELECT channel, sum(count)::bigint AS n FROM message_created_counts
                WHERE slot >= $1 AND slot < $2 GROUP BY channel`,
        values: [start, end],
      });
      const n = (c: string) => rows.find((r) => r.channel === c)?.n ?? 0;
      return {
        day: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
        all: n('PHON') + n('SMS') + n('EMAIL'),
        voice: n('PHON'),
        sms: n('SMS'),
        email: n('EMAIL'),
      };
    },
  };
}
