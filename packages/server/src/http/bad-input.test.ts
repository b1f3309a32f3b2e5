import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { redactUrl } from './redact.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(['REPORTING', 'SUPPRESSION']);
});
afterAll(() => t.close());

describe("a user's mistake never produces a 500", () => {
  it('answers 400 to a zero byte in a path, even at sign-in', async () => {
    const res = await t.app.inject({ url: '/api/login/a%00b@x.com/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'The address contains a zero byte, which is never a valid value.',
    });
  });

  it('answers a broken %-escape in the address with the usual error shape', async () => {
    const res = await t.app.inject({ url: '/api/login/%E0%A4%A/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'The address cannot be read: it holds a broken %-escape. Check the link.',
    });
  });

  it('answers 400 to a zero byte in a JSON body, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: bearer(token),
      payload: { name_vch: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    const { rows } = await t.ctx.db.query('SELECT count(*)::int AS n FROM adhoc_campaigns');
    expect(rows[0].n).toBe(0);
  });

  it('searches suppressions by a text of one or two characters', async () => {
    for (const value of ['ab', '1', 'é']) {
      const res = await t.app.inject({
        url: `/api/suppress/search?value=${encodeURIComponent(value)}&page=1`,
        headers: bearer(token),
      });
      expect(res.statusCode, value).toBe(200);
      expect(res.json()).toEqual({ data: [], rows: 0 });
    }
  });

  it('answers 400 with a plain sentence to a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name_vch": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'The request body is not valid JSON.' });
  });

  it('answers 415 unsupported_media_type to a body of a content type no call reads', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: { ...bearer(token), 'content-type': 'application/xml' },
      payload: '<name_vch>x</name_vch>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'The request body has a content type this call does not accept.',
    });
  });
});

describe('caching', () => {
  it('answers of the API are never stored by a browser or proxy', async () => {
    const res = await t.app.inject({ url: '/api/v1/config' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('log redaction of paths', () => {
  it('hides tokens but keeps route names readable', () => {
    expect(redactUrl('/api/sql/proc_reports_gridTreeEvents/9002')).toBe(
      '/api/sql/proc_reports_gridTreeEvents/9002',
    );
    expect(redactUrl('/api/completion-reports/_elmdMpdBETbttccWx-Qx9dC1rSA1Gvq4d_WWi9Ou7M/0')).toBe(
      '/api/completion-reports/[token]/0',
    );
    expect(redactUrl('/api/login/ana@example.com/abc')).toBe('/api/login/[redacted]');
  });
});

describe('ids', () => {
  it('accepts only digits as an id: 1e5, 0x10 and 1.0 are malformed (400)', async () => {
    for (const id of ['1e5', '0x10', '1.0']) {
      const res = await t.app.inject({ url: `/api/proc_reports_campaignTree/${id}`, headers: bearer(token) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toBe('The datasetId in the address must be a whole number.');
    }
    for (const id of ['-3', '0']) {
      const res = await t.app.inject({ url: `/api/voice-reports/${id}`, headers: bearer(token) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toEqual({
        error: 'bad_request',
        message: 'The datasetId in the address must be a positive number.',
        details: [{ field: 'params.datasetId', reason: 'must be a positive number' }],
      });
    }
  });
});
