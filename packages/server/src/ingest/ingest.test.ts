import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { feedMessage, ingestPoster, postEventAndCampaign } from './test-fixture.ts';

let t: TestApp;
let key: string;

const post = ingestPoster(
  () => t,
  () => key,
);
const message = feedMessage;

async function rollups(): Promise<Record<string, number>> {
  const { rows } = await t.ctx.db.query<{ k: string; count: number }>(
    `SELECT dataset_id || ':' || channel || ':' || status AS k, count FROM dataset_rollups WHERE count <> 0 ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.count]));
}
const messageCount = async () => (await t.ctx.db.query('SELECT count(*)::int AS n FROM messages')).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  await postEventAndCampaign(post);
});
afterAll(() => t.close());

describe('ingest authentication', () => {
  it('needs an API key with INGEST: a console session is refused', async () => {
    const session = await t.signIn([
      'REPORTING',
      'SUPPRESSION',
      'SETTINGS',
      'MB_INTERNAL_PERMISSION',
      'OBJECT_ONE',
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/events',
      headers: bearer(session),
      payload: [],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'forbidden',
      message:
        "The ingest API is called by the messaging engine with its API key (Authorization: Bearer <key>), not with a console session. Create one with 'npm run users -- api-key-create NAME'.",
    });
    const keyRefused = {
      error: 'unauthorized',
      message:
        "The ingest API needs the messaging engine's API key (Authorization: Bearer <key>): this call sent none, or a key that is unknown or was revoked. Create one with 'npm run users -- api-key-create NAME'.",
    };
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/ingest/events', payload: [] });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject(keyRefused);
    const revokedKey = await t.ctx.auth.createApiKey('rotated engine', ['INGEST']);
    await t.ctx.auth.revokeApiKey('rotated engine');
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/events',
      headers: bearer(revokedKey),
      payload: [],
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject(keyRefused);
  });
});

describe('a body the engine sends in a form the call cannot read', () => {
  it('is told which content types the call takes (415), how large a body may be (413), NDJSON sent as JSON, and a key never accepted', async () => {
    const send = (url: string, contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(key), 'content-type': contentType },
        payload,
      });
    const feed = await send('/api/v1/ingest/statuses', 'text/plain', '[]');
    expect(feed.statusCode).toBe(415);
    expect(feed.json()).toEqual({
      error: 'unsupported_media_type',
      message:
        'The request body has a content type this call does not accept: send a JSON array (Content-Type: application/json) or NDJSON, one record a line (application/x-ndjson).',
    });
    const check = await send(
      '/api/v1/ingest/suppression/check',
      'application/x-ndjson',
      '{"value":"4155550100"}',
    );
    expect(check.statusCode).toBe(415);
    expect(check.json()).toEqual({
      error: 'unsupported_media_type',
      message:
        'The request body has a content type this call does not accept: send JSON (Content-Type: application/json).',
    });
    // NDJSON under the JSON content type (an engine's HTTP library's default) is named for what it is.
    const ndjson = await send(
      '/api/v1/ingest/statuses',
      'application/json',
      '{"id_bint":1,"status_vch":"QUEUED","status_dt":"2026-11-20T09:00:00Z"}\n{"id_bint":2,"status_vch":"QUEUED","status_dt":"2026-11-20T09:00:00Z"}\n',
    );
    expect(ndjson.statusCode).toBe(400);
    expect(ndjson.json()).toEqual({
      error: 'bad_request',
      message:
        'The request body is NDJSON (one record a line) sent as application/json: send it with Content-Type: application/x-ndjson, or as a JSON array.',
    });
    const broken = await send('/api/v1/ingest/statuses', 'application/json', '[{"id_bint":1');
    expect(broken.json()).toEqual({ error: 'bad_request', message: 'The request body is not valid JSON.' });
    // Valid JSON holding a key the server never accepts is told so, not called broken JSON (as any other call).
    const proto = await send(
      '/api/v1/ingest/statuses',
      'application/json',
      '[{"__proto__":{"admin":true},"id_bint":1,"status_vch":"DELIVERED","status_dt":"2026-11-20T09:00:00Z"}]',
    );
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({
      error: 'bad_request',
      message:
        'The request body has a key named __proto__ (or constructor.prototype), which is never accepted. Remove it and try again.',
    });
    const values = JSON.stringify({ values: [{ value: 'x'.repeat(20 * 1024 * 1024) }] });
    const large = await send('/api/v1/ingest/suppression/check', 'application/json', values);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({
      error: 'too_large',
      message: 'The request body is too large: this call takes at most 20 MB.',
    });
  });
});

describe('the API documentation of the ingest calls', () => {
  it('shows the records each call takes, and says the calls need the API key', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.info.description).toContain(
      "except the messaging engine's calls (/api/v1/ingest/…), which need `Authorization: Bearer <API key>` instead",
    );
    const body = doc.paths['/api/v1/ingest/statuses'].post.requestBody.content['application/json'].schema;
    expect(body.type).toBe('array');
    expect(body.maxItems).toBe(10_000);
    expect(Object.keys(body.items.properties)).toEqual([
      'id_bint',
      'status_vch',
      'status_dt',
      'attempts_int',
    ]);
    // Every id of every record also as a string of digits, as the feed takes it (a CSV's cells, an id beyond what
    // the engine's JSON library writes as a number): the campaigns' ids lost that form in the document.
    const digits = { type: 'string', pattern: '^[0-9]+$' };
    const campaign = doc.paths['/api/v1/ingest/datasets'].post.requestBody.content['application/json'].schema;
    for (const field of ['dataset_id_bint', 'event_id_bint', 'rootDataset_bint']) {
      expect(campaign.items.properties[field].anyOf).toEqual([{ type: 'number' }, digits]);
    }
    expect(campaign.items.properties.rootDataset_bint.nullable).toBe(true);
    for (const kind of ['events', 'messages', 'statuses', 'clicks']) {
      const records = doc.paths[`/api/v1/ingest/${kind}`].post.requestBody.content['application/json'].schema;
      expect(records.items.properties.id_bint.anyOf).toEqual([{ type: 'number' }, digits]);
    }
    expect(doc.paths['/api/v1/ingest/statuses'].post.description).toContain(
      'at most 64 MB. A batch is stored whole or not at all: a 400 lists the bad records as {index, field, reason} (the first 1,000; its message counts them all).',
    );
    expect(doc.paths['/api/v1/ingest/statuses'].post.description).toContain(
      'after a 503 (nothing was written), send the same batch again once the Retry-After seconds have passed',
    );
    // Both forms the feed reads are named, each with the records it holds.
    for (const kind of ['events', 'datasets', 'messages', 'statuses', 'clicks']) {
      const content = doc.paths[`/api/v1/ingest/${kind}`].post.requestBody.content;
      expect(Object.keys(content)).toEqual(['application/json', 'application/x-ndjson']);
      expect(content['application/x-ndjson'].schema).toEqual(content['application/json'].schema);
    }
    const check = doc.paths['/api/v1/ingest/suppression/check'].post;
    expect(check.description).toContain('must not be taken for a cleared value');
    expect(Object.keys(check.responses)).toEqual(['200', '400']);
  });
});

describe('a batch is atomic', () => {
  it('rejects a batch with one invalid record with 400, the record index and field, and writes nothing', async () => {
    const res = await post('messages', [
      message(1, 'DELIVERED', '2026-11-20T09:00:00Z'),
      { ...message(2, 'ANSWERED', '2026-11-20T09:00:00Z') },
      message(3, 'DELIVERED', 'yesterday'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    expect(res.json().details).toEqual([
      {
        index: 1,
        field: 'status_vch',
        reason: 'is not an SMS status (PENDING, QUEUED, DELIVERED, UNDELIVERED, FAILED)',
      },
      {
        index: 2,
        field: 'status_dt',
        reason:
          'must be a date and time with seconds and its offset from UTC, such as 2026-11-01T01:30:00-07:00 or 2026-11-01T08:30:00Z',
      },
    ]);
    expect(await messageCount()).toBe(0);
  });

  it('says what an id or attempt count must be when it is text, a fraction or out of range, not "accepted forms"', async () => {
    const res = await post('messages', [
      { ...message(1, 'DELIVERED', '2026-11-20T09:00:00Z'), id_bint: 'abc' },
      { ...message(2, 'DELIVERED', '2026-11-20T09:00:00Z'), dataset_id_bint: true },
      { ...message(3, 'DELIVERED', '2026-11-20T09:00:00Z'), attempts_int: 'two' },
      { ...message(4, 'DELIVERED', '2026-11-20T09:00:00Z'), id_bint: 4.5, attempts_int: 1.5 },
      { ...message(5, 'DELIVERED', '2026-11-20T09:00:00Z'), id_bint: '99999999999999999999' },
      { ...message(6, 'DELIVERED', '2026-11-20T09:00:00Z'), attempts_int: null },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { index: 0, field: 'id_bint', reason: 'must be a positive whole number' },
      { index: 1, field: 'dataset_id_bint', reason: 'must be a positive whole number' },
      { index: 2, field: 'attempts_int', reason: 'must be a whole number from 0 to 1000' },
      { index: 3, field: 'id_bint', reason: 'must be a positive whole number' },
      { index: 3, field: 'attempts_int', reason: 'must be a whole number' },
      { index: 4, field: 'id_bint', reason: 'is too large' },
      { index: 5, field: 'attempts_int', reason: 'must be a whole number from 0 to 1000' },
    ]);
    const missing = await post('statuses', [{ status_vch: 'DELIVERED', status_dt: '2026-11-20T09:00:00Z' }]);
    expect(missing.json().details).toEqual([{ index: 0, field: 'id_bint', reason: 'is required' }]);
    expect(await messageCount()).toBe(0);
  });

  it('says a status or channel left out (a field sent under another name) is required, not "not a known status"', async () => {
    const { status_vch, channel, ...rest } = message(1, 'DELIVERED', '2026-11-20T09:00:00Z');
    const messages = await post('messages', [{ ...rest, status: status_vch, channel_vch: channel }]);
    expect(messages.statusCode).toBe(400);
    expect(messages.json().details).toEqual([
      { index: 0, field: 'channel', reason: 'is required' },
      { index: 0, field: 'status_vch', reason: 'is required' },
    ]);
    const statuses = await post('statuses', [
      { id_bint: 1, status: 'DELIVERED', status_dt: '2026-11-20T09:00:00Z' },
      { id_bint: 1, status_vch: 'delivered', status_dt: '2026-11-20T09:00:00Z' },
    ]);
    expect(statuses.json().details).toEqual([
      { index: 0, field: 'status_vch', reason: 'is required' },
      { index: 1, field: 'status_vch', reason: 'is not a known status' },
    ]);
    expect(await messageCount()).toBe(0);
  });

  it('rejects a batch whose records fail against the database (unknown campaign) and writes nothing', async () => {
    const res = await post('messages', [
      message(1, 'DELIVERED', '2026-11-20T09:00:00Z'),
      message(2, 'DELIVERED', '2026-11-20T09:00:00Z', 'SMS', 99),
      message(3, 'DELIVERED', '2026-11-20T09:00:00Z', 'SMS', 10),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { index: 1, field: 'dataset_id_bint', reason: 'is not a known campaign' },
      {
        index: 2,
        field: 'dataset_id_bint',
        reason: 'is a root campaign; messages belong to a child campaign',
      },
    ]);
    expect(await messageCount()).toBe(0);
    expect(await rollups()).toEqual({});
  });

  it('rejects status updates of unknown messages, and NDJSON lines that are not JSON, by index', async () => {
    const unknown = await post('statuses', [
      { id_bint: 777, status_vch: 'DELIVERED', status_dt: '2026-11-20T09:00:00Z' },
    ]);
    expect(unknown.json().details).toEqual([
      { index: 0, field: 'id_bint', reason: 'is not a known message' },
    ]);
    const ndjson = await post(
      'events',
      '{"id_bint":5,"name_vch":"x","begin_dt":"2026-11-20T08:00:00Z"}\n{oops\n',
      'application/x-ndjson',
    );
    expect(ndjson.statusCode).toBe(400);
    expect(ndjson.json().details).toEqual([{ index: 1, field: 'record', reason: 'is not valid JSON' }]);
    // The message names no field for the record as a whole (it said 'record 1 record is not valid JSON').
    expect(ndjson.json().message).toBe(
      'The batch was rejected and nothing was written: record 1 is not valid JSON.',
    );
    const notObject = await post('events', [
      { id_bint: 6, name_vch: 'x', begin_dt: '2026-11-20T08:00:00Z' },
      7,
    ]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toEqual({
      error: 'bad_request',
      message: 'The batch was rejected and nothing was written: record 1 must be an object.',
      details: [{ index: 1, field: 'record', reason: 'must be an object' }],
    });
  });

  it('refuses more than 10,000 records', async () => {
    const big = Array.from({ length: 10_001 }, (_, i) => ({
      id_bint: i + 1,
      clicked_dt: '2026-11-20T09:00:00Z',
    }));
    const res = await post('clicks', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 10,000 records/);
  });

  it('counts an NDJSON batch before reading its records: 2,000,000 lines are refused at once (they exhausted the memory)', async () => {
    const res = await post('events', 'x\n'.repeat(2_000_000), 'application/x-ndjson');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'A batch holds at most 10,000 records; this one has 2,000,000.',
      details: [{ index: 10_000, field: 'record', reason: 'is beyond the batch limit' }],
    });
  });

  it('counts a JSON batch before reading its records', async () => {
    const res = await post('events', `[${'{},'.repeat(1_000_000)}{}]`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'A batch holds at most 10,000 records; this one has 1,000,001.',
      details: [{ index: 10_000, field: 'record', reason: 'is beyond the batch limit' }],
    });
  });

  it('refuses a batch holding more values than 10,000 records can, unread (one record with a million-item array)', async () => {
    const res = await post('events', `[{"id_bint": 1, "name_vch": [${'0,'.repeat(1_000_000)}0]}]`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'too_large',
      message:
        'The request body holds more than 1,000,000 values (items of lists and fields), more than this call ever needs. Nothing was read.',
    });
  });
});

describe('times in the feed', () => {
  const ZONED =
    'must be a date and time with seconds and its offset from UTC, such as 2026-11-01T01:30:00-07:00 or 2026-11-01T08:30:00Z';

  it('refuses a time without its offset, or in another form, saying the form it needs (a wall time is never guessed)', async () => {
    const res = await post('events', [
      { id_bint: 71, name_vch: 'No offset', begin_dt: '2026-11-01T01:30:00' },
      { id_bint: 72, name_vch: 'Offset without colon', begin_dt: '2026-11-01T01:30:00+0530' },
      { id_bint: 73, name_vch: 'No seconds', begin_dt: '2026-11-01T01:30-07:00' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { index: 0, field: 'begin_dt', reason: ZONED },
      { index: 1, field: 'begin_dt', reason: ZONED },
      { index: 2, field: 'begin_dt', reason: ZONED },
    ]);
  });

  it('keeps each time as the instant its offset says: the two 01:30s of the night summer time ends, to the millisecond', async () => {
    const res = await post('events', [
      { id_bint: 74, name_vch: 'PDT', begin_dt: '2026-11-01T01:30:00.123456-07:00' },
      { id_bint: 75, name_vch: 'PST', begin_dt: '2026-11-01T01:30:00-08:00' },
      { id_bint: 76, name_vch: 'India', begin_dt: '2026-11-01T14:00:00+05:30' },
    ]);
    expect(res.statusCode).toBe(200);
    const { rows } = await t.ctx.db.query<{ id: number; at: string }>(
      `SELECT id, to_char(begin_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at
         FROM events WHERE id BETWEEN 74 AND 76 ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 74, at: '2026-11-01T08:30:00.123000' },
      { id: 75, at: '2026-11-01T09:30:00.000000' },
      { id: 76, at: '2026-11-01T08:30:00.000000' },
    ]);
  });
});

