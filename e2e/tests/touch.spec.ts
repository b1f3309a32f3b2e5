import type { Page } from '@playwright/test';
import { expect, signIn, snap, test } from '../fixtures.ts';

/**
 * An operator out of the office during an event, on a phone (390×844) or a tablet, with a touch screen: taps, no
 * pointer hovering over anything.
 */
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** How far the page itself scrolls sideways (0: it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('on a phone', () => {
  test('All Channels: the summary fits a 390 px phone whole, and narrower it scrolls inside its box, never the page', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/standard-reports-all');
    await expect(page.getByTestId('campaign-select')).toBeEditable();
    await page.getByTestId('campaign-select').tap();
    // A demo campaign of the past event, by its id: the list's order moves with the time of day and with the
    // campaigns the other browser tests add (one of those, without a summary, was once second).
    await page.getByRole('option', { name: /\[40001\]/ }).tap();
    const table = page.getByTestId('summary-table').getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'COMPLETED' })).toBeInViewport({ ratio: 1 });
    expect(await sideways(page), 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await snap(page, 'touch-all-channels-390');

    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByRole('region', { name: 'All channels summary (scrolls sideways)' })).toBeVisible();
    expect(await sideways(page), 'the page scrolls sideways').toBeLessThanOrEqual(0);
  });
});

test.describe('row actions named in words where nothing hovers', () => {
  test('Custom Reports: the three launch icons are named above the table on a phone (a tap launches at once)', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/launcher');
    const legend = page.getByTestId('launcher-action-legend');
    for (const name of [
      'Download MedBase Report',
      'Download MB Unreached Report',
      'Download LinkClick Report',
    ]) {
      await expect(legend.getByText(name, { exact: true })).toBeInViewport();
    }
    await snap(page, 'touch-launcher-legend');
  });

  test('Completion: refresh, resend and remove are named above the table on a phone', async ({ page }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/completion');
    const legend = page.getByTestId('completion-action-legend');
    for (const name of [
      'Refresh: generate again and send',
      'Resend: send the file again',
      'Remove: not available',
    ]) {
      await expect(legend.getByText(name, { exact: true })).toBeVisible();
    }
  });

  test.describe('with a mouse', () => {
    test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
    test('the icons explain themselves in their tooltips: no legend above the tables', async ({ page }) => {
      await signIn(page, 'operator');
      await page.goto('/admin/launcher');
      await expect(page.getByTestId('launch-medbase').first()).toBeVisible();
      await expect(page.getByTestId('launcher-action-legend')).toBeHidden();
      await page.goto('/admin/completion');
      await expect(page.getByTestId('completion-caption')).toBeVisible();
      await expect(page.getByTestId('completion-action-legend')).toBeHidden();
    });
  });
});

test('SUPPRESSION search: the clear button inside the field is a whole fingertip target (24×24 CSS px at least)', async ({
  page,
}) => {
  await signIn(page, 'suppress');
  await page.goto('/admin/suppression');
  const field = page.getByRole('textbox', { name: 'Group, value or type' });
  await field.tap();
  await field.fill('Opt-out');
  const clear = page.getByRole('button', { name: 'Clear the search text' });
  const box = (await clear.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
  await clear.tap();
  await expect(field).toHaveValue('');
});
