import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { estimatedRows, planOf, rowsRead, scansOf } from '../../test/plans.ts';
import { customerMessagesSql, LINKCLICK_SQL } from '../completion/report-csv.ts';

/**
 * The statements on the big tables (messages, link_codes) keep a plan that reads what they need, whatever the
 * planner's statistics say. A campaign created since the last ANALYZE is what the statistics do not know yet (on a big
 * table autovacuum analyses only after about a tenth of it changed, hours on a busy feed): the planner estimates
 * its keys from the average of the old ones, far below what the campaign holds. A plan resting on that estimate
 * (the messages walked as the outside of a loop, or once per row of the other side) would cost the whole table,
 * or the table times the campaign; these tests read the plans as PostgreSQL ran them on such a campaign.
 * docs/history.md ("SQL plan robustness audit outside suppression") has the figures of the same statements on
 * 3.3 to 4.5 million messages.
 */

let t: TestApp;

/** Campaigns known to the statistics: 200 children of 100 messages each (20,000), a tenth of them clicked. */
const OLD_CHILDREN = 200;
const OLD_PER_CHILD = 100;
/** The campaign the statistics do not know: root 90000 and its 3 children with 3,000 messages each. */
const NEW_ROOT = 90_000;
const NEW_PER_CHILD = 3_000;
const NEW_MESSAGES = 3 * NEW_PER_CHILD;
const NEW_CLICKED = NEW_MESSAGES / 10;

const MESSAGE_COLUMNS = `id, dataset_id, channel, customer_class, person_id, service_agreement_id, premise_id,
  premise_address, contact, language, status, status_at, attempts, link_clicked_at`;
/** Messages `first`..`last`, spread over `children` (dataset ids from `child0`), three per customer. */
const MESSAGES_SQL = `INSERT INTO messages (${MESSAGE_COLUMNS})
  SELECT i, $3::bigint + (i / $4::int) % $5::int, (ARRAY['PHON','SMS','EMAIL'])[i % 3 + 1],
         (ARRAY['MEDICAL_BASELINE','CRITICAL_ESSENTIAL','GENERAL'])[(i / $4::int) % 3 + 1],
         'P' || (i / 3), 'SA' || (i / 3), 'PR' || (i / 3), (i / 3) || ' Main St', '+1415' || (1000000 + i),
         'en', 'QUEUED', '2026-11-20T10:00:00Z', 0,
         CASE WHEN i % 10 = 0 THEN timestamptz '2026-11-20T11:00:00Z' END
    FROM generate_series($1::bigint, $2::bigint) i`;

beforeAll(async () => {
  t = await createTestApp();
  const q = (text: string, params: unknown[] = []) => t.ctx.db.query(text, params);
  await q(`INSERT INTO events (id, name, begin_at) VALUES (1, 'Known', now()), (2, 'New', now())`);
  await q(`INSERT INTO datasets (id, event_id, title) VALUES (10, 1, 'Known root')`);
  await q(
    `INSERT INTO datasets (id, event_id, root_id, customer_class, title)
     SELECT 10 + c, 1, 10, (ARRAY['MEDICAL_BASELINE','CRITICAL_ESSENTIAL','GENERAL'])[c % 3 + 1], 'Known ' || c
       FROM generate_series(1, $1::int) c`,
    [OLD_CHILDREN],
  );
  await q(MESSAGES_SQL, [1, OLD_CHILDREN * OLD_PER_CHILD, 11, OLD_PER_CHILD, OLD_CHILDREN]);
  await q(`INSERT INTO link_codes (code, message_id, target_url, click_count)
           SELECT 'k' || id, id, 'https://example.com/' || id, 1 FROM messages WHERE link_clicked_at IS NOT NULL`);
  // The statistics are taken here: the new campaign below is unknown to them.
  await q('ANALYZE events, datasets, messages, link_codes, dataset_rollups');
  await q(`INSERT INTO datasets (id, event_id, title) VALUES ($1, 2, 'New root')`, [NEW_ROOT]);
  await q(
    `INSERT INTO datasets (id, event_id, root_id, customer_class, title)
     SELECT $1::bigint + c, 2, $1, (ARRAY['MEDICAL_BASELINE','CRITICAL_ESSENTIAL','GENERAL'])[c], 'New ' || c
       FROM generate_series(1, 3) c`,
    [NEW_ROOT],
  );
  await q(MESSAGES_SQL, [1_000_000, 1_000_000 + NEW_MESSAGES - 1, NEW_ROOT + 1, NEW_PER_CHILD, 3]);
  await q(
    `INSERT INTO link_codes (code, message_id, target_url, click_count)
           SELECT 'n' || id, id, 'https://example.com/' || id, 2 FROM messages
            WHERE dataset_id > $1 AND link_clicked_at IS NOT NULL`,
    [NEW_ROOT],
  );
});
afterAll(() => t.close());

describe('plans on a campaign the database statistics do not know yet', () => {
  it('the statistics estimate the new campaign far below what it holds', async () => {
    const rows = await estimatedRows(t.ctx.db, 'SELECT * FROM messages WHERE dataset_id = $1', [
      NEW_ROOT + 1,
    ]);
    expect(rows).toBeLessThan(NEW_PER_CHILD / 10);
  });

  it('the report files read only the campaign’s messages, once per campaign, whatever the estimate', async () => {
    const reached = t.ctx.config.reachedStatuses;
    const params = [NEW_ROOT, reached.PHON, reached.SMS, reached.EMAIL];
    for (const [text, members] of [
      [customerMessagesSql(false), NEW_MESSAGES],
      [customerMessagesSql(true), NEW_PER_CHILD],
    ] as const) {
      const nodes = await planOf(t.ctx.db, text, params);
      expect(nodes[0]?.['Actual Rows']).toBe(members);
      const scans = scansOf(nodes, 'messages');
      // By the campaign index, one scan per campaign of the root (the root and its 3 children), never the table.
      expect(scans.map((s) => s['Node Type'])).not.toContain('Seq Scan');
      for (const s of scans) expect(s['Actual Loops']).toBeLessThanOrEqual(4);
      expect(rowsRead(nodes, 'messages')).toBe(NEW_MESSAGES);
    }
  });

  it('the LinkClick file reads the clicked messages of the campaign and probes their links one by one', async () => {
    const nodes = await planOf(t.ctx.db, LINKCLICK_SQL, [NEW_ROOT]);
    expect(nodes[0]?.['Actual Rows']).toBe(NEW_CLICKED);
    for (const s of scansOf(nodes, 'messages')) expect(s['Actual Loops']).toBeLessThanOrEqual(4);
    expect(rowsRead(nodes, 'messages')).toBe(NEW_CLICKED);
    const links = scansOf(nodes, 'link_codes');
    expect(links.map((s) => [s['Index Name'], s['Actual Loops'], s['Actual Rows']])).toEqual([
      ['link_codes_message_idx', NEW_CLICKED, 1],
    ]);
  });
});
