import type { Campaign } from '@psps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import type { Db } from '../db/pool.ts';
import { feedMessage, ingestPoster } from '../ingest/test-fixture.ts';
import { reportsService } from './service.ts';

/**
 * GET /api/v1/reports/events/{eventId}/trees: the campaign trees of an event in one call (the Events screen's).
 * A hand-built fixture fed through the ingest API:
 *
 *   event 1  root 110 (launched 08:00, no children)
 *            root 100 (launched 09:00): 101 Medical Baseline, 102 Critical Essential, 105 and 103 General
 *                     (105 imported before 103)
 *            root 120 (not launched): 121 Medical Baseline
 *   event 2  root 200: 201 General (must not appear in event 1's trees)
 *   event 3  no campaign
 *
 *   101: voice ANSWERED, PENDING · SMS DELIVERED · e-mail OPENED   102: voice BUSY · e-mail BOUNCED
 *   103: SMS QUEUED   105: voice MACHINE · SMS FAILED   121: e-mail DEFERRED   201: voice ANSWERED
 */
let t: TestApp;
let token: string;
let key: string;

const ingest = ingestPoster(
  () => t,
  () => key,
);
const get = (url: string, as = token) => t.app.inject({ url, headers: bearer(as) });
const trees = (eventId: number | string) => get(`/api/v1/reports/events/${eventId}/trees`);

/** A card's id and counts: [id, total, voice, SMS, e-mail]. */
const counts = (c: Campaign) => [
  c.dataset_id_bint,
  c.totalrecords_int,
  c.voicecount_int,
  c.smscount_int,
  c.emailcount_int,
];

async function ok(kind: string, records: unknown[]) {
  const res = await ingest(kind, records);
  if (res.statusCode !== 200) throw new Error(`${kind}: ${res.body}`);
}

function child(id: number, root: number, event: number, customer_class: string, created: string) {
  return {
    dataset_id_bint: id,
    event_id_bint: event,
    rootDataset_bint: root,
    customer_class,
    title_vch: `Campaign ${id}`,
    created_dt: created,
  };
}

const message = (id: number, dataset: number, channel: string, status: string) =>
  feedMessage(id, status, '2026-11-20T09:30:00Z', channel, dataset);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(['REPORTING']);
  key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  await ok('events', [
    { id_bint: 1, name_vch: 'Sierra Foothills PSPS', begin_dt: '2026-11-20T07:00:00Z' },
    { id_bint: 2, name_vch: 'North Bay PSPS', begin_dt: '2026-11-21T07:00:00Z' },
    { id_bint: 3, name_vch: 'Kern PSPS', begin_dt: '2026-11-22T07:00:00Z' },
  ]);
  await ok('datasets', [
    {
      dataset_id_bint: 100,
      event_id_bint: 1,
      title_vch: '24-hour notice',
      created_dt: '2026-11-20T08:15:00Z',
      launched_dt: '2026-11-20T09:00:00Z',
    },
    {
      dataset_id_bint: 110,
      event_id_bint: 1,
      title_vch: '48-hour notice',
      created_dt: '2026-11-20T07:15:00Z',
      launched_dt: '2026-11-20T08:00:00Z',
    },
    { dataset_id_bint: 120, event_id_bint: 1, title_vch: 'All clear', created_dt: '2026-11-20T10:00:00Z' },
    {
      dataset_id_bint: 200,
      event_id_bint: 2,
      title_vch: 'North Bay notice',
      created_dt: '2026-11-21T08:00:00Z',
    },
    child(103, 100, 1, 'GENERAL', '2026-11-20T08:18:00Z'),
    child(101, 100, 1, 'MEDICAL_BASELINE', '2026-11-20T08:16:00Z'),
    child(102, 100, 1, 'CRITICAL_ESSENTIAL', '2026-11-20T08:16:00Z'),
    child(105, 100, 1, 'GENERAL', '2026-11-20T08:17:00Z'),
    child(121, 120, 1, 'MEDICAL_BASELINE', '2026-11-20T10:01:00Z'),
    child(201, 200, 2, 'GENERAL', '2026-11-21T08:01:00Z'),
  ]);
  await ok('messages', [
    message(1, 101, 'PHON', 'ANSWERED'),
    message(2, 101, 'PHON', 'PENDING'),
    message(3, 101, 'SMS', 'DELIVERED'),
    message(4, 101, 'EMAIL', 'OPENED'),
    message(5, 102, 'PHON', 'BUSY'),
    message(6, 102, 'EMAIL', 'BOUNCED'),
    message(7, 103, 'SMS', 'QUEUED'),
    message(8, 105, 'PHON', 'MACHINE'),
    message(9, 105, 'SMS', 'FAILED'),
    message(10, 121, 'EMAIL', 'DEFERRED'),
    message(11, 201, 'PHON', 'ANSWERED'),
  ]);
});
afterAll(() => t.close());

