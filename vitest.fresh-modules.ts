import { vi } from 'vitest';

// The test files of a worker share one process and the libraries it loaded (vitest.config.ts: isolate false, for
// speed). The project's own modules are read afresh for each file, as a new server process or a page load reads
// them, so that no module state (a cache, a session that ended, a module another file mocked) crosses from one file
// to the next.
vi.resetModules();
