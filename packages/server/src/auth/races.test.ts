import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { clientHashOf } from './passwords.ts';
import { userService } from './users.ts';

/** Sign-ins, calls and sign-outs of one user arriving at the same moment. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await userService(t.ctx.db).add({
    email: 'ana@utility.test',
    fullname: 'Ana Analyst',
    clientHash: clientHashOf('correct horse'),
    permissions: ['REPORTING'],
  });
});
afterAll(() => t.close());

const signIn = (password: string, ip = '10.9.0.1') =>
  t.app.inject({
    url: `/api/login/ana%40utility.test/${clientHashOf(password)}`,
    remoteAddress: ip,
  });

describe('one user at the same moment', () => {
  it('signs in 12 colleagues at once from one office address, each with a session, and gives every place back', async () => {
    const users = userService(t.ctx.db);
    for (let i = 0; i < 12; i++) {
      await users.add({
        email: `colleague${i}@utility.test`,
        fullname: `Colleague ${i}`,
        clientHash: clientHashOf(`password ${i}`),
        permissions: ['REPORTING'],
      });
    }
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          url: `/api/login/colleague${i}%40utility.test/${clientHashOf(`password ${i}`)}`,
          remoteAddress: '10.9.0.1',
        }),
      ),
    );
    expect(answers.map((a) => a.json()[0][0].LOGIN_VALID)).toEqual(Array.from({ length: 12 }, () => 1));
    const tokens = new Set(answers.map((a) => a.json()[1][0].SESSION_TOKEN));
    expect(tokens.size).toBe(12);
    const { rows } = await t.ctx.db.query<{ key: string; count: number }>(
      "SELECT key, count FROM login_attempts WHERE key LIKE '%10.9.0.1%' ORDER BY key",
    );
    expect(rows).toEqual([{ key: 'client:10.9.0.1', count: 0 }]);
  });

  it('refuses right passwords sent at once beyond the limit for seconds, never saying they failed, and does not lock the user out', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn('correct horse', '10.9.0.3')));
    const signedIn = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(signedIn.length + refused.length).toBe(20);
    // At most 5 are checked at once (the e-mail's limit); every one checked is right.
    expect(signedIn.length).toBeGreaterThanOrEqual(5);
    for (const a of signedIn) expect(a.json()[0]).toEqual([{ LOGIN_VALID: 1 }]);
    for (const a of refused) {
      expect(a.json()).toEqual({
        error: 'too_many_requests',
        message: 'Too many sign-in attempts arrived at the same moment. Please try again in a few seconds.',
      });
      expect(a.headers['retry-after']).toBe('5');
    }
    expect((await signIn('correct horse', '10.9.0.3')).json()[0]).toEqual([{ LOGIN_VALID: 1 }]);
    const { rows } = await t.ctx.db.query<{ key: string; count: number; pending: number }>(
      "SELECT key, count, pending FROM login_attempts WHERE key LIKE '%10.9.0.3%' ORDER BY key",
    );
    expect(rows).toEqual([{ key: 'client:10.9.0.3', count: 0, pending: 0 }]);
  });

  it('signs out once whatever the number of sign-outs and calls sent at once; no call fails', async () => {
    const token = (await signIn('correct horse', '10.9.0.2')).json()[1][0].SESSION_TOKEN as string;
    // The session's last sign of life a minute old, so that every call also writes it.
    await t.ctx.db.query("UPDATE sessions SET last_seen_at = now() - interval '2 minutes'");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) })
          : t.app.inject({ url: `/api/${token}`, headers: bearer(token) }),
      ),
    );
    for (const answer of answers) expect([200, 401]).toContain(answer.statusCode);
    const { rows } = await t.ctx.db.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM sessions WHERE client_ip = $1',
      ['10.9.0.2'],
    );
    expect(rows).toEqual([{ revoked: true }]);
    const after = await t.app.inject({ url: `/api/${token}`, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('the users command run twice at the same moment', () => {
  it('sets the permissions of one user twice at once: both succeed, one after the other, and one set stays whole', async () => {
    const users = userService(t.ctx.db);
    await users.add({
      email: 'bo@utility.test',
      fullname: 'Bo Both',
      clientHash: clientHashOf('another horse'),
      permissions: ['REPORTING'],
    });
    const stored = async () =>
      (
        await t.ctx.db.query<{ permission: string }>(
          `SELECT p.permission FROM user_permissions p JOIN users u ON u.id = p.user_id
            WHERE u.email = 'bo@utility.test' ORDER BY 1`,
        )
      ).rows.map((row) => row.permission);
    for (let round = 0; round < 10; round++) {
      const outcomes = await Promise.allSettled([
        users.setPermissions('bo@utility.test', ['REPORTING', 'SUPPRESSION']),
        users.setPermissions('bo@utility.test', ['OBJECT_ONE', 'REPORTING']),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      expect([
        ['REPORTING', 'SUPPRESSION'],
        ['OBJECT_ONE', 'REPORTING'],
      ]).toContainEqual(await stored());
    }
  });
});
