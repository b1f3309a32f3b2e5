import fs from 'node:fs/promises';
import { choose, expect, ingest, signIn, snap, test } from '../fixtures.ts';

/**
 * Times are shown bare (YYYY-MM-DD HH:mm:ss) in the browser's zone; every screen with times says once which zone
 * that is, the events CSV writes each time with its offset, and the dashboard counts the operator's day.
 * The browser is in Los Angeles; the server runs in the machine's zone.
 */
test.use({ timezoneId: 'America/Los_Angeles' });

const EVENT = 990_901;
const ROOT = 990_910;
// Pacific Time: UTC-08:00 in winter, UTC-07:00 from March to November.
const NOTE = /^Times are in Pacific Time \(America\/Los_Angeles, now UTC-0[78]:00\)\.$/;

test.beforeAll(async ({ request }) => {
  await ingest(request, 'events', [
    { id_bint: EVENT, name_vch: 'E2E Zone PSPS', begin_dt: '2026-01-15T12:00:00Z' },
  ]);
  await ingest(request, 'datasets', [
    {
      dataset_id_bint: ROOT,
      event_id_bint: EVENT,
      title_vch: 'E2E Zone notice',
      created_dt: '2026-01-15T12:23:52.701Z',
      launched_dt: '2026-07-01T19:05:09Z',
    },
    {
      // Imported at 01:50 PDT, queued twenty minutes later at 01:10 PST: the night summer time ended.
      dataset_id_bint: ROOT + 1,
      event_id_bint: EVENT,
      title_vch: 'E2E Zone fall back',
      created_dt: '2026-11-01T08:50:00Z',
      launched_dt: '2026-11-01T09:10:00Z',
      processed_dt: '2026-11-01T10:30:00Z',
    },
  ]);
});

const SCREENS = [
  ['/admin/standard-reports-events', 'events'],
  ['/admin/standard-reports-all', 'all-channels'],
  ['/admin/voice', 'voice'],
  ['/admin/sms', 'sms'],
  ['/admin/email', 'email'],
  ['/admin/campaign-report', 'campaign-report'],
  ['/admin/launcher', 'launcher'],
  ['/admin/completion', 'completion'],
  ['/admin/adhoc-campaigns', 'adhoc-list'],
  ['/admin/suppression', 'suppression'],
] as const;

test('every screen with times says once which zone they are in', async ({ page }) => {
  await signIn(page, 'operator');
  for (const [path, name] of SCREENS) {
    await page.goto(path);
    const note = page.getByTestId('time-zone-note');
    await expect(note, path).toHaveCount(1);
    await expect(note, path).toHaveText(NOTE);
    await snap(page, `time-zone-${name}`);
  }
  // The template editor: upload, publish and outbox times.
  await page.goto('/admin/adhoc-campaigns');
  await page.getByTestId('adhoc-list').getByRole('row').nth(1).getByRole('button').first().click();
  await expect(page.getByTestId('template-status')).toBeVisible();
  await expect(page.getByTestId('time-zone-note')).toHaveCount(1);
  await expect(page.getByTestId('time-zone-note')).toHaveText(NOTE);
  await snap(page, 'time-zone-adhoc-editor');
});

test('the events CSV writes each time as the grid shows it, followed by its offset from UTC', async ({
  page,
}) => {
  await signIn(page, 'viewer');
  await page.goto('/admin/standard-reports-events');
  await choose(page, 'event-select', /\[E990901\//);
  const row = page.getByTestId('events-grid').getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(7)).toHaveText(/^2026-01-15\s*04:23:52$/);
  // In the hour shown twice when summer time ends, a time is followed by its offset; the next hour is bare again.
  const fallBack = page.getByTestId('events-grid').getByRole('row').nth(2).getByRole('cell');
  await expect(fallBack.nth(7)).toHaveText(/^2026-11-01\s*01:50:00 -07:00$/);
  await expect(fallBack.nth(8)).toHaveText(/^2026-11-01\s*01:10:00 -08:00$/);
  await expect(fallBack.nth(9)).toHaveText(/^2026-11-01\s*02:30:00$/);
  const download = page.waitForEvent('download');
  await page.getByText('Download CSV File').click();
  const file = await download;
  const lines = (await fs.readFile(await file.path(), 'utf8')).split('\r\n');
  // Imported in winter (PST), queued in summer (PDT).
  expect(lines[1]).toBe(
    '1,990901,E2E Zone PSPS,990910,990910,Root,E2E Zone notice,2026-01-15 04:23:52 -08:00,2026-07-01 12:05:09 -07:00,,0,0,0,0',
  );
  expect(lines[2]).toBe(
    '2,990901,E2E Zone PSPS,990911,990911,Root,E2E Zone fall back,2026-11-01 01:50:00 -07:00,2026-11-01 01:10:00 -08:00,2026-11-01 02:30:00 -08:00,0,0,0,0',
  );
});

test("the dashboard cards say which day they count: the operator's, in their zone", async ({ page }) => {
  await signIn(page, 'operator');
  // Today in Los Angeles, as a calendar would say it ('Sat 21 Nov').
  const dayAt = (at: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Los_Angeles',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    })
      .format(new Date(at))
      .replace(',', '');
  // The day the server counts when the page asks: a run that crosses midnight in Los Angeles (08:00 UTC) as the
  // page loads may see the next one.
  const asked = Date.now();
  await page.goto('/admin/dashboard');
  const today = [...new Set([dayAt(asked), dayAt(asked + 60_000)])].join('|');
  for (const card of ['Messages', 'Voice', 'SMS', 'e-Mail']) {
    await expect(page.getByTestId(`stat-${card}`).getByTestId('stat-day')).toHaveText(
      new RegExp(`^Today, (${today}) \\(Pacific Time\\)$`),
    );
  }
  await snap(page, 'time-zone-dashboard');
});
