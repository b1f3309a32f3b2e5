import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, expect, loginViaForm, signIn, test } from '../fixtures.ts';

/**
 * The console by keyboard and screen reader: where the focus goes (after signing in, after choosing a screen in
 * the menu, when the template list and editor replace each other), 'Skip to content', the login page after the
 * session ends, and an axe scan of every main screen (no serious or critical violation).
 */

/** The focused element, as a screen reader names it: role and accessible name. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'the page';
    return `${element.tagName.toLowerCase()}: ${element.textContent?.trim() ?? ''}`;
  });
}

test.describe('where the keyboard goes', () => {
  test('after signing in the focus is on the dashboard heading, not on the page', async ({ page }) => {
    await loginViaForm(page, 'operator');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeFocused();
    // One navigation landmark, the menu (the sidebar around it is none).
    await expect(page.getByRole('navigation')).toHaveCount(1);
    await expect(page.getByRole('navigation')).toHaveAccessibleName('Main menu');
  });

  test("the first Tab of a loaded screen reaches 'Skip to content', which leads past the menu to the screen", async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/launcher');
    await expect(page.getByRole('heading', { name: 'Custom Reports' })).toBeVisible();
    // The list has loaded: the Tab after the heading has a row to go to.
    await expect(
      page.getByRole('button', { name: /^Download MedBase Report for dataset / }).first(),
    ).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Custom Reports' })).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/launcher$/);
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: /^Download MedBase Report for dataset / }).first(),
    ).toBeFocused();
  });

  test('a screen chosen in the menu with the keyboard takes the focus to its heading', async ({ page }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Custom Reports' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/launcher$/);
    await expect(page.getByRole('heading', { name: 'Custom Reports' })).toBeFocused();

    // A report screen without a visible title has one for screen readers, named as the menu and the top bar.
    await menu.getByRole('link', { name: 'Voice' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/voice$/);
    await expect.poll(() => focused(page)).toBe('h2: Voice');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('campaign-select')).toBeFocused();

    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/launcher$/);
    await expect(page.getByRole('heading', { name: 'Custom Reports' })).toBeFocused();
  });

  test("the compact layout's closed sidebar is no Tab stop; Escape closes the open one, back to its button", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await signIn(page, 'operator');
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeAttached();
    const burger = page.getByRole('button', { name: 'Toggle sidebar' });
    await burger.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'PG&E PSPS Reports' })).toBeFocused();
    await page.keyboard.press('Tab');
    // Past the closed sidebar, straight to the footer (the dashboard has no control of its own).
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Notification Provider' }),
    ).toBeFocused();

    await burger.focus();
    await page.keyboard.press('Enter');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Custom Reports' })
      .focus();
    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
  });

  test('the minimised sidebar is no Tab stop either', async ({ page }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Minimise sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Show sidebar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'PG&E PSPS Reports' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'More' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Notification Provider' }),
    ).toBeFocused();
  });

  test('opening a template puts the focus on the editor; returning to the list puts it back on that Edit button', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    const edit = page.getByRole('button', { name: /^Edit ADHOC-3 / });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Template title' })).toBeVisible();
    await expect.poll(() => focused(page)).toBe('h2: AdHoc Campaigns');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Return to AdHoc Templates List' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(edit).toBeFocused();
  });

  test('the two recordings of a voice language have upload buttons named with their recording', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page.getByRole('button', { name: /^Edit ADHOC-4 / }).click();
    const uploads = page.getByRole('button', { name: /^(Upload|Replace) WAV file: / });
    await expect(uploads).toHaveCount(2);
    const names = await uploads.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(2);
  });

  test("a language's delete button is named with the language as shown ('Delete English', not the code 'english')", async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page.getByRole('button', { name: /^Edit ADHOC-4 / }).click();
    await page.getByRole('tab', { name: 'SMS', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Delete English', exact: true })).toBeVisible();
  });

  test('a test send confirmed from the keyboard leaves the focus on its button, busy while it runs', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page.getByRole('button', { name: /^Edit ADHOC-4 / }).click();
    await page.getByRole('tab', { name: 'SMS', exact: true }).click();
    const tester = page.getByRole('textbox', { name: 'Tester SMS number' });
    await tester.fill('+14155550123');
    await page.keyboard.press('Tab');
    const send = page.getByTestId('send-one-SMS');
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText(
      'Are you sure you want to send the ENGLISH template?',
    );
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Sent SMS test to +14155550123' })).toBeVisible();
    await expect(send).toBeFocused();
    await expect(send).not.toHaveAttribute('aria-busy');
  });

  test('a wrong tester contact is still said when the operator comes back to correct it, until they type', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page.getByRole('button', { name: /^Edit ADHOC-4 / }).click();
    const tester = page.getByRole('textbox', { name: 'Tester voice number' });
    const before = await tester.inputValue();
    await tester.fill('12');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(tester).toBeFocused();
    await expect(tester).toHaveAttribute('aria-invalid', 'true');
    await expect(tester).toHaveAccessibleDescription(/.+/);
    await page.keyboard.type('3');
    await expect(tester).not.toHaveAttribute('aria-invalid', 'true');
    await tester.fill(before);
    await page.keyboard.press('Tab');
    await expect(tester).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('SUPPRESSION by Tab: a focused Delete stays clear of the fixed footer, and an erring File field has a focus ring', async ({
    page,
  }) => {
    await signIn(page, 'suppress');
    await page.goto('/admin/suppression?search=Opt-out+2026');
    await page.getByRole('button', { name: 'Close the search' }).focus();
    // Each Tab reaches the next value's Delete; the window scrolls it into sight above the footer, not under it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const { name, clear } = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const footerTop = document.querySelector('footer')!.getBoundingClientRect().top;
        return {
          name: element.getAttribute('aria-label'),
          clear: element.getBoundingClientRect().bottom <= footerTop,
        };
      });
      expect(clear, `${name} is clear of the footer`).toBe(true);
    }
    await page.getByRole('button', { name: 'INCREMENTAL FILE UPLOAD' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Group name' }).fill('Opt-out 2026');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).focus();
    await page.keyboard.press('Enter');
    const file = dialog.getByRole('button', { name: 'File' });
    await expect(file).toBeFocused();
    await expect(file).toHaveCSS('outline-style', 'solid');
    await expect(file).toHaveCSS('outline-width', '2px');
  });
});

test.describe('structure a screen reader navigates by', () => {
  test('the lists are tables named for a screen reader: Custom reports, Completion reports, AdHoc templates', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/launcher');
    await expect(page.getByRole('table', { name: 'Custom reports' })).toBeVisible();
    await page.goto('/admin/completion');
    await expect(page.getByRole('table', { name: 'Completion reports' })).toBeVisible();
    await page.goto('/admin/adhoc-campaigns');
    await expect(page.getByRole('table', { name: 'AdHoc templates' })).toBeVisible();
    await page.goto('/admin/standard-reports-events');
    await chooseFirst(page, 'event-select', 'events-grid-section');
    await expect(page.getByRole('table', { name: 'Events grid' })).toBeVisible();
  });

  test("a campaign tree's customer classes are headings, and each card a group named by its ID", async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/campaign-report');
    await chooseFirst(page, 'campaign-select', 'tree-section');
    const tree = page.getByTestId('campaign-tree');
    await expect(tree.getByRole('heading', { level: 4 })).toHaveText([
      /^Medical Baseline/,
      /^Critical Essential/,
      /^General/,
    ]);
    await expect(tree.getByRole('group', { name: /^Root campaign ID \d+$/ })).toHaveCount(1);
  });
});

test.describe('what a screen reader is told without moving there', () => {
  test("a title that is not saved is said politely ('Template title: NOT SAVED: empty title'), a save that succeeds is not", async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page.getByRole('button', { name: /^Edit ADHOC-4 / }).click();
    const title = page.getByRole('textbox', { name: 'Template title' });
    const before = await title.inputValue();
    const said = page.getByTestId('save-announce-title');
    await expect(said).toHaveAttribute('role', 'status');
    await expect(said).toHaveText('');
    await title.fill('');
    await expect(said).toHaveText('Template title: NOT SAVED: empty title');
    await title.fill(before);
    await expect(page.getByTestId('save-status-title')).toHaveText('Saved');
    await expect(said).toHaveText('');
  });

  test('toasts are alerts, so a screen reader reads them as they appear', async ({ page }) => {
    await loginViaForm(page, 'operator');
    await expect(page.getByRole('alert').filter({ hasText: 'Welcome.' })).toBeVisible();
  });
});

test.describe('the login page after the session ends', () => {
  test('a session that ended offers the e-mail address used (never the password), and the password takes the focus', async ({
    page,
  }) => {
    await loginViaForm(page, 'operator');
    // The server forgets the session (it expired): the next call is answered 401. Changed on a page of the server
    // that makes no calls: a call of the dashboard answered 401 meanwhile would start the way to the login page
    // and abort the navigation below.
    await page.goto('/healthz');
    await page.evaluate(() =>
      localStorage.setItem('sessionToken', 'expired-token-expired-token-expired-token12'),
    );
    // The 401 sends the page to the login page with a full navigation (window.location.assign), which can start
    // before this one's load event and abort it (net::ERR_ABORTED): wait for the navigation to begin only.
    await page.goto('/admin/voice', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/auth\/login-page\?expired=1$/);
    await expect(page.getByRole('status')).toHaveText(
      'Your session has ended. Please sign in again. Signing in brings you back to Voice.',
    );
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(DEMO.operator.email);
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain(DEMO.operator.password);
    await password.fill(DEMO.operator.password);
    await page.keyboard.press('Enter');
    // Back where the session ended.
    await expect(page).toHaveURL(/\/admin\/voice$/);
  });

  test('after Log out the e-mail address is offered again too', async ({ page }) => {
    await loginViaForm(page, 'suppress');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login-page$/);
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(DEMO.suppress.email);
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  });

  test('a browser where no one signed in yet starts on an empty e-mail field; the password can be shown by keyboard', async ({
    page,
  }) => {
    await page.goto('/auth/login-page');
    const email = page.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveValue('');
    await expect(email).toBeFocused();
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('typed');
    await page.keyboard.press('Tab');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect(show).toBeFocused();
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Space');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Login' })).toBeFocused();
  });
});

/**
 * Serious and critical violations fail; no rule is disabled. Left (minor, reported): 'empty-table-header' on the
 * summary's corner cell, kept empty on screen as reports.spec.ts expects and named 'Channel' for screen readers
 * (axe's best practice wants visible text). Legacy mode runs axe in the console's own page:
 * the default mode finishes each run in a new page of the browser, which Debian's Chromium here refuses once a
 * page holds an iframe (the e-mail preview, a sandboxed customer e-mail that axe could not enter anyway).
 */
