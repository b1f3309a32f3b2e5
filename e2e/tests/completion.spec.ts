import type { Page } from '@playwright/test';
import { COMPLETION_TEXTS, TOASTS } from '@psps/contracts';
import { expect, signIn, snap, test } from '../fixtures.ts';

type StoredRow = { ID: number; UPDATE_XT: number; TRANSFER_STATE: string; FILE_TRANSFER_TIME: string | null };

async function storedList(page: Page): Promise<{ rows: StoredRow[]; xt: number }> {
  return page.evaluate(() => ({
    rows: JSON.parse(localStorage.getItem('completionReports') ?? '[]'),
    xt: Number(localStorage.getItem('completionReports_xt')),
  }));
}

/**
 * Makes sure a completion report exists now, rather than waiting for the scheduler's next minute: launches that of
 * the first campaign of the Custom Reports list as the operator (early, if need be) and answers its dataset id.
 */
async function launchCompletionReport(page: Page, token: string): Promise<number> {
  const bearer = { authorization: `Bearer ${token}` };
  const campaigns = await (await page.request.get('/api/v1/launcher/campaigns', { headers: bearer })).json();
  const datasetId: number = campaigns[0][0].dataset_id_bint;
  const launched = await page.request.get(`/api/launch-completion-report/${token}/${datasetId}`, {
    headers: bearer,
  });
  expect(launched.status()).toBe(202);
  return datasetId;
}

test('launches a MedBase report from the Custom Reports list: toast, then the row shows the file arrive', async ({
  page,
}) => {
  await signIn(page, 'operator', { pollMs: 1000 });
  await page.goto('/admin/launcher');
  await expect(page.getByTestId('launcher-note')).toContainText(COMPLETION_TEXTS.launcherNote);
  const headers = page.getByTestId('launcher-table').locator('thead th');
  await expect(headers).toHaveText(['#', 'Campaign Title', 'Dataset ID', 'Campaign Launch Time', 'Actions']);

  const first = page.locator('[data-testid^="launcher-row-"]').first();
  await expect(first).toBeVisible();
  await expect(first.locator('td').first()).toHaveText('1');
  // That row from now on: a campaign the demo simulator launches meanwhile goes to the top of the list.
  const row = page.getByTestId((await first.getAttribute('data-testid')) ?? '');
  const shade = Number(await row.getAttribute('data-shade'));
  expect(shade).toBeGreaterThanOrEqual(0);
  expect(shade).toBeLessThanOrEqual(15);

  const launch = row.getByRole('button', { name: /^Download MedBase Report/ });
  await launch.hover();
  await expect(page.getByRole('tooltip', { name: 'Download MedBase Report' })).toBeVisible();
  await launch.click();
  await expect(page.getByText(TOASTS.fileTransferInProgress)).toBeVisible();

  const sent = row.getByTestId('sent-medbase');
  await expect(sent).toBeVisible();
  await snap(page, 'launcher-after-launch-1280');
  await expect(sent).toHaveAttribute('data-state', 'transferred', { timeout: 30_000 });
  await expect(sent).toContainText('MedBase: Transferred');
  // Said politely to a screen reader, once, as the file the operator launched arrives.
  await expect(page.getByTestId('launcher-announce')).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('launcher-announce')).toHaveText(
    /^MedBase Report of .+: File PGE_medbase_\d+_\d{14}\.csv arrived \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\./,
  );
  await page.keyboard.press('Escape');
  await snap(page, 'launcher-transferred-1280');

  await page.setViewportSize({ width: 900, height: 800 });
  await page.waitForTimeout(500);
  await expect(sent).toBeVisible();
  await snap(page, 'launcher-900');
});

