import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { clientHashOf } from '../auth/passwords.ts';
import { userService } from '../auth/users.ts';
import { tempFolder } from '../delivery/test-support/files.ts';
import { ingestPoster } from '../ingest/test-fixture.ts';
import { createLogger } from '../runtime.ts';

let t: TestApp;
let token: string;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
  const post = ingestPoster(
    () => t,
    () => key,
  );
  // A season of 20 events, the first with 30 campaigns: the lists and the event's trees are several kilobytes.
  await post(
    'events',
    Array.from({ length: 20 }, (_, i) => ({
      id_bint: i + 1,
      name_vch: `PSPS event ${i + 1}: North Bay and Sierra Foothills`,
      begin_dt: '2026-11-20T08:00:00Z',
    })),
  );
  await post(
    'datasets',
    Array.from({ length: 30 }, (_, i) => ({
      dataset_id_bint: 100 + i,
      event_id_bint: 1,
      title_vch: `North Bay Wind Event: 24-Hour Advance Notice, wave ${i + 1}`,
      launched_dt: '2026-11-20T09:00:00Z',
    })),
  );
  token = await t.signIn(['REPORTING']);
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: { ...bearer(token), ...(encoding && { 'accept-encoding': encoding }) } });

describe('answers that grow with the data are compressed for a client that accepts it', () => {
  it.each([
    ['/api/campaign-list/'],
    ['/api/proc_events_getList/'],
    ['/api/proc_events_getCampaigns/1'],
    ['/api/sql/proc_reports_gridTreeEvents/1'],
    ['/api/v1/reports/events/1/trees'],
    ['/api/v1/launcher/campaigns'],
  ])('%s: brotli, or gzip, the same JSON once decompressed', async (url) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('the completion list too (its path carries the session token; its answer does not)', async () => {
    // Enough reports to pass 1 KB: one completion report row per campaign.
    for (let i = 0; i < 30; i++) {
      await t.ctx.db.query(
        `INSERT INTO report_files (dataset_id, kind, file_name, transfer_state, transferred_at)
         VALUES ($1, 'completion', $2, 'transferred', now())`,
        [100 + i, `PGE_completion_${100 + i}_20261120120000.csv`],
      );
    }
    const url = `/api/completion-reports/${token}/0`;
    const plain = await get(url);
    const br = await get(url, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});

describe('answers left as they are', () => {
  it('the sign-in answer, which holds the session token, even when the client accepts compression', async () => {
    await userService(t.ctx.db).add({
      email: 'ana@utility.test',
      fullname: 'Ana Analyst '.repeat(100),
      clientHash: clientHashOf('Ana-secret-pw-1'),
      permissions: ['REPORTING'],
    });
    const res = await t.app.inject({
      url: `/api/login/ana@utility.test/${clientHashOf('Ana-secret-pw-1')}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.json()[0]).toEqual([{ LOGIN_VALID: 1 }]);
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a small answer (under 1 KB)', async () => {
    const res = await get('/api/proc_reports_campaignTree/100', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('a browser that goes away in the middle of a compressed file', () => {
  it('is not logged as a server error (nothing went wrong on the server)', async () => {
    const dist = await tempFolder('dist');
    let output = '';
    const sink = new Writable({
      write(chunk, _enc, cb) {
        output += chunk.toString();
        cb();
      },
    });
    await writeFile(join(dist.path, 'index.html'), '<!doctype html><title>PSPS</title>');
    await mkdir(join(dist.path, 'assets'));
    // A script of 8 MB that is not at hand compressed: compressed as it is sent, for a long while.
    await writeFile(join(dist.path, 'assets', 'screen-abc123.js'), randomBytes(6 << 20).toString('base64'));
    const app = await buildApp(t.ctx, { logger: createLogger('info', sink), webDist: dist.path });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const encoding = await new Promise<string | undefined>((resolve, reject) => {
        const req = httpGet(
          {
            host: '127.0.0.1',
            port,
            path: '/assets/screen-abc123.js',
            headers: { 'accept-encoding': 'gzip' },
          },
          (res) => {
            res.once('data', () => {
              // The tab is closed after the first bytes.
              req.destroy();
              resolve(res.headers['content-encoding']);
            });
          },
        );
        req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
      });
      expect(encoding).toBe('gzip');
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await app.close();
      await dist.remove();
    }
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    // What happened is said once, as information, with the request's id.
    expect(lines.filter((line) => line.msg === 'stream closed prematurely')).toEqual([
      expect.objectContaining({ level: 30, reqId: expect.any(String) }),
    ]);
  });
});