async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  expect(serious).toEqual([]);
}

/** Chooses the first campaign or event of a report screen's dropdown and waits for what it shows. */
async function chooseFirst(page: Page, testId: string, shown: string) {
  // Right after a navigation the list may still be loading: the field is then read-only ('Loading…').
  await expect(page.getByTestId(testId)).toBeEditable();
  await page.getByTestId(testId).click();
  await page.getByRole('option').nth(1).click();
  await expect(page.getByTestId(shown).first()).toBeVisible();
}

test.describe('at 320 CSS px (a 1280 px window zoomed to 400%)', () => {
  test("Completion's transfer-state choices all show whole, inside the screen's card", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, 'operator');
    await page.goto('/admin/completion');
    const choices = page.getByRole('radiogroup', { name: 'Show reports by transfer state' });
    await expect(choices.getByText(/^Transferred \d+$/)).toBeVisible();
    const card = await page.getByRole('heading', { name: 'Completion Reports' }).evaluate((h) => {
      const box = h.closest('.mantine-Card-root')!.getBoundingClientRect();
      return { left: box.left, right: box.right };
    });
    for (const name of ['All', 'Failed', 'Waiting', 'Transferred']) {
      const box = (await choices.getByText(new RegExp(`^${name} \\d+$`)).boundingBox())!;
      expect(box.x, `${name} starts inside the card`).toBeGreaterThanOrEqual(card.left);
      expect(box.x + box.width, `${name} ends inside the card`).toBeLessThanOrEqual(card.right);
    }
  });

  test("the voice editor's Caller ID, Retries and Replay digit stack, each as wide as the editor", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page
      .getByRole('button', { name: /^Edit ADHOC-/ })
      .first()
      .click();
    const text = (await page.getByRole('textbox', { name: 'Voice text' }).boundingBox())!;
    for (const name of ['Caller ID', 'Retries', 'Replay digit']) {
      const box = (await page.getByRole('combobox', { name }).boundingBox())!;
      // Side by side, Retries and Replay digit were 48 px wide, their value hidden.
      expect(box.width, `${name} is as wide as the voice text`).toBeCloseTo(text.width, -1);
    }
  });

  test("the template editor's 'Return to AdHoc Templates List' shows its whole name", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page
      .getByRole('button', { name: /^Edit ADHOC-/ })
      .first()
      .click();
    const back = page.getByRole('button', { name: 'Return to AdHoc Templates List' });
    await expect(back).toBeVisible();
    const label = await back.evaluate((b) => {
      const text = b.querySelector('.mantine-Button-label')!;
      return { scroll: text.scrollWidth, client: text.clientWidth, right: b.getBoundingClientRect().right };
    });
    expect(label.scroll, 'no word of the label is cut off').toBeLessThanOrEqual(label.client);
    expect(label.right).toBeLessThanOrEqual(320);
  });
});

