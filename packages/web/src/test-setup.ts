import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): with a test file on each core of a shared
// 2-core machine, a screen that renders in 200 ms alone can take over a second. What is awaited is unchanged; a
// screen that never shows it still fails the test.
configure({ asyncUtilTimeout: 5_000 });

// The test files of a worker share one module registry (vitest.config.ts: isolate false, for speed). The console's own
// modules are read afresh for each file, as the browser does on each page load, so that no state (a session that
// ended, a module mocked by another file) crosses from one file to the next; the libraries stay loaded.
vi.resetModules();
