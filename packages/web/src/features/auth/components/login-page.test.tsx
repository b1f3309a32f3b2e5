// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { componentTestSurroundings } from '../../../lib/jsdom-stubs.ts';
import { LoginPage } from './login-page.tsx';

componentTestSurroundings({ signedIn: false });

/** The ids an element's aria-describedby names, as their texts. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('the Login card, by keyboard', () => {
  it('marks an empty password as invalid for a screen reader, with its error as its description', async () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider
            router={createMemoryRouter([{ path: '*', element: <LoginPage /> }], {
              initialEntries: ['/auth/login-page'],
            })}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
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