describe('the campaign trees of an event', () => {
  it('answers one tree per root campaign of the event, in launch order, not yet launched last', async () => {
    const res = await trees(1);
    expect(res.statusCode).toBe(200);
    const [answer] = res.json();
    expect(answer.map((tree: Campaign[][]) => tree.map((row) => row.map(counts)))).toEqual([
      [[[110, 0, 0, 0, 0]], [], [], []],
      [
        [[100, 9, 4, 3, 2]],
        [[101, 4, 2, 1, 1]],
        [[102, 2, 1, 0, 1]],
        [
          [105, 2, 1, 1, 0],
          [103, 1, 0, 1, 0],
        ],
      ],
      [[[120, 1, 0, 0, 1]], [[121, 1, 0, 0, 1]], [], []],
    ]);
    expect(answer[1][0][0]).toEqual({
      dataset_id_bint: 100,
      title_vch: '24-hour notice',
      launched_dt: '2026-11-20T09:00:00.000Z',
      created_dt: '2026-11-20T08:15:00.000Z',
      processed_dt: null,
      totalrecords_int: 9,
      voicecount_int: 4,
      smscount_int: 3,
      emailcount_int: 2,
    });
  });

  it('answers for each campaign exactly what proc_reports_campaignTree answers for it, in the order of proc_events_getCampaigns', async () => {
    const [answer] = (await trees(1)).json();
    const [campaigns] = (await get('/api/proc_events_getCampaigns/1')).json();
    expect(campaigns.map((c: Campaign) => c.dataset_id_bint)).toEqual([110, 100, 120]);
    expect(answer).toHaveLength(3);
    for (const [i, id] of [110, 100, 120].entries()) {
      const single = await get(`/api/proc_reports_campaignTree/${id}`);
      expect(single.statusCode).toBe(200);
      expect(answer[i], `campaign ${id}`).toEqual(single.json());
    }
  });

  it('follows the messaging engine: a new child campaign and its messages show in the next answer', async () => {
    await ok('datasets', [child(111, 110, 1, 'CRITICAL_ESSENTIAL', '2026-11-20T07:16:00Z')]);
    await ok('messages', [message(12, 111, 'SMS', 'DELIVERED'), message(13, 111, 'PHON', 'QUEUED')]);
    const [answer] = (await trees(1)).json();
    expect(answer[0].map((row: Campaign[]) => row.map(counts))).toEqual([
      [[110, 2, 1, 1, 0]],
      [],
      [[111, 2, 1, 1, 0]],
      [],
    ]);
    expect(answer[0]).toEqual((await get('/api/proc_reports_campaignTree/110')).json());
  });

  it('is one SQL statement, reading the rollups and never the messages', async () => {
    const texts: string[] = [];
    const db = {
      query: (q: { text: string }) => {
        texts.push(q.text);
        return t.ctx.db.query(q);
      },
    } as unknown as Db;
    const [answer] = await reportsService(db).eventTrees(1);
    expect(answer).toHaveLength(3);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('dataset_rollups');
    expect(texts[0]).not.toMatch(/\bmessages\b/);
  });

  it('answers [[]] for an event without campaigns', async () => {
    const res = await trees(3);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([[]]);
  });

  it('answers 404 for an unknown event and 400 for a malformed id, in words', async () => {
    const unknown = await trees(999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'There is no event 999.' });
    const malformed = await trees('abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: 'bad_request',
      message: 'The eventId in the address must be a whole number.',
    });
    expect((await trees(0)).json()).toMatchObject({
      error: 'bad_request',
      message: 'The eventId in the address must be a positive number.',
    });
    expect((await trees('99999999999999999999999')).json()).toMatchObject({
      error: 'bad_request',
      message: 'The eventId in the address is too large: it must be from 1 to 9007199254740991.',
    });
  });

  it('needs REPORTING: 403 without it, 401 without a session', async () => {
    const suppressOnly = await t.signIn(['SUPPRESSION']);
    const refused = await get('/api/v1/reports/events/1/trees', suppressOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message:
        'You do not have the REPORTING permission needed for this. Ask an administrator of this console to grant it.',
    });
    const anonymous = await t.app.inject({ url: '/api/v1/reports/events/1/trees' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('unauthorized');
  });

  it('is described in the OpenAPI document with its 4xx answers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/reports/events/{eventId}/trees'].get;
    expect(op.summary).toBe(
      'Campaign trees of every campaign of an event (added: one call for the Events screen)',
    );
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', '404']);
  });
});
