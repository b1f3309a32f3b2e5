// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionEnded } from '@/lib/api.ts';
import { componentTestSurroundings } from '@/lib/jsdom-stubs.ts';
import { RequireSession } from './guards.tsx';

componentTestSurroundings({ signedIn: false });

function LoginState() {
  return <p data-testid="state">{JSON.stringify(useLocation().state)}</p>;
}

describe('a page asked for while signed out (a link pasted into a new tab)', () => {
  it('leads to the login page, which is told the address asked for, with its choices', async () => {
    const router = createMemoryRouter(
      [
        { path: '/auth/login-page', element: <LoginState /> },
        { path: '/admin/*', element: <RequireSession>screen</RequireSession> },
      ],
      { initialEntries: ['/admin/voice?campaign=1024'] },
    );
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('state')).textContent).toBe('{"from":"/admin/voice?campaign=1024"}');
    expect(router.state.location.pathname).toBe('/auth/login-page');
  });
});

describe('a session that ends in this tab', () => {
  it('leaves the way to the login page to the page load under way: no same-page redirect that would cancel it', async () => {
    localStorage.setItem('sessionToken', 'tok');
    window.history.replaceState(null, '', '/admin/voice');
    const router = createMemoryRouter(
      [
        { path: '/auth/login-page', element: <LoginState /> },
        { path: '/admin/*', element: <RequireSession>screen</RequireSession> },
      ],
      { initialEntries: ['/admin/voice'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('screen')).toBeTruthy();
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot navigate
    sessionEnded();
    // The screens re-render (a query settles, a lazy screen arrives) before the browser has left.
    await act(() => router.navigate('/admin/voice?campaign=1'));
    expect(router.state.location.pathname).toBe('/admin/voice');
    expect(screen.queryByText('screen')).toBeNull();
    vi.restoreAllMocks();
  });
});
