import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { runToEnd } from '../../test/run-process.ts';
import { clientHashOf } from '../auth/passwords.ts';
import { userService } from '../auth/users.ts';
import { filterOf } from '../cli/audit-log.ts';
import { tempFolder } from '../delivery/test-support/files.ts';
import { readAuditLog, recordAudit } from './log.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const NOW = new Date('2026-11-23T12:00:00Z');
/** The command line's actor: the operating-system user running these tests. */
const CLI = `cli:${userInfo().username}`;

describe('the audit-log command line: what it is asked for', () => {
  it('reads the last 24 hours by default, spans back from now, dates at midnight UTC and times with offsets', () => {
    expect(filterOf([], NOW).filter).toEqual({
      since: new Date('2026-11-22T12:00:00Z'),
      until: NOW,
      action: undefined,
      actor: undefined,
    });
    expect(filterOf(['--since', '90m'], NOW).filter.since).toEqual(new Date('2026-11-23T10:30:00Z'));
    expect(filterOf(['--since', '7d', '--until', '12h'], NOW).filter).toMatchObject({
      since: new Date('2026-11-16T12:00:00Z'),
      until: new Date('2026-11-23T00:00:00Z'),
    });
    expect(
      filterOf(['--since', '2026-11-01', '--until', '2026-11-02T00:00:00-08:00'], NOW).filter,
    ).toMatchObject({
      since: new Date('2026-11-01T00:00:00Z'),
      until: new Date('2026-11-02T08:00:00Z'),
    });
    expect(filterOf(['--action', 'suppression.', '--actor', 'Ana@Utility.test', '--csv'], NOW)).toEqual({
      filter: {
        since: new Date('2026-11-22T12:00:00Z'),
        until: NOW,
        action: 'suppression.',
        actor: 'Ana@Utility.test',
      },
      csv: true,
    });
  });

  it('says what a time must look like, and refuses a period with nothing in it', () => {
    const notTime =
      'is not a time: write a date (2026-11-23), a date and time with its offset (2026-11-23T08:00:00-08:00) or a span back from now (30m, 12h, 7d).';
    expect(() => filterOf(['--since', 'yesterday'], NOW)).toThrow(`--since yesterday ${notTime}`);
    expect(() => filterOf(['--until', '2026-02-30'], NOW)).toThrow(`--until 2026-02-30 ${notTime}`);
    // A time without its offset would be read in the server's zone, whichever that is.
    expect(() => filterOf(['--since', '2026-11-23T08:00:00'], NOW)).toThrow(
      `--since 2026-11-23T08:00:00 ${notTime}`,
    );
    expect(() => filterOf(['--since', '1h', '--until', '2h'], NOW)).toThrow(
      '--since (2026-11-23T11:00:00.000Z) must come before --until (2026-11-23T10:00:00.000Z): nothing lies between.',
    );
    expect(() => filterOf(['--group', 'x'], NOW)).toThrow(/^Unknown option '--group'\./);
    expect(() => filterOf(['suppression'], NOW)).toThrow(/^Unexpected argument "suppression"\./);
  });
});

