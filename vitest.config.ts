import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // e2e tests open sockets on 127.0.0.1 and real SQLite files; keep them in separate forks.
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
