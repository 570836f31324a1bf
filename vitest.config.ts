import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // Both cores: the publisher suites spend much of their time waiting on builds, child
    // processes and publishes, so a second worker overlaps those waits (on 2 cores Vitest's
    // default is one worker).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
  resolve: {
    alias: { '~': new URL('./src', import.meta.url).pathname },
  },
});
