import fs from 'node:fs/promises';
import { choose, expect, ingest, signIn, snap, test } from '../fixtures.ts';

/**
 * Report screens of document 1 §2 against the demo server. The tests play the messaging engine through the
 * ingest API with ids far above the demo's, so every expected number below is known in advance.
 *
 * The ids are those of the attempt: a retry (playwright.config.ts: retries 1) runs this serial file again from
 * its start against the data the first attempt already added, so it takes its own ids, 1,000 higher (messages
 * 1,000,000 higher). The first attempt's are the ones written here.
 */
let EVENT = 990_001;
let ROOT = 990_100;
let MB = 990_101;
let GENERAL = 990_103;
let CRITICAL = 990_102;
let EMPTY_ROOT = 990_200;
let NEW_ROOT = 990_300;
let TYPING_EVENT = 990_002;
let TYPING_ROOT = 990_400;
let TYPING_GENERAL = 990_401;
let DASHBOARD_EVENT = 990_003;
let DASHBOARD_ROOT = 990_500;
let DASHBOARD_GENERAL = 990_501;
let nextMessage = 990_000_000;
function useAttempt(retry: number) {
  const shift = retry * 1000;
  EVENT = 990_001 + shift;
  ROOT = 990_100 + shift;
  MB = 990_101 + shift;
  GENERAL = 990_103 + shift;
  CRITICAL = 990_102 + shift;
  EMPTY_ROOT = 990_200 + shift;
  NEW_ROOT = 990_300 + shift;
  TYPING_EVENT = 990_002 + shift;
  TYPING_ROOT = 990_400 + shift;
  TYPING_GENERAL = 990_401 + shift;
  DASHBOARD_EVENT = 990_003 + shift;
  DASHBOARD_ROOT = 990_500 + shift;
  DASHBOARD_GENERAL = 990_501 + shift;
  nextMessage = 990_000_000 + retry * 1_000_000;
}
const now = new Date().toISOString();
// Imported yesterday (the demo simulator drives only the demo's own campaigns, ids below 900,000, since the
// seventeenth session; the date is kept as it was).
const created_dt = new Date(Date.now() - 86_400_000).toISOString();

function messages(dataset: number, channel: 'PHON' | 'SMS' | 'EMAIL', statuses: Record<string, number>) {
  return Object.entries(statuses).flatMap(([status, n]) =>
    Array.from({ length: n }, () => {
      const id = nextMessage++;
      return {
        id_bint: id,
        dataset_id_bint: dataset,
        channel,
        person_id_vch: `P${id}`,
        service_agreement_id_vch: `SA${id}`,
        premise_id_vch: `PR${id}`,
        contact_vch: channel === 'EMAIL' ? `c${id}@example.com` : `+1415555${String(id).slice(-4)}`,
        status_vch: status,
        status_dt: now,
      };
    }),
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }, testInfo) => {
  useAttempt(testInfo.retry);
  await ingest(request, 'events', [{ id_bint: EVENT, name_vch: 'E2E Ridge Fire PSPS', begin_dt: now }]);
  await ingest(request, 'datasets', [
    {
      dataset_id_bint: ROOT,
      created_dt,
      event_id_bint: EVENT,
      title_vch: 'E2E Ridge 48h notice',
      tag_title_vch: 'PSPS 48-hour notice',
      tag_line_vch: 'Power may be shut off in your area',
      launched_dt: now,
    },
    {
      dataset_id_bint: MB,
      created_dt,
      event_id_bint: EVENT,
      rootDataset_bint: ROOT,
      customer_class: 'MEDICAL_BASELINE',
      title_vch: 'E2E Ridge 48h notice (Medical Baseline)',
      launched_dt: now,
    },
    {
      dataset_id_bint: GENERAL,
      created_dt,
      event_id_bint: EVENT,
      rootDataset_bint: ROOT,
      customer_class: 'GENERAL',
      title_vch: 'E2E Ridge 48h notice (General)',
      launched_dt: now,
    },
    { dataset_id_bint: EMPTY_ROOT, created_dt, event_id_bint: EVENT, title_vch: 'E2E Ridge all clear' },
  ]);
  await ingest(request, 'messages', [
    // Voice 80% / 10% / 10%: every slice labelled.
    ...messages(MB, 'PHON', { ANSWERED: 8, BUSY: 1, FAILED: 1 }),
    // SMS 60% / 30% / 10%: Delivered and Undelivered labelled, Failed not.
    ...messages(MB, 'SMS', { DELIVERED: 6, UNDELIVERED: 3, FAILED: 1 }),
    // E-mail 90% / 10%: only Delivered labelled.
    ...messages(MB, 'EMAIL', { DELIVERED: 9, BOUNCED: 1 }),
  ]);
});

