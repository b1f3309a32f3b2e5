// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefreshPermissions } from './permissions.tsx';
import { session } from './storage.ts';

function Refresher() {
  useRefreshPermissions();
  return null;
}

type Call = { url: string; bearer: string | null };

/** The server as it is: it answers only about the bearer's own session. */
function stubServer(permissionsOf: Record<string, string[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const bearer = headers.authorization?.replace('Bearer ', '') ?? null;
      calls.push({ url, bearer });
      const pathToken = decodeURIComponent(url.replace('/api/', ''));
      const granted = pathToken === bearer ? permissionsOf[pathToken] : undefined;
      const body =
        granted === undefined
          ? [[{ LOGIN_VALID: 0 }]]
          : [[{ LOGIN_VALID: 1 }], granted.map((p) => ({ PERMISSION_NAME: p }))];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  session.store('token-olivia', 'Olivia Operator', ['REPORTING'], 'operator@example.com');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the permissions check GET /api/{sessionToken}', () => {
  it('stores the permissions the server gives for the signed-in token', async () => {
    const calls = stubServer({ 'token-olivia': ['REPORTING', 'SUPPRESSION'] });
    render(
      <QueryClientProvider client={client}>
        <Refresher />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(session.permissions()).toEqual(['REPORTING', 'SUPPRESSION']));
    expect(calls).toEqual([{ url: '/api/token-olivia', bearer: 'token-olivia' }]);
  });

  it('ends the session when the stored token is no token at all (the server answers its address 404)', async () => {
    session.store('not a token', 'Olivia Operator', ['REPORTING'], 'operator@example.com');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/admin/voice', search: '', assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: 'not_found', message: 'There is no GET /api/not%20a%20token.' }),
            {
              status: 404,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    render(
      <QueryClientProvider client={client}>
        <Refresher />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(session.token()).toBeNull());
    expect(assign).toHaveBeenCalledWith('/auth/login-page?expired=1');
  });

  it("after another user's sign-in in another tab, asks about the new token and keeps that user signed in", async () => {
    const calls = stubServer({ 'token-olivia': ['REPORTING'], 'token-sam': ['SUPPRESSION'] });
    render(
      <QueryClientProvider client={client}>
        <Refresher />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    // Another tab signs Sam in; this tab has not re-rendered yet when its next check runs.
    session.store('token-sam', 'Sam Suppression', ['SUPPRESSION'], 'suppress@example.com');
    await client.refetchQueries({ queryKey: ['session-permissions'] });
    expect(calls[1]).toEqual({ url: '/api/token-sam', bearer: 'token-sam' });
    await waitFor(() => expect(session.permissions()).toEqual(['SUPPRESSION']));
    expect(session.token()).toBe('token-sam');
  });
});
