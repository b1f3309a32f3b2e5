import type { IngestLinksAnswer, ingestLinkSchema } from '@psps/contracts';
import type { z } from 'zod';
import { type Db, withTransaction } from '../db/pool.ts';
import { rejectBatch } from './service.ts';

/** A link as the route hands it over: its message id a number, whether it was sent as one or as digits. */
type IngestLink = z.output<typeof ingestLinkSchema>;

/**
 * Tracked links: the messaging engine registers `code -> message, target URL`; `GET /l/{code}` counts the
 * click, keeps the message's first click time (what the LinkClick report reads, as the clicks feed does)
 * and redirects.
 */
const HELD_CODES = 'SELECT code, message_id, target_url FROM link_codes WHERE code = ANY($1::text[])';

export function linksService(db: Db) {
  return {
    /** Atomic: an unknown message, or a code already bound elsewhere, rejects the batch. */
    async register(links: IngestLink[]): Promise<IngestLinksAnswer> {
      return withTransaction(db, async (client) => {
        const seen = new Map<string, IngestLink>();
        const details: { index: number; field: string; reason: string }[] = [];
        links.forEach((l, index) => {
          const before = seen.get(l.code);
          if (
            before &&
            (before.message_id_bint !== l.message_id_bint || before.target_url !== l.target_url)
          ) {
            details.push({ index, field: 'code', reason: 'appears twice in the batch with different links' });
          }
          seen.set(l.code, l);
        });
        const unique = [...seen.values()];
        const { rows: known } = await client.query<{ id: number }>(
          'SELECT id FROM messages WHERE id = ANY($1::bigint[])',
          [unique.map((l) => l.message_id_bint)],
        );
        const knownIds = new Set(known.map((r) => r.id));
        // Codes held already, by which link; a code bound to another message or URL refuses the whole batch.
        const heldCodes = async (codes: string[], sql: string) => {
          const { rows } = await client.query<{ code: string; message_id: number; target_url: string }>(sql, [
            codes,
          ]);
          return new Map(rows.map((e) => [e.code, e]));
        };
        const codeTaken = (held: Awaited<ReturnType<typeof heldCodes>>, l: IngestLink, index: number) => {
          const e = held.get(l.code);
          if (e && (e.message_id !== l.message_id_bint || e.target_url !== l.target_url)) {
            details.push({
              index,
              field: 'code',
              reason: 'is already registered for another message or URL',
            });
          }
        };
        const refuseIfAny = () => {
          if (details.length) rejectBatch(details);
        };
        // Rows locked in code order, as the inserts below go: two batches holding the same codes in other orders
        // would otherwise each take one the other then waits for (a deadlock).
        const byCode = await heldCodes(
          unique.map((l) => l.code),
          `${HELD_CODES} ORDER BY code COLLATE "C" FOR UPDATE`,
        );
        links.forEach((l, index) => {
          if (!knownIds.has(l.message_id_bint)) {
            details.push({ index, field: 'message_id_bint', reason: 'is not a known message' });
          }
          codeTaken(byCode, l, index);
        });
        refuseIfAny();
        const fresh = unique
          .filter((l) => !byCode.has(l.code))
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
        let inserted = 0;
        if (fresh.length) {
          // A code no row held yet was not locked above: a batch sent twice at once (the engine retrying while the
          // first is still under way) registers it in both. The second waits for the first and, rather than a
          // duplicate-key 500, finds the code taken: the same link is a repeat, another link a refusal.
          const { rows: added } = await client.query<{ code: string }>(
            `INSERT INTO link_codes (code, message_id, target_url)
             SELECT u.code, u.message_id, u.url
               FROM unnest($1::text[], $2::bigint[], $3::text[]) WITH ORDINALITY AS u(code, message_id, url, n)
              ORDER BY u.n
             ON CONFLICT (code) DO NOTHING
             RETURNING code`,
            [fresh.map((l) => l.code), fresh.map((l) => l.message_id_bint), fresh.map((l) => l.target_url)],
          );
          inserted = added.length;
          const addedCodes = new Set(added.map((r) => r.code));
          const raced = fresh.filter((l) => !addedCodes.has(l.code));
          if (raced.length) {
            const now = await heldCodes(
              raced.map((l) => l.code),
              HELD_CODES,
            );
            links.forEach((l, index) => {
              codeTaken(now, l, index);
            });
            refuseIfAny();
          }
        }
        return { received: links.length, inserted, ignored: links.length - inserted };
      });
    },

    /** The link's target, counting nothing (a HEAD request); null for an unknown code. */
    async target(code: string): Promise<string | null> {
      const { rows } = await db.query<{ target_url: string }>(
        'SELECT target_url FROM link_codes WHERE code = $1',
        [code],
      );
      return rows[0]?.target_url ?? null;
    },

    /** Records a click; answers the target URL, or null for an unknown code. */
    async click(code: string): Promise<string | null> {
      const { rows } = await db.query<{ target_url: string }>(
        `WITH link AS (
           UPDATE link_codes SET click_count = click_count + 1, last_clicked_at = now(),
                  first_clicked_at = coalesce(first_clicked_at, now())
            WHERE code = $1
            RETURNING message_id, target_url
         ), message AS (
           UPDATE messages m SET link_clicked_at = now() FROM link
            WHERE m.id = link.message_id AND m.link_clicked_at IS NULL
         )
         SELECT target_url FROM link`,
        [code],
      );
      return rows[0]?.target_url ?? null;
    },
  };
}
