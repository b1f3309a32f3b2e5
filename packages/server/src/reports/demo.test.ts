import { type MessageStatus, phaseOf } from '@psps/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { reportsDemo, seedPlans, waveDatasets, waveMessages } from './demo.ts';

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
});

describe('demo plans', () => {
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
