import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { QUEUE_SCHEMA } from '../jobs/job.ts';
import { seedDemo } from './seed.ts';

let t: TestApp;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  t = await createTestApp({ demoScale: 0.05 });
});
afterAll(async () => {
  await stop?.();
  await t.close();
});

describe('the demo seed', () => {
  it('asks for the due completion reports at once, not at the schedule’s next minute', async () => {
    const queued = async () =>
      (
        await t.ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${QUEUE_SCHEMA}.job WHERE name = 'completion-schedule'`,
        )
      ).rows[0]!.n;
    expect(await queued()).toBe(0);
    stop = await seedDemo(t.ctx, pino({ level: 'silent' }));
    expect(await queued()).toBe(1);
  });
});