test.describe('Events report', () => {
  test('choosing an event shows the events grid and, per campaign, a title and a campaign tree', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await page.goto('/admin/standard-reports-events');
    await expect(page.getByTestId('event-select')).toHaveValue('--- select an event ---');
    await expect(page.getByTestId('events-grid')).toHaveCount(0);

    await choose(page, 'event-select', new RegExp(`\\[E${EVENT}/N30\\] E2E Ridge Fire PSPS$`));
    const grid = page.getByTestId('events-grid');
    await expect(grid.getByRole('columnheader')).toHaveText([
      '#',
      'MB-EVT-ID',
      'Event Name',
      'MB-DS-ID',
      'MB-ROOT-ID',
      'Type',
      'Title',
      'Imported',
      'Queued',
      'Processed',
      'Total Messages',
      'Voice Count',
      'SMS Count',
      'e-Mail Count',
    ]);
    await expect(grid.getByRole('row')).toHaveCount(1 + 4);
    await expect(grid.getByText('Download CSV File')).toBeVisible();

    const trees = page.getByTestId('tree-section');
    await expect(trees).toHaveCount(2);
    const ridge = trees.filter({ hasText: `[${ROOT}] E2E Ridge 48h notice` });
    await expect(ridge.getByTestId('tree-root')).toContainText(`ID ${ROOT}`);
    await expect(ridge.getByTestId('tree-root')).toContainText('Total30');
    await expect(ridge.locator('[data-row="Medical Baseline"]')).toContainText(`ID ${MB}`);
    await expect(ridge.locator('[data-row="Critical Essential"]')).toContainText('none');
    await expect(ridge.locator('[data-row="General"]')).toContainText(`ID ${GENERAL}`);
    // Not launched, not completed: '-' for the missing dates.
    const empty = trees.filter({ hasText: `[${EMPTY_ROOT}] E2E Ridge all clear` });
    await expect(empty.getByTestId('tree-root')).toContainText('Launched-');
    await snap(page, 'reports-events-1280');
    await page.setViewportSize({ width: 900, height: 800 });
    await snap(page, 'reports-events-900');
  });

  test('the CSV download sends the session and shows the download toast', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/admin/standard-reports-events');
    await choose(page, 'event-select', new RegExp(`\\[E${EVENT}/`));
    const download = page.waitForEvent('download');
    await page.getByText('Download CSV File').click();
    await expect(page.getByText('Download in progress. This may take a few minutes.')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`event-${EVENT}.csv`);
    // Its times are the ones the grid shows (the browser's time zone, YYYY-MM-DD HH:mm:ss), each followed by its
    // offset from UTC (time-zones.spec.ts checks the values in Los Angeles).
    const lines = (await fs.readFile(await file.path(), 'utf8')).split('\r\n');
    const firstRow = page.getByTestId('events-grid').getByRole('row').nth(1);
    const shownImported = (await firstRow.getByRole('cell').nth(7).innerText()).replace(/\s+/g, ' ').trim();
    expect(shownImported).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(lines[1]!.split(',')[7]).toMatch(new RegExp(`^${shownImported} [+-]\\d{2}:\\d{2}$`));
  });

  test('the tree reloads by itself and shows a campaign added through the ingest API', async ({
    page,
    request,
  }) => {
    await signIn(page, 'viewer', { pollMs: 1000 });
    await page.goto('/admin/standard-reports-events');
    // The last choice is remembered per screen only within a browser session; choose again.
    await choose(page, 'event-select', new RegExp(`\\[E${EVENT}/`));
    const ridge = page.getByTestId('tree-section').filter({ hasText: `[${ROOT}]` });
    await expect(ridge.locator('[data-row="Critical Essential"]')).toContainText('none');
    await ingest(request, 'datasets', [
      {
        dataset_id_bint: CRITICAL,
        created_dt,
        event_id_bint: EVENT,
        rootDataset_bint: ROOT,
        customer_class: 'CRITICAL_ESSENTIAL',
        title_vch: 'E2E Ridge 48h notice (Critical Essential)',
      },
    ]);
    await expect(ridge.locator('[data-row="Critical Essential"]')).toContainText(`ID ${CRITICAL}`);
    await expect(page.getByTestId('events-grid').getByRole('row')).toHaveCount(1 + 5);
  });

  test('a reload the server never answers is given up: the grid says so, keeps its data and reloads later', async ({
    page,
  }) => {
    await signIn(page, 'viewer', { pollMs: 1000 });
    await page.goto('/admin/standard-reports-events');
    await choose(page, 'event-select', new RegExp(`\\[E${EVENT}/`));
    const grid = page.getByTestId('events-grid');
    await expect(grid.getByRole('row')).not.toHaveCount(0);
    // From now on the grid's call hangs (a stalled proxy or connection): no answer, no error.
    await page.route('**/api/sql/proc_reports_gridTreeEvents/**', () => {});
    const problem = page.getByTestId('load-problem');
    await expect(problem).toContainText('The events grid could not be reloaded', { timeout: 30_000 });
    await expect(problem).toContainText('The server did not answer in time. The page retries by itself.');
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // Answered again: the next reload clears the notice.
    await page.unroute('**/api/sql/proc_reports_gridTreeEvents/**');
    await expect(problem).toHaveCount(0, { timeout: 20_000 });
  });

  test("what is typed in the open dropdown stays when a reload changes the chosen event's record count", async ({
    page,
    request,
  }) => {
    // An event of its own, so that the counts the other tests expect stay as they are.
    await ingest(request, 'events', [
      { id_bint: TYPING_EVENT, name_vch: 'E2E Typing Wind Event', begin_dt: now },
    ]);
    await ingest(request, 'datasets', [
      { dataset_id_bint: TYPING_ROOT, created_dt, event_id_bint: TYPING_EVENT, title_vch: 'E2E Typing root' },
      {
        dataset_id_bint: TYPING_GENERAL,
        created_dt,
        event_id_bint: TYPING_EVENT,
        rootDataset_bint: TYPING_ROOT,
        customer_class: 'GENERAL',
        title_vch: 'E2E Typing root (General)',
      },
    ]);
    await ingest(request, 'messages', messages(TYPING_GENERAL, 'SMS', { QUEUED: 3 }));
    await signIn(page, 'viewer', { pollMs: 1000 });
    await page.goto('/admin/standard-reports-events');
    await choose(page, 'event-select', new RegExp(`\\[E${TYPING_EVENT}/N3\\] E2E Typing Wind Event$`));
    const select = page.getByTestId('event-select');
    await expect(select).toHaveValue(new RegExp(`\\[E${TYPING_EVENT}/N3\\] E2E Typing Wind Event$`));
    const label = await select.inputValue();
    await select.click();
    await page.keyboard.type('Sierra');
    await expect(page.getByRole('option')).toHaveCount(1);
    // The engine imports two more messages into the chosen event: its entry now reads N5.
    await ingest(request, 'messages', messages(TYPING_GENERAL, 'SMS', { QUEUED: 2 }));
    await page.waitForTimeout(2500);
    await expect(select).toHaveValue('Sierra');
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(select).toHaveValue(label.replace('/N3]', '/N5]'));
  });
});

