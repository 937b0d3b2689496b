// The end-to-end suite: the lane started as `npm start` starts it, driven in Debian's Chromium.
// One file at a time (each starts a lane and a browser on a 2-core machine), with room for a
// scenario's several screens.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
