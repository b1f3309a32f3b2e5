import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): with a test file on each core of a shared
// 2-core machine, a screen that renders in 200 ms alone can take over a second. What is awaited is unchanged; a
// screen that never shows it still fails the test.
configure({ asyncUtilTimeout: 5_000 });