test.describe('Voice, SMS and e-mail reports', () => {
  const cases = [
    {
      path: '/admin/voice',
      name: 'voice',
      channel: 'Voice',
      labels: ['Answered (person) 80.0%', 'Busy 10.0%', 'Failed 10.0%'],
    },
    { path: '/admin/sms', name: 'sms', channel: 'SMS', labels: ['Delivered 60.0%', 'Undelivered 30.0%'] },
    { path: '/admin/email', name: 'email', channel: 'e-Mail', labels: ['Delivered 90.0%'] },
  ];
  for (const c of cases) {
    test(`${c.channel}: a chosen campaign shows the stats card and a pie labelled by the channel's rule`, async ({
      page,
    }) => {
      await signIn(page, 'viewer');
      await page.goto(c.path);
      await expect(page.getByTestId('campaign-select')).toHaveValue('--- select a campaign ---');
      await expect(page.getByTestId('stats-card')).toHaveCount(0);
      await choose(page, 'campaign-select', new RegExp(`\\[${ROOT}\\] E2E Ridge 48h notice$`));

      const card = page.getByTestId('stats-card');
      await expect(card.getByTestId('stats-channel')).toHaveText(c.channel);
      await expect(card.getByTestId('stats-total')).toHaveText('10');
      await expect(card.getByTestId('stats-launched')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      await expect(card.getByTestId('stats-tag-title')).toHaveText('PSPS 48-hour notice');
      await expect(page.getByTestId('pie-label')).toHaveText(c.labels);
      await snap(page, `reports-${c.name}-1280`);

      // The choice survives a reload.
      await page.reload();
      await expect(page.getByTestId('stats-total')).toHaveText('10');
      await page.setViewportSize({ width: 900, height: 800 });
      await snap(page, `reports-${c.name}-900`);
    });
  }

  test('on a 520 px phone every voice label stays inside the chart, and the channel is not drawn under the total', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await page.setViewportSize({ width: 520, height: 800 });
    await page.goto('/admin/voice');
    await choose(page, 'campaign-select', new RegExp(`\\[${ROOT}\\]`));
    // No room for 'Answered (person) 80.0%' beside a pie: each slice keeps its share, the legend names it.
    await expect(page.getByTestId('pie-label')).toHaveText(['80.0%', '10.0%', '10.0%']);
    const chart = await page.getByTestId('status-pie').locator('svg').first().boundingBox();
    for (const label of await page.getByTestId('pie-label').locator('text').all()) {
      const box = await label.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(chart?.x ?? Number.NaN);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((chart?.x ?? 0) + (chart?.width ?? 0));
    }
    // The channel's name fits its own box (squeezed, it ran on under the total), and that box is beside or above the total's.
    expect(await page.getByTestId('stats-channel').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(
      true,
    );
    const channel = await page.getByTestId('stats-channel').boundingBox();
    const total = await page.getByTestId('stats-total').boundingBox();
    const apart =
      (channel?.x ?? 0) + (channel?.width ?? 0) <= (total?.x ?? 0) ||
      (channel?.y ?? 0) + (channel?.height ?? 0) <= (total?.y ?? 0);
    expect(apart).toBe(true);
    await snap(page, 'reports-voice-520');
  });

  test('the SMS legend lists every status with its percentage', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/admin/sms');
    await choose(page, 'campaign-select', new RegExp(`\\[${ROOT}\\]`));
    // Typing in the dropdown searches: what is typed replaces the entry shown, chosen or not.
    await page.getByTestId('campaign-select').click();
    await page.keyboard.type('48h notice');
    await expect(page.getByTestId('campaign-select')).toHaveValue('48h notice');
    await expect(
      page.getByRole('option', { name: new RegExp(`\\[${ROOT}\\] E2E Ridge 48h notice$`) }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('campaign-select')).toHaveValue(
      new RegExp(`\\[${ROOT}\\] E2E Ridge 48h notice$`),
    );
    await expect(page.getByTestId('legend-item')).toHaveText([
      'Delivered60.0%6',
      'Undelivered30.0%3',
      'Failed10.0%1',
    ]);
  });

  test('the pie is one named picture, not two nameless Tab stops: the keyboard goes on to the next control', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await page.goto('/admin/sms');
    await choose(page, 'campaign-select', new RegExp(`\\[${ROOT}\\]`));
    await expect(
      page.getByRole('img', {
        name: 'SMS delivery status: Delivered 60.0%, Undelivered 30.0%, Failed 10.0%',
      }),
    ).toBeVisible();
    await page.getByTestId('campaign-select').focus();
    await page.keyboard.press('Tab');
    expect(await page.getByTestId('status-pie').evaluate((el) => el.contains(document.activeElement))).toBe(
      false,
    );
  });
});

