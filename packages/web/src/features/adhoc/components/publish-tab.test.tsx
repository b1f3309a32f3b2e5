// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { AdhocCampaign, AdhocLanguageRecord } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { adhocKeys } from '../api/keys.ts';
import type { AdhocSummary } from '../api/publish.ts';

import { PendingSavesProvider, useRegisterFlush } from '../hooks/pending-saves.tsx';
import { DialogsProvider } from './adhoc-dialogs.tsx';
import { PublishTab } from './publish-tab.tsx';

signedInWithSilentServer();

const template = { id_bint: 5, name_vch: 'Wind event', status_vch: 'DRAFT' } as AdhocCampaign;

const summary: AdhocSummary = {
  PHON: ['english'],
  SMS: ['english'],
  EML: ['english'],
  publish_dt: null,
  editedSincePublish: [],
  gaps: [],
};

/** A save that cannot be made (refused, or waiting for a conflict's choice). */
function UnsavedEdit() {
  useRegisterFlush(async () => false);
  return null;
}

/** The Publish tab of template 5, over `client`'s data, with `before` (an unsaved edit) beside it. */
function showPublishTab(client: QueryClient, before?: ReactNode) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <DialogsProvider>
          <PendingSavesProvider>
            {before}
            <PublishTab campaign={template} locked={false} />
          </PendingSavesProvider>
        </DialogsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Publish tab by keyboard', () => {
  it("closing 'Not published' puts the focus back on Publish (not on the top of the page)", async () => {
    const client = new QueryClient();
    client.setQueryData(adhocKeys.summary(5), summary);
    showPublishTab(client, <UnsavedEdit />);
    const user = userEvent.setup();
    const publish = screen.getByTestId('publish-button');
    expect(publish.textContent).toBe('Publish');
    publish.focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        'Some edits are not saved yet (a save failed, or someone else changed the same language: see the Voice, SMS and e-Mail tabs), so the template was not published.',
      ),
    ).toBeTruthy();
    // The alert's close button, then Enter on it.
    await user.tab();
    expect(document.activeElement?.tagName).toBe('BUTTON');
    expect(document.activeElement).not.toBe(publish);
    await user.keyboard('{Enter}');
    expect(screen.queryByText(/so the template was not published\.$/)).toBeNull();
    expect(document.activeElement).toBe(publish);
  });
});

describe('a Publish whose call never reached the server', () => {
  it('says to try again, not that the page retries by itself (it does not publish by itself)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const silent = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url === '/api/v1/adhoc/publish') throw new TypeError('Failed to fetch');
      return (silent as typeof fetch)(url, init);
    });
    const client = new QueryClient();
    client.setQueryData(adhocKeys.summary(5), summary);
    showPublishTab(client);
    await userEvent.setup().click(screen.getByTestId('publish-button'));
    expect(
      await screen.findByText('The server cannot be reached. Check your connection and try again.'),
    ).toBeTruthy();
  });
});

describe('Publish with variables the editor does not know', () => {
  it('says at once what is missing when publishing would be refused, without asking to publish anyway', async () => {
    const refusal = 'Not published: Voice Spanish: not configured.';
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/v1/adhoc/campaign/summary/select') {
          return Response.json({
            response: [
              [{ language_vch: 'english' }],
              [{ language_vch: 'english' }, { language_vch: 'spanish' }],
              [{ language_vch: 'english' }],
              [{ publish_dt: null, editedSincePublish: [] }],
              [{ notifyBy_vch: 'PHON', language_vch: 'spanish', reason: 'missing' }],
            ],
          });
        }
        if (url === '/api/v1/adhoc/publish')
          return Response.json({ error: 'conflict', message: refusal }, { status: 409 });
        return new Promise<Response>(() => {});
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(adhocKeys.summary(5), summary);
    client.setQueryData(adhocKeys.templates(5, 'PHON'), []);
    client.setQueryData(adhocKeys.templates(5, 'EML'), []);
    client.setQueryData(adhocKeys.templates(5, 'SMS'), [
      {
        notifyBy_vch: 'SMS',
        language_vch: 'spanish',
        templatePGE_txt: 'Hola ^nombreCliente^',
        subject_vch: null,
        preview_txt: null,
      },
    ] as unknown as AdhocLanguageRecord[]);
    showPublishTab(client);
    // The tab lists the unknown variable (the question would be about it).
    expect(await screen.findByText(/\^nombreCliente\^/)).toBeTruthy();
    calls.length = 0;
    await userEvent.setup().click(screen.getByTestId('publish-button'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    // The summary read again (the gaps after any save just made), then the publish the server refused.
    expect(calls).toEqual(['/api/v1/adhoc/campaign/summary/select', '/api/v1/adhoc/publish']);
    expect(screen.queryByText(/Publish anyway\?$/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish anyway' })).toBeNull();
  });
});
