import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createPool, type Db } from '../db/pool.ts';
import { freezingProxy } from '../delivery/test-support/files.ts';
import { LOCK_LOST_TEXT, takeTransferLock, transferLockKey } from './transfer-lock.ts';

/**
 * The transfer lock's session reached through a link that goes silent: the database ends that session (and frees
 * the lock) once it hears nothing from it (about 25 seconds with the session's TCP keep-alives, 60 with its idle
 * limit), so the attempt holding it must stop writing before then, not when the operating system gives up on the
 * connection a quarter of an hour later, by which time a second attempt may be writing the same file.
 */
let t: TestApp;
let proxy: Awaited<ReturnType<typeof freezingProxy>>;
let viaProxy: Db;

/** Whether another session could take the lock now (it gives it back at once). */
async function lockIsFree(reportId: number): Promise<boolean> {
  const other = new pg.Client({ connectionString: t.databaseUrl });
  await other.connect();
  try {
    const { rows } = await other.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok',
      [transferLockKey(reportId)],
    );
    return rows[0]!.ok;
  } finally {
    await other.end();
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
/** A pool of its own for each test, whose connections go through a proxy the test can silence. */
beforeEach(async () => {
  const url = new URL(t.databaseUrl);
  proxy = await freezingProxy(Number(url.port));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  viaProxy = createPool(url.toString(), 2);
});
afterEach(async () => {
  await proxy.close();
  // Not waited for: a connection a failed test still holds would keep it from ending.
  void viaProxy.end().catch(() => {});
});

describe('the transfer lock over a link that goes silent', () => {
  it('tells the attempt to stop writing before the database could give the lock to another attempt', async () => {
    const lock = (await takeTransferLock(viaProxy, 9001, 0))!;
    expect(lock).toBeDefined();
    expect(await lockIsFree(9001)).toBe(false);
    proxy.freeze();
    const frozenAt = Date.now();
    const reason = await new Promise<unknown>((resolve) =>
      lock.lost.addEventListener('abort', () => resolve(lock.lost.reason), { once: true }),
    );
    expect((reason as Error).message).toBe(LOCK_LOST_TEXT);
    // Within a keep-alive period and the time its answer may take, well inside the database's 25 seconds.
    expect(Date.now() - frozenAt).toBeLessThan(20_000);
    expect(await lockIsFree(9001)).toBe(false);
    await lock.release();
  });

  it('gives up waiting for the lock, instead of waiting for ever, when the link goes silent meanwhile', async () => {
    const holder = await t.ctx.db.connect();
    await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [transferLockKey(9002)]);
    try {
      const waiting = takeTransferLock(viaProxy, 9002, 60_000).then(
        () => 'took it',
        (err: unknown) => err,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      proxy.freeze();
      const frozenAt = Date.now();
      const outcome = await waiting;
      expect(outcome).toBeInstanceOf(Error);
      expect(Date.now() - frozenAt).toBeLessThan(10_000);
    } finally {
      holder.release(true);
    }
  });
});
