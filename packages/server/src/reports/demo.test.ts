import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { reportsDemo } from './demo.ts';

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
