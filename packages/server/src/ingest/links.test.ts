import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { feedMessage, ingestPoster, postEventAndCampaign } from './test-fixture.ts';

let t: TestApp;
let key: string;

const post = ingestPoster(
  () => t,
  () => key,
);
const register = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/links',
    headers: { ...bearer(key), 'content-type': 'application/json' },
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  await postEventAndCampaign(post);
  expect((await post('messages', [feedMessage(7, 'QUEUED', '2026-11-20T09:00:00Z')])).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("registering the engine's tracked links", () => {
  it('takes a batch as large as documented: 10,000 links of 64-character codes and 2,000-character URLs (21 MB)', async () => {
    const url = (i: number) => `https://utility.example/${'p'.repeat(1970)}/${String(i).padStart(5, '0')}`;
    const links = Array.from({ length: 10_000 }, (_, i) => ({
      code: `${String(i).padStart(5, '0')}${'c'.repeat(59)}`,
      message_id_bint: 7,
      target_url: url(i),
    }));
    expect(url(0).length).toBe(2000);
    expect(links[0]!.code.length).toBe(64);
    const body = JSON.stringify(links);
    expect(body.length).toBe(21_120_001);
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 10_000, inserted: 10_000, ignored: 0 });
  });

  it('takes a message id as a string of digits, as every other id of the feed, and names one too large once', async () => {
    const res = await register(
      '[{"code":"as-text-1","message_id_bint":"7","target_url":"https://utility.example/a"}]',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, inserted: 1, ignored: 0 });
    const big = await register(
      '[{"code":"too-big-1","message_id_bint":9007199254740993,"target_url":"https://utility.example/a"}]',
    );
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({
      error: 'bad_request',
      message: 'The field 0.message_id_bint of the request is too large.',
      details: [{ field: 'body.0.message_id_bint', reason: 'is too large' }],
    });
  });
});
