// `npm run soak`, the evening of tables (issue 32 §1): the mix of ./tables.ts for 5 s to warm every
// kind (not timed), /roll 1d6 alone for 15 s (the quiet floor), then the mix at 60 interactions a second
// for 60 s, on SQLite and on a durable PostgreSQL.
// Exits non-zero when an exact count fails (an error, an unanswered interaction, a DM missing or twice,
// a board change never edited, the outbox not empty). The timing goals and the requests the fake's global
// limit refused are printed with whether they were met: they depend on the machine being otherwise idle
// (the bot's thread and the fake's share its cores and disk: one collection or flush stall on either
// decides the p99 of a kind sent 60 times, which is that kind's slowest answer).
import { countsHeld, tableLoadBothBackends, tableLoadHeader, tableLoadLines, worstKind, type TableLoadOptions, type TableLoadResult } from './table-load.js';
import { NO_POSTGRES } from './load.js';
import { KIND_ROLL_1D6 } from './tables.js';

const options: TableLoadOptions = { rate: 60, seconds: Number(process.env.LOAD_SECONDS ?? 60), quietSeconds: Number(process.env.QUIET_SECONDS ?? 15), warmSeconds: Number(process.env.WARM_SECONDS ?? 5) };
console.log(tableLoadHeader(options));
const { sqlite, postgres } = await tableLoadBothBackends(options);
const results: TableLoadResult[] = postgres ? [sqlite, postgres] : [sqlite];
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
for (const r of results) {
  for (const line of tableLoadLines(r, options)) console.log(line);
  const dice = r.kinds.find((k) => k.kind === KIND_ROLL_1D6)!;
  const floor = dice.p99Ms / r.quiet.p99Ms;
  const worst = worstKind(r);
  const wars = r.kinds.filter((k) => k.kind.includes('war: /war advance'));
  const fateWar = wars.find((k) => k.kind.startsWith('fate war'));
  console.log(`    goals: /roll 1d6 under the mix ÷ alone ${floor.toFixed(2)}× ≤ 2× ${mark(floor <= 2)}; worst kind ÷ /roll 1d6 ${(worst.p99Ms / dice.p99Ms).toFixed(2)}× (${worst.kind}) ≤ 2× ${mark(worst.p99Ms / dice.p99Ms <= 2)}; a war advance of 7 factions, last effect p99 ${((fateWar?.effectP99Ms ?? NaN) / 1000).toFixed(2)} s ≤ 2 s ${mark((fateWar?.effectP99Ms ?? Infinity) <= 2000)}; REST under the global limit ${(r.restPerInteraction.bound * options.rate).toFixed(0)}/s of 50`);
}
if (!postgres) console.log(NO_POSTGRES);
const bad = results.filter((r) => !countsHeld(r));
if (bad.length) console.error(`soak: the evening of tables failed its counts on ${bad.map((r) => r.label).join(' and ')}`);
process.exit(bad.length ? 1 : 0);