describe('the audit log', () => {
  let t: TestApp;
  let dataDir: Awaited<ReturnType<typeof tempFolder>>;
  const run = (command: 'users' | 'audit-log', args: string[], input = '') =>
    runToEnd(
      path.join(here, '..', 'cli', `${command}.ts`),
      args,
      { DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir.path },
      input,
    );

  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await tempFolder('audit-log-cli');
  });
  afterAll(async () => {
    await t.close();
    await dataDir.remove();
  });

  it('reads entries of one time in the order written, across pages, without repeating or skipping one', async () => {
    const at = '2026-01-05T10:00:00.000001Z';
    for (let i = 1; i <= 5; i++) {
      await t.ctx.db.query(
        `INSERT INTO audit_log (at, actor, action, target, details) VALUES ($1, 'system', 'page.test', $2, '{}')`,
        [i === 5 ? '2026-01-05T09:59:59Z' : at, `entry ${i}`],
      );
    }
    const read = [];
    const filter = { since: new Date('2026-01-05T00:00:00Z'), until: new Date('2026-01-06T00:00:00Z') };
    for await (const e of readAuditLog(t.ctx.db, filter, 2)) read.push(e.target);
    expect(read).toEqual(['entry 5', 'entry 1', 'entry 2', 'entry 3', 'entry 4']);
  });

  it('records sign-in, sign-out and the users command line, and prints them as lines or CSV', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const added = await run(
      'users',
      ['add', 'ana@utility.test', '--name', 'Ana Analyst', '--permissions', 'REPORTING'],
      'Ana-first-pw-31\n',
    );
    expect(added.stdout).toBe('Added ana@utility.test.\n');
    const login = await t.app.inject({
      url: `/api/login/ANA@utility.test/${clientHashOf('Ana-first-pw-31')}`,
      // Not behind a proxy (TRUST_PROXY=0): a client's own X-Forwarded-For is not believed, nor recorded.
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    const token = login.json()[1][0].SESSION_TOKEN as string;
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    // Logging out a second time ends nothing and records nothing.
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
    expect((await run('users', ['set-permissions', 'Ana@utility.test', 'REPORTING,SUPPRESSION'])).code).toBe(
      0,
    );
    expect((await run('users', ['disable', 'ana@utility.test'])).code).toBe(0);
    const key = await run('users', ['api-key-create', 'engine']);
    expect(key.code).toBe(0);
    await recordAudit(t.ctx.db, { userId: null, actor: 'system' }, 'report.alert', 'dataset 7', {
      to: 'a@b.c',
    });

    const lines = await run('audit-log', ['--since', since]);
    expect(lines.code).toBe(0);
    const TIME = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';
    const expected = [
      `${CLI}  user.add  ana@utility.test  {"permissions":["REPORTING"]}`,
      `ana@utility.test  auth.sign-in  ana@utility.test  {"ip":"127.0.0.1"}`,
      'ana@utility.test  auth.sign-out  ana@utility.test  {}',
      `${CLI}  user.permissions  ana@utility.test  {"after":["REPORTING","SUPPRESSION"],"before":["REPORTING"]}`,
      `${CLI}  user.disable  ana@utility.test  {"sessionsEnded":0}`,
      `${CLI}  api-key.create  engine  {"permissions":["INGEST"]}`,
      'system  report.alert  dataset 7  {"to":"a@b.c"}',
    ];
    const printed = lines.stdout.split('\n').filter(Boolean);
    expect(printed).toHaveLength(expected.length);
    printed.forEach((line, i) => {
      expect(line).toMatch(new RegExp(`^${TIME}  `));
      expect(line.slice(22)).toBe(expected[i]);
    });
    expect(lines.stderr).toMatch(/^7 entries from \S+ to \S+\.\n$/);

    const csv = await run('audit-log', ['--since', since, '--action', 'auth.', '--csv']);
    const rows = csv.stdout.split('\r\n');
    expect(rows[0]).toBe('TIME,ACTOR,ACTION,TARGET,DETAILS');
    expect(rows.slice(1).map((r) => r.replace(new RegExp(`^${TIME},`), ''))).toEqual([
      'ana@utility.test,auth.sign-in,ana@utility.test,"{""ip"":""127.0.0.1""}"',
      'ana@utility.test,auth.sign-out,ana@utility.test,{}',
      '',
    ]);
    expect(csv.stderr).toMatch(/^2 entries from /);

    const byActor = await run('audit-log', [
      '--since',
      since,
      '--actor',
      CLI.toUpperCase(),
      '--action',
      'api-key',
    ]);
    expect(byActor.stdout.slice(22)).toBe(`${CLI}  api-key.create  engine  {"permissions":["INGEST"]}\n`);

    const bad = await run('audit-log', ['--since', 'last week']);
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '--since last week is not a time: write a date (2026-11-23), a date and time with its offset (2026-11-23T08:00:00-08:00) or a span back from now (30m, 12h, 7d).\n',
    });
  });

  it('ends quietly, its database closed, when its reader stops reading (| head)', async () => {
    // 3,000 entries of ~90 bytes: more than a pipe holds, so the command is still writing when the reader goes.
    await t.ctx.db.query(
      `INSERT INTO audit_log (at, actor, action, target, details)
       SELECT '2025-06-01T00:00:00Z'::timestamptz + n * interval '1 second', 'system', 'pipe.test', 'entry ' || n,
              '{"padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}'
         FROM generate_series(1, 3000) n`,
    );
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, '..', 'cli', 'audit-log.ts'),
        '--since',
        '2025-06-01',
        '--until',
        '2025-06-02',
      ],
      { env: { PATH: process.env.PATH, DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir.path } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const first = await new Promise<string>((resolve) =>
      child.stdout.once('data', (chunk) => resolve(String(chunk))),
    );
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(first).toMatch(/^2025-06-01T00:00:01Z {2}system {2}pipe\.test {2}entry 1 {2}/);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('records who signed a session in, by the stored e-mail, whatever case was typed', async () => {
    await userService(t.ctx.db).add({
      email: 'Bo@Utility.test',
      fullname: 'Bo',
      clientHash: clientHashOf('Bo-secret-pw-12'),
      permissions: [],
    });
    await t.app.inject({ url: `/api/login/bo@utility.test/${clientHashOf('Bo-secret-pw-12')}` });
    const { rows } = await t.ctx.db.query(
      "SELECT actor, target FROM audit_log WHERE action IN ('user.add', 'auth.sign-in') AND target = 'Bo@Utility.test' ORDER BY id",
    );
    expect(rows).toEqual([
      { actor: 'system', target: 'Bo@Utility.test' },
      { actor: 'Bo@Utility.test', target: 'Bo@Utility.test' },
    ]);
  });
});