test.describe('All Channels summary', () => {
  test("shows 'NO DATA AVAILABLE' for a campaign without a summary yet", async ({ page, request }) => {
    // A campaign created now: its first snapshot comes with the next 10-minute run.
    await ingest(request, 'datasets', [
      { dataset_id_bint: NEW_ROOT, created_dt, event_id_bint: EVENT, title_vch: 'E2E Ridge de-energized' },
    ]);
    await signIn(page, 'viewer');
    await page.goto('/admin/standard-reports-all');
    await choose(page, 'campaign-select', new RegExp(`\\[${NEW_ROOT}\\] E2E Ridge de-energized$`));
    await expect(page.getByTestId('summary-no-data')).toHaveText('NO DATA AVAILABLE');
    await expect(page.getByTestId('summary-note')).toContainText('updates arrive every 10 minutes');
  });

  test('shows ALL, VOICE, SMS, E-MAIL by IMPORTED, QUEUED, COMPLETED with the time of the snapshot', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await page.goto('/admin/standard-reports-all');
    await choose(page, 'campaign-select', /\[40001\]/);
    const table = page.getByTestId('summary-table');
    await expect(table.getByRole('columnheader')).toHaveText(['', 'IMPORTED', 'QUEUED', 'COMPLETED']);
    await expect(table.locator('tbody th')).toHaveText(['ALL', 'VOICE', 'SMS', 'E-MAIL']);
    await expect(page.getByTestId('summary-note')).toHaveText(
      // 40001 completed before its last snapshot: the note says its counts are final (a campaign still running
      // says the channel reports are live instead; report-views.test.tsx).
      /^This report refreshes automatically; updates arrive every 10 minutes\. Counts current as of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\. The campaign completed at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d; a status that changes after that \(a late delivery receipt, an e-mail opened later\) shows in the next snapshot\.$/,
    );
    await snap(page, 'reports-all-1280');
  });
});

