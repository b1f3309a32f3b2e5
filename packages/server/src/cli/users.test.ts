import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { runToEnd } from '../../test/run-process.ts';
import { clientHashOf } from '../auth/passwords.ts';
import { tempFolder } from '../delivery/test-support/files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `npm run users -- ...args` on the test database, with `input` on standard input (not a terminal). */
const users = (databaseUrl: string, dataDir: string, args: string[], input = '') =>
  runToEnd(path.join(here, 'users.ts'), args, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, input);

describe('the users command line (README: Production)', () => {
  let t: TestApp;
  let dataDir: Awaited<ReturnType<typeof tempFolder>>;
  const run = (args: string[], input?: string) => users(t.databaseUrl, dataDir.path, args, input);
  const signIn = async (email: string, password: string) => {
    const res = await t.app.inject({ url: `/api/login/${email}/${clientHashOf(password)}` });
    return res.json()[1]?.[0]?.SESSION_TOKEN as string | undefined;
  };

  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await tempFolder('users-cli');
  });
  afterAll(async () => {
    await t.close();
    await dataDir.remove();
  });

  it('adds a user with the password from standard input, never printing it; disable ends their sessions at once', async () => {
    const password = 'Ana-first-pw-31';
    const added = await run(
      ['add', 'ana@utility.test', '--name', 'Ana Analyst', '--permissions', 'REPORTING,OBJECT_ONE'],
      `${password}\n`,
    );
    expect(added).toEqual({ code: 0, stdout: 'Added ana@utility.test.\n', stderr: '' });

    const listed = await run(['list']);
    expect(listed.stdout).toBe(
      `${'ana@utility.test'.padEnd(32)} ${'Ana Analyst'.padEnd(24)} active   OBJECT_ONE,REPORTING\n`,
    );

    const token = await signIn('ana@utility.test', password);
    expect(token).toBeTruthy();
    const events = () => t.app.inject({ url: '/api/proc_events_getList/', headers: bearer(token ?? '') });
    expect((await events()).statusCode).toBe(200);

    expect(await run(['disable', 'ana@utility.test'])).toEqual({
      code: 0,
      stdout: 'Disabled ana@utility.test.\n',
      stderr: '',
    });
    expect((await events()).statusCode).toBe(401);
    expect(await signIn('ana@utility.test', password)).toBeUndefined();

    expect((await run(['enable', 'ana@utility.test'])).stdout).toBe('Enabled ana@utility.test.\n');
    expect(await signIn('ana@utility.test', password)).toBeTruthy();

    const changed = await run(['set-password', 'ana@utility.test'], 'Ana-second-pw-32\n');
    expect(changed.stdout).toBe('Password of ana@utility.test set; their sessions were ended.\n');
    expect(await signIn('ana@utility.test', password)).toBeUndefined();
    expect(await signIn('ana@utility.test', 'Ana-second-pw-32')).toBeTruthy();
    for (const out of [added, listed, changed]) {
      expect(out.stdout + out.stderr).not.toContain(password);
      expect(out.stdout + out.stderr).not.toContain('Ana-second-pw-32');
    }
  });

  it('refuses a password given as an argument, without repeating it', async () => {
    const asOption = await run(['add', 'bob@utility.test', '--password=Bob-secret-pw-9']);
    expect(asOption.code).toBe(1);
    expect(asOption.stderr).toBe(
      'A password is never taken from an argument (it would stay in the shell history and the process list): type it when asked, or give it on the first line of standard input.\n',
    );
    const asWord = await run(['add', 'bob@utility.test', 'Bob-secret-pw-9'], 'Bob-secret-pw-9\n');
    expect(asWord.code).toBe(1);
    expect(asWord.stderr).toMatch(/^add takes one argument; there are more\. A password is never taken/);
    expect(asWord.stderr).not.toContain('Bob-secret-pw-9');
    expect((await run(['list'])).stdout).not.toContain('bob@utility.test');
  });

  it('refuses what is not an e-mail address, and names the user it does not know', async () => {
    const notEmail = await run(['add', 'bob', '--permissions', 'REPORTING'], 'Bob-secret-pw-9\n');
    expect(notEmail).toEqual({
      code: 1,
      stdout: '',
      stderr: '"bob" is not an e-mail address: a user signs in with their e-mail.\n',
    });
    const unknown = await run(['disable', 'nobody@utility.test']);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No user with the e-mail nobody@utility.test.\n',
    });
  });

  it('creates one ingest key per name, and says when there is none to revoke', async () => {
    const created = await run(['api-key-create', 'messaging-engine']);
    expect(created.code).toBe(0);
    expect(created.stderr).toBe('Store this key now: it is shown once and kept only as a hash.\n');
    const key = created.stdout.trim();
    const ingest = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/ingest/events', headers: bearer(key), payload: [] });
    expect((await ingest()).statusCode).toBe(200);

    const again = await run(['api-key-create', 'messaging-engine']);
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'An API key named messaging-engine exists already. To replace it without a gap, create one with another name, give it to the messaging engine, then revoke the old one (api-key-revoke messaging-engine).\n',
    });

    expect((await run(['api-key-revoke', 'messaging-engine'])).stdout).toBe(
      'Revoked the API key named messaging-engine: it stops working within 5 seconds.\n',
    );
    const none = await run(['api-key-revoke', 'messaging-engine']);
    expect(none).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No API key named messaging-engine is in use; nothing was revoked.\n',
    });
  });
  it('creates and revokes a key only together with its audit entry (one transaction)', async () => {
    const db = t.ctx.db;
    const keysNamed = async (name: string) =>
      (
        await db.query<{ live: boolean }>('SELECT revoked_at IS NULL AS live FROM api_keys WHERE name = $1', [
          name,
        ])
      ).rows.map((r) => r.live);
    const refuseKeyEntries = async (refuse: boolean) =>
      db.query(
        refuse
          ? `CREATE TRIGGER refuse_api_key_audit BEFORE INSERT ON audit_log FOR EACH ROW
               WHEN (NEW.action LIKE 'api-key.%') EXECUTE FUNCTION refuse_api_key_audit()`
          : 'DROP TRIGGER IF EXISTS refuse_api_key_audit ON audit_log',
      );
    await db.query(
      `CREATE FUNCTION refuse_api_key_audit() RETURNS trigger LANGUAGE plpgsql
         AS $$ BEGIN RAISE EXCEPTION 'the audit log refuses this entry'; END $$`,
    );
    try {
      await refuseKeyEntries(true);
      expect((await run(['api-key-create', 'engine-unaudited'])).code).toBe(1);
      expect(await keysNamed('engine-unaudited')).toEqual([]);

      await refuseKeyEntries(false);
      expect((await run(['api-key-create', 'engine-kept'])).code).toBe(0);
      await refuseKeyEntries(true);
      expect((await run(['api-key-revoke', 'engine-kept'])).code).toBe(1);
      expect(await keysNamed('engine-kept')).toEqual([true]);
    } finally {
      await refuseKeyEntries(false);
      await db.query('DROP FUNCTION refuse_api_key_audit()');
    }
  });
});
