// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { stageFullUpload, uploadIncremental } from '../api/upload-suppressions.ts';
import { previewFixture } from '../utils/preview-fixture.ts';
import { UploadModal } from './upload-modal.tsx';

vi.mock('../api/upload-suppressions.ts', async (original) => ({
  ...(await original<typeof import('../api/upload-suppressions.ts')>()),
  uploadIncremental: vi.fn(async () => {
    throw new Error('The server cannot be reached.');
  }),
  stageFullUpload: vi.fn(),
  applyFullUpload: vi.fn(() => new Promise(() => {})),
}));

signedInWithSilentServer();

function showIncrementalUpload(kind: 'incremental' | 'full' = 'incremental') {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UploadModal kind={kind} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/**
 * Fills the dialog by keyboard (the group name when given, a one-line file) and presses Enter on its upload button
 * ('Upload', or 'Upload and preview' for a full upload).
 */
async function uploadByKeyboard(groupName: string | null, button = 'Upload') {
  const user = userEvent.setup();
  if (groupName !== null) await user.type(screen.getByRole('combobox', { name: 'Group name' }), groupName);
  const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(picker, new File(['+14155550123\n'], 'values.csv', { type: 'text/csv' }));
  screen.getByRole('button', { name: button }).focus();
  await user.keyboard('{Enter}');
  return user;
}

describe('the upload dialog, by keyboard', () => {
  it('without a file, puts the focus on the File field, which is described by its error', async () => {
    showIncrementalUpload();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Group name' }), 'Opt-out 2026');
    screen.getByRole('button', { name: 'Upload' }).focus();
    await user.keyboard('{Enter}');
    const field = screen.getByRole('button', { name: /^File/ });
    expect(document.activeElement).toBe(field);
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Choose the file to upload.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('after a failed upload, Try again brings the focus back to the form, at the group name kept as typed', async () => {
    showIncrementalUpload();
    const user = await uploadByKeyboard('Opt-out 2026');
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(document.activeElement).toBe(again);
    expect(screen.getByRole('alert').textContent).toBe(
      "File couldn't be uploaded. Try Again!The server cannot be reached.",
    );
    await user.keyboard('{Enter}');
    const group = screen.getByRole('combobox', { name: 'Group name' }) as HTMLInputElement;
    expect(document.activeElement).toBe(group);
    expect(group.value).toBe('Opt-out 2026');
  });
});

/** The texts an element's `aria-describedby` points at, in order. */
function descriptionOf(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id !== '')
    .map((id) => document.getElementById(id)?.textContent);
}

describe("a problem with the group name is the Group name field's error", () => {
  it("Upload without a group name sends nothing and focuses the Group name, described by 'Please enter the group name!'", async () => {
    vi.mocked(uploadIncremental).mockClear();
    showIncrementalUpload();
    const user = await uploadByKeyboard(null);
    const group = screen.getByRole('combobox', { name: 'Group name' });
    expect(document.activeElement).toBe(group);
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(group)).toEqual(['Please enter the group name!', 'An existing group']);
    // Document 2 §8: a warning (yellow), where the unknown group is an error (red).
    expect(screen.getByTestId('upload-notice').getAttribute('data-tone')).toBe('warning');
    expect(screen.getByTestId('upload-notice').style.color).toBe('var(--mantine-color-yellow-text)');
    // Said once, with the field: no alert of its own above it.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(uploadIncremental).not.toHaveBeenCalled();

    await user.keyboard('O');
    expect(group.getAttribute('aria-invalid')).not.toBe('true');
    expect(descriptionOf(group)).toEqual(['An existing group']);
  });

  it("an unknown group: 'Please enter existing group name!' and the similar names describe the focused field", async () => {
    vi.mocked(uploadIncremental).mockRejectedValueOnce(
      new ApiError(400, 'BAD_REQUEST', 'Please enter existing group name!', {
        status: 400,
        error: 'Bad Request',
        message: 'Please enter existing group name!',
        similarGroups: ['Opt-out 2026'],
      }),
    );
    showIncrementalUpload();
    await uploadByKeyboard('Opt-Out 2026');
    const group = await screen.findByRole('combobox', { name: 'Group name', description: /^Please enter/ });
    expect(document.activeElement).toBe(group);
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(group)).toEqual([
      'Please enter existing group name!Group names are compared exactly. A group with nearly the same name holds values: Opt-out 2026.',
      'An existing group',
    ]);
    expect(screen.getByTestId('upload-notice').getAttribute('data-tone')).toBe('error');
    expect(screen.getByTestId('upload-notice').style.color).toBe('');
  });

  it('a new group named with two spaces in a row: the refusal describes the focused field, to be corrected there', async () => {
    const refusal =
      'A new group name cannot have two spaces in a row: every screen shows them as one, so the group would look like another. Write it with single spaces.';
    vi.mocked(stageFullUpload).mockRejectedValueOnce(
      new ApiError(400, 'bad_request', refusal, { error: 'bad_request', message: refusal }),
    );
    showIncrementalUpload('full');
    await uploadByKeyboard('Opt-out  2026', 'Upload and preview');
    const group = await screen.findByRole('combobox', {
      name: 'Group name',
      description: /^A new group name/,
    });
    expect(document.activeElement).toBe(group);
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('upload-notice').textContent).toBe(refusal);
    // Still the form: the name typed is kept, to be corrected.
    expect((group as HTMLInputElement).value).toBe('Opt-out  2026');
  });
});

