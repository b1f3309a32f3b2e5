import { type MessageStatus, phaseOf } from '@psps/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { feedMessage, ingestPoster } from '../ingest/test-fixture.ts';
import { reportsDemo, seedEvents, seedPlans, startSimulator, waveDatasets, waveMessages } from './demo.ts';

let t: TestApp;
let stop: (() => Promise<void>) | undefined;
const log = pino({ level: 'silent' });
const rollupsVsMessages = async () => {
  const a = await t.ctx.db.query(
    'SELECT dataset_id, channel, status, count(*)::bigint AS n FROM messages GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
  );
  const b = await t.ctx.db.query(
    'SELECT dataset_id, channel, status, count AS n FROM dataset_rollups WHERE count <> 0 ORDER BY 1, 2, 3',
  );
  return [a.rows, b.rows];
};

/** An engine feeding the demo server through the ingest API, under its own key: each batch must be taken. */
async function engineFeed(name: string) {
  const key = await t.ctx.auth.createApiKey(name, ['INGEST']);
  const post = ingestPoster(
    () => t,
    () => key,
  );
  return async (kind: string, payload: unknown[]) => {
    const res = await post(kind, payload);
    expect(res.statusCode, res.body).toBe(200);
  };
}

/** A root campaign of an engine's and its one General child (`root` + 1), created at `created_dt`. */
const engineCampaign = (root: number, event: number, title: string, created_dt: string) => [
  { dataset_id_bint: root, created_dt, event_id_bint: event, title_vch: title },
  {
    dataset_id_bint: root + 1,
    created_dt,
    event_id_bint: event,
    rootDataset_bint: root,
    customer_class: 'GENERAL',
    title_vch: `${title} (General)`,
  },
];

beforeAll(async () => {
  t = await createTestApp({ demoScale: 0.05 });
  stop = (await reportsDemo(t.ctx, log)) ?? undefined;
});
afterAll(async () => {
  await stop?.();
  await t.close();
});

describe('demo campaigns', () => {
  it('seeds two PSPS events with notification waves and three customer classes, once', async () => {
    const token = await t.signIn(['REPORTING', 'OBJECT_ONE']);
    const [events] = (
      await t.app.inject({ url: '/api/proc_events_getList/', headers: bearer(token) })
    ).json();
    expect(events.map((e: { name_vch: string }) => e.name_vch)).toEqual([
      'North Bay Wind Event',
      'Sierra Foothills PSPS',
    ]);
    const [campaigns] = (await t.app.inject({ url: '/api/campaign-list/', headers: bearer(token) })).json();
    expect(campaigns).toHaveLength(7);
    const [, mb, ce, general] = (
      await t.app.inject({
        url: `/api/proc_reports_campaignTree/${campaigns[0].dataset_id_bint}`,
        headers: bearer(token),
      })
    ).json();
    expect([mb.length, ce.length, general.length]).toEqual([1, 1, 1]);
    const [[summary]] = (
      await t.app.inject({ url: '/api/all-reports-summary/40001', headers: bearer(token) })
    ).json();
    expect(summary.importedALL_bint).toBeGreaterThan(0);
    const [a, b] = await rollupsVsMessages();
    expect(b).toEqual(a);
    const dashboard = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) })).json();
    expect(dashboard.all).toBeGreaterThan(0);
    const again = await reportsDemo(t.ctx, log);
    await again?.();
    expect((await t.ctx.db.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(2);
  });

  it('begins each event before its campaigns: no campaign was created or launched before its event began', async () => {
    const { rows } = await t.ctx.db.query<{ id: number; begins_first: boolean; late: number }>(
      `SELECT e.id, e.begin_at = min(d.created_at) AS begins_first,
              count(*) FILTER (WHERE d.launched_at < e.begin_at OR d.created_at < e.begin_at)::int AS late
         FROM events e JOIN datasets d ON d.event_id = e.id GROUP BY e.id ORDER BY e.id`,
    );
    expect(rows).toEqual([
      { id: 9001, begins_first: true, late: 0 },
      { id: 9002, begins_first: true, late: 0 },
    ]);
  });

  it('moves the live wave forward through the ingest path, keeping rollups exact', async () => {
    const pending = async () =>
      (await t.ctx.db.query("SELECT count(*)::int AS n FROM messages WHERE status IN ('PENDING','QUEUED')"))
        .rows[0].n;
    const before = await pending();
    await new Promise((r) => setTimeout(r, 3_500));
    await stop?.();
    stop = undefined;
    expect(await pending()).toBeLessThan(before);
    const [a, b] = await rollupsVsMessages();
    expect(b).toEqual(a);
  });

  it('numbers a new wave below the ids of an engine feeding the demo server (the browser tests)', async () => {
    const post = await engineFeed('engine');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await post('datasets', engineCampaign(990_200, 9001, 'Engine campaign', yesterday));
    await post('messages', [feedMessage(990_000_000, 'QUEUED', yesterday, 'SMS', 990_201)]);
    // The live wave finished an hour ago: the simulator's next step launches the next wave.
    await t.ctx.db.query(
      "UPDATE datasets SET processed_at = now() - interval '1 hour' WHERE root_id IS NULL AND processed_at IS NULL",
    );
    const before = (await t.ctx.db.query('SELECT max(id)::int AS id FROM datasets WHERE id < 900000')).rows[0]
      .id;
    const stopWave = startSimulator(t.ctx, log);
    let wave: number | undefined;
    for (let i = 0; i < 40 && !wave; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const { rows } = await t.ctx.db.query(
        'SELECT id FROM datasets WHERE root_id IS NULL AND id > $1 AND id < 900000',
        [before],
      );
      wave = rows[0]?.id;
    }
    await stopWave();
    // Next to the demo's own campaigns (40071 after 40061 and its children), not after the engine's 990200.
    expect(wave).toBe(Math.ceil((before + 1) / 10) * 10 + 1);
    const { rows } = await t.ctx.db.query<{ n: number; top: string }>(
      `SELECT count(*)::int AS n, max(m.id)::text AS top FROM messages m JOIN datasets d ON d.id = m.dataset_id
        WHERE d.root_id = $1`,
      [wave],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(Number(rows[0]!.top)).toBeLessThan(900_000_000);
    const engine = await t.ctx.db.query('SELECT dataset_id::int FROM messages WHERE id = 990000000');
    expect(engine.rows).toEqual([{ dataset_id: 990_201 }]);
  });

  it("leaves a campaign an engine sends after the live wave alone: the live wave goes on, the engine's stays as sent", async () => {
    const post = await engineFeed('engine-now');
    // The demo's live wave (launched by the test before), still under way.
    const { rows: live } = await t.ctx.db.query<{ id: number }>(
      'SELECT id::int FROM datasets WHERE root_id IS NULL AND processed_at IS NULL AND id < 900000',
    );
    expect(live).toHaveLength(1);
    const liveId = live[0]!.id;
    const open = async () =>
      (
        await t.ctx.db.query(
          `SELECT count(*)::int AS n FROM messages m JOIN datasets d ON d.id = m.dataset_id
            WHERE d.root_id = $1 AND m.status IN ('PENDING', 'QUEUED')`,
          [liveId],
        )
      ).rows[0].n;
    const before = await open();
    expect(before).toBeGreaterThan(0);
    // An engine's campaign created now, after the live wave: the newest root campaign of all.
    const now = new Date().toISOString();
    await post('datasets', engineCampaign(990_300, 9002, 'Engine campaign now', now));
    await post('messages', [feedMessage(990_000_300, 'QUEUED', now, 'SMS', 990_301)]);
    const stopWave = startSimulator(t.ctx, log);
    let after = before;
    for (let i = 0; i < 40 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 250));
      after = await open();
    }
    await stopWave();
    expect(after).toBeLessThan(before);
    const engine = await t.ctx.db.query(
      `SELECT d.id::int, d.processed_at, m.status FROM datasets d JOIN messages m ON m.dataset_id = d.id
        WHERE m.id = 990000300`,
    );
    expect(engine.rows).toEqual([{ id: 990_301, processed_at: null, status: 'QUEUED' }]);
    const root = await t.ctx.db.query('SELECT processed_at FROM datasets WHERE id = 990300');
    expect(root.rows).toEqual([{ processed_at: null }]);
  });
});

