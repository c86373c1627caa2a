// `npm run soak`, part one: the 60-second load through the real client (/roll at 200/s across 50
// channels) on SQLite and on a durable PostgreSQL, exiting non-zero on any error or unanswered
// interaction. Part two (the package.json script runs it next) is the fuzz at scale: SOAK=1 vitest.
// `npm test` keeps a 2-second run of this load (test/reliability/load.e2e.test.ts).
import { loadBothBackends, loadHeader, loadLine, NO_POSTGRES, type LoadResult } from './load.js';

const options = { rate: 200, seconds: Number(process.env.LOAD_SECONDS ?? 60), channels: 50 };
console.log(loadHeader(options));
const { sqlite, postgres } = await loadBothBackends(options);
const results: LoadResult[] = postgres ? [sqlite, postgres] : [sqlite];
for (const r of results) {
  console.log(loadLine(r));
  for (const failure of r.failures) console.log(`    ${failure}`);
}
if (!postgres) console.log(NO_POSTGRES);
const bad = results.filter((r) => r.errors > 0 || r.answered !== r.sent);
if (bad.length) console.error(`soak: load failed on ${bad.map((r) => r.label).join(' and ')}`);
process.exit(bad.length ? 1 : 0);
