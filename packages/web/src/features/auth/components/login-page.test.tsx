// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { componentTestSurroundings } from '@/lib/jsdom-stubs.ts';
import { renderRouter } from '@/lib/render-router.tsx';
import { LoginPage } from './login-page.tsx';

componentTestSurroundings({ signedIn: false, silentServer: false });
beforeEach(() => {
  sessionStorage.clear();
  // No answer unless a test gives one (the public configuration waits for ever).
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
});

/** The login page at `entry` (a path, or a path with the router state a signed-out page sends), under a router. */
function loginAt(entry: string | { pathname: string; search?: string; state?: unknown }) {
  return renderRouter(
    createMemoryRouter(
      [
        { path: '/auth/login-page', element: <LoginPage /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: [entry] },
    ),
  );
}

/** The server accepts the operator's sign-in. */
function serverAcceptsSignIn() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url.startsWith('/api/login/')
        ? Promise.resolve(
            new Response(
              JSON.stringify([
                [{ LOGIN_VALID: 1 }],
                [{ SESSION_TOKEN: 'new-token' }],
                [{ fullname_vch: 'Olivia Operator' }],
                [{ name_vch: 'REPORTING' }],
              ]),
              { status: 200, headers: { 'content-type': 'application/json' } },
            ),
          )
        : new Promise(() => {}),
    ),
  );
}

/** The card says `status`; the operator signs in (the server accepting it) and lands at `pathname` + `search`. */
async function signInFrom(router: ReturnType<typeof loginAt>, status: string, pathname: string, search = '') {
  expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toBe(status);
  serverAcceptsSignIn();
  await signIn();
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  expect(router.state.location.search).toBe(search);
}

async function signIn() {
  const user = userEvent.setup();
  const email = await screen.findByRole('textbox', { name: 'Email address' }, { timeout: 2000 });
  await user.type(email, 'operator@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'operator-demo{Enter}');
}

describe('signing in leads back to where the operator was', () => {
  it.each([
    {
      when: 'after the session ended on a page: says so, and signing in opens that page with its choices',
      page: '/admin/adhoc-campaigns?template=4&tab=sms',
      reason: null,
      status:
        'Your session has ended. Please sign in again. Signing in brings you back to AdHoc Campaigns. Edits not yet saved are kept in this browser.',
    },
    {
      when: "says why, in the server's words, when the session ran out",
      page: '/admin/voice?campaign=1024',
      reason: 'Your session ended after 30 minutes without activity. Please sign in again.',
      status:
        'Your session ended after 30 minutes without activity. Please sign in again. Signing in brings you back to Voice.',
    },
  ])('$when', async ({ page, reason, status }) => {
    sessionStorage.setItem('returnPath', page);
    if (reason) sessionStorage.setItem('sessionEndReason', reason);
    const [pathname, search] = page.split('?');
    await signInFrom(loginAt('/auth/login-page?expired=1'), status, pathname ?? '', `?${search}`);
    // Used once: a later sign-in in this tab starts at the dashboard, with the general sentence.
    expect(sessionStorage.getItem('returnPath')).toBeNull();
    expect(sessionStorage.getItem('sessionEndReason')).toBeNull();
  });

  it('a link pasted while signed out: names the screen, and signing in opens the link', async () => {
    await signInFrom(
      loginAt({ pathname: '/auth/login-page', state: { from: '/admin/voice?campaign=1024' } }),
      'Sign in to open Voice.',
      '/admin/voice',
      '?campaign=1024',
    );
  });

  it('a link to no screen of the menu is called that page', async () => {
    loginAt({ pathname: '/auth/login-page', state: { from: '/admin/no-such-screen' } });
    expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toBe(
      'Sign in to open that page.',
    );
  });

  it('goes to the dashboard otherwise, and never to an address outside the console', async () => {
    const router = loginAt({ pathname: '/auth/login-page', state: { from: '//elsewhere.example/admin/x' } });
    await screen.findByRole('textbox', { name: 'Email address' }, { timeout: 2000 });
    expect(screen.queryByRole('status')).toBeNull();
    serverAcceptsSignIn();
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

/** The ids an element's aria-describedby names, as their texts. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('the Login card, by keyboard', () => {
  it('marks an empty password as invalid for a screen reader, with its error as its description', async () => {
    loginAt('/auth/login-page');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'Email address' }, { timeout: 2000 });
    expect(document.activeElement).toBe(email);
    await user.keyboard('operator@example.com{Enter}');
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(description(password)).toContain('Enter your password.');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.keyboard('x');
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the Login card (document 1 §2, §9)', () => {
  it('appears 700 ms after the page opens, with an Email address field, a Password field and a Login button', async () => {
    vi.useFakeTimers();
    try {
      loginAt('/auth/login-page');
      // Each step then advances 0 ms: React draws what the timer changed, no time passing meanwhile.
      await vi.advanceTimersByTimeAsync(699);
      await vi.advanceTimersByTimeAsync(0);
      expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
      expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
