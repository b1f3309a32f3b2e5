import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { pendingCalls } from './pending-calls.ts';
import { reachability } from './reachability.ts';

/** For component tests under jsdom: what Mantine asks of a browser and jsdom lacks (undone by vi.unstubAllGlobals). */
export function stubBrowserApis(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** No call reaches a server: every fetch waits for ever (what a component shows before its data arrives). */
export function stubSilentServer(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
}

/**
 * A component test's surroundings, set before each test of the file and undone after it: the browser APIs Mantine
 * needs, a stored session (unless `signedIn: false`) and a server that never answers (unless `silentServer: false`,
 * for a test that stubs `fetch` itself).
 */
export function componentTestSurroundings({ signedIn = true, silentServer = true } = {}): void {
  beforeEach(() => {
    localStorage.clear();
    if (signedIn) localStorage.setItem('sessionToken', 'tok');
    stubBrowserApis();
    if (silentServer) stubSilentServer();
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    // A call that failed in one test must not leave the next test's console saying the server cannot be reached.
    reachability.answered();
    pendingCalls.clear();
  });
}

/** A signed-in component test whose server never answers. */
export function signedInWithSilentServer(): void {
  componentTestSurroundings();
}
