// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { AdhocCampaign } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInWithSilentServer } from '../../../lib/jsdom-stubs.ts';
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

describe('the Publish tab by keyboard', () => {
  it("closing 'Not published' puts the focus back on Publish (not on the top of the page)", async () => {
    const client = new QueryClient();
    client.setQueryData(adhocKeys.summary(5), summary);
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <DialogsProvider>
            <PendingSavesProvider>
              <UnsavedEdit />
              <PublishTab campaign={template} locked={false} />
            </PendingSavesProvider>
          </DialogsProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
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
