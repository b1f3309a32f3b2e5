// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { pendingCalls } from '@/lib/pending-calls.ts';
import { reachability } from '@/lib/reachability.ts';
import { renderRouter } from '@/lib/render-router.tsx';
import { AdminLayout } from './admin-layout.tsx';

signedInWithSilentServer();

function showShell() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [{ path: 'dashboard', element: <h2>Dashboard</h2> }],
      },
      { path: '/auth/login-page', element: <h1>Login</h1> },
    ],
    { initialEntries: ['/admin/dashboard'] },
  );
  return renderRouter(router);
}

describe("the top bar's More menu, by keyboard", () => {
  it("opens on Enter with the focus on 'Log out', which a second Enter presses", async () => {
    const router = showShell();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'More' }).focus();
    await user.keyboard('{Enter}');
    const logOut = await screen.findByRole('menuitem', { name: 'Log out' });
    await waitFor(() => expect(document.activeElement).toBe(logOut));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login-page'));
  });

  it('closes on Escape and gives the focus back to More', async () => {
    showShell();
    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'More' });
    more.focus();
    await user.keyboard(' ');
    const logOut = await screen.findByRole('menuitem', { name: 'Log out' });
    await waitFor(() => expect(document.activeElement).toBe(logOut));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Log out' })).toBeNull());
    expect(document.activeElement).toBe(more);
    expect(localStorage.getItem('sessionToken')).toBe('tok');
  });
});

describe('the console shell, by keyboard', () => {
  it('scrolls a control reached by Tab clear of the fixed top bar and footer, and only while it is shown', () => {
    showShell();
    const html = document.documentElement;
    expect(html.style.getPropertyValue('scroll-padding-top')).toBe(
      'calc(var(--app-shell-header-offset, 0rem) + 8px)',
    );
    expect(html.style.getPropertyValue('scroll-padding-bottom')).toBe(
      'calc(var(--app-shell-footer-offset, 0rem) + 20px)',
    );
    // The login page has no bars to keep clear of.
    cleanup();
    expect(html.style.getPropertyValue('scroll-padding-top')).toBe('');
    expect(html.style.getPropertyValue('scroll-padding-bottom')).toBe('');
  });
});

describe('the compact layout (992 px or less), by keyboard', () => {
  it('takes the content out of the Tab order while the open sidebar covers it, and Escape gives it back', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 992px)',
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    showShell();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    const content = document.getElementById('content')!;
    expect(content.hasAttribute('inert')).toBe(false);
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(content.hasAttribute('inert')).toBe(true);
    screen.getByRole('link', { name: 'Dashboard' }).focus();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(toggle);
    expect(content.hasAttribute('inert')).toBe(false);
  });

  it("'Skip to content' closes the open sidebar and reaches the screen's heading", async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 992px)',
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    showShell();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Toggle sidebar' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('link', { name: 'Skip to content' }).focus();
    await user.keyboard('{Enter}');
    expect(document.getElementById('content')!.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(screen.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});

describe('a call the server holds', () => {
  it('says above every screen, 20 s after it was sent, that the server is slow to answer, and nothing once answered', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 29, 8, 41, 7));
    try {
      showShell();
      await screen.findByRole('heading', { name: 'Dashboard' });
      let answered = () => {};
      act(() => {
        // The shell's own calls, which this silent server never answers, are left out: one call waits here.
        pendingCalls.clear();
        answered = pendingCalls.start();
      });
      act(() => vi.advanceTimersByTime(19_000));
      expect(screen.queryByTestId('slow-answer')).toBeNull();
      act(() => vi.advanceTimersByTime(1_000));
      expect((await screen.findByRole('status')).textContent).toBe(
        'The server is slow to answer' +
          'A call to the server sent at 2026-11-29 08:41:07 has had no answer yet. The screen changes as soon as ' +
          'the answer comes; until then what is on screen may be out of date.',
      );
      act(() => answered());
      await waitFor(() => expect(screen.queryByTestId('slow-answer')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the word to the lost connection when no call reaches the server', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      showShell();
      await screen.findByRole('heading', { name: 'Dashboard' });
      act(() => {
        pendingCalls.start();
        vi.advanceTimersByTime(25_000);
        reachability.failed();
      });
      expect((await screen.findByRole('alert')).textContent).toMatch(/^The connection is lost/);
      expect(screen.queryByTestId('slow-answer')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a connection that drops and comes back', () => {
  it('says above every screen that the server cannot be reached since when, and nothing once it is back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 20, 41, 7));
    try {
      showShell();
      await screen.findByRole('heading', { name: 'Dashboard' });
      expect(screen.queryByRole('alert')).toBeNull();

      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(
        'The connection is lost' +
          'The server cannot be reached since 2026-11-22 20:41:07: what is on screen is from before then and is not ' +
          'reloaded. The console reloads the data by itself when the connection is back.',
      );
      expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(localStorage.getItem('sessionToken')).toBe('tok');

      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    } finally {
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      vi.useRealTimers();
    }
  });

  it('says so too when calls fail with the browser online (a hotspot without internet), until the server answers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 22, 30, 15));
    try {
      showShell();
      await screen.findByRole('heading', { name: 'Dashboard' });
      act(() => reachability.failed());
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(
        'The connection is lost' +
          'The server cannot be reached since 2026-11-22 22:30:15: what is on screen is from before then and is not ' +
          'reloaded. The console keeps trying, and reloads the data by itself as soon as the server answers.',
      );
      expect(localStorage.getItem('sessionToken')).toBe('tok');
      act(() => reachability.answered());
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
