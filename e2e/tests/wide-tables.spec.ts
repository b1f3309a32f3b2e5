import type { Locator, Page } from '@playwright/test';
import { expect, signIn, snap, test } from '../fixtures.ts';

/**
 * On a common laptop (1024×768, above the 992 px breakpoint, so the full sidebar stays) every row action of the
 * report and list tables is in sight and can be clicked without scrolling anything sideways: the page does not
 * scroll sideways, and a table that cannot fit says so with a shadow on its edge. Checked again at 1280 and 1440.
 */
const LAPTOP = { width: 1024, height: 768 };
const WIDER: { width: number; height: number }[] = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

/** The page itself never scrolls sideways. */
async function expectNoSidewaysPage(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
}

/**
 * The control is wholly inside the window, not hidden inside a clipped table, and a click at its centre lands
 * on it (nothing sticky or shadowed lies over it). Only the page is scrolled, and only up or down.
 */
async function expectUsable(page: Page, control: Locator) {
  await scrollPageTo(control);
  await expect(control).toBeInViewport({ ratio: 1 });
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'the control has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  const hit = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && el.contains(top);
  });
  expect(hit, 'a click at the centre of the control reaches it').toBe(true);
  await control.click({ trial: true });
  await expectNoSidewaysPage(page);
}

/** Brings an element into view by scrolling the page up or down only (scrollIntoView would also scroll a table sideways). */
async function scrollPageTo(target: Locator) {
  await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 80 || r.bottom > window.innerHeight - 60) window.scrollBy(0, r.top - window.innerHeight / 2);
  });
}

/** The header cell shows its whole text (not 'A' for 'Action'). */
async function expectWholeHeader(header: Locator) {
  await scrollPageTo(header);
  await expect(header).toBeInViewport({ ratio: 1 });
  const cut = await header.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, 'the header text is cut').toBe(false);
}

/** Opens a list as the operator at 1024×768 and answers its first row once shown. */
async function openAtLaptopSize(page: Page, path: string, rowTestIdPrefix: string): Promise<Locator> {
  await page.setViewportSize(LAPTOP);
  await signIn(page, 'operator');
  await page.goto(path);
  const row = page.locator(`[data-testid^="${rowTestIdPrefix}"]`).first();
  await expect(row).toBeVisible();
  return row;
}