test.describe('Combined campaign report', () => {
  test('one campaign drives the summary, the events grid, the tree and the three channel sections', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await page.goto('/admin/campaign-report');
    await choose(page, 'campaign-select', new RegExp(`\\[${ROOT}\\]`));
    await expect(page.getByTestId('summary-section')).toBeVisible();
    // The grid for the chosen dataset: the header, then 990100 and its children (two from the start, a third once
    // the tree test below has run), not the event's other campaigns (990200, and 990300 once added).
    const grid = page.getByTestId('events-grid');
    const rootIds = grid.getByRole('row').locator('td:nth-child(5)');
    await expect(grid.getByRole('row').nth(1).locator('td:nth-child(4)')).toHaveText(`${ROOT}`);
    await expect.poll(async () => [...new Set(await rootIds.allInnerTexts())]).toEqual([`${ROOT}`]);
    const shown = await rootIds.count();
    expect(shown).toBeGreaterThanOrEqual(3);
    await expect(grid).toContainText(`${shown} campaigns`);
    const download = page.waitForEvent('download');
    await grid.getByText('Download CSV File').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`event-${EVENT}-campaign-${ROOT}.csv`);
    const lines = (await fs.readFile(await file.path(), 'utf8')).split('\r\n').slice(1, -1);
    expect(lines.map((line) => line.split(',')[4])).toEqual(Array(shown).fill(`${ROOT}`));
    await expect(page.getByTestId('tree-root')).toContainText(`ID ${ROOT}`);
    for (const kind of ['voice', 'sms', 'email']) {
      await expect(page.getByTestId(`channel-report-${kind}`).getByTestId('stats-total')).toHaveText('10');
    }
    // Which numbers are the 10-minute snapshot and which are live.
    await expect(
      page.getByRole('heading', { name: 'All channels: snapshot every 10 minutes' }),
    ).toBeVisible();
    await expect(page.getByTestId('summary-note')).toContainText(
      'This summary is a snapshot taken every 10 minutes; the voice, SMS and e-mail sections below are live, so their counts may be ahead of it.',
    );
    await expect(page.getByRole('heading', { name: /: live$/ })).toHaveText([
      'Voice: live',
      'SMS: live',
      'e-Mail: live',
    ]);
    await snap(page, 'reports-campaign-1280');
  });
});