test('keeps the completion list in the browser and merges a refreshed report by ID, across a reload', async ({
  page,
}) => {
  const token = await signIn(page, 'operator', { pollMs: 1000 });
  const datasetId = await launchCompletionReport(page, token);

  await page.goto('/admin/completion');
  await expect(page.getByTestId('completion-caption')).toHaveText(COMPLETION_TEXTS.caption);
  // Document 1 §2's words, its straight apostrophe included.
  expect(COMPLETION_TEXTS.caption).toBe(
    "Reports are generated 30 minutes after the medical-baseline retry logic completes and are sent automatically to the customer's server by file transfer.",
  );
  const headers = page.getByTestId('completion-table').locator('thead th');
  await expect(headers).toHaveText([
    'Report ID',
    'Campaign Title',
    'Dataset ID',
    'Campaign Launch Time',
    'MedBase Retry Time',
    'Completion Report Time',
    'File Transfer Time',
    'Actions',
  ]);

  // With nothing stored, the list is fetched at once, then changed rows are merged in as they come.
  const row = page.getByTestId(`completion-row-${datasetId}`);
  await expect(row).toHaveAttribute('data-state', 'transferred', { timeout: 45_000 });
  await expect(row.getByTestId('file-transfer-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const rows = page.locator('[data-testid^="completion-row-"]');
  // The stored list and the rows shown are read together, again if a check merged a new report in between
  // (the scheduler makes the reports of due campaigns every minute).
  let before = await storedList(page);
  await expect(async () => {
    before = await storedList(page);
    expect(before.xt).toBe(Math.max(...before.rows.map((r) => r.UPDATE_XT)));
    await expect(rows).toHaveCount(before.rows.length, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await snap(page, 'completion-1280');

  const target = before.rows.find((r) => r.ID === datasetId);
  if (!target) throw new Error('the launched report is not in the stored list');
  // A file nobody on this screen asked for is not announced; the one a refresh asks for is, when it arrives.
  const announced = page.getByTestId('completion-announce');
  await expect(announced).toHaveText('');
  await row.getByRole('button', { name: `Refresh report ${target.ID}` }).click();
  await expect(page.getByText(TOASTS.fileTransferInProgress)).toBeVisible();
  // While the new file is on its way the list is checked closely, and the footer says so.
  await expect(page.getByTestId('completion-checked')).toContainText(
    'checked again every 5 seconds until the file asked for has arrived or failed.',
  );

  // The changed row replaces its old version: one row per ID, a newer stamp, and the file arrives again.
  await expect
    .poll(
      async () => {
        const { rows: stored } = await storedList(page);
        const changed = stored.find((r) => r.ID === target.ID);
        return (
          changed !== undefined &&
          changed.UPDATE_XT > target.UPDATE_XT &&
          changed.TRANSFER_STATE === 'transferred'
        );
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  await expect(announced).toHaveText(
    new RegExp(`^Report ${target.ID}: File \\S+ arrived \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.$`),
  );
  let after = await storedList(page);
  await expect(async () => {
    after = await storedList(page);
    await expect(rows).toHaveCount(after.rows.length, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const ids = after.rows.map((r) => r.ID);
  expect(new Set(ids).size).toBe(ids.length);
  for (const { ID } of before.rows) expect(ids).toContain(ID);
  expect(after.xt).toBeGreaterThan(before.xt);
  await expect(row).toHaveAttribute('data-state', 'transferred');
  await expect(row).toHaveAttribute('data-shade', '0');

  // After a reload the stored list shows at once, even before the server is asked again. The page is left first
  // (for an address of the same origin that runs no console), so that a check of the page before the reload (its
  // poll) is not counted as one of the reloaded page's.
  const address = page.url();
  await page.evaluate(() => localStorage.setItem('debug:pollMs', '600000'));
  await page.goto('/healthz');
  let asked = 0;
  await page.route('**/api/completion-reports/**', (route) => {
    asked++;
    return route.abort();
  });
  // What is stored now that no check gets through (one may have merged a report since).
  after = await storedList(page);
  await page.goto(address);
  await expect(rows).toHaveCount(after.rows.length);
  await expect(page.getByTestId(`completion-row-${target.ID}`)).toHaveAttribute('data-state', 'transferred');
  expect(asked).toBe(0);
  await page.unroute('**/api/completion-reports/**');

  // The remove action is shown but not available.
  const remove = row.getByRole('button', { name: `Remove report ${target.ID} (not available)` });
  await remove.focus();
  await expect(page.getByRole('tooltip', { name: COMPLETION_TEXTS.removeUnavailable })).toBeVisible();
  await expect(remove).toHaveAttribute('aria-disabled', 'true');

  await page.setViewportSize({ width: 900, height: 800 });
  await page.waitForTimeout(500); // the sidebar slides away in compact layout
  await snap(page, 'completion-900');
});

test('shows refresh and resend only with MB_INTERNAL_PERMISSION', async ({ page }) => {
  await signIn(page, 'viewer', { pollMs: 1000 });
  await page.goto('/admin/completion');
  const row = page.locator('[data-testid^="completion-row-"]').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('button', { name: /^Refresh report/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Resend report/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Remove report/ })).toBeVisible();
});

test('a check the server never answers is given up and said; the next check clears it', async ({ page }) => {
  await signIn(page, 'viewer', { pollMs: 1000 });
  await page.goto('/admin/completion');
  const checked = page.getByTestId('completion-checked');
  await expect(checked).toContainText(/^Checked /, { timeout: 30_000 });
  // From now on the check hangs (a stalled connection or proxy): no answer, no error.
  await page.route('**/api/completion-reports/**', () => {});
  const problem = page.getByText('Could not check for changes: The server did not answer in time.');
  await expect(problem).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('completion-table')).toBeVisible();
  await page.unroute('**/api/completion-reports/**');
  await expect(problem).toHaveCount(0, { timeout: 20_000 });
  await expect(checked).toContainText(/^Checked /);
});

/** The outage tests show the console in California time, so the times expected below are written out. */
const ZONE = 'America/Los_Angeles';
/** 'HH:mm:ss' of a time in California, for a retry a few minutes from now. */
const clock = (at: Date) => at.toLocaleTimeString('en-GB', { timeZone: ZONE, hour12: false });

/**
 * The transfer states a real FTP outage produces, answered here so the screen can be checked without one: a file
 * that did not arrive after every attempt, and one refreshed after a delivery whose first attempt failed.
 */
function outageAnswer(nextAttempt: Date) {
  const xt = Date.now() * 1000;
  const base = {
    CAMPAIGN_LAUNCH_TIME: '2026-11-20T18:00:00Z',
    MEDBASE_RETRY_TIME: '2026-11-20T20:00:00Z',
    COMPLETION_REPORT_TIME: '2026-11-20T20:30:00Z',
    FILE_TRANSFER_TIME: null,
    PREVIOUS_TRANSFER_TIME: null,
    PREVIOUS_FILE_NAME: null,
    NEXT_ATTEMPT_TIME: null,
    ATTEMPT_LIMIT: 9,
    DUE_TIME: '2026-11-20T20:30:00Z',
    SENT_EARLY: false,
  };
  return [
    [{ LOGIN_VALID: 1 }],
    [{ MAX_UPDATE_XT: xt }],
    [
      {
        ...base,
        ID: 9002,
        CAMPAIGN_TITLE: 'Sierra Foothills PSPS: De-energized',
        DATASET_ID: 9002,
        UPDATE_XT: xt,
        TRANSFER_STATE: 'failed',
        LAST_ERROR: 'connect: ftp.utility.example.com:21 refused the connection (ECONNREFUSED)',
        ATTEMPTS: 9,
        FILE_NAME: 'completion_9002.csv',
      },
      {
        ...base,
        ID: 9001,
        CAMPAIGN_TITLE: 'Sierra Foothills PSPS: Imminent Shutoff',
        DATASET_ID: 9001,
        UPDATE_XT: xt - 20_000_000_000_000,
        TRANSFER_STATE: 'waiting',
        LAST_ERROR: 'upload: timed out after 30 s without progress',
        ATTEMPTS: 1,
        FILE_NAME: 'completion_9001.csv',
        NEXT_ATTEMPT_TIME: nextAttempt.toISOString(),
        PREVIOUS_TRANSFER_TIME: '2026-11-20T20:30:05Z',
        PREVIOUS_FILE_NAME: 'completion_9001_first.csv',
      },
    ],
  ];
}

test.describe('a transfer outage', () => {
  test.use({ timezoneId: ZONE });

  test('shows a file that did not arrive with its error, and one waiting for a retry', async ({ page }) => {
    const nextAttempt = new Date(Date.now() + 5 * 60_000);
    const answer = outageAnswer(nextAttempt);
    await page.route('**/api/completion-reports/**', (route) => route.fulfill({ json: answer }));
    await signIn(page, 'operator', { pollMs: 1000 });
    await page.goto('/admin/completion');

    const failed = page.getByTestId('completion-row-9002');
    await expect(failed).toHaveAttribute('data-state', 'failed');
    await expect(failed.getByTestId('transfer-status')).toContainText('Failed');
    await expect(failed).toContainText('refused the connection (ECONNREFUSED)');
    await expect(failed).toHaveAttribute('data-shade', '0');
    await expect(page.getByTestId('completion-failed-alert')).toHaveText(
      `1 report file did not arrive at the customer's server. ${COMPLETION_TEXTS.failedRestart(1)}`,
    );

    const retrying = page.getByTestId('completion-row-9001');
    await expect(retrying.getByTestId('transfer-status')).toContainText('Waiting (retrying)');
    await expect(retrying.getByTestId('transfer-status-progress')).toHaveText(
      `Attempt 1 of 9 failed; next attempt at ${clock(nextAttempt)}.`,
    );
    await expect(retrying).toContainText('timed out after 30 s');
    // The refresh blanked this file's transfer time; the delivery the utility already has is still shown.
    await expect(retrying.getByTestId('file-transfer-time')).toHaveText('');
    await expect(retrying.getByTestId('previous-transfer')).toHaveText(
      'Previous file completion_9001_first.csv arrived 2026-11-20 12:30:05.',
    );
    await expect(failed.getByTestId('previous-transfer')).toHaveCount(0);
    await expect(retrying).toHaveAttribute('data-shade', '15');
    await snap(page, 'completion-failed-1280');

    await page.getByTestId('completion-filter').getByText('Failed 1').click();
    await expect(page.locator('[data-testid^="completion-row-"]')).toHaveCount(1);
    await page.setViewportSize({ width: 900, height: 800 });
    await page.waitForTimeout(500);
    await snap(page, 'completion-failed-900');
  });

  test('tells a viewer, who cannot refresh or resend, whom to ask', async ({ page }) => {
    const answer = outageAnswer(new Date(Date.now() + 5 * 60_000));
    await page.route('**/api/completion-reports/**', (route) => route.fulfill({ json: answer }));
    await signIn(page, 'viewer', { pollMs: 1000 });
    await page.goto('/admin/completion');
    await expect(page.getByTestId('completion-failed-alert')).toHaveText(
      "1 report file did not arrive at the customer's server. The error is shown on the row; ask an operator with the MB internal permission (MB_INTERNAL_PERMISSION) to refresh or resend it.",
    );
    await expect(page.getByRole('button', { name: /^Refresh report/ })).toHaveCount(0);
    await snap(page, 'completion-failed-viewer-1280');
  });

  test('the Custom Reports list shows a report file that failed, with its error', async ({ page }) => {
    await signIn(page, 'operator', { pollMs: 1000 });
    const real = await (
      await page.request.get('/api/v1/launcher/campaigns', {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('sessionToken'))}`,
        },
      })
    ).json();
    const first = real[0][0];
    const report = {
      ID: 777,
      FILE_NAME: 'mb_unreached_777.csv',
      LAUNCHED_TIME: new Date(Date.now() - 60 * 60_000).toISOString(),
      REPORT_TIME: new Date(Date.now() - 59 * 60_000).toISOString(),
      FILE_TRANSFER_TIME: null,
      TRANSFER_STATE: 'failed',
      LAST_ERROR: 'login: 530 Login incorrect for user psps on ftp.utility.example.com',
      ATTEMPTS: 5,
      ROWS: 42,
      // Made while the campaign still tried 17 of its unreached customers: said under the row.
      UNREACHED_IN_PROGRESS: 17,
      UPDATE_XT: Date.now() * 1000,
      // The same report launched before arrived; this launch's file did not.
      PREVIOUS_TRANSFER_TIME: '2026-11-20T20:30:05Z',
      PREVIOUS_FILE_NAME: 'mb_unreached_776.csv',
      NEXT_ATTEMPT_TIME: null,
      ATTEMPT_LIMIT: 5,
    };
    const nextAttempt = new Date(Date.now() + 4 * 60_000);
    const retrying = {
      ...report,
      ID: 778,
      FILE_NAME: 'linkclick_778.csv',
      TRANSFER_STATE: 'waiting',
      LAST_ERROR: 'upload: timed out after 30 s without progress',
      ATTEMPTS: 2,
      UNREACHED_IN_PROGRESS: null,
      PREVIOUS_TRANSFER_TIME: null,
      PREVIOUS_FILE_NAME: null,
      NEXT_ATTEMPT_TIME: nextAttempt.toISOString(),
      ATTEMPT_LIMIT: 9,
    };
    const answer = [
      [
        { ...first, reports: { ...first.reports, mb_unreached: report, linkclick: retrying } },
        ...real[0].slice(1),
      ],
    ];
    await page.route('**/api/v1/launcher/campaigns', (route) => route.fulfill({ json: answer }));
    await page.goto('/admin/launcher');

    const row = page.getByTestId(`launcher-row-${first.dataset_id_bint}`);
    const sent = row.getByTestId('sent-mb_unreached');
    await expect(sent).toHaveAttribute('data-state', 'failed');
    await expect(sent).toContainText('MB Unreached: Failed');
    await expect(sent).toContainText('530 Login incorrect');
    await expect(page.getByTestId('launcher-failed-alert')).toContainText('A report file did not arrive');
    await expect(row.getByTestId('still-running-mb_unreached')).toContainText(
      'while the campaign was still running: 17 customers not reached were still being tried (IN_PROGRESS = Y in the file). Launch it again when the campaign is over for the final list.',
    );
    await expect(row.getByTestId('still-running-linkclick')).toHaveCount(0);
    await sent.getByText('MB Unreached: Failed').hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('The file did not arrive after 5 attempts.');
    await expect(tooltip).toContainText('Previous file mb_unreached_776.csv arrived 2026-11-20 12:30:05.');
    await snap(page, 'launcher-failed-1280');

    const waiting = row.getByTestId('sent-linkclick');
    await expect(waiting).toContainText('LinkClick: Waiting (retrying)');
    await expect(waiting.getByTestId('sent-linkclick-progress')).toHaveText(
      `Attempt 2 of 9 failed; next attempt at ${clock(nextAttempt)}.`,
    );
    await snap(page, 'launcher-retrying-1280');
  });
});

test('a row action keeps the keyboard focus while its call runs, and ignores a second press meanwhile', async ({
  page,
}) => {
  const id = await launchCompletionReport(page, await signIn(page, 'operator', { pollMs: 1000 }));
  // Each call is held 1.5 s, so the busy state can be seen and pressed again.
  const asked: string[] = [];
  const hold = async (route: import('@playwright/test').Route) => {
    asked.push(new URL(route.request().url()).pathname.split('/')[2] ?? '');
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  };
  await page.route('**/api/resend-completion-report/**', hold);
  await page.route('**/api/refresh-completion-report/**', hold);
  await page.route('**/api/launch-linkclick-report/**', hold);

  await page.goto('/admin/completion');
  await expect(page.getByTestId(`completion-row-${id}`)).toHaveAttribute('data-state', 'transferred', {
    timeout: 45_000,
  });
  for (const action of ['Resend', 'Refresh']) {
    const button = page.getByRole('button', { name: `${action} report ${id}`, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeFocused();
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    await expect(page.getByText(TOASTS.fileTransferInProgress).first()).toBeVisible();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeFocused();
  }
  expect(asked).toEqual(['resend-completion-report', 'refresh-completion-report']);

  await page.goto('/admin/launcher');
  // The first row, pinned: a campaign the demo simulator launches meanwhile goes to the top of the list.
  const first = page.locator('[data-testid^="launcher-row-"]').first();
  await expect(first).toBeVisible();
  const launch = page
    .getByTestId((await first.getAttribute('data-testid')) ?? '')
    .getByTestId('launch-linkclick');
  await launch.focus();
  await page.keyboard.press('Enter');
  await expect(launch).toHaveAttribute('aria-busy', 'true');
  await expect(launch).toBeFocused();
  await page.waitForTimeout(300);
  // A person's click (Playwright would otherwise wait for aria-disabled to go).
  await launch.click({ force: true });
  await expect(launch).not.toHaveAttribute('aria-busy', 'true', { timeout: 10_000 });
  await expect(launch).toBeFocused();
  expect(asked).toEqual(['resend-completion-report', 'refresh-completion-report', 'launch-linkclick-report']);
});
