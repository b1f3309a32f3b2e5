import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitingOnLock } from '../../test/harness.ts';
import { type Db, type DbClient, isTransactionConflict } from '../db/pool.ts';
import { ingestService } from './service.ts';
import { summarySnapshotJob } from './summary-job.ts';
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
  });
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
  });

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
  });

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
  });
});

/**
 * Holds the summary snapshots' table: a batch that completes a campaign stops at its snapshot, its campaign rows
 * written but not committed, until the returned function lets it go on.
 */
async function holdSummarySnapshots(): Promise<() => Promise<void>> {
  const held = await t.ctx.db.connect();
  await held.query('BEGIN');
  await held.query('LOCK TABLE summary_snapshots IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await held.query('ROLLBACK');
    held.release();
  };
}

describe('a new campaign sent by two senders at once', () => {
  // Both batches found no campaign 30 and inserted it; the second then took the first's row (ON CONFLICT) and wrote
  // its own record over it as over nothing: the times it left out (to be kept) were cleared, the first's
  // medical-baseline retry time among them, and with it the completion report that time makes due.
  it('keeps the times one left out and the other gave, as one batch after the other would', async () => {
    await post('events', [{ id_bint: 3, name_vch: 'Event 3', begin_dt: '2026-11-20T08:00:00Z' }]);
    // The first batch completes the campaign: it stops, its row written but not committed, at its summary snapshot.
    const release = await holdSummarySnapshots();
    const first = post('datasets', [
      {
        dataset_id_bint: 30,
        event_id_bint: 3,
        title_vch: 'Root 30',
        launched_dt: '2026-11-20T09:00:00Z',
        processed_dt: '2026-11-20T10:00:00Z',
        medbaseRetry_dt: '2026-11-20T10:30:00Z',
      },
    ]);
    await waitingOnLock(t, 'INSERT INTO summary_snapshots');
    // The second names the campaign with its title and tags only: it waits for the first's row.
    const second = post('datasets', [
      { dataset_id_bint: 30, event_id_bint: 3, title_vch: 'Root 30', tag_title_vch: 'Wind' },
    ]);
    await waitingOnLock(t, 'INSERT INTO datasets');
    await release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json())).toEqual([
      { received: 1, inserted: 1, updated: 0, ignored: 0 },
      { received: 1, inserted: 0, updated: 1, ignored: 0 },
    ]);
    const { rows } = await t.ctx.db.query(
      `SELECT tag_title, launched_at, processed_at, medbase_retry_at FROM datasets WHERE id = 30`,
    );
    expect(rows).toEqual([
      {
        tag_title: 'Wind',
        launched_at: new Date('2026-11-20T09:00:00Z'),
        processed_at: new Date('2026-11-20T10:00:00Z'),
        medbase_retry_at: new Date('2026-11-20T10:30:00Z'),
      },
    ]);
  });

  it('refuses a child whose class differs from the one a concurrent batch created it with', async () => {
    const release = await holdSummarySnapshots();
    const first = post('datasets', [
      {
        dataset_id_bint: 31,
        event_id_bint: 3,
        rootDataset_bint: 30,
        customer_class: 'MEDICAL_BASELINE',
        title_vch: 'Medical Baseline',
        processed_dt: '2026-11-20T10:00:00Z',
      },
    ]);
    await waitingOnLock(t, 'INSERT INTO summary_snapshots');
    const second = post('datasets', [
      {
        dataset_id_bint: 31,
        event_id_bint: 3,
        rootDataset_bint: 30,
        customer_class: 'GENERAL',
        title_vch: 'General',
      },
    ]);
    // It waits for the first's lock on the root campaign, which both name.
    await waitingOnLock(t, 'FROM datasets WHERE id = ANY');
    await release();
    const [one, two] = await Promise.all([first, second]);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(400);
    expect(two.json().details).toEqual([{ index: 0, field: 'customer_class', reason: 'cannot change' }]);
    const { rows } = await t.ctx.db.query('SELECT customer_class, title FROM datasets WHERE id = 31');
    expect(rows).toEqual([{ customer_class: 'MEDICAL_BASELINE', title: 'Medical Baseline' }]);
  });
});

describe('a status batch still open while the summary snapshots are written', () => {
  // The rollups say when they changed by their batch's start, the snapshot by its own time: a batch that began before a
  // snapshot and committed after it changed the rollups "before" the snapshot, so the campaign never looked changed
  // again and its summary kept missing that batch until some later change.
  it('is in the summary of the next run of the snapshot job', async () => {
    await postEventAndCampaign(post, { event: 4, root: 40, child: 41 });
    const queued = range(4000, 3).map((id) => message(id, 'QUEUED', '2026-11-20T09:00:00.000Z', 'SMS', 41));
    expect((await post('messages', queued)).statusCode).toBe(200);
    // The update of message 4000 waits for a row lock held here, its transaction begun.
    const held = await t.ctx.db.connect();
    await held.query('BEGIN');
    await held.query('SELECT 1 FROM messages WHERE id = 4000 FOR UPDATE');
    const update = post('statuses', [
      { id_bint: 4000, status_vch: 'DELIVERED', status_dt: '2026-11-20T09:05:00Z' },
    ]);
    await waitingOnLock(t, 'UPDATE messages m');
    const run = { id: 'test', retryCount: 0, retryLimit: 0 };
    await summarySnapshotJob.handle({}, t.ctx, run);
    await held.query('ROLLBACK');
    held.release();
    expect((await update).json()).toEqual({ received: 1, inserted: 0, updated: 1, ignored: 0 });
    await summarySnapshotJob.handle({}, t.ctx, run);
    const { rows } = await t.ctx.db.query(
      `SELECT DISTINCT ON (dataset_id) dataset_id, imported_sms, queued_sms, completed_sms FROM summary_snapshots
        WHERE dataset_id IN (40, 41) ORDER BY dataset_id, insert_at DESC, id DESC`,
    );
    expect(rows).toEqual([
      { dataset_id: 40, imported_sms: 3, queued_sms: 3, completed_sms: 1 },
      { dataset_id: 41, imported_sms: 3, queued_sms: 3, completed_sms: 1 },
    ]);
  });
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
