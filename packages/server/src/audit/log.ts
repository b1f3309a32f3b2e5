import type { Db, Queryable } from '../db/pool.ts';

/**
 * The audit log (DESIGN.md §4: every change an operator makes, with the session's user, never a client-sent
 * header): who, when, what, on what, and the details (how many rows, which permissions...). Written in the same
 * transaction as the change where there is one, so a change and its record stand or fall together. Read by
 * `npm run audit-log` (cli/audit-log.ts).
 */

/** Who did it: a signed-in user (their e-mail), the messaging engine's key (`api-key:NAME`), the command line or the system. */
export type Actor = { userId: number | null; actor: string };

/** What the server does by itself (jobs, alerts). */
export const SYSTEM: Actor = { userId: null, actor: 'system' };

export async function recordAudit(
  q: Queryable,
  who: Actor,
  action: string,
  target: string | null,
  details: object = {},
): Promise<void> {
  await q.query(
    'INSERT INTO audit_log (user_id, actor, action, target, details) VALUES ($1, $2, $3, $4, $5::jsonb)',
    [who.userId, who.actor, action, target, JSON.stringify(details)],
  );
}

export type AuditEntry = { at: Date; actor: string; action: string; target: string | null; details: unknown };

export type AuditFilter = {
  /** From this time (included). */
  since: Date;
  /** Up to this time (excluded). */
  until: Date;
  /** Only actions that begin with this ('suppression.' or 'suppression.delete.row'). */
  action?: string;
  /** Only what this actor did (an e-mail, `api-key:NAME`, `cli:USER`, `system`), whatever its letter case. */
  actor?: string;
};

/**
 * The entries of a period in time order (equal times in the order written), read a page at a time so a year of log
 * never sits in memory. Pages go by (time, id) from the last entry read: a page boundary between two entries of
 * the same time neither repeats nor skips one. The time is carried as PostgreSQL's own text (microseconds), not as a
 * JavaScript Date (milliseconds), for the same reason.
 */
export async function* readAuditLog(
  db: Db,
  filter: AuditFilter,
  pageSize = 1000,
): AsyncGenerator<AuditEntry> {
  let after = null as { at: string; id: number } | null;
  for (;;) {
    const { rows }: { rows: (AuditEntry & { id: number; at_key: string })[] } = await db.query(
      `SELECT id, at, at::text AS at_key, actor, action, target, details
         FROM audit_log
        WHERE at >= $1 AND at < $2
          AND ($3::text IS NULL OR left(action, length($3)) = $3)
          AND ($4::text IS NULL OR lower(actor) = lower($4))
          AND ($5::timestamptz IS NULL OR (at, id) > ($5::timestamptz, $6::bigint))
        ORDER BY at, id
        LIMIT $7`,
      [
        filter.since,
        filter.until,
        filter.action ?? null,
        filter.actor ?? null,
        after?.at ?? null,
        after?.id ?? 0,
        pageSize,
      ],
    );
    for (const { id: _id, at_key: _key, ...entry } of rows) yield entry;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { at: last.at_key, id: last.id };
  }
}
