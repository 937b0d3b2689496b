// Test runner settings: every suite under test/, socket and pty suites get room to breathe on a shared machine;
// two files at a time even on two cores, since most of a file's time is spent waiting on the processes it starts;
// those processes run the code compiled once for the whole run (test/compiled-tree/).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/compiled-tree/compile-tree.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
