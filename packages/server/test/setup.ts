import { vi } from 'vitest';

// The test files of a worker share one module registry (vitest.config.ts: isolate false, for speed). The server's own
// modules are read afresh for each file, as a new server process would read them, so that no module state (a cache, a
// counter) crosses from one file to the next; the libraries stay loaded.
vi.resetModules();
