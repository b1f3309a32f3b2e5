import type { Permission } from '@psps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { requiredPermissions } from './access.ts';

const ALL: Permission[] = ['REPORTING', 'SUPPRESSION', 'SETTINGS', 'MB_INTERNAL_PERMISSION', 'OBJECT_ONE'];
let t: TestApp;
beforeAll(async () => {
  // The matrix signs in once per route it allows: more sign-ins from one client than the login limit allows.
  t = await createTestApp({
    loginLimits: { maxFailuresPerEmail: 5, maxAttemptsPerClient: 10_000, windowMs: 15 * 60_000 },
  });
});
afterAll(() => t.close());

/** A concrete path for a route pattern: ids become 1, tokens a token, the rest 'x'. */
function concrete(url: string, token: string): string {
  return url
    .replace(/:(sessionToken|token)\b/g, token)
    .replace(/:[A-Za-z_]+/g, (m) => (/id|Id|Stamp|page/.test(m) ? '1' : 'x'))
    .replace(/\*$/, 'x');
}

describe('authorization matrix: every registered route', () => {
  it('has at least the foundation routes registered', () => {
    const urls = t.app.accessTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/login/:email/:hash',
        'GET /api/:sessionToken',
        'POST /api/v1/logout',
        'GET /healthz',
      ]),
    );
  });

  it("walks the Events screen's trees of an event too, a call added to the specification's, which needs REPORTING", () => {
    const trees = t.app.accessTable.filter((r) => r.url === '/api/v1/reports/events/:eventId/trees');
    expect(trees.map((r) => [r.method, r.access])).toEqual([['GET', 'REPORTING']]);
  });

  it('refuses a route without an access rule when the app starts', async () => {
    const app = await buildApp(t.ctx, { webDist: null });
    expect(() => app.get('/api/v1/unguarded', async () => 'x')).toThrow(/declares no access rule/);
    await app.close();
  });

  it('answers 401 / 403 / allowed exactly as each route declares', async () => {
    const guarded = t.app.accessTable.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);

    const holder = await t.signIn([...ALL]);
    const nobody = await t.signIn([]);
    const expired = await t.signIn(['REPORTING', 'SUPPRESSION', 'MB_INTERNAL_PERMISSION']);
    await t.ctx.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = (SELECT max(id) FROM sessions)",
    );
    const revoked = await t.signIn(['REPORTING', 'SUPPRESSION', 'MB_INTERNAL_PERMISSION']);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(revoked) });

    for (const route of guarded) {
      const call = (token?: string) =>
        t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url, token ?? holder),
          headers: token ? bearer(token) : {},
          payload: ['POST', 'PUT', 'DELETE', 'PATCH'].includes(route.method) ? {} : undefined,
        });
      const label = `${route.method} ${route.url}`;
      for (const [what, token] of [
        ['no token', undefined],
        // Shaped like a token (43 characters of base64url): /api/{anything else} is an unknown address (404).
        ['unknown token', 'made-up-token-that-was-never-issued-xxxxxxx'],
        ['expired token', expired],
        ['revoked token', revoked],
      ] as const) {
        const res = await call(token);
        expect(res.statusCode, `${label} with ${what}`).toBe(401);
        expect(res.json(), `${label} with ${what}`).toMatchObject({ error: 'unauthorized' });
      }
      const needed = requiredPermissions(route.access).filter((p) => p !== 'INGEST') as Permission[];
      if (requiredPermissions(route.access).length > 0) {
        const res = await call(nobody);
        expect(res.statusCode, `${label} without permission`).toBe(403);
        expect(res.json().error).toBe('forbidden');
        // What was refused and what to do, in words: a user is never told to ask for INGEST, a key's permission.
        expect(res.json().message, label).toMatch(
          needed.length < requiredPermissions(route.access).length
            ? /^The ingest API is called by the messaging engine with its API key \(Authorization: Bearer <key>\), not with a console session\./
            : /^You do not have the [A-Z_]+ permission needed for this\. Ask an administrator of this console to grant it\.$/,
        );
      }
      if (needed.length === requiredPermissions(route.access).length) {
        // A fresh session each time: one of the routes is logout.
        const res = await call(await t.signIn([...ALL]));
        expect([401, 403], `${label} with the permission: ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });

  it("refuses the messaging engine's API key on every call but the ingest API's", async () => {
    const key = await t.ctx.auth.createApiKey('engine-matrix', ['INGEST']);
    const consoleRoutes = t.app.accessTable.filter(
      (r) => r.access !== 'public' && !requiredPermissions(r.access).includes('INGEST'),
    );
    expect(consoleRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/dashboard', 'GET /api/:sessionToken', 'POST /api/v1/logout']),
    );
    for (const route of consoleRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url, key),
        headers: bearer(key),
        payload: ['POST', 'PUT', 'DELETE', 'PATCH'].includes(route.method) ? {} : undefined,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({
        // The suppression uploads (and their apply / discard) say their status in every refusal's body.
        ...(/^\/api(\/v1)?\/suppress\/upload\//.test(route.url) ? { status: 403 } : {}),
        error: 'forbidden',
        message:
          'An API key can call only the ingest API (/api/v1/ingest/…); this call needs a signed-in user.',
      });
    }
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/events',
      headers: bearer(key),
      payload: [],
    });
    expect(ingest.statusCode).toBe(200);
  });

  it('lets public routes through without a token', async () => {
    for (const url of ['/healthz', '/readyz', '/api/v1/config', '/api/docs/json']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});