test.describe('Campaign tree', () => {
  test('shows each card title whole, its customer-class ending included, at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'viewer');
    await page.goto('/admin/campaign-report');
    await choose(page, 'campaign-select', /\[40101\]/);
    const titles = page.getByTestId('campaign-tree').getByTestId('tree-card-title');
    await expect(titles).toHaveText([
      'North Bay Wind Event: 48-Hour Advance Notice',
      'North Bay Wind Event: 48-Hour Advance Notice (Medical Baseline)',
      'North Bay Wind Event: 48-Hour Advance Notice (Critical Essential)',
      'North Bay Wind Event: 48-Hour Advance Notice (General)',
    ]);
    for (const title of await titles.all()) {
      const clipped = await title.evaluate(
        (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
      );
      expect(clipped).toBe(false);
    }
    await snap(page, 'reports-tree-1440');
  });
});

test.describe('Dashboard', () => {
  test("shows today's counts; the Messages card only with OBJECT_ONE, a blank in its place otherwise", async ({
    page,
    request,
  }) => {
    // Counted by the day they are ingested: 10 voice messages ingested now, not in beforeAll (a run may cross
    // midnight in between). A campaign and event of their own, launched yesterday: the lists other tests read
    // keep their order.
    await ingest(request, 'events', [
      { id_bint: DASHBOARD_EVENT, name_vch: 'E2E Dashboard Count', begin_dt: now },
    ]);
    await ingest(request, 'datasets', [
      {
        dataset_id_bint: DASHBOARD_ROOT,
        created_dt,
        event_id_bint: DASHBOARD_EVENT,
        title_vch: 'E2E Dashboard count',
        launched_dt: created_dt,
      },
      {
        dataset_id_bint: DASHBOARD_GENERAL,
        created_dt,
        event_id_bint: DASHBOARD_EVENT,
        rootDataset_bint: DASHBOARD_ROOT,
        customer_class: 'GENERAL',
        title_vch: 'E2E Dashboard count (General)',
        launched_dt: created_dt,
      },
    ]);
    await ingest(request, 'messages', messages(DASHBOARD_GENERAL, 'PHON', { ANSWERED: 10 }));
    await signIn(page, 'viewer');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('stat-blank')).toHaveCount(1);
    await expect(page.getByTestId('stat-Messages')).toHaveCount(0);
    // At least the 10 voice messages ingested above were created today.
    const voice = page.getByTestId('stat-Voice').getByTestId('stat-value');
    await expect(voice).toHaveText(/^[\d,]+$/);
    expect(Number((await voice.textContent())?.replaceAll(',', ''))).toBeGreaterThanOrEqual(10);

    await signIn(page, 'operator');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('stat-Messages').getByTestId('stat-value')).toHaveText(/^[\d,]+$/);
    await snap(page, 'reports-dashboard-1280');
  });
});