describe('replays and out-of-order updates', () => {
  it('inserts messages from NDJSON (saved with a byte-order mark) and counts them in the rollups', async () => {
    const body = `\ufeff${[
      message(1, 'QUEUED', '2026-11-20T09:00:00Z'),
      message(2, 'QUEUED', '2026-11-20T09:00:00Z'),
      message(3, 'PENDING', '2026-11-20T09:00:00Z', 'EMAIL'),
    ]
      .map((m) => JSON.stringify(m))
      .join('\n')}`;
    const res = await post('messages', body, 'application/x-ndjson');
    expect(res.json()).toEqual({ received: 3, inserted: 3, updated: 0, ignored: 0 });
    expect(await rollups()).toEqual({ '11:EMAIL:PENDING': 1, '11:SMS:QUEUED': 2 });
  });

  it('changes nothing when a batch is replayed', async () => {
    const batch = [
      { id_bint: 1, status_vch: 'DELIVERED', status_dt: '2026-11-20T09:05:00Z', attempts_int: 1 },
      { id_bint: 2, status_vch: 'FAILED', status_dt: '2026-11-20T09:05:00Z', attempts_int: 2 },
    ];
    expect((await post('statuses', batch)).json()).toEqual({
      received: 2,
      inserted: 0,
      updated: 2,
      ignored: 0,
    });
    const after = await rollups();
    expect(after).toEqual({ '11:EMAIL:PENDING': 1, '11:SMS:DELIVERED': 1, '11:SMS:FAILED': 1 });
    expect((await post('statuses', batch)).json()).toEqual({
      received: 2,
      inserted: 0,
      updated: 0,
      ignored: 2,
    });
    expect(await rollups()).toEqual(after);
    const messages = [message(1, 'DELIVERED', '2026-11-20T09:05:00Z')];
    expect((await post('messages', messages)).json()).toEqual({
      received: 1,
      inserted: 0,
      updated: 0,
      ignored: 1,
    });
    expect(await rollups()).toEqual(after);
  });

  it('ignores an update older than the stored one', async () => {
    const res = await post('statuses', [
      { id_bint: 1, status_vch: 'QUEUED', status_dt: '2026-11-20T09:01:00Z' },
    ]);
    expect(res.json()).toEqual({ received: 1, inserted: 0, updated: 0, ignored: 1 });
    const { rows } = await t.ctx.db.query('SELECT status, attempts FROM messages WHERE id = 1');
    expect(rows[0]).toEqual({ status: 'DELIVERED', attempts: 1 });
  });

  it('keeps the newest of several updates of one message in one batch, whatever their order', async () => {
    const res = await post('statuses', [
      { id_bint: 3, status_vch: 'DELIVERED', status_dt: '2026-11-20T09:20:00Z' },
      { id_bint: 3, status_vch: 'OPENED', status_dt: '2026-11-20T09:30:00Z' },
      { id_bint: 3, status_vch: 'QUEUED', status_dt: '2026-11-20T09:10:00Z' },
    ]);
    expect(res.json()).toEqual({ received: 3, inserted: 0, updated: 1, ignored: 2 });
    expect(await rollups()).toEqual({ '11:EMAIL:OPENED': 1, '11:SMS:DELIVERED': 1, '11:SMS:FAILED': 1 });
  });

  it('keeps the first link click', async () => {
    await post('clicks', [{ id_bint: 3, clicked_dt: '2026-11-20T10:00:00Z' }]);
    const later = await post('clicks', [{ id_bint: 3, clicked_dt: '2026-11-20T11:00:00Z' }]);
    expect(later.json()).toEqual({ received: 1, inserted: 0, updated: 0, ignored: 1 });
    const { rows } = await t.ctx.db.query('SELECT link_clicked_at FROM messages WHERE id = 3');
    expect(rows[0].link_clicked_at.toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });

  it('refuses to move a message to another channel or campaign', async () => {
    const res = await post('messages', [message(1, 'ANSWERED', '2026-11-20T10:00:00Z', 'PHON')]);
    expect(res.json().details).toEqual([
      { index: 0, field: 'channel', reason: 'cannot change (stored: SMS)' },
    ]);
  });

  it('refuses one batch giving a new message two channels or two campaigns, and writes nothing', async () => {
    const before = await messageCount();
    const res = await post('messages', [
      message(5001, 'QUEUED', '2026-11-20T12:00:00Z', 'EMAIL'),
      message(5001, 'DELIVERED', '2026-11-20T12:01:00Z', 'SMS'),
      message(5002, 'QUEUED', '2026-11-20T12:00:00Z', 'SMS', 11),
      message(5002, 'DELIVERED', '2026-11-20T12:01:00Z', 'SMS', 12),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { index: 1, field: 'channel', reason: 'cannot change (record 0 of this batch: EMAIL)' },
      { index: 3, field: 'dataset_id_bint', reason: 'cannot change (record 2 of this batch: 11)' },
    ]);
    expect(await messageCount()).toBe(before);
  });

  it('keeps rollups exact when batches touching the same messages run concurrently', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => 1000 + i);
    const statuses = ['QUEUED', 'DELIVERED', 'UNDELIVERED', 'FAILED'];
    await Promise.all(
      statuses.map((status, k) =>
        post(
          'messages',
          ids.map((id) => message(id, status, `2026-11-20T10:0${k}:00Z`)),
        ),
      ),
    );
    const { rows } = await t.ctx.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM messages WHERE id >= 1000 GROUP BY status`,
    );
    expect(rows).toEqual([{ status: 'FAILED', n: 200 }]);
    const r = await rollups();
    expect(r['11:SMS:FAILED']).toBe(201);
    expect(r['11:SMS:QUEUED'] ?? 0).toBe(0);
    expect(r['11:SMS:DELIVERED']).toBe(1);
  });

  it('keeps rollups exact when status batches touching the same messages run concurrently', async () => {
    const ids = Array.from({ length: 600 }, (_, i) => 3000 + i);
    const created = await post(
      'messages',
      ids.map((id) => message(id, 'PENDING', '2026-11-20T09:00:00Z')),
    );
    expect(created.statusCode).toBe(200);
    const statuses = ['QUEUED', 'DELIVERED', 'UNDELIVERED', 'FAILED', 'QUEUED', 'DELIVERED'];
    const answers = await Promise.all(
      statuses.map((status, k) => {
        // Each batch in another order, some messages only, so batches overlap partly and lock in any order.
        const mine = ids.filter((id) => (id + k) % 3 !== 0);
        if (k % 2) mine.reverse();
        return post(
          'statuses',
          mine.map((id) => ({ id_bint: id, status_vch: status, status_dt: `2026-11-20T10:0${k}:00Z` })),
        );
      }),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const { rows: exact } = await t.ctx.db.query<{ k: string; n: number }>(
      `SELECT dataset_id || ':' || channel || ':' || status AS k, count(*)::int AS n FROM messages GROUP BY 1`,
    );
    const r = await rollups();
    for (const e of exact) expect(r[e.k]).toBe(e.n);
    expect(Object.values(r).reduce((a, b) => a + b, 0)).toBe(exact.reduce((a, e) => a + e.n, 0));
    // The newest update of each message won: batch 5 (DELIVERED) unless the message was not in it.
    const { rows } = await t.ctx.db.query<{ id: number; status: string }>(
      'SELECT id, status FROM messages WHERE id >= 3000 ORDER BY id',
    );
    for (const m of rows) expect(m.status).toBe((m.id + 5) % 3 !== 0 ? 'DELIVERED' : 'QUEUED');
  });
});

describe('two statuses of one message at the same time (an engine that stamps whole seconds)', () => {
  // Event 6, root 60, General child 61: a campaign of its own, so the rollups read here are these messages' only.
  beforeAll(() => postEventAndCampaign(post, { event: 6, root: 60, child: 61 }));
  const rollupsOf61 = async () =>
    Object.fromEntries(Object.entries(await rollups()).filter(([k]) => k.startsWith('61:')));
  const storedStatus = async (id: number) =>
    (await t.ctx.db.query('SELECT status, attempts FROM messages WHERE id = $1', [id])).rows[0];

  it('keeps the further status whichever arrives first: a delivery stamped in the second the text was queued is not lost', async () => {
    const at = '2026-11-20T09:06:00Z';
    await post('messages', [
      message(6101, 'PENDING', '2026-11-20T09:05:00Z', 'SMS', 61),
      message(6102, 'PENDING', '2026-11-20T09:05:00Z', 'SMS', 61),
    ]);
    const queued = { status_vch: 'QUEUED', status_dt: at };
    const delivered = { status_vch: 'DELIVERED', status_dt: at, attempts_int: 1 };
    // 6101: queued, then delivered; 6102: the same two updates the other way round, as a late receipt would.
    expect((await post('statuses', [{ id_bint: 6101, ...queued }])).json()).toMatchObject({ updated: 1 });
    expect((await post('statuses', [{ id_bint: 6101, ...delivered }])).json()).toEqual({
      received: 1,
      inserted: 0,
      updated: 1,
      ignored: 0,
    });
    expect((await post('statuses', [{ id_bint: 6102, ...delivered }])).json()).toMatchObject({ updated: 1 });
    expect((await post('statuses', [{ id_bint: 6102, ...queued }])).json()).toEqual({
      received: 1,
      inserted: 0,
      updated: 0,
      ignored: 1,
    });
    expect(await storedStatus(6101)).toEqual({ status: 'DELIVERED', attempts: 1 });
    expect(await storedStatus(6102)).toEqual({ status: 'DELIVERED', attempts: 1 });
    expect(await rollupsOf61()).toEqual({ '61:SMS:DELIVERED': 2 });
  });

  it('does the same for whole message records, and for two updates of one message in one batch', async () => {
    const at = '2026-11-20T09:16:00Z';
    await post('messages', [message(6103, 'PENDING', '2026-11-20T09:15:00Z', 'PHON', 61)]);
    // In one batch, the answer listed before the queued status of the same second.
    const batch = await post('statuses', [
      { id_bint: 6103, status_vch: 'ANSWERED', status_dt: at, attempts_int: 1 },
      { id_bint: 6103, status_vch: 'QUEUED', status_dt: at },
    ]);
    expect(batch.json()).toEqual({ received: 2, inserted: 0, updated: 1, ignored: 1 });
    expect(await storedStatus(6103)).toEqual({ status: 'ANSWERED', attempts: 1 });
    // A whole record of the same second: QUEUED after PENDING is applied, PENDING after QUEUED is not.
    await post('messages', [message(6104, 'PENDING', at, 'EMAIL', 61)]);
    expect((await post('messages', [message(6104, 'QUEUED', at, 'EMAIL', 61)])).json()).toEqual({
      received: 1,
      inserted: 0,
      updated: 1,
      ignored: 0,
    });
    expect((await post('messages', [message(6104, 'PENDING', at, 'EMAIL', 61)])).json()).toEqual({
      received: 1,
      inserted: 0,
      updated: 0,
      ignored: 1,
    });
    // Two final statuses of the same second: the first one stays (neither is further along).
    expect(
      (await post('statuses', [{ id_bint: 6103, status_vch: 'NO_ANSWER', status_dt: at }])).json(),
    ).toMatchObject({ updated: 0, ignored: 1 });
    expect(await rollupsOf61()).toEqual({
      '61:EMAIL:QUEUED': 1,
      '61:PHON:ANSWERED': 1,
      '61:SMS:DELIVERED': 2,
    });
  });
});

describe('a status of another channel', () => {
  it('is refused by index, naming the statuses the channel takes', async () => {
    await postEventAndCampaign(post, { event: 7, root: 70, child: 71 });
    await post('messages', [message(7101, 'PENDING', '2026-11-20T09:05:00Z', 'PHON', 71)]);
    const res = await post('statuses', [
      { id_bint: 7101, status_vch: 'DELIVERED', status_dt: '2026-11-20T09:06:00Z' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      {
        index: 0,
        field: 'status_vch',
        reason:
          'is not a PHON status (PENDING, QUEUED, ANSWERED, MACHINE, NO_ANSWER, BUSY, FAILED, INVALID_NUMBER)',
      },
    ]);
  });
});

describe('message times from the future (a wrong offset)', () => {
  const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

  it('refuses a status, import or click time more than 15 minutes ahead, naming it, and writes nothing', async () => {
    // -08:00 kept through summer, or local time marked Z: the time lands hours ahead of the true one.
    const res = await post('messages', [
      message(80, 'DELIVERED', hoursFromNow(1)),
      { ...message(81, 'DELIVERED', '2026-11-20T09:00:00Z'), created_dt: hoursFromNow(8) },
    ]);
    expect(res.statusCode).toBe(400);
    const details = res.json().details;
    expect(details.map((d: { index: number; field: string }) => [d.index, d.field])).toEqual([
      [0, 'status_dt'],
      [1, 'created_dt'],
    ]);
    expect(details[0].reason).toMatch(
      /^is in the future \(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z; this server's clock says \d{4}-.*Z\): check the offset from UTC it is written with, or the engine's clock$/,
    );
    const stored = await t.ctx.db.query('SELECT id FROM messages WHERE id IN (80, 81)');
    expect(stored.rows).toEqual([]);
    const status = await post('statuses', [
      { id_bint: 80, status_vch: 'DELIVERED', status_dt: hoursFromNow(2) },
    ]);
    expect(status.json().details).toEqual([
      { index: 0, field: 'status_dt', reason: expect.stringMatching(/^is in the future/) },
    ]);
    const click = await post('clicks', [{ id_bint: 80, clicked_dt: hoursFromNow(1) }]);
    expect(click.json().details).toEqual([
      { index: 0, field: 'clicked_dt', reason: expect.stringMatching(/^is in the future/) },
    ]);
  });

  it("accepts a time a few minutes ahead (an engine's clock running fast), and an event or campaign planned ahead", async () => {
    const res = await post('messages', [message(82, 'QUEUED', hoursFromNow(0.05))]);
    expect(res.json()).toEqual({ received: 1, inserted: 1, updated: 0, ignored: 0 });
    const event = await post('events', [
      { id_bint: 83, name_vch: 'Next week', begin_dt: hoursFromNow(24 * 7) },
    ]);
    expect(event.statusCode).toBe(200);
  });
});
