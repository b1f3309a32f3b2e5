// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { componentTestSurroundings } from '../lib/jsdom-stubs.ts';
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