describe('while a file uploads', () => {
  it('the focus stays in the dialog, on its title, not on the progress (a status region read on its own)', async () => {
    vi.mocked(uploadIncremental).mockImplementationOnce(() => new Promise(() => {}));
    showIncrementalUpload();
    await uploadByKeyboard('Opt-out 2026');
    const progress = screen.getByRole('status');
    // Said once: the share sent, changing with every chunk, is not in the status (it was read again each time).
    expect(progress.textContent).toBe('Uploading File.....');
    const title = screen.getByTestId('upload-dialog-title');
    expect(document.activeElement).toBe(title);
    expect(title.textContent).toBe('INCREMENTAL FILE UPLOAD');
    expect(screen.getByRole('dialog').contains(title)).toBe(true);
    expect(progress.contains(document.activeElement)).toBe(false);
    // Focused by script only, not a Tab stop of its own.
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('the focus stays on the title while a full upload is applied (Apply is gone)', async () => {
    vi.mocked(stageFullUpload).mockResolvedValueOnce(previewFixture());
    showIncrementalUpload('full');
    const user = await uploadByKeyboard('Opt-out 2026', 'Upload and preview');
    (await screen.findByRole('button', { name: 'Apply full upload' })).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('upload-applying').textContent).toContain('Applying to Opt-out 2026');
    // The status is the line of what is applied, not the seconds counted under it (the whole was read each second).
    expect(screen.getByRole('status').textContent).toMatch(
      /^Applying to Opt-out 2026: [\d,]+ to add, [\d,]+ to remove$/,
    );
    const title = screen.getByTestId('upload-dialog-title');
    expect(title.textContent).toBe('FULL FILE UPLOAD');
    expect(document.activeElement).toBe(title);
  });
});

describe('a full upload preview and a session that ends', () => {
  it('is kept in this tab while it waits, and forgotten by Discard', async () => {
    sessionStorage.clear();
    vi.mocked(stageFullUpload).mockResolvedValueOnce(previewFixture());
    showIncrementalUpload('full');
    const user = await uploadByKeyboard('Opt-out 2026', 'Upload and preview');
    await screen.findByRole('button', { name: 'Apply full upload' });
    expect(JSON.parse(sessionStorage.getItem('suppressionPendingPreview') ?? 'null')?.preview).toEqual(
      previewFixture(),
    );
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(sessionStorage.getItem('suppressionPendingPreview')).toBeNull();
  });

  it("says how many of the file's values start later, and when the first does", async () => {
    vi.mocked(stageFullUpload).mockResolvedValueOnce(
      previewFixture({ added: 3, startsLater: 2, firstStart: '2030-01-01T08:00:00.000Z' }),
    );
    showIncrementalUpload('full');
    await uploadByKeyboard('Opt-out 2026', 'Upload and preview');
    // The browser's zone in these tests is UTC: the time shown is the instant in UTC.
    expect((await screen.findByTestId('upload-starts-later')).textContent).toBe(
      '2 values of the file start later, the first on 01/01/2030 08:00:00: each is suppressed from its start, and shown in the lists once it starts.',
    );
  });

  it('is not thrown away by a click beside the dialog; the close button discards it', async () => {
    const onClose = vi.fn();
    vi.mocked(stageFullUpload).mockResolvedValueOnce(previewFixture());
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <UploadModal kind="full" onClose={onClose} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const user = await uploadByKeyboard('Opt-out 2026', 'Upload and preview');
    await screen.findByRole('button', { name: 'Apply full upload' });
    // Mantine closes a dialog on a click of its overlay (the dimmed page around it).
    await user.click(document.querySelector('.mantine-Modal-overlay')!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Apply full upload' })).toBeTruthy();
    await user.click(document.querySelector('.mantine-Modal-close')!);
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
