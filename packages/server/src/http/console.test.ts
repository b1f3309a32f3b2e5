import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import type { App } from './types.ts';

let t: TestApp;
let app: App;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  t = await createTestApp();
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'psps-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
  // As the build writes it: the file, and the same compressed once at brotli's best (a marker proves which is sent).
  await fs.writeFile(path.join(dist, 'assets', 'screen-def456.js'), script);
  await fs.writeFile(
    path.join(dist, 'assets', 'screen-def456.js.br'),
    brotliCompressSync(`${script}//built`),
  );
  app = await buildApp(t.ctx, { webDist: dist });
});
afterAll(async () => {
  await app.close();
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('sends its files compressed when the browser accepts it, cached for good', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
    // Named by a hash of its content: a deploy brings new names, so a browser keeps this one for a year unasked.
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends a file's brotli version made at build time as it is, to a browser that takes brotli", async () => {
    const res = await app.inject({
      url: '/assets/screen-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${script}//built`);
    // A browser without brotli gets the file, compressed as it is sent.
    const gzip = await app.inject({
      url: '/assets/screen-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers.vary).toBe('accept-encoding');
  });

  it('sends index.html to be checked each time (it names the current files), by any of its paths', async () => {
    for (const url of ['/', '/index.html', '/auth/login-page', '/admin/voice?tab=sms']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("answers a screen's file of an older version (gone after a deploy) with a 404, never with index.html", async () => {
    const res = await app.inject({ url: '/assets/channel-page-OLD123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('This file is no longer here.');
  });

  it('answers every client route with index.html, and unknown API paths with a JSON 404', async () => {
    const page = await app.inject({ url: '/admin/voice' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await app.inject({ url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
  });

  it('never serves a file outside the console folder', async () => {
    const res = await app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
