import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPostgresBin } from './test/postgres/server.js';

// Every test runs on SQLite; the store and end-to-end suites run a second time on a real PostgreSQL
// server (Debian's `postgresql` package; .ci/run installs it). Without it a local run says so and
// skips that half; CI (CI=true or REQUIRE_POSTGRES=1) fails instead.
const postgresBin = findPostgresBin();
const requirePostgres = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';
if (!postgresBin) {
  if (requirePostgres) throw new Error('PostgreSQL binaries not found: apt-get install postgresql (or set PG_BIN)');
  console.warn('\n⚠ PostgreSQL not found: only the SQLite run of the store and e2e suites runs (apt-get install postgresql)\n');
}

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], globalSetup: ['test/sqlite/global-setup.ts'] } },
];
if (postgresBin) {
  projects.push({
    extends: true,
    test: {
      name: 'postgres',
      include: ['test/store/**/*.test.ts', 'test/e2e/**/*.e2e.test.ts', 'test/reliability/**/*.test.ts'],
      env: { TEST_BACKEND: 'postgres' },
      globalSetup: ['test/postgres/global-setup.ts'],
    },
  });
}

export default defineConfig({
  test: {
    // e2e tests open sockets on 127.0.0.1 and real database files; keep them in separate forks.
    pool: 'forks',
    // vitest's default is one worker less than the cores: one file at a time on a 2-core machine. The
    // end-to-end files mostly wait (sockets, timers, the database), so a few run side by side well.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects,
  },
});