describe('demo plans', () => {
  it('an event begins when its first wave is created, before the waves are launched', () => {
    const now = new Date(2026, 10, 22, 12, 0, 0);
    const plans = seedPlans(0.05, now);
    expect(seedEvents(plans)).toEqual([
      // Its 48-hour notice was created 97 hours ago (launched an hour later).
      { id: 9001, name: 'Sierra Foothills PSPS', beginAt: new Date(2026, 10, 18, 11, 0, 0) },
      // Its 48-hour notice was created 6 hours ago.
      { id: 9002, name: 'North Bay Wind Event', beginAt: new Date(2026, 10, 22, 6, 0, 0) },
    ]);
    for (const plan of plans) {
      const begin = seedEvents(plans)
        .find((e) => e.id === plan.eventId)!
        .beginAt.getTime();
      expect(plan.launchedAt!.getTime()).toBeGreaterThanOrEqual(begin);
    }
  });

  it('a finished campaign seeded soon after midnight has no time in the future and no message under way', () => {
    // 00:30 local: the North Bay 48-hour wave is launched at 00:01 (to count as today's) and is finished.
    const now = new Date(2026, 10, 22, 0, 30, 0);
    const plans = seedPlans(0.05, now);
    const north = plans.find((p) => p.rootId === 40_101)!;
    expect(north.launchedAt).toEqual(new Date(2026, 10, 22, 0, 1, 0));
    const [root] = waveDatasets(north, now);
    expect(root).toMatchObject({
      launched_dt: new Date(2026, 10, 22, 0, 1, 0).toISOString(),
      processed_dt: new Date(2026, 10, 22, 0, 30, 0).toISOString(),
      medbaseRetry_dt: new Date(2026, 10, 22, 0, 30, 0).toISOString(),
    });
    for (const plan of plans.filter((p) => p.processed)) {
      for (const d of waveDatasets(plan, now)) {
        expect(Date.parse(d.processed_dt as string)).toBeLessThanOrEqual(now.getTime());
      }
      const underWay = waveMessages(plan, 1).filter(
        (m) => phaseOf(m.status_vch as MessageStatus) !== 'completed',
      );
      expect(underWay).toEqual([]);
    }
    // The live 24-hour wave is still under way: its messages may be.
    const live = plans.find((p) => p.rootId === 40_111)!;
    expect(waveDatasets(live, now)[0]).toMatchObject({ processed_dt: null, medbaseRetry_dt: null });
  });
});

describe('the demo simulator while the database restarts', () => {
  it('says so in one log line, without a stack trace', async () => {
    const lines: string[] = [];
    const captured = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const down = { ...t.ctx, db: { query: () => Promise.reject(refused) } as unknown as typeof t.ctx.db };
    const stopSimulator = startSimulator(down, captured);
    await new Promise((r) => setTimeout(r, 3_400));
    await stopSimulator();
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? '{}');
    expect(record.msg).toBe('demo simulator: database unreachable, trying again');
    expect(record.error).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(lines[0]).not.toContain('stack');
  });
});
