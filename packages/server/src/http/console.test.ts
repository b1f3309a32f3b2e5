import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
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
    expect(res.headers['cache-control']).toContain('immutable');
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
