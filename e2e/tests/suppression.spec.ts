import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, snap, test } from '../fixtures.ts';

/**
 * The SUPPRESSION screen (document 2 §2.8, §4, §5, §7, §8). Groups made here start with '0 ' so that they sort
 * first in the summary (ordered by group name) and show on its first page.
 */

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

async function openScreen(page: Page) {
  await signIn(page, 'suppress');
  await page.goto('/admin/suppression');
  await expect(page.getByRole('heading', { name: 'SUPPRESSION', exact: true })).toBeVisible();
  await expect(page.getByTestId('suppression-summary').getByRole('row').nth(1)).toBeVisible();
}

function summaryRow(page: Page, group: string, type: string): Locator {
  return page
    .getByTestId('suppression-summary')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: group, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: type, exact: true }) });
}

/** Fills the upload dialog and sends it; the dialog stays open on its answer. */
async function upload(
  page: Page,
  kind: 'INCREMENTAL FILE UPLOAD' | 'FULL FILE UPLOAD',
  group: string,
  file: { name: string; buffer: Buffer } | null,
) {
  await page.getByRole('button', { name: kind }).click();
  const dialog = page.getByRole('dialog', { name: kind });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Group name' })).toBeFocused();
  // The groups are offered as a name is typed, not as the dialog opens (they would cover the file and buttons).
  await expect(page.getByRole('listbox')).toHaveCount(0);
  if (group) {
    await dialog.getByRole('combobox', { name: 'Group name' }).fill(group);
    // Leaves the field as a keyboard user does, closing the list of groups it may offer.
    await page.keyboard.press('Tab');
  }
  if (file) await dialog.locator('input[type=file]').setInputFiles({ ...file, mimeType: 'text/csv' });
  await dialog
    .getByRole('button', { name: kind === 'FULL FILE UPLOAD' ? 'Upload and preview' : 'Upload' })
    .click();
  return dialog;
}

/** Makes a group through the API (a full upload, then its apply), faster than through the dialog. */
async function apiFullUpload(page: Page, token: string, group: string, lines: string[]) {
  const headers = { authorization: `Bearer ${token}`, groupName: group, user: 'e2e' };
  const staged = await page.request.post('/api/suppress/upload/fullFileUpload', {
    headers,
    multipart: { fullFileUpload: { name: 'values.csv', mimeType: 'text/csv', buffer: csv(lines) } },
  });
  expect(staged.status()).toBe(200);
  const { uploadId } = await staged.json();
  const applied = await page.request.post(`/api/v1/suppress/upload/fullFileUpload/${uploadId}/apply`, {
    headers,
  });
  expect(applied.status()).toBe(200);
}

/** The visible part of the page only (a full-page picture of a long table repeats the fixed header and footer). */
async function snapView(page: Page, name: string) {
  await page.screenshot({ path: fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url)) });
}

async function search(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Group, value or type' });
  await box.fill(text);
  await box.press('Enter');
}

