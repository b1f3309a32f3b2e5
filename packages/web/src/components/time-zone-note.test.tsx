// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { inTimeZone } from '@psps/contracts/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/lib/jsdom-stubs.ts';
import { TimeZoneNote } from './time-zone-note.tsx';

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the time zone note of a screen left open', () => {
  it('gives the new offset once summer time ends, as the times on the screen do', async () => {
    inTimeZone('America/Los_Angeles');
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // 2026-11-01 01:50 PDT (08:50 UTC): ten minutes later clocks go back to 01:00, now PST (09:00 UTC).
    vi.setSystemTime(new Date('2026-11-01T08:50:00Z'));
    render(
      <MantineProvider>
        <TimeZoneNote />
      </MantineProvider>,
    );
    const note = screen.getByTestId('time-zone-note');
    expect(note.textContent).toBe('Times are in Pacific Time (America/Los_Angeles, now UTC-07:00).');

    // 01:05 PST (09:05 UTC): a time shown now reads '2026-11-01 01:05:00 -08:00'.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
    });
    expect(note.textContent).toBe('Times are in Pacific Time (America/Los_Angeles, now UTC-08:00).');
  });
});
