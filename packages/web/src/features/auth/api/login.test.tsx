// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { componentTestSurroundings } from '@/lib/jsdom-stubs.ts';
import { useLogout } from './login.ts';

componentTestSurroundings();

describe('Log out', () => {
  it('forgets the page a session that ended here would lead back to: the next sign-in starts at the dashboard', async () => {
    sessionStorage.setItem('returnPath', '/admin/voice?campaign=1024');
    const client = new QueryClient();
    const { result } = renderHook(() => useLogout(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await result.current();
    expect(localStorage.getItem('sessionToken')).toBeNull();
    expect(sessionStorage.getItem('returnPath')).toBeNull();
  });
});