test.describe('SUPPRESSION (document 2 §2.8)', () => {
  test("shows a loader until the summary arrives, and 'No data available' when it is empty", async ({
    page,
  }) => {
    await signIn(page, 'suppress');
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/suppress/getPaginatedCampaigns?*', async (route) => {
      await answered;
      await route.fulfill({ json: { data: [], rows: 0 } });
    });
    await page.goto('/admin/suppression');
    await expect(page.getByLabel('Loading the suppression summary')).toBeVisible();
    answer();
    await expect(page.getByTestId('suppression-summary')).toContainText('No data available');
    await expect(page.getByLabel('Loading the suppression summary')).toHaveCount(0);
  });

  test('shows the summary with its columns, 5 lines a page, and the three buttons', async ({ page }) => {
    const token = await signIn(page, 'suppress');
    await apiFullUpload(page, token, '0 E2E Types', [
      'value,type',
      '+14155550111,PHONE',
      '+14155550112,SMS',
      'types@example.com,EMAIL',
      'ACC-1001,ACCOUNT',
    ]);
    await apiFullUpload(page, token, '0 E2E Types 2', ['+14155550113', 'types2@example.com']);
    await page.goto('/admin/suppression');
    const summary = page.getByTestId('suppression-summary');
    await expect(summary.getByRole('columnheader')).toHaveText([
      'Group',
      'Type',
      'Valid Count',
      'Delete',
      'Download',
    ]);
    await expect(summary.getByRole('row')).toHaveCount(6);
    await expect(summary.getByRole('row').nth(1)).toContainText('0 E2E TypesACCOUNT1');
    const pages = page.getByRole('navigation', { name: 'Summary pages' });
    await expect(pages.getByRole('button', { name: /^Page / }).first()).toHaveAccessibleName('Page 1');
    expect(await pages.getByRole('button', { name: /^Page / }).count()).toBeLessThanOrEqual(5);
    for (const name of ['INCREMENTAL FILE UPLOAD', 'FULL FILE UPLOAD', 'DOWNLOAD ALL']) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
    await expect(
      page.getByRole('heading', { name: 'Search Active Suppressions By Group or Value or Type' }),
    ).toBeVisible();
    await snap(page, 'suppression-1280');
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(summaryRow(page, '0 E2E Types 2', 'PHONE')).toContainText('1');
    await page.setViewportSize({ width: 900, height: 900 });
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
    // The sidebar slides away; the picture is taken once it has gone.
    await page.waitForTimeout(500);
    await snap(page, 'suppression-900');
  });

  test('an upload needs a group name, and an incremental upload an existing group', async ({ page }) => {
    await openScreen(page);
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/suppress/upload/')) requests++;
    });
    const file = { name: 'values.csv', buffer: csv(['+1 415 555 0101']) };
    const dialog = await upload(page, 'INCREMENTAL FILE UPLOAD', '', file);
    await expect(dialog.getByTestId('upload-notice')).toHaveText('Please enter the group name!');
    expect(requests).toBe(0);

    await dialog.getByRole('combobox', { name: 'Group name' }).fill('0 E2E No Such Group');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByTestId('upload-notice')).toHaveText('Please enter existing group name!');
    await snap(page, 'suppression-upload-unknown-group');
    // A name that differs only in capitals from a group with values: the notice names that group.
    await dialog.getByRole('combobox', { name: 'Group name' }).fill('opt-out 2026');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByTestId('upload-notice')).toContainText('Please enter existing group name!');
    await expect(dialog.getByTestId('upload-notice-hint')).toHaveText(
      'Group names are compared exactly. A group with nearly the same name holds values: Opt-out 2026.',
    );
    await snap(page, 'suppression-upload-unknown-group-similar');
    // The groups that exist are offered as the name is typed, and chosen with the keyboard.
    const name = dialog.getByRole('combobox', { name: 'Group name' });
    await name.fill('');
    await name.pressSequentially('opt-o');
    await expect(page.getByRole('option', { name: 'Opt-out 2026', exact: true })).toBeVisible();
    await snap(page, 'suppression-upload-group-offered');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(name).toHaveValue('Opt-out 2026');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    // The file picker offers CSV and text files first, and the chosen file can be removed by a named button.
    await expect(dialog.locator('input[type=file]')).toHaveAttribute(
      'accept',
      '.csv,.txt,text/csv,text/plain',
    );
    await dialog.getByRole('button', { name: 'Remove the chosen file' }).click();
    await expect(dialog.getByRole('button', { name: 'File' })).toHaveText('Choose a file');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The keyboard goes back to the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'INCREMENTAL FILE UPLOAD' })).toBeFocused();
  });

  test('a full upload shows what it would change and applies only when confirmed; an incremental upload adds', async ({
    page,
  }) => {
    await openScreen(page);
    const group = '0 E2E Full';
    const first = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'first.csv',
      buffer: csv([
        'value,type',
        '(415) 555-0101,PHONE',
        '415.555.0102,PHONE',
        '+14155550103,PHONE',
        'ann@example.com,EMAIL',
        'not a value,',
        '415-555-0101,PHONE',
      ]),
    });
    const preview = first.getByTestId('upload-preview');
    await expect(preview).toContainText('Nothing has changed yet.');
    await expect(preview.getByTestId('count-Added')).toContainText('4');
    await expect(preview.getByTestId('count-Removed')).toContainText('0');
    await expect(preview.getByTestId('count-Rejected')).toContainText('1');
    await expect(preview.getByTestId('count-Duplicates')).toContainText('1');
    await expect(preview.getByRole('table', { name: 'Rejected lines' })).toContainText('6');
    // Nothing is removed from a new group, so its rejected line needs no warning.
    await expect(preview.getByTestId('upload-rejected-removed')).toHaveCount(0);
    await expect(preview.getByTestId('upload-most-removed')).toHaveCount(0);
    await expect(preview).toContainText(
      `Applying this file makes it the complete list of ${group}, a new group.`,
    );
    await expect(preview.getByTestId('upload-header')).toHaveText(
      'Line 1, "value,type", is the header, not a value.',
    );
    await snap(page, 'suppression-full-preview');
    // The preview has the focus, not Apply: a second Enter after the upload's applies nothing.
    await expect(first.getByTestId('upload-preview-start')).toBeFocused();
    const applyCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/apply')) applyCalls.push(req.url());
    });
    await page.keyboard.press('Enter');
    await expect(preview).toBeVisible();
    await expect(first.getByTestId('upload-applying')).toHaveCount(0);
    expect(applyCalls).toEqual([]);

    // Discarding the preview changes nothing (the group does not exist) and closes it on the server too.
    const discarded = page.waitForResponse((res) => res.url().endsWith('/discard'));
    await first.getByRole('button', { name: 'Discard' }).click();
    expect(await (await discarded).json()).toMatchObject({ status: 200, discarded: true });
    await expect(first).toBeHidden();
    await expect(
      page.getByText(`Nothing changed: the full upload to ${group} was not applied.`),
    ).toBeVisible();
    await expect(summaryRow(page, group, 'PHONE')).toHaveCount(0);

    const again = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'first.csv',
      buffer: csv(['(415) 555-0101', '415.555.0102', '+14155550103', 'ann@example.com']),
    });
    await expect(again.getByTestId('count-Added')).toContainText('4');
    await again.getByRole('button', { name: 'Apply full upload' }).click();
    await expect(again.getByTestId('upload-result')).toContainText('File Uploaded Successfuly!');
    await expect(again.getByTestId('count-Added')).toContainText('4');
    await snap(page, 'suppression-full-applied');
    await again.getByRole('button', { name: 'Close' }).click();
    await expect(summaryRow(page, group, 'PHONE')).toContainText('3');
    await expect(summaryRow(page, group, 'EMAIL')).toContainText('1');

    // A second full upload ends what the file no longer holds.
    const replace = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'second.csv',
      buffer: csv(['(415) 555-0101', 'bob@example.com']),
    });
    await expect(replace.getByTestId('count-Added')).toContainText('1');
    await expect(replace.getByTestId('count-Removed')).toContainText('3');
    await expect(replace.getByTestId('count-Unchanged')).toContainText('1');
    await expect(replace.getByTestId('upload-most-removed')).toHaveText(
      `Applying removes 3 of the 4 values ${group} holds now. Check that this file is the complete list for this group.`,
    );
    const removedTable = replace.getByRole('table', { name: 'Values that would stop being suppressed' });
    await expect(removedTable.getByRole('row')).toHaveText([
      'TypeValue',
      'EMAILann@example.com',
      'PHONE+14155550102',
      'PHONE+14155550103',
    ]);
    await snap(page, 'suppression-full-preview-removed');
    // While it applies, the dialog says what changes and that the previous list holds meanwhile (the answer is held
    // back here until that was seen).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/fullFileUpload/*/apply', async (route) => {
      await held;
      await route.continue();
    });
    await replace.getByRole('button', { name: 'Apply full upload' }).click();
    await expect(replace.getByTestId('upload-applying')).toContainText(
      `Applying to ${group}: 1 to add, 3 to remove`,
    );
    await expect(replace.getByTestId('upload-applying')).toContainText('its previous list stays in force');
    await expect(replace.getByRole('button', { name: 'Dismiss' })).toBeHidden();
    await snap(page, 'suppression-full-applying');
    release();
    await expect(replace.getByTestId('upload-result')).toContainText('File Uploaded Successfuly!');
    await page.unroute('**/fullFileUpload/*/apply');
    await replace.getByRole('button', { name: 'Close' }).click();
    await expect(summaryRow(page, group, 'PHONE')).toContainText('1');
    await expect(summaryRow(page, group, 'EMAIL')).toContainText('1');

    // A name that differs only in capitals is another group: the preview says so before anything happens.
    const slip = await upload(page, 'FULL FILE UPLOAD', '0 e2e full', {
      name: 'slip.csv',
      buffer: csv(['E-mail', 'carl@example.com']),
    });
    await expect(slip.getByTestId('upload-header')).toHaveText(
      'Line 1, "E-mail", is the header, not a value: values without a type of their own are read as EMAIL.',
    );
    await expect(slip.getByTestId('upload-similar-groups')).toHaveText(
      `Group names are compared exactly. A group with nearly the same name holds values: ${group}. Applying this file changes 0 e2e full only.`,
    );
    await snap(page, 'suppression-full-preview-similar');
    await slip.getByRole('button', { name: 'Discard' }).click();
    await expect(slip).toBeHidden();

    // An incremental upload adds to the group and reports what it did not add.
    const add = await upload(page, 'INCREMENTAL FILE UPLOAD', group, {
      name: 'more.csv',
      buffer: csv(['+1 415 555 0104', '+1 415 555 0105', '(415) 555-0101', 'nonsense']),
    });
    const result = add.getByTestId('upload-result');
    await expect(result).toContainText('File Uploaded Successfuly!');
    await expect(result.getByTestId('count-Inserted')).toContainText('2');
    await expect(result.getByTestId('count-Duplicates')).toContainText('1');
    await expect(result.getByTestId('count-Rejected')).toContainText('1');
    await expect(result.getByRole('table', { name: 'Rejected lines' })).toContainText('4');
    await expect(result.getByTestId('upload-result-summary')).toHaveText(`2 values were added to ${group}.`);
    await snap(page, 'suppression-incremental-uploaded');
    await add.getByRole('button', { name: 'Close' }).click();
    await expect(summaryRow(page, group, 'PHONE')).toContainText('3');

    // The same file again: nothing new, and the dialog does not say values were added.
    const same = await upload(page, 'INCREMENTAL FILE UPLOAD', group, {
      name: 'more.csv',
      buffer: csv(['+1 415 555 0104', '+1 415 555 0105']),
    });
    await expect(same.getByTestId('upload-result')).toContainText('File Uploaded Successfuly!');
    await expect(same.getByTestId('count-Inserted')).toContainText('0');
    await expect(same.getByTestId('upload-result-summary')).toHaveText(
      `No new value was added to ${group}: the file's values were already there.`,
    );
    await same.getByRole('button', { name: 'Close' }).click();
  });

  test('a full upload removing most of the group, or whose rejected lines may hold its values, warns before it is applied', async ({
    page,
  }) => {
    await openScreen(page);
    const group = '0 E2E Rejected';
    const first = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'list.csv',
      buffer: csv(['4155550101', '4155550102', '4155550103']),
    });
    await first.getByRole('button', { name: 'Apply full upload' }).click();
    await expect(first.getByTestId('upload-result')).toContainText('File Uploaded Successfuly!');
    await first.getByRole('button', { name: 'Close' }).click();

    // The same list saved again by Excel with two numbers shown in scientific notation: they cannot be read.
    const resaved = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'list-resaved.csv',
      buffer: csv(['4155550101', '4.15556E+09', '4.15556E+09']),
    });
    const preview = resaved.getByTestId('upload-preview');
    await expect(preview.getByTestId('count-Removed')).toContainText('2');
    await expect(preview.getByTestId('count-Rejected')).toContainText('2');
    await expect(preview.getByTestId('upload-rejected-removed')).toHaveText(
      '2 lines of the file could not be read. If they hold values of the group, those values are among the 2 removed. Correct the file and upload it again, unless those lines hold nothing to keep.',
    );
    await expect(preview.getByRole('table', { name: 'Rejected lines' })).toContainText(
      '"4.15556E+09" is a number in Excel\'s scientific notation, which has lost its last digits',
    );
    await expect(preview.getByTestId('upload-most-removed')).toHaveText(
      `Applying removes 2 of the 3 values ${group} holds now. Check that this file is the complete list for this group.`,
    );
    await snap(page, 'suppression-full-preview-rejected-removed');
    await resaved.getByRole('button', { name: 'Discard' }).click();
    await expect(resaved).toBeHidden();
    await expect(summaryRow(page, group, 'PHONE')).toContainText('3');

    // Removing one value of three, every line read: the counts say it all.
    const fewer = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'list-fewer.csv',
      buffer: csv(['4155550101', '4155550102']),
    });
    await expect(fewer.getByTestId('count-Removed')).toContainText('1');
    await expect(fewer.getByTestId('upload-most-removed')).toHaveCount(0);
    await expect(fewer.getByTestId('upload-rejected-removed')).toHaveCount(0);
    await fewer.getByRole('button', { name: 'Discard' }).click();
    await expect(fewer).toBeHidden();
  });

  test('searches with and without results, pages through them, and deletes a row and a group', async ({
    page,
  }, testInfo) => {
    const group = '0 E2E Paging';
    if (testInfo.retry > 0) {
      // A retry starts where the first attempt did: without the group that attempt may have uploaded.
      const token = await signIn(page, 'suppress');
      await page.request.delete('/api/suppress/deleteById/groupNameAndType', {
        headers: { authorization: `Bearer ${token}` },
        data: { groupName: group, type: 'EMAIL' },
      });
    }
    await openScreen(page);
    const values = Array.from(
      { length: 120 },
      (_, i) => `pager${String(i).padStart(3, '0')}@e2e.example.com`,
    );
    const dialog = await upload(page, 'FULL FILE UPLOAD', group, { name: 'paging.csv', buffer: csv(values) });
    await expect(dialog.getByTestId('count-Added')).toContainText('120');
    await dialog.getByRole('button', { name: 'Apply full upload' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(summaryRow(page, group, 'EMAIL')).toContainText('120');
    // Normal mode lists every active value, 50 a page, ordered by group (other tests' groups may come first).
    const list = page.getByRole('table', { name: 'Active values' });
    await expect(list.getByRole('row')).toHaveCount(51);
    const groups = await list.locator('tbody tr td:first-child').allInnerTexts();
    expect(groups).toEqual([...groups].sort());

    // An empty search does nothing.
    await search(page, '   ');
    await expect(page.getByText('Below are the search results!')).toBeHidden();

    await search(page, 'no-such-value-anywhere');
    // The visible note (the same words are also in the hidden status a screen reader says).
    await expect(
      page.getByRole('note').getByText("Couldn't get anything related! Try a different value."),
    ).toBeVisible();
    await expect(page.getByTestId('search-announce')).toHaveText(
      "Couldn't get anything related! Try a different value.",
    );
    await expect(page.getByTestId('search-short-hint')).toHaveCount(0);
    // A group's name in part finds nothing, and the screen says why.
    await expect(page.getByTestId('search-whole-hint')).toHaveText(
      'A group name or a type must be typed whole; a value is found from its first 3 characters.',
    );
    // Fewer than 3 characters find only a whole value, and the screen says so.
    await search(page, 'zq');
    await expect(page.getByTestId('search-short-hint')).toHaveText(
      'A value is found from its first 3 characters; with fewer, only a whole value, group name or type matches.',
    );
    await search(page, 'no-such-value-anywhere');
    await snap(page, 'suppression-search-nothing');

    // A whole group name finds the group's values.
    await search(page, group);
    await expect(page.getByText('Below are the search results!')).toBeVisible();
    const results = page.getByRole('table', { name: 'Search results' });
    await expect(results.getByRole('columnheader')).toHaveText([
      'Group',
      'Type',
      'Value',
      'Start Time',
      'End Time',
      'Created Time',
      'Action',
    ]);
    await expect(results.getByRole('row')).toHaveCount(51);
    await expect(page.getByTestId('results-range')).toHaveText('1–50 of 120');
    await expect(results.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    await snap(page, 'suppression-search-results');
    await page.getByTestId('suppression-search').scrollIntoViewIfNeeded();
    await snapView(page, 'suppression-search-results-1280');
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForTimeout(500);
    await page.getByTestId('results-range').scrollIntoViewIfNeeded();
    await snapView(page, 'suppression-search-results-900');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Back at 1280 px the sidebar slides in again and the table's rows grow shorter: a click while the page still
    // moved landed beside Page 3 (a run of 2026-11-28).
    await page.waitForTimeout(500);

    const pages = page.getByRole('navigation', { name: 'Search result pages' });
    await pages.scrollIntoViewIfNeeded();
    await pages.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByTestId('results-range')).toHaveText('101–120 of 120');
    await expect(results.getByRole('row')).toHaveCount(21);
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(pages.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByTestId('results-range')).toHaveText('51–100 of 120');
    // The search and its page are in the address: a reload brings both back.
    await expect(page).toHaveURL(/\/admin\/suppression\?search=0\+E2E\+Paging&page=2$/);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Group, value or type' })).toHaveValue(group);
    await expect(page.getByTestId('results-range')).toHaveText('51–100 of 120');
    // A page past the end (an old address) falls back to page 1.
    await page.goto('/admin/suppression?search=0+E2E+Paging&page=99');
    await expect(page.getByTestId('results-range')).toHaveText('1–50 of 120');
    await expect(page).toHaveURL(/\/admin\/suppression\?search=0\+E2E\+Paging$/);
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByTestId('results-range')).toHaveText('51–100 of 120');
    await pages.getByRole('button', { name: 'First page' }).click();
    await expect(page.getByTestId('results-range')).toHaveText('1–50 of 120');
    await pages.getByRole('button', { name: 'Last page' }).click();
    await expect(page.getByTestId('results-range')).toHaveText('101–120 of 120');

    // Delete one value: confirm, then the success text; closing reloads the results.
    await results
      .getByRole('button', { name: 'Delete pager119@e2e.example.com from 0 E2E Paging EMAIL' })
      .click();
    const del = page.getByRole('dialog', { name: 'Delete a suppression value' });
    await expect(del).toContainText('pager119@e2e.example.com');
    await expect(del.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await snap(page, 'suppression-delete-row-confirm');
    await del.getByRole('button', { name: 'Delete value' }).click();
    await expect(del).toContainText('Row Deleted Successfuly!');
    await expect(del.getByRole('button', { name: 'Close' })).toBeFocused();
    await del.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('results-range')).toHaveText('101–119 of 119');
    await expect(results.getByText('pager119@e2e.example.com')).toHaveCount(0);
    await expect(summaryRow(page, group, 'EMAIL')).toContainText('119');

    // Closing the search returns to normal mode: the list of every active value, the deleted ones gone.
    await page.getByRole('button', { name: 'Close the search' }).click();
    await expect(results).toBeHidden();
    await expect(list.getByRole('row')).toHaveCount(51);
    await expect(page.getByRole('textbox', { name: 'Group, value or type' })).toHaveValue('');
    // Back brings the closed search back at the page it was on; Forward closes it again.
    await page.goBack();
    await expect(page.getByTestId('results-range')).toHaveText('101–119 of 119');
    await expect(page.getByRole('textbox', { name: 'Group, value or type' })).toHaveValue(group);
    await page.goForward();
    await expect(results).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Group, value or type' })).toHaveValue('');

    // The first characters of a value find every value starting with them.
    await search(page, 'pager00');
    await expect(page.getByTestId('search-count')).toHaveText('10 active values match “pager00”');
    await expect(page.getByRole('table', { name: 'Search results' }).getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Close the search' }).click();

    // Delete the whole group and type from the summary.
    const summaryDeletes = page.getByTestId('suppression-summary').getByRole('button', { name: /^Delete / });
    const place = (
      await summaryDeletes.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')))
    ).indexOf(`Delete ${group} EMAIL`);
    await summaryRow(page, group, 'EMAIL')
      .getByRole('button', { name: `Delete ${group} EMAIL` })
      .click();
    const delGroup = page.getByRole('dialog', { name: 'Delete a group and type' });
    await delGroup.getByRole('button', { name: 'Delete 119 values' }).click();
    await expect(delGroup).toContainText(`Deleted all data for group name: ${group}`);
    await snap(page, 'suppression-delete-group-done');
    await delGroup.getByRole('button', { name: 'Close' }).click();
    await expect(summaryRow(page, group, 'EMAIL')).toHaveCount(0);
    // The row whose button opened the dialog is gone: the keyboard lands on the Delete button of the row now in its
    // place (the last row's if it was the last), not nowhere nor at the top of the page.
    expect(place).toBeGreaterThanOrEqual(0);
    await expect(summaryDeletes.nth(Math.min(place, (await summaryDeletes.count()) - 1))).toBeFocused();
  });

  test('a preview applied after another operator changed its group is refused, and closing reloads the summary', async ({
    page,
  }) => {
    const token = await signIn(page, 'suppress');
    const group = '0 E2E Changed meanwhile';
    await apiFullUpload(page, token, group, ['4155550171', '4155550172']);
    await page.goto('/admin/suppression');
    await expect(summaryRow(page, group, 'PHONE')).toContainText('2');
    const dialog = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'list.csv',
      buffer: csv(['4155550171', '4155550172', '4155550173']),
    });
    await expect(dialog.getByTestId('count-Added')).toContainText('1');

    // Meanwhile, another operator adds a value to the same group.
    const other = await page.request.post('/api/suppress/upload/incrementalFileUpload', {
      headers: { authorization: `Bearer ${token}`, groupName: group, user: 'other' },
      multipart: {
        incrementalFileUpload: { name: 'more.csv', mimeType: 'text/csv', buffer: csv(['4155550174']) },
      },
    });
    expect(await other.json()).toMatchObject({ status: 200, inserted: 1 });

    await dialog.getByRole('button', { name: 'Apply full upload' }).click();
    await expect(dialog.getByTestId('upload-failed')).toContainText(
      `The group "${group}" changed after this preview. Upload the file again to see a fresh preview.`,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(summaryRow(page, group, 'PHONE')).toContainText('3');
  });

  test('a group another operator deleted first: the failure says so, offers no retry, and closing reloads', async ({
    page,
  }) => {
    const token = await signIn(page, 'suppress');
    const group = '0 E2E Deleted first';
    await apiFullUpload(page, token, group, ['first@e2e.example.com', 'second@e2e.example.com']);
    await page.goto('/admin/suppression');
    await summaryRow(page, group, 'EMAIL')
      .getByRole('button', { name: `Delete ${group} EMAIL` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete a group and type' });
    // Enabled once the dialog has read the count again.
    await expect(dialog.getByRole('button', { name: 'Delete 2 values' })).toBeEnabled();

    // Meanwhile, another operator deletes the same group and type.
    const first = await page.request.delete('/api/suppress/deleteById/groupNameAndType', {
      headers: { authorization: `Bearer ${token}` },
      data: { groupName: group, type: 'EMAIL' },
    });
    expect(await first.json()).toEqual({ status: 200, deleted: 2 });

    await dialog.getByRole('button', { name: 'Delete 2 values' }).click();
    await expect(dialog.getByRole('alert')).toContainText("Data couldn't be Deleted. Try Again!");
    await expect(dialog.getByRole('alert')).toContainText(
      `The group "${group}" has no active EMAIL values. Nothing was deleted.`,
    );
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(summaryRow(page, group, 'EMAIL')).toHaveCount(0);
  });

  test('DOWNLOAD ALL saves data.csv with every active value, and a group downloads its own', async ({
    page,
  }) => {
    await openScreen(page);
    const group = '0 E2E Download';
    const dialog = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'download.csv',
      buffer: csv(['dana@example.com', '+1 415 555 0199']),
    });
    await dialog.getByRole('button', { name: 'Apply full upload' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'DOWNLOAD ALL' }).click(),
    ]);
    await expect(page.getByText('Download in progress. This may take a few minutes.')).toBeVisible();
    expect(all.suggestedFilename()).toBe('data.csv');
    const allBytes = await fs.readFile(await all.path());
    // A UTF-8 byte order mark first, so that Excel does not read the file in a legacy code page.
    expect([...allBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(allBytes.toString('utf8')).toContain(`${group},EMAIL,dana@example.com,`);

    // A summary row downloads its own group and type.
    const [one] = await Promise.all([
      page.waitForEvent('download'),
      summaryRow(page, group, 'EMAIL')
        .getByRole('button', { name: `Download ${group} EMAIL` })
        .click(),
    ]);
    expect(one.suggestedFilename()).toBe('data.csv');
    const lines = (await fs.readFile(await one.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${group},EMAIL,dana@example\\.com,`));
  });
});

test('an upload shows its progress and cannot be dismissed until it is answered', async ({ page }) => {
  await openScreen(page);
  // A 3 MB file over a link sending 1 MB a second takes a few seconds to go.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  const lines = Array.from(
    { length: 120_000 },
    (_, i) => `slow${String(i).padStart(6, '0')}@e2e.example.com`,
  );
  const dialog = await upload(page, 'FULL FILE UPLOAD', '0 E2E Slow', {
    name: 'slow.csv',
    buffer: csv(lines),
  });
  await expect(dialog.getByText('Uploading File.....')).toBeVisible();
  // The bar follows the bytes sent (XMLHttpRequest upload progress): part-way, not all or nothing.
  await expect(dialog.getByTestId('upload-progress-text')).toHaveText(/^[1-9]\d% · [\d.]+ MB of 3\.1 MB$/);
  await snap(page, 'suppression-uploading');
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 400);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(dialog.getByTestId('count-Added')).toContainText('120,000', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});

test.describe('SUPPRESSION upload dates, in a browser on Pacific time', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test("reads a file's dates without a zone as the operator's local time, and says so", async ({ page }) => {
    await openScreen(page);
    const group = 'Z E2E Pacific dates';
    const dialog = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'dates.csv',
      buffer: csv(['value,type,start,end', '4153217778,PHONE,,2030-06-15T08:00:00']),
    });
    await expect(dialog.getByTestId('upload-preview')).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply full upload' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await search(page, '+14153217778');
    const row = page.getByRole('table', { name: 'Search results' }).getByRole('row').nth(1);
    // End Time as written in the file: 08:00 on the operator's clock (read as UTC it showed 01:00).
    await expect(row.getByRole('cell').nth(4)).toHaveText('06/15/2030 08:00:00');

    // The same value with another end: the preview counts it under 'New dates', and the apply gives it that end.
    const again = await upload(page, 'FULL FILE UPLOAD', group, {
      name: 'dates.csv',
      buffer: csv(['value,type,start,end', '4153217778,PHONE,,2030-07-01']),
    });
    await expect(again.getByTestId('count-New dates')).toContainText('1');
    await expect(again.getByTestId('count-Unchanged')).toContainText('0');
    await expect(again.getByTestId('upload-preview')).not.toContainText('a new group');
    await snap(page, 'suppression-full-preview-new-dates');
    await again.getByRole('button', { name: 'Apply full upload' }).click();
    await expect(again.getByTestId('count-New dates')).toContainText('1');
    await again.getByRole('button', { name: 'Close' }).click();
    await search(page, '+14153217778');
    await expect(row.getByRole('cell').nth(4)).toHaveText('07/01/2030 00:00:00');

    await page.getByRole('button', { name: 'INCREMENTAL FILE UPLOAD' }).click();
    await expect(page.getByRole('dialog', { name: 'INCREMENTAL FILE UPLOAD' })).toContainText(
      'Dates and times without a zone are read as your local time (America/Los_Angeles); a date alone is 00:00 at the start of that day (an end of 12/31/2026 lifts the suppression as 12/31 begins).',
    );
  });
});