test.describe('axe: no serious or critical violation on any main screen', () => {
  test('the login page', async ({ page }) => {
    await page.goto('/auth/login-page');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectNoSeriousViolations(page, 'login');
  });

  test('dashboard, Custom Reports, Completion and the AdHoc list (operator)', async ({ page }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('stat-value').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'dashboard');
    await page.goto('/admin/launcher');
    await expect(
      page.getByRole('button', { name: /^Download MedBase Report for dataset / }).first(),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'launcher');
    await page.goto('/admin/completion');
    await expect(page.getByTestId('completion-caption')).toBeVisible();
    await expectNoSeriousViolations(page, 'completion');
    await page.goto('/admin/adhoc-campaigns');
    await expect(page.getByRole('button', { name: /^Edit ADHOC-/ }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'adhoc list');
  });

  test('the report screens with a campaign or event chosen', async ({ page }) => {
    await signIn(page, 'operator');
    const screens: [string, string, string][] = [
      ['/admin/standard-reports-events', 'event-select', 'events-grid-section'],
      ['/admin/standard-reports-all', 'campaign-select', 'summary-section'],
      ['/admin/voice', 'campaign-select', 'channel-section-voice'],
      ['/admin/sms', 'campaign-select', 'channel-section-sms'],
      ['/admin/email', 'campaign-select', 'channel-section-email'],
      ['/admin/campaign-report', 'campaign-select', 'tree-section'],
    ];
    for (const [path, select, shown] of screens) {
      await page.goto(path);
      await chooseFirst(page, select, shown);
      await expectNoSeriousViolations(page, path);
    }
  });

  test('the ad hoc template editor, each tab, and its delete confirmation', async ({ page }) => {
    await signIn(page, 'operator');
    await page.goto('/admin/adhoc-campaigns');
    await page.getByRole('button', { name: /^Delete ADHOC-3 / }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'delete confirmation');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Edit ADHOC-4 / }).click();
    for (const tab of ['Voice', 'SMS', 'e-Mail', 'Publish']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoSeriousViolations(page, `editor ${tab}`);
    }
  });

  test('SUPPRESSION (suppress user)', async ({ page }) => {
    await signIn(page, 'suppress');
    await page.goto('/admin/suppression');
    // One h1 (the console's name in the top bar); the screen's heading is an h2 like every other screen's.
    await expect(page.getByRole('heading', { name: 'SUPPRESSION', exact: true, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoSeriousViolations(page, 'suppression');
    // The upload dialog: its file field's placeholder was 2.1:1.
    await page.getByRole('button', { name: 'INCREMENTAL FILE UPLOAD' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // A dialog's title bar is no second banner landmark.
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expectNoSeriousViolations(page, 'suppression upload');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'INCREMENTAL FILE UPLOAD' })).toBeFocused();
  });
});
