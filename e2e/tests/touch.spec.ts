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
    await page.getByRole('option').nth(1).tap();
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
