// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis, stubSilentServer } from '@/lib/jsdom-stubs.ts';
import { renderRouter } from '@/lib/render-router.tsx';
import { Sidebar } from './sidebar.tsx';

function showAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <Sidebar compact={false} onNavigate={() => {}} onLogout={() => {}} /> }],
    {
      initialEntries: [path],
    },
  );
  return renderRouter(router);
}

const group = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('sessionToken', 'tok');
  localStorage.setItem('permissions', JSON.stringify(['REPORTING', 'SUPPRESSION', 'SETTINGS']));
  stubSilentServer();
  stubBrowserApis();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the menu groups', () => {
  it('are all open on the dashboard, so Completion is in sight with the Standard Reports', () => {
    showAt('/admin/dashboard');
    expect(group('Standard Reports').getAttribute('aria-expanded')).toBe('true');
    expect(group('Report History').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Completion' }).getAttribute('href')).toBe('/admin/completion');
  });

  it('stay as the operator left them, but the group of the screen shown opens again', async () => {
    const router = showAt('/admin/dashboard');
    fireEvent.click(group('Report History'));
    fireEvent.click(group('Standard Reports'));
    expect(group('Report History').getAttribute('aria-expanded')).toBe('false');
    await act(() => router.navigate('/admin/completion'));
    expect(group('Report History').getAttribute('aria-expanded')).toBe('true');
    // The other group stays closed.
    expect(group('Standard Reports').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the sidebar header', () => {
  it("shows the product title as document 1 §1 writes it ('PG&E PSPS Reports', not in capitals) and the user's name", () => {
    localStorage.setItem(
      'environment',
      JSON.stringify({
        utilityAbbreviation: 'PG&E',
        providerName: 'Notification Provider',
        providerUrl: 'https://example.com',
        emailFromAddress: 'psps@example.com',
        permissions: [],
      }),
    );
    localStorage.setItem('userName', 'Olivia Operator');
    showAt('/admin/dashboard');
    const title = screen.getByTestId('sidebar-title');
    expect(title.textContent).toBe('PG&E PSPS Reports');
    // Drawn as written: a text-transform would show 'PG&E PSPS REPORTS'.
    expect(getComputedStyle(title).textTransform).not.toBe('uppercase');
    expect(screen.getByTestId('sidebar-user').textContent).toBe('Olivia Operator');
  });
});
