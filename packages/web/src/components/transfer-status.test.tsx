// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { componentTestSurroundings } from '@/lib/jsdom-stubs.ts';
import {
  previousDeliverySentence,
  type TransferInfo,
  TransferStatus,
  transferSentence,
} from './transfer-status.tsx';

// Local times, so the expected text does not depend on the machine's time zone.
const local = (day: number, h: number, m: number, s: number) =>
  new Date(2026, 10, day, h, m, s).toISOString();
const now = new Date(2026, 10, 21, 13, 40, 0).getTime();

const info = (extra: Partial<TransferInfo>): TransferInfo => ({
  TRANSFER_STATE: 'waiting',
  LAST_ERROR: null,
  ATTEMPTS: 0,
  FILE_NAME: 'PGE_completion_500_20261121213000.csv',
  FILE_TRANSFER_TIME: null,
  PREVIOUS_TRANSFER_TIME: null,
  PREVIOUS_FILE_NAME: null,
  NEXT_ATTEMPT_TIME: null,
  ATTEMPT_LIMIT: null,
  ...extra,
});

describe('the transfer sentence of a file that keeps failing', () => {
  /** A file whose attempt `attempts` of 9 failed, its retry due at `next` (null: not known yet). */
  const retrying = (attempts: number, next: string | null) =>
    info({ LAST_ERROR: 'cannot connect', ATTEMPTS: attempts, ATTEMPT_LIMIT: 9, NEXT_ATTEMPT_TIME: next });

  it("says 'Attempt 3 of 9 failed; next attempt at 14:05:12.' while a retry waits", () => {
    expect(transferSentence(retrying(3, local(21, 14, 5, 12)), now)).toBe(
      'Attempt 3 of 9 failed; next attempt at 14:05:12.',
    );
  });

  it('gives the date too when the next attempt is on another day', () => {
    expect(transferSentence(retrying(8, local(22, 0, 10, 0)), now)).toBe(
      'Attempt 8 of 9 failed; next attempt at 2026-11-22 00:10:00.',
    );
  });

  it('says a retry whose time has passed was due, not that it is still to come (a list not checked yet)', () => {
    expect(transferSentence(retrying(3, local(21, 13, 39, 15)), now)).toBe(
      'Attempt 3 of 9 failed; next attempt was due at 13:39:15; its outcome shows at the next check.',
    );
  });

  it('says another attempt is scheduled until the queue has set its time', () => {
    expect(transferSentence(retrying(1, null), now)).toBe(
      'Attempt 1 of 9 failed; another attempt is scheduled.',
    );
  });

  it('says making the file failed when no transfer was attempted yet', () => {
    const generation = info({
      LAST_ERROR: 'Report generation failed (retrying): connection reset',
      NEXT_ATTEMPT_TIME: local(21, 13, 40, 20),
    });
    expect(transferSentence(generation, now)).toBe('Making the file failed; next attempt at 13:40:20.');
  });

  it('counts the running attempt out of the attempts allowed', () => {
    const running = info({ TRANSFER_STATE: 'transferring', ATTEMPTS: 4, ATTEMPT_LIMIT: 9 });
    expect(transferSentence(running, now)).toBe(
      'File PGE_completion_500_20261121213000.csv is being transferred now (attempt 4 of 9).',
    );
  });
});

describe('the earlier delivery while a new file is made', () => {
  const previous = {
    PREVIOUS_TRANSFER_TIME: local(20, 20, 30, 5),
    PREVIOUS_FILE_NAME: 'PGE_completion_500_20261120203000.csv',
  };

  it('names the file the utility already has and when it arrived', () => {
    expect(previousDeliverySentence(info(previous))).toBe(
      'Previous file PGE_completion_500_20261120203000.csv arrived 2026-11-20 20:30:05.',
    );
    expect(previousDeliverySentence(info({ ...previous, TRANSFER_STATE: 'failed', ATTEMPTS: 9 }))).toBe(
      'Previous file PGE_completion_500_20261120203000.csv arrived 2026-11-20 20:30:05.',
    );
  });

  it('is not repeated once the new file arrived, nor made up when there was none', () => {
    const arrived = info({
      ...previous,
      TRANSFER_STATE: 'transferred',
      FILE_TRANSFER_TIME: local(21, 13, 0, 0),
    });
    expect(previousDeliverySentence(arrived)).toBeNull();
    expect(previousDeliverySentence(info({}))).toBeNull();
  });
});

describe('the transfer badge on a touch screen (no hover)', () => {
  componentTestSurroundings();
  const arrived = info({ TRANSFER_STATE: 'transferred', FILE_TRANSFER_TIME: local(21, 13, 0, 5) });
  const details = 'File PGE_completion_500_20261121213000.csv arrived 2026-11-21 13:00:05.';
  /** The tooltip's text, however the file name is broken for wrapping. */
  const tooltip = () => screen.queryByRole('tooltip')?.textContent ?? null;

  it('shows the file and when it arrived on a tap, and hides them at the next tap or when the tap goes elsewhere', async () => {
    render(
      <MantineProvider env="test">
        <TransferStatus info={arrived} details={<div>Launched 2026-11-21 12:59:00.</div>} />
      </MantineProvider>,
    );
    const badge = screen.getByText('Transferred');
    expect(tooltip()).toBeNull();
    // A tap: a click with no pointer over the badge before it.
    fireEvent.click(badge);
    expect((await screen.findByRole('tooltip')).textContent).toBe(`Launched 2026-11-21 12:59:00.${details}`);
    fireEvent.click(badge);
    await waitFor(() => expect(tooltip()).toBeNull());
    fireEvent.click(badge);
    await screen.findByRole('tooltip');
    fireEvent.blur(badge);
    await waitFor(() => expect(tooltip()).toBeNull());
  });
});
