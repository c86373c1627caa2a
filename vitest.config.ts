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

// Files that start the bot as a process of its own, or send interactions at a fixed rate and ask each
// to be answered within Discord's 3 s: they measure how fast a process boots and answers, so they run
// after the rest of the suite, one file at a time, not beside seven other files on two cores (a loaded
// machine's share of the CPU is what they would measure). Every other file runs TEST_WORKERS at once.
const ALONE = [
  'test/reliability/load.e2e.test.ts',
  'test/reliability/table-load.e2e.test.ts',
  'test/reliability/outbox-crash.e2e.test.ts',
  'test/e2e/main-process.e2e.test.ts',
];
const alone = (name: string, order: number) => ({ name: `${name}-alone`, include: ALONE, maxWorkers: 1, sequence: { groupOrder: order } });

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ALONE, globalSetup: ['test/sqlite/global-setup.ts'] } },
  { extends: true, test: { ...alone('sqlite', 1), globalSetup: ['test/sqlite/global-setup.ts'] } },
];
if (postgresBin) {
  const postgres = { env: { TEST_BACKEND: 'postgres' }, globalSetup: ['test/postgres/global-setup.ts'] };
  projects.push(
    {
      extends: true,
      test: { name: 'postgres', include: ['test/store/**/*.test.ts', 'test/e2e/**/*.e2e.test.ts', 'test/reliability/**/*.test.ts'], exclude: ALONE, ...postgres },
    },
    { extends: true, test: { ...alone('postgres', 2), ...postgres } },
  );
}

export default defineConfig({
  test: {
    // e2e tests open sockets on 127.0.0.1 and real database files; keep them in separate forks.
    pool: 'forks',
    // vitest's default is one worker less than the cores: one file at a time on a 2-core machine. The
    // end-to-end files mostly wait (sockets, timers, the database), so a few run side by side well.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    reporters: ['default', './test/summary-reporter.ts'],
    // Patience, not a speed check: a scripted session of forty commands takes a few seconds alone and
    // several times that with eight files on two cores (TEST_WORKERS=8 must pass).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects,
  },
});
