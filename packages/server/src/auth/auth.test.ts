import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../runtime.ts';
import { clientHashOf } from './passwords.ts';
import { userService } from './users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await userService(t.ctx.db).add({
    email: 'ana@example.com',
    fullname: 'Ana Analyst',
    clientHash: clientHashOf('correct horse'),
    permissions: ['REPORTING', 'OBJECT_ONE'],
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/login/${encodeURIComponent(email)}/${clientHashOf(password)}`,
    remoteAddress: ip,
  });

describe('sign-in (document 1 §3, DESIGN.md §3)', () => {
  it('answers a valid login with LOGIN_VALID 1, a session token, the full name and the permissions', async () => {
    const res = await login('ana@example.com', 'correct horse');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body[0]).toEqual([{ LOGIN_VALID: 1 }]);
    expect(body[1][0].SESSION_TOKEN).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body[2]).toEqual([{ fullname_vch: 'Ana Analyst' }]);
    expect(body[3]).toEqual([{ name_vch: 'OBJECT_ONE' }, { name_vch: 'REPORTING' }]);
  });

  it('answers a long unknown e-mail address (up to 320 characters) as a failed login, not as an unknown address', async () => {
    const long = `${'a'.repeat(300)}@example.com`;
    const res = await login(long, 'x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([[{ LOGIN_VALID: 0 }]]);
  });

  it('accepts the e-mail in any letter case', async () => {
    expect((await login('ANA@Example.com', 'correct horse')).json()[0]).toEqual([{ LOGIN_VALID: 1 }]);
  });

  it('answers a wrong password or an unknown e-mail with 200 and [[{LOGIN_VALID:0}]]', async () => {
    for (const res of [await login('ana@example.com', 'wrong'), await login('nobody@example.com', 'x')]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([[{ LOGIN_VALID: 0 }]]);
    }
  });

  it('gives a new token at every login', async () => {
    const a = (await login('ana@example.com', 'correct horse')).json()[1][0].SESSION_TOKEN;
    const b = (await login('ana@example.com', 'correct horse')).json()[1][0].SESSION_TOKEN;
    expect(a).not.toBe(b);
  });

  it('stores neither the password hash sent nor the token in clear', async () => {
    const token = (await login('ana@example.com', 'correct horse')).json()[1][0].SESSION_TOKEN;
    const users = await t.ctx.db.query('SELECT password_hash FROM users');
    expect(JSON.stringify(users.rows)).not.toContain(clientHashOf('correct horse'));
    expect(users.rows[0].password_hash).toMatch(/^scrypt\$/);
    const sessions = await t.ctx.db.query("SELECT encode(token_hash, 'escape') AS h FROM sessions");
    expect(JSON.stringify(sessions.rows)).not.toContain(token);
  });
});

describe('login throttling', () => {
  it('answers 429 after 5 failures for one e-mail from one client, and not from another client', async () => {
    await userService(t.ctx.db).add({
      email: 'bo@example.com',
      fullname: 'Bo',
      clientHash: clientHashOf('pw-of-bo'),
      permissions: [],
    });
    for (let i = 0; i < 5; i++)
      expect((await login('bo@example.com', 'guess', '10.9.9.9')).statusCode).toBe(200);
    const blocked = await login('bo@example.com', 'pw-of-bo', '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('too_many_requests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.json().message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    // The real user on another machine is not locked out by someone else's guesses.
    expect((await login('bo@example.com', 'pw-of-bo', '10.1.1.1')).json()[0]).toEqual([{ LOGIN_VALID: 1 }]);
  });

  it('answers 429 when one client has failed 30 times in the window', async () => {
    for (let i = 0; i < 30; i++) await login(`x${i}@example.com`, 'x', '10.7.7.7');
    expect((await login('ana@example.com', 'correct horse', '10.7.7.7')).statusCode).toBe(429);
  });

  it('stores nothing for the e-mails a client tries once it is over its limit', async () => {
    // Each new e-mail tried was a row kept for a day: a client refused for hours could still fill the table.
    for (let i = 0; i < 30; i++) await login(`y${i}@example.com`, 'x', '10.3.3.3');
    for (let i = 0; i < 50; i++) {
      expect((await login(`z${i}@example.com`, 'x', '10.3.3.3')).statusCode).toBe(429);
    }
    const { rows } = await t.ctx.db.query(
      "SELECT count(*)::int AS n FROM login_attempts WHERE key LIKE 'fail:%|10.3.3.3'",
    );
    expect(rows[0].n).toBe(30);
  });

  it('checks at most 5 passwords of one e-mail from one client even when 20 guesses arrive at once', async () => {
    await userService(t.ctx.db).add({
      email: 'cy@example.com',
      fullname: 'Cy',
      clientHash: clientHashOf('pw-of-cy'),
      permissions: [],
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('cy@example.com', `guess-${i}`, '10.5.5.5')),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    // Refused while the first five were being checked: try again in seconds; after they failed: the window's wait.
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect([
        'Too many sign-in attempts arrived at the same moment. Please try again in a few seconds.',
        'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      ]).toContain(answer.json().message);
    }
    // Even the right password is not checked now.
    expect((await login('cy@example.com', 'pw-of-cy', '10.5.5.5')).statusCode).toBe(429);
  });

  it("does not count a throttled user's refused retries against colleagues at the same address", async () => {
    for (let i = 0; i < 5; i++) await login('ana@example.com', 'wrong', '10.4.4.4');
    for (let i = 0; i < 40; i++) {
      expect((await login('ana@example.com', 'wrong', '10.4.4.4')).statusCode).toBe(429);
    }
    await userService(t.ctx.db).add({
      email: 'dee@example.com',
      fullname: 'Dee',
      clientHash: clientHashOf('pw-of-dee'),
      permissions: [],
    });
    expect((await login('dee@example.com', 'pw-of-dee', '10.4.4.4')).json()[0]).toEqual([{ LOGIN_VALID: 1 }]);
  });

  it('behind a load balancer (TRUST_PROXY=1), a client cannot escape throttling by writing X-Forwarded-For', async () => {
    const behind = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    try {
      await userService(behind.ctx.db).add({
        email: 'eve-target@example.com',
        fullname: 'Target',
        clientHash: clientHashOf('pw-of-target'),
        permissions: [],
      });
      // The balancer (10.0.0.2) appends the address it saw (203.0.113.5) to whatever the client sent.
      const guess = (i: number) =>
        behind.app.inject({
          url: `/api/login/eve-target@example.com/${clientHashOf(`guess-${i}`)}`,
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.5` },
        });
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await guess(i)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const { rows } = await behind.ctx.db.query('SELECT key FROM login_attempts ORDER BY key');
      expect(rows.map((r) => r.key)).toEqual([
        'client:203.0.113.5',
        'fail:eve-target@example.com|203.0.113.5',
      ]);
    } finally {
      await behind.close();
    }
  });

  it('never throttles successful sign-ins: an office behind one address is not locked out', async () => {
    for (let i = 0; i < 40; i++) {
      expect((await login('ana@example.com', 'correct horse', '10.6.6.6')).json()[0]).toEqual([
        { LOGIN_VALID: 1 },
      ]);
    }
  });
});

