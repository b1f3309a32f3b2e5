import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { eventually } from '../completion/test-fixture.ts';
import { registerWorker, sendJob } from './wake.ts';

/**
 * A job sent by this process starts at once when this process runs its queue's worker, instead of at the worker's
 * next look. The worker here looks only every 60 s, after a first look when it starts: a job it finds sooner than
 * that was found because it was woken.
 */
describe('sendJob', () => {
  let t: TestApp;
  const ran: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (const queue of ['wake-test', 'unwoken-test']) {
      await t.ctx.boss.createQueue(queue);
      const workerId = await t.ctx.boss.work<{ n: string }>(
        queue,
        { pollingIntervalSeconds: 60 },
        async ([job]) => {
          if (job) ran.push(`${queue}:${job.data.n}`);
        },
      );
      if (queue === 'wake-test') registerWorker(t.ctx.boss, queue, workerId);
    }
    // Past the workers' first look, into their 60 s wait.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  });
  afterAll(() => t.close());

  it("wakes this process's worker of the job's queue, which runs the job long before its next look", async () => {
    const id = await sendJob(t.ctx.boss, 'wake-test', { n: 'first' }, {});
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(
      async () => (ran.includes('wake-test:first') ? true : undefined),
      15_000,
      'the woken job',
    );
    // Woken again for the next job.
    await sendJob(t.ctx.boss, 'wake-test', { n: 'second' }, {});
    await eventually(
      async () => (ran.includes('wake-test:second') ? true : undefined),
      15_000,
      'the second job',
    );
    expect(ran).toEqual(['wake-test:first', 'wake-test:second']);
  });

  it('leaves a queue whose worker this process did not register to its polling: sent, not run yet', async () => {
    const id = await sendJob(t.ctx.boss, 'unwoken-test', { n: 'waiting' }, {});
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(ran).not.toContain('unwoken-test:waiting');
    expect((await t.ctx.boss.getJobById('unwoken-test', id as string))?.state).toBe('created');
  });
});
