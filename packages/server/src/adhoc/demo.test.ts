import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedAdhocDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ad hoc demo templates', () => {
  it('seeds four templates in several languages and channels, one published and one launched, only once', async () => {
    const log = pino({ level: 'silent' });
    await seedAdhocDemo(t.ctx, log);
    await seedAdhocDemo(t.ctx, log);
    const { rows } = await t.ctx.db.query(
      `SELECT c.name, c.status, count(t.id)::int AS records, count(DISTINCT t.language)::int AS languages
         FROM adhoc_campaigns c JOIN adhoc_templates t ON t.campaign_id = c.id
        GROUP BY c.id ORDER BY c.id`,
    );
    expect(rows).toEqual([
      { name: 'North Bay wind event: initial notice', status: 'LAUNCHED', records: 6, languages: 2 },
      { name: 'Sierra foothills: 48-hour advance notice', status: 'PUBLISHED', records: 12, languages: 4 },
      { name: 'Central Coast: power restored', status: 'DRAFT', records: 2, languages: 2 },
      { name: 'Bay Area: event cancelled (draft)', status: 'DRAFT', records: 3, languages: 2 },
    ]);
    const snapshots = await t.ctx.db.query('SELECT count(*)::int AS n FROM adhoc_publish_snapshots');
    expect(snapshots.rows[0].n).toBe(2);
  });
});
