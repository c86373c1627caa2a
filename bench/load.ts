// Load through the real client over loopback: the product bot (discord.js, the store) against the fake
// Discord, /roll interactions sent at a fixed rate across 50 channels; latency is from the dispatch
// on the gateway to the interaction callback arriving at the fake's REST. On SQLite, and on
// PostgreSQL when Debian's server binaries are installed (a throwaway server is started). Shared by
// `npm run bench` (60 s), `npm run soak` (60 s, fails on any error) and a 2-second run in `npm test`.
import { pino } from 'pino';
import { cryptoRandom } from '../src/core/random.js';
import { startBot } from '../src/discord/bot.js';
import { openStore } from '../src/store/db.js';
import { startFakeDiscord } from '../test/e2e/fake-discord/index.js';
import { answered, answerOf, EPHEMERAL } from '../test/e2e/harness.js';
import type { InteractionExchange } from '../test/e2e/fake-discord/types.js';
import { onBothBackends } from './both-backends.js';
import { formatNs, percentile } from './stats.js';

const EXPRESSIONS = ['8d6<=4', '10d6<=5+4d6<=4', '2d6+3', '1d100<=50'];

export interface LoadOptions {
  /** interactions per second */
  rate: number;
  seconds: number;
  channels: number;
}

export interface LoadResult {
  label: string;
  sent: number;
  /**
   * interactions answered with a public reply that is still there: at once (callback type 4), or, for one
   * still running at its acknowledgement time, acknowledged in time (type 5) with the answer following
   * (src/discord/dispatcher.ts)
   */
  answered: number;
  /** interactions not answered so, or failed; the first few described in `failures` */
  errors: number;
  failures: string[];
  elapsedS: number;
  p50Ns: number;
  p99Ns: number;
}

export async function loadRun(databaseUrl: string, label: string, { rate, seconds, channels }: LoadOptions): Promise<LoadResult> {
  // the fake's OpenAPI check is the tests' instrument; here it would add its own CPU to the bot's latency
  const fake = await startFakeDiscord({ settleMs: 0, checkSpec: false });
  const store = await openStore(databaseUrl);
  const bot = await startBot({ token: fake.token, api: fake.apiBase, store, rng: cryptoRandom(), log: pino({ level: 'silent' }) });
  try {
    const channelIds = Array.from({ length: channels }, (_, i) => fake.createTextChannel({ name: `table-${i}` }));
    const latencies: number[] = [];
    const failures: string[] = [];
    let answered = 0;
    let errors = 0;
    const fail = (what: string) => {
      errors++;
      if (failures.length < 3) failures.push(what);
    };
    const pending: Promise<void>[] = [];
    const sent = rate * seconds;
    const start = process.hrtime.bigint();
    for (let i = 0; i < sent; i++) {
      // Keep to the schedule: interaction i leaves at i / rate seconds.
      const due = start + BigInt(Math.round((i / rate) * 1e9));
      const wait = Number(due - process.hrtime.bigint()) / 1e6;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const at = process.hrtime.bigint();
      pending.push(
        fake
          .command({ name: 'roll', channelId: channelIds[i % channels]!, options: [{ name: 'expression', value: EXPRESSIONS[i % EXPRESSIONS.length]! }] })
          .then((ex) => {
            if (answerIsPublic(ex)) answered++;
            else fail(`interaction ${i}: callback type ${ex.callback.type}`);
            latencies.push(Number(process.hrtime.bigint() - at));
          })
          .catch((error: unknown) => fail(`interaction ${i}: ${error instanceof Error ? error.message : String(error)}`)),
      );
    }
    await Promise.all(pending);
    const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
    const sorted = latencies.sort((a, b) => a - b);
    return { label, sent, answered, errors, failures, elapsedS, p50Ns: percentile(sorted, 0.5), p99Ns: percentile(sorted, 0.99) };
  } finally {
    await bot.stop();
    await store.close();
    await fake.close();
  }
}

const answerIsPublic = (ex: InteractionExchange) => answered(ex) && ((answerOf(ex)?.flags ?? 0) & EPHEMERAL) === 0;

export function loadLine(r: LoadResult): string {
  return `  ${r.label.padEnd(10)} ${r.sent} interactions in ${r.elapsedS.toFixed(1)} s (${Math.round(r.sent / r.elapsedS)}/s), p50 ${formatNs(r.p50Ns)}, p99 ${formatNs(r.p99Ns)}, errors ${r.errors}`;
}

/** The run on a SQLite file, then on a throwaway durable PostgreSQL (null when its binaries are missing). */
export async function loadBothBackends(options: LoadOptions): Promise<{ sqlite: LoadResult; postgres: LoadResult | null }> {
  return await onBothBackends('load', (url, label) => loadRun(url, label, options));
}

export function loadHeader({ rate, seconds, channels }: LoadOptions): string {
  return `load through the real client (fake Discord on 127.0.0.1): /roll at ${rate}/s across ${channels} channels for ${seconds} s`;
}

export const NO_POSTGRES = '  PostgreSQL  skipped: no server binaries (apt-get install postgresql)';

export async function benchLoad(rate = 200, seconds = Number(process.env.LOAD_SECONDS ?? 60), channels = 50): Promise<string[]> {
  const options = { rate, seconds, channels };
  const { sqlite, postgres } = await loadBothBackends(options);
  return [loadHeader(options), loadLine(sqlite), postgres ? loadLine(postgres) : NO_POSTGRES];
}
