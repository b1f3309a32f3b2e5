// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInWithSilentServer } from '../../../lib/jsdom-stubs.ts';
import { LauncherPage } from './launcher-page.tsx';

// The list never answers: the note above it is what is looked at.
signedInWithSilentServer();

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
