// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../../../lib/jsdom-stubs.ts';
import { LauncherPage } from './launcher-page.tsx';

beforeEach(() => {
  localStorage.setItem('sessionToken', 'tok');
  stubBrowserApis();
  // The list never answers: the note above it is what is looked at.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Promise<Response>(() => {})),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Custom Reports', () => {
  it('says results are sent via FTP, its icon keeping its size beside the text on a narrow screen', () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <LauncherPage />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('launcher-note').textContent).toMatch(/^Results are sent via FTP\. /);
    expect(screen.getByTestId('launcher-note-icon').style.flexShrink).toBe('0');
  });
});
