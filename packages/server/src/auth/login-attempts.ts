import type { Db } from '../db/pool.ts';

/** A key's attempts in its window as one attempt was counted: `pending` of them (this one included) still checked. */
export type Counted = { count: number; pending: number; secondsLeft: number };

/** The sign-in attempts counted per key (an e-mail and client, or a client) within a window (DESIGN.md §3). */
export function loginAttempts(db: Db, windowMs: number) {
  const windowSql = `${Math.round(windowMs / 1000)} seconds`;
  return {
    /**
     * Counts one attempt under `key` (a new window when the last one ended), as still being checked, and answers
     * the counts with it and the seconds until that window ends. The count is taken before the password is checked,
     * in one statement, so that attempts sent at the same moment cannot all pass a check made before any of them
     * was counted.
     */
    async bump(key: string): Promise<Counted> {
      const { rows } = await db.query<{ count: number; pending: number; seconds_left: number }>(
        `INSERT INTO login_attempts (key, window_start, count, pending) VALUES ($1, now(), 1, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN login_attempts.window_start < now() - $2::interval THEN 1 ELSE login_attempts.count + 1 END,
           pending = CASE WHEN login_attempts.window_start < now() - $2::interval THEN 1 ELSE login_attempts.pending + 1 END,
           window_start = CASE WHEN login_attempts.window_start < now() - $2::interval THEN now() ELSE login_attempts.window_start END
         RETURNING count, pending, ceil(extract(epoch FROM window_start + $2::interval - now()))::int AS seconds_left`,
        [key, windowSql],
      );
      const row = rows[0];
      return {
        count: row?.count ?? 0,
        pending: row?.pending ?? 0,
        secondsLeft: Math.max(1, row?.seconds_left ?? 1),
      };
    },

    /** Attempts checked and failed: they stay counted, no longer pending. */
    async failed(...keys: string[]): Promise<void> {
      for (const key of keys) {
        await db.query('UPDATE login_attempts SET pending = greatest(pending - 1, 0) WHERE key = $1', [key]);
      }
    },

    /**
     * Gives back an attempt counted by bump that was not a failure (a success, or one refused unchecked). One row
     * per statement: one statement updating both rows locks them in the order it finds them in the table, which
     * changes as they are updated, so two such statements at once could each hold the row the other waits for.
     */
    async release(...keys: string[]): Promise<void> {
      for (const key of keys) {
        await db.query(
          'UPDATE login_attempts SET count = greatest(count - 1, 0), pending = greatest(pending - 1, 0) WHERE key = $1',
          [key],
        );
      }
    },

    /** Forgets the attempts under `key` (an e-mail's failures, after its password was given right). */
    async clear(key: string): Promise<void> {
      await db.query('DELETE FROM login_attempts WHERE key = $1', [key]);
    },
  };
}
