import { randomBytes } from 'node:crypto';
import type { Permission } from '@psps/contracts';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { clientHashOf } from '../src/auth/passwords.ts';
import { authService } from '../src/auth/service.ts';
import { userService } from '../src/auth/users.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import type { App } from '../src/http/types.ts';
import { createQueue } from '../src/jobs/queue.ts';

export type TestApp = {
  app: App;
  ctx: AppContext;
  databaseUrl: string;
  /** Creates a user with these permissions, signs in through the API and returns the session token. */
  signIn: (permissions: Permission[], email?: string) => Promise<string>;
  close: () => Promise<void>;
};

/** A fresh, migrated database of its own, and the real app on it (no HTTP port; use app.inject). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const base = inject('databaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await migrate(databaseUrl);

  const config: Config = { ...loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl }), ...overrides };
  const db = createPool(databaseUrl, 10);
  const streamDb = createPool(databaseUrl, 4);
  const boss = await createQueue(databaseUrl, () => {});
  const ctx: AppContext = { config, db, streamDb, auth: authService(db, config), boss };
  const app = await buildApp(ctx, { webDist: null });
  await app.ready();

  let n = 0;
  const signIn = async (
    permissions: Permission[],
    email = `user${++n}-${randomBytes(3).toString('hex')}@test.local`,
  ) => {
    await userService(db).add({
      email,
      fullname: `Test ${email}`,
      clientHash: clientHashOf('secret-pw'),
      permissions,
    });
    const res = await app.inject({ method: 'GET', url: `/api/login/${email}/${clientHashOf('secret-pw')}` });
    const body = res.json();
    if (body[0][0].LOGIN_VALID !== 1) throw new Error(`sign-in failed: ${res.body}`);
    return body[1][0].SESSION_TOKEN as string;
  };

  return {
    app,
    ctx,
    databaseUrl,
    signIn,
    close: async () => {
      await app.close();
      await boss.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => {});
      await db.end();
      await streamDb.end();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Waits until a statement whose text holds `text` waits for a lock in the test's database: a race's first step is then
 * where the test holds it, and the next step may start. Fails after about five seconds.
 */
export async function waitingOnLock(t: TestApp, text: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await t.ctx.db.query(
      "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND strpos(query, $1) > 0",
      [text],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no statement with "${text}" waited for a lock`);
}