describe('permissions call GET /api/{sessionToken}', () => {
  it('lists the permissions of a valid token', async () => {
    const token = await t.signIn(['SUPPRESSION', 'SETTINGS']);
    const res = await t.app.inject({ url: `/api/${token}`, headers: bearer(token) });
    expect(res.json()).toEqual([
      [{ LOGIN_VALID: 1 }],
      [{ PERMISSION_NAME: 'SETTINGS' }, { PERMISSION_NAME: 'SUPPRESSION' }],
    ]);
  });
  it('answers [[{LOGIN_VALID:0}]] for a token in the path that is not valid', async () => {
    const token = await t.signIn([]);
    const res = await t.app.inject({ url: `/api/${'x'.repeat(43)}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([[{ LOGIN_VALID: 0 }]]);
  });
  it('answers a mistyped address under /api/ with 404 in words, signed in or not (it was 200 LOGIN_VALID 0)', async () => {
    const token = await t.signIn(['REPORTING']);
    for (const [url, headers] of [
      ['/api/dashbord', bearer(token)],
      ['/api/dashbord', {}],
      ['/api/campaign-lists', bearer(token)],
      ['/api/suppress?page=1', bearer(token)],
      [`/api/${token}x`, bearer(token)],
    ] as const) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        error: 'not_found',
        message: `There is no GET ${url.startsWith(`/api/${token}`) ? '/api/[token]' : url.split('?')[0]}.`,
      });
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/api/dashbord', headers: bearer(token) });
    expect(head.statusCode).toBe(404);
  });
  it("answers [[{LOGIN_VALID:0}]] for another user's valid token, and does not keep that session alive", async () => {
    const viewer = await t.signIn(['REPORTING'], 'asking-viewer@example.com');
    const other = await t.signIn(['SUPPRESSION', 'MB_INTERNAL_PERMISSION'], 'idle-colleague@example.com');
    // Both sessions have been idle for a while: asking about the other one must not count as its use.
    await t.ctx.db.query("UPDATE sessions SET last_seen_at = now() - interval '10 minutes'");
    const res = await t.app.inject({ url: `/api/${other}`, headers: bearer(viewer) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([[{ LOGIN_VALID: 0 }]]);
    const { rows } = await t.ctx.db.query<{ email: string; idle: boolean }>(
      `SELECT u.email, s.last_seen_at < now() - interval '9 minutes' AS idle
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE u.email IN ('asking-viewer@example.com', 'idle-colleague@example.com') ORDER BY u.email`,
    );
    // The viewer's own session was used (the guard touched it); the other one was not.
    expect(rows).toEqual([
      { email: 'asking-viewer@example.com', idle: false },
      { email: 'idle-colleague@example.com', idle: true },
    ]);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const token = await t.signIn(['REPORTING']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) })).json(),
    ).toEqual({ ok: true });
    const after = await t.app.inject({ url: `/api/${token}`, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      error: 'unauthorized',
      message: 'Please sign in: your session is missing, expired or was ended.',
    });
  });

  it('logout sent with a JSON content type and no body still ends the session', async () => {
    const token = await t.signIn(['REPORTING']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url: `/api/${token}`, headers: bearer(token) })).statusCode).toBe(401);
    // A call that needs a body says it has none.
    const other = await t.signIn(['REPORTING']);
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adhoc/campaign/insert',
      headers: { ...bearer(other), 'content-type': 'application/json' },
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('The request has no body; this call needs its fields sent as JSON.');
  });

  it('disabling a user ends their sessions and refuses their login', async () => {
    const token = await t.signIn(['REPORTING'], 'leaver@example.com');
    await userService(t.ctx.db).setDisabled('leaver@example.com', true);
    expect((await t.app.inject({ url: `/api/${token}`, headers: bearer(token) })).statusCode).toBe(401);
    expect((await login('leaver@example.com', 'secret-pw')).json()).toEqual([[{ LOGIN_VALID: 0 }]]);
  });

  it.each([
    {
      limit: 'idle for more than 30 minutes',
      email: 'idle-operator@example.com',
      change: "last_seen_at = now() - interval '31 minutes'",
      message: 'Your session ended after 30 minutes without activity. Please sign in again.',
      reason: 'idle',
    },
    {
      limit: 'past its 12 hours',
      email: 'long-shift@example.com',
      change: "expires_at = now() - interval '1 second'",
      message: 'Your session ended: a session lasts at most 12 hours. Please sign in again.',
      reason: 'expired',
    },
  ])('ends a session $limit, and says why', async ({ email, change, message, reason }) => {
    const token = await t.signIn([], email);
    // `change` is one of the two fixed texts above.
    await t.ctx.db.query(
      `UPDATE sessions SET ${change} WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const res = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message, details: { reason } });
  });

  it('says a token that was logged out, or never issued, alike (nothing to tell apart)', async () => {
    const token = await t.signIn([], 'logged-out@example.com');
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
    for (const sent of [token, 'made-up-token-that-was-never-issued-xxxxxxx']) {
      const res = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(sent) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'unauthorized',
        message: 'Please sign in: your session is missing, expired or was ended.',
      });
    }
  });
});

