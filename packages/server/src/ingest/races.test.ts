import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Db, type DbClient, isTransactionConflict } from '../db/pool.ts';
import { ingestService } from './service.ts';
import { feedMessage, ingestPoster, postEventAndCampaign } from './test-fixture.ts';

/**
 * The messaging engine's feed sent by several senders at once (or one retrying while its first call still runs):
 * overlapping batches in different orders. Every batch must be answered 200, and what is stored must be what one
 * batch after another would have stored.
 */
let t: TestApp;
let key: string;

const post = ingestPoster(
  () => t,
  () => key,
);

/** The same items in another order for each sender (a small seeded generator: the same orders every run). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed * 7919 + 17;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

const message = feedMessage;

beforeAll(async () => {
  t = await createTestApp();
  key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  await postEventAndCampaign(post);
});
afterAll(() => t.close());

describe('tracked links registered by several senders at once', () => {
  // Codes new to the table were inserted in the order of each batch: two batches holding the same new codes in
  // other orders each inserted one the other then waited for, a deadlock (a 500, then a 503 asking to try again).
  it('answers every batch 200 and registers each code once, whatever the order of the batches', async () => {
    await post('messages', [message(900, 'QUEUED', '2026-11-20T09:00:00.000Z')]);
    for (let round = 0; round < 2; round++) {
      const links = range(0, 2000).map((i) => ({
        code: `r${round}-link-${i}`,
        message_id_bint: 900,
        target_url: `https://utility.example/outage/${i}`,
      }));
      // Half the senders in one order, half in the other (shuffled orders met too seldom to show it).
      const answers = await Promise.all(
        range(0, 10).map((sender) => post('links', sender % 2 ? [...links].reverse() : links)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(range(0, 10).map(() => 200));
      expect(answers.reduce((sum, a) => sum + a.json().inserted, 0)).toBe(2000);
      const { rows } = await t.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM link_codes WHERE code LIKE $1',
        [`r${round}-link-%`],
      );
      expect(rows[0]!.n).toBe(2000);
    }
  }, 10_000);
});

describe('messages and status updates sent by several senders at once', () => {
  it('stores each new message once and counts it once, whatever the order of the batches', async () => {
    for (let round = 0; round < 3; round++) {
      const ids = range(1000 + round * 1000, 100);
      // Each sender has the messages at its own time and status: the newest (sender 19, DELIVERED) wins.
      const answers = await Promise.all(
        range(0, 20).map((sender) =>
          post(
            'messages',
            shuffled(ids, sender).map((id) =>
              message(
                id,
                sender === 19 ? 'DELIVERED' : 'QUEUED',
                new Date(Date.UTC(2026, 10, 20, 9, 0, sender)).toISOString(),
              ),
            ),
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(range(0, 20).map(() => 200));
      const { rows } = await t.ctx.db.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM messages WHERE id = ANY($1::bigint[]) GROUP BY status',
        [ids],
      );
      expect(rows).toEqual([{ status: 'DELIVERED', n: 100 }]);
    }
    // The rollups count every message once, in its stored status.
    const { rows: counts } = await t.ctx.db.query<{ status: string; stored: number; counted: number }>(
      `SELECT m.status, m.n AS stored, coalesce(r.count, 0)::int AS counted
         FROM (SELECT status, count(*)::int AS n FROM messages WHERE dataset_id = 11 GROUP BY status) m
         LEFT JOIN dataset_rollups r ON r.dataset_id = 11 AND r.channel = 'SMS' AND r.status = m.status
        ORDER BY 1`,
    );
    expect(counts).toEqual([
      { status: 'DELIVERED', stored: 300, counted: 300 },
      { status: 'QUEUED', stored: 1, counted: 1 },
    ]);
  }, 10_000);

  it('applies status updates sent at once in any order: the newest wins and the rollups follow', async () => {
    const ids = range(1000, 100);
    for (let round = 0; round < 3; round++) {
      const statuses = ['QUEUED', 'UNDELIVERED', 'FAILED', 'DELIVERED'];
      const answers = await Promise.all(
        range(0, 10).map((sender) =>
          post(
            'statuses',
            shuffled(ids, sender + round * 10).map((id) => ({
              id_bint: id,
              status_vch: statuses[sender % 4],
              status_dt: new Date(Date.UTC(2026, 10, 20, 10 + round, 0, sender)).toISOString(),
            })),
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(range(0, 10).map(() => 200));
      // Sender 9 has the newest time: UNDELIVERED (9 % 4 = 1).
      const { rows } = await t.ctx.db.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM messages WHERE id = ANY($1::bigint[]) GROUP BY status',
        [ids],
      );
      expect(rows).toEqual([{ status: 'UNDELIVERED', n: 100 }]);
      const { rows: sums } = await t.ctx.db.query<{ total: number }>(
        "SELECT sum(count)::int AS total FROM dataset_rollups WHERE dataset_id = 11 AND channel = 'SMS'",
      );
      expect(sums[0]!.total).toBe(301);
    }
  }, 10_000);

  it('upserts events and campaigns sent at once in any order, once each', async () => {
    const ids = range(100, 30);
    const answers = await Promise.all(
      range(0, 20).map((sender) =>
        post(
          'events',
          shuffled(ids, sender).map((id) => ({
            id_bint: id,
            name_vch: `Event ${id}`,
            begin_dt: '2026-11-20T08:00:00Z',
          })),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(range(0, 20).map(() => 200));
    expect(answers.reduce((sum, a) => sum + a.json().inserted, 0)).toBe(30);
    const roots = await Promise.all(
      range(0, 20).map((sender) =>
        post(
          'datasets',
          shuffled(ids, sender).map((id) => ({
            dataset_id_bint: id * 10,
            event_id_bint: id,
            title_vch: `Root ${id}`,
          })),
        ),
      ),
    );
    expect(roots.map((a) => a.statusCode)).toEqual(range(0, 20).map(() => 200));
    expect(roots.reduce((sum, a) => sum + a.json().inserted, 0)).toBe(30);
    const { rows } = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM datasets WHERE id BETWEEN 1000 AND 1299',
    );
    expect(rows[0]!.n).toBe(30);
  }, 10_000);
});

describe('a batch that meets a concurrent batch on every try', () => {
  // After its last retry the batch gave up with an error of its own, which the server answered 500 ('Something went
  // wrong'); it is a conflict with another change made at the same moment, answered 503 with Retry-After.
  it('gives up as a transaction conflict (503, try again), having stored nothing', async () => {
    // A pool whose insert of new messages always finds them taken meanwhile (fewer rows written than sent).
    const racing = (client: DbClient): DbClient =>
      new Proxy(client, {
        get(target, prop) {
          if (prop === 'query') {
            return async (...args: Parameters<DbClient['query']>) => {
              const result = await (target.query as (...a: unknown[]) => Promise<{ rowCount: number }>)(
                ...args,
              );
              return typeof args[0] === 'string' && args[0].includes('INSERT INTO messages')
                ? { ...result, rowCount: 0 }
                : result;
            };
          }
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const db = new Proxy(t.ctx.db, {
      get(target, prop) {
        if (prop === 'connect') return async () => racing(await target.connect());
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const error = await ingestService(db)
      .ingest('messages', [message(9999, 'QUEUED', '2026-11-20T09:00:00.000Z')])
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isTransactionConflict(error)).toBe(true);
    const { rows } = await t.ctx.db.query('SELECT id FROM messages WHERE id = 9999');
    expect(rows).toEqual([]);
  });
});
