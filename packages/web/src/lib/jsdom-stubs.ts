import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

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
 * A component test's surroundings: a stored session, the browser APIs Mantine needs and a server that never answers,
 * set before each test of the file and undone after it.
 */
export function signedInWithSilentServer(): void {
  beforeEach(() => {
    localStorage.setItem('sessionToken', 'tok');
    stubBrowserApis();
    stubSilentServer();
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });
}
