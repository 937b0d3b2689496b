// The end-to-end suite: the lane started as `npm start` starts it, driven in Debian's Chromium.
// Two files at a time (each starts its lanes, on their own folders and ports, and a browser; a
// file's scenarios mostly wait on screens), with room for a scenario's several screens.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
