import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Each file gets its own database; two at a time suits these two-core machines.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
