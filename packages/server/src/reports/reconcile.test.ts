import { CHANNEL_STATUSES, CHANNELS, CUSTOMER_CLASSES, inPhase, type MessageStatus } from '@psps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { writeSummarySnapshots } from '../ingest/summary.ts';

/**
 * Reconciliation on a random campaign: whatever sequence of inserts, replays, out-of-order and concurrent
 * status updates arrives, the rollups equal the counts computed from the messages themselves, the tree's
 * root equals the sum of its children, and the summary equals the rollups.
 */
let t: TestApp;
let token: string;
let key: string;
let seed = 20261121;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const post = async (kind: string, payload: unknown[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/ingest/${kind}`,
    headers: bearer(key),
    payload,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
};
const get = async (url: string) => (await t.app.inject({ url, headers: bearer(token) })).json();

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(['REPORTING']);
  key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  await post('events', [{ id_bint: 7, name_vch: 'Random event', begin_dt: '2026-11-20T08:00:00Z' }]);
  await post('datasets', [
    { dataset_id_bint: 70, event_id_bint: 7, title_vch: 'Root' },
    ...CUSTOMER_CLASSES.flatMap((cls, i) => [
      {
        dataset_id_bint: 71 + 2 * i,
        event_id_bint: 7,
        rootDataset_bint: 70,
        customer_class: cls,
        title_vch: cls,
      },
      {
        dataset_id_bint: 72 + 2 * i,
        event_id_bint: 7,
        rootDataset_bint: 70,
        customer_class: cls,
        title_vch: `${cls} 2`,
      },
    ]),
  ]);

  const messages = Array.from({ length: 3000 }, (_, i) => {
    const channel = pick(CHANNELS);
    return {
      id_bint: i + 1,
      dataset_id_bint: 71 + Math.floor(random() * 6),
      channel,
      person_id_vch: `P${i}`,
      service_agreement_id_vch: `SA${i}`,
      premise_id_vch: `PR${i}`,
      contact_vch: 'c',
      status_vch: 'PENDING',
      status_dt: '2026-11-20T09:00:00.000Z',
    };
  });
  await post('messages', messages);
  // Random updates with random times, in several concurrent batches, then a replay of each.
  const batches = Array.from({ length: 6 }, () =>
    Array.from({ length: 1500 }, () => {
      const m = pick(messages);
      const minute = String(Math.floor(random() * 59) + 1).padStart(2, '0');
      return {
        id_bint: m.id_bint,
        status_vch: pick(CHANNEL_STATUSES[m.channel as 'PHON']),
        status_dt: `2026-11-20T10:${minute}:00.000Z`,
      };
    }),
  );
  await Promise.all(batches.map((b) => post('statuses', b)));
  await Promise.all(batches.map((b) => post('statuses', b.toReversed())));
});
afterAll(() => t.close());

describe('reconciliation on a random campaign', () => {
  it('keeps rollups equal to the counts computed from messages', async () => {
    const fromMessages = await t.ctx.db.query(
      `SELECT dataset_id, channel, status, count(*)::bigint AS n FROM messages GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const fromRollups = await t.ctx.db.query(
      `SELECT dataset_id, channel, status, count AS n FROM dataset_rollups WHERE count <> 0 ORDER BY 1, 2, 3`,
    );
    expect(fromRollups.rows.length).toBeGreaterThan(20);
    expect(fromRollups.rows).toEqual(fromMessages.rows);
  });

  it('makes the tree root the sum of its children, and totals the sum of the channels', async () => {
    const [[root], ...rows] = await get('/api/proc_reports_campaignTree/70');
    const children = rows.flat();
    expect(children).toHaveLength(6);
    for (const field of ['totalrecords_int', 'voicecount_int', 'smscount_int', 'emailcount_int']) {
      expect(root[field]).toBe(
        children.reduce((s: number, c: Record<string, number>) => s + (c[field] ?? 0), 0),
      );
    }
    for (const c of [root, ...children]) {
      expect(c.totalrecords_int).toBe(c.voicecount_int + c.smscount_int + c.emailcount_int);
    }
    expect(root.totalrecords_int).toBe(3000);
    const [events] = await get('/api/proc_events_getList/');
    expect(events[0].recordCount).toBe(3000);
  });

  it('makes the channel reports and the summary agree with the rollups', async () => {
    await writeSummarySnapshots(t.ctx.db, [70]);
    const [[summary]] = await get('/api/all-reports-summary/70');
    const { rows } = await t.ctx.db.query<{ channel: 'PHON'; status: MessageStatus; n: number }>(
      'SELECT channel, status, count(*)::int AS n FROM messages GROUP BY 1, 2',
    );
    const phase = (channel: string | null, p: 'imported' | 'queued' | 'completed') =>
      rows
        .filter((r) => (!channel || r.channel === channel) && inPhase(r.status, p))
        .reduce((s, r) => s + r.n, 0);
    for (const [key, channel] of [
      ['ALL', null],
      ['PHON', 'PHON'],
      ['SMS', 'SMS'],
      ['EMAIL', 'EMAIL'],
    ] as const) {
      expect(summary[`imported${key}_bint`]).toBe(phase(channel, 'imported'));
      expect(summary[`queued${key}_bint`]).toBe(phase(channel, 'queued'));
      expect(summary[`completed${key}_bint`]).toBe(phase(channel, 'completed'));
    }
    for (const [kind, channel] of [
      ['voice', 'PHON'],
      ['sms', 'SMS'],
      ['email', 'EMAIL'],
    ] as const) {
      const report = await get(`/api/${kind}-reports/70`);
      const statuses = rows.filter((r) => r.channel === channel);
      expect(report[0][0].TOTAL_COUNT).toBe(phase(channel, 'imported'));
      expect(report[4]).toEqual(
        CHANNEL_STATUSES[channel]
          .map((s) => ({ STATUS: s, COUNT: statuses.find((r) => r.status === s)?.n ?? 0 }))
          .filter((s) => s.COUNT > 0),
      );
      expect(report[2].reduce((s: number, c: { COUNT: number }) => s + c.COUNT, 0)).toBe(
        report[0][0].TOTAL_COUNT,
      );
    }
  });
});
