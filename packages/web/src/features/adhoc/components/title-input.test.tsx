// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { AdhocCampaign } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInWithSilentServer } from '../../../lib/jsdom-stubs.ts';
import { TitleInput } from './title-input.tsx';

const campaign: AdhocCampaign = {
  id_bint: 7,
  name_vch: 'Wind event',
  languageCount_bint: 1,
  status_vch: 'DRAFT',
  itemUpdate_dt: '2026-11-22T10:00:00.000Z',
  testerPhon_vch: null,
  testerSms_vch: null,
  testerEmail_vch: null,
  publish_dt: null,
  unpublishedEdits_bint: 0,
};

signedInWithSilentServer();

describe('the template title', () => {
  it('turns a pasted tab (two Excel cells) into a space', () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <TitleInput campaign={campaign} locked={false} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Template title') as HTMLInputElement;
    expect(input.value).toBe('Wind event');
    fireEvent.change(input, { target: { value: 'North Bay\tWave 2' } });
    expect(input.value).toBe('North Bay Wave 2');
  });
});