test.describe('wide tables on a 1024 px laptop', () => {
  test('Completion: refresh and resend are in sight and the transfer badge shows its whole label', async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    const token = await signIn(page, 'operator', { pollMs: 1000 });
    const bearer = { authorization: `Bearer ${token}` };
    const campaigns = await (
      await page.request.get('/api/v1/launcher/campaigns', { headers: bearer })
    ).json();
    const datasetId: number = campaigns[0][0].dataset_id_bint;
    const launched = await page.request.get(`/api/launch-completion-report/${token}/${datasetId}`, {
      headers: bearer,
    });
    expect(launched.status()).toBe(202);

    await page.goto('/admin/completion');
    const row = page.getByTestId(`completion-row-${datasetId}`);
    await expect(row).toHaveAttribute('data-state', 'transferred', { timeout: 45_000 });
    await expectWholeHeader(
      page.getByTestId('completion-table').getByRole('columnheader', { name: 'Actions' }),
    );
    for (const viewport of [LAPTOP, ...WIDER]) {
      await page.setViewportSize(viewport);
      await expectUsable(page, row.getByRole('button', { name: `Refresh report ${datasetId}` }));
      await expectUsable(page, row.getByRole('button', { name: `Resend report ${datasetId}` }));
      const badge = row.getByTestId('transfer-status').getByText('Transferred', { exact: true });
      await expect(badge).toBeInViewport({ ratio: 1 });
      const cut = await badge.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, "the badge reads 'Transfer…'").toBe(false);
      await snap(page, `wide-completion-${viewport.width}`);
    }
  });

  test('Custom Reports: all three launch icons and the Actions header are in sight', async ({ page }) => {
    const row = await openAtLaptopSize(page, '/admin/launcher', 'launcher-row-');
    await expectWholeHeader(
      page.getByTestId('launcher-table').getByRole('columnheader', { name: 'Actions' }),
    );
    for (const viewport of [LAPTOP, ...WIDER]) {
      await page.setViewportSize(viewport);
      for (const kind of ['medbase', 'mb_unreached', 'linkclick']) {
        await expectUsable(page, row.getByTestId(`launch-${kind}`));
      }
      await snap(page, `wide-launcher-${viewport.width}`);
    }
  });

  test('SUPPRESSION search results: the delete icon and the Action header are in sight', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    const token = await signIn(page, 'suppress');
    // A long group name and a long e-mail address: the widest values the table has to hold.
    // '0 0' sorts it onto the summary's first page; it is deleted again at the end.
    const group = '0 0 Wide Tables North Bay Medical Baseline Exemptions';
    const headers = { authorization: `Bearer ${token}`, groupName: group, user: 'e2e' };
    const lines = ['+14155550142', 'a.rather.long.customer.address@north-bay-utility-customers.example.com'];
    const staged = await page.request.post('/api/suppress/upload/fullFileUpload', {
      headers,
      multipart: {
        fullFileUpload: {
          name: 'values.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`${lines.join('\n')}\n`),
        },
      },
    });
    expect(staged.status()).toBe(200);
    const { uploadId } = await staged.json();
    const applied = await page.request.post(`/api/v1/suppress/upload/fullFileUpload/${uploadId}/apply`, {
      headers,
    });
    expect(applied.status()).toBe(200);

    await page.goto('/admin/suppression');
    const box = page.getByRole('textbox', { name: 'Group, value or type' });
    await box.fill(group);
    await box.press('Enter');
    const results = page.getByRole('table', { name: 'Search results' });
    await expect(results.getByRole('row')).toHaveCount(3);
    for (const viewport of [LAPTOP, ...WIDER]) {
      await page.setViewportSize(viewport);
      await expectWholeHeader(results.getByRole('columnheader', { name: 'Action' }));
      await expectUsable(page, results.getByRole('button', { name: 'Delete +14155550142' }));
      await expectUsable(page, results.getByRole('button', { name: /^Delete a\.rather\.long/ }));
      await snap(page, `wide-suppression-search-${viewport.width}`);
    }
    // The summary's Delete and Download of the same group.
    await page.setViewportSize(LAPTOP);
    const summary = page.getByTestId('suppression-summary');
    await expectUsable(page, summary.getByRole('button', { name: `Delete ${group} PHONE` }));
    await expectUsable(page, summary.getByRole('button', { name: `Download ${group} PHONE` }));
    for (const type of ['PHONE', 'EMAIL']) {
      const deleted = await page.request.delete('/api/suppress/deleteById/groupNameAndType', {
        headers: { authorization: `Bearer ${token}`, user: 'e2e' },
        data: { groupName: group, type },
      });
      expect(deleted.ok()).toBe(true);
    }
  });

  test('AdHoc templates: edit, delete and manage are in sight', async ({ page }) => {
    const row = await openAtLaptopSize(page, '/admin/adhoc-campaigns', 'adhoc-row-');
    await expectWholeHeader(page.getByTestId('adhoc-list').getByRole('columnheader', { name: 'ACTIONS' }));
    for (const action of ['Edit', 'Delete', 'Manage']) {
      await expectUsable(page, row.getByRole('button', { name: new RegExp(`^${action} ADHOC-\\d+ `) }));
    }
  });

  test('Events grid: a grid wider than the screen scrolls inside itself and says so with an edge shadow', async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'operator');
    await page.goto('/admin/standard-reports-events');
    // The list of events has loaded (the field is read-only while it loads).
    await expect(page.getByTestId('event-select')).toBeEditable();
    await page.getByTestId('event-select').click();
    // The demo's event with the most campaigns (five waves of four datasets: taller than the window).
    await page.getByRole('option', { name: /Sierra Foothills PSPS$/ }).click();
    const grid = page.getByTestId('events-grid');
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysPage(page);
    const frame = grid.getByTestId('wide-table');
    // 14 columns do not fit beside the sidebar at 1024 px: the right edge is shadowed, the grid is a region
    // the keyboard can scroll.
    await expect(frame).toHaveAttribute('data-more-end', 'true');
    await expect(frame).not.toHaveAttribute('data-more-start', 'true');
    // The Title wraps to 3 lines at most (12 px text, lines under 20 px, 12 px of padding).
    const title = grid.getByRole('row').nth(1).getByRole('cell').nth(6);
    expect((await title.boundingBox())?.height).toBeLessThanOrEqual(3 * 20 + 12);
    // The grid runs below the window, yet its sideways scrollbar is in sight, just above the 36 px footer, and
    // scrolls the grid.
    await expect(grid.getByRole('row').last()).not.toBeInViewport();
    const bar = grid.getByTestId('wide-table-scrollbar');
    await expect(bar).toBeInViewport({ ratio: 1 });
    const barBox = await bar.boundingBox();
    expect(Math.round(barBox!.y + barBox!.height)).toBe(LAPTOP.height - 36);
    await bar.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(frame).toHaveAttribute('data-more-start', 'true');
    await expect(frame).not.toHaveAttribute('data-more-end', 'true');
    await bar.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await expect(frame).not.toHaveAttribute('data-more-start', 'true');
    const region = grid.getByRole('region', { name: 'Events grid (scrolls sideways)' });
    await region.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(frame).toHaveAttribute('data-more-start', 'true');
    await expect(frame).not.toHaveAttribute('data-more-end', 'true');
    await expect(grid.getByRole('row').nth(1).getByRole('cell').last()).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysPage(page);
    await snap(page, 'wide-events-1024-scrolled');
    // The keyboard reaches the grid once, as its named region: the scrollbar pinned below it is hidden from
    // assistive technology, so it is no Tab stop either (Chromium makes any scroller focusable by default).
    await grid.getByRole('link', { name: 'Download CSV File' }).focus();
    await page.keyboard.press('Tab');
    await expect(region).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(bar).not.toBeFocused();
    expect(await grid.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    // From 1280 px the whole grid fits: no shadow.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(frame).not.toHaveAttribute('data-more-end', 'true');
    await expect(frame).not.toHaveAttribute('data-more-start', 'true');
  });
});