describe('logs', () => {
  it('never contain the login path, the e-mail, the password hash or a session token', async () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _enc, cb) {
        output += chunk.toString();
        cb();
      },
    });
    const app = await buildApp(t.ctx, { logger: createLogger('trace', sink), webDist: null });
    const res = await app.inject({ url: `/api/login/ana@example.com/${clientHashOf('correct horse')}` });
    const token = res.json()[1][0].SESSION_TOKEN;
    await app.inject({ url: `/api/${token}`, headers: bearer(token) });
    await app.close();
    expect(output).toContain('/api/login/[redacted]');
    expect(output).not.toContain('ana@example.com');
    expect(output).not.toContain(clientHashOf('correct horse'));
    expect(output).not.toContain(token);
  });
});

describe('API keys', () => {
  it('remembers a key for a few seconds; revoking it in this process stops it at once', async () => {
    const key = await t.ctx.auth.createApiKey('engine-test', ['INGEST']);
    expect(await t.ctx.auth.authenticate(key)).toMatchObject({ kind: 'api-key', name: 'engine-test' });
    // Revoked elsewhere (the CLI): still remembered here for at most API_KEY_CACHE_MS.
    await t.ctx.db.query("UPDATE api_keys SET revoked_at = now() WHERE name = 'engine-test'");
    expect(await t.ctx.auth.authenticate(key)).toMatchObject({ kind: 'api-key' });
    await t.ctx.db.query("UPDATE api_keys SET revoked_at = NULL WHERE name = 'engine-test'");
    expect(await t.ctx.auth.revokeApiKey('engine-test')).toBe(1);
    expect(await t.ctx.auth.authenticate(key)).toBeNull();
    expect(await t.ctx.auth.authenticate('psk_unknown')).toBeNull();
  });
});

describe('GET /api/v1/config (what the console needs before sign-in)', () => {
  it("names the voice library's year prefix the server uses (LIBRARY_YEAR_PREFIX), so the console sends the same lib and file names", async () => {
    const configured = await createTestApp({ libraryYearPrefix: '2024' });
    try {
      const res = await configured.app.inject({ url: '/api/v1/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json().libraryYearPrefix).toBe('2024');
    } finally {
      await configured.close();
    }
    expect((await t.app.inject({ url: '/api/v1/config' })).json().libraryYearPrefix).toBe('2019');
  });
});
