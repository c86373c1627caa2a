// /roll through command + store (parse, roll, one SQLite transaction with roll and event rows,
// view) with no Discord I/O: commands per second and per-command p50/p99 latency.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { roll } from '../commands/roll.js';
import { runCommand } from '../src/services/run.js';
import type { CommandContext, CommandOptions } from '../src/services/types.js';
import { cryptoRandom } from '../src/core/random.js';
import { translator } from '../src/i18n/index.js';
import { openStore } from '../src/store/db.js';
import { formatNs, percentile } from './stats.js';

const EXPRESSIONS = ['8d6<=4', '10d6<=5+4d6<=4', '2d6+3', '1d100<=50'];

function optionsFor(expression: string): CommandOptions {
  return {
    subcommand: () => null,
    string: (name) => (name === 'expression' ? expression : null),
    integer: () => null,
    boolean: () => null,
    user: () => null,
    attachment: () => null,
  };
}

export async function benchRollCommand(count = 20_000): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-bench-'));
  const store = await openStore(path.join(dir, 'bench.sqlite'));
  const log = pino({ level: 'silent' });
  const ctx: CommandContext = {
    user: { id: '100000000000000001', name: 'bench' },
    guildId: '200000000000000001',
    channelId: '300000000000000001',
    locale: 'en',
    t: translator('en'), table: { locale: 'en', t: translator('en') },
    canManageChannel: false,
    store,
    rng: cryptoRandom(),
    now: () => new Date(),
  };
  const options = EXPRESSIONS.map(optionsFor);
  try {
    for (let i = 0; i < 2_000; i++) await runCommand(roll, ctx, options[i % options.length]!, log); // warm-up
    const latencies = new Float64Array(count);
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const t0 = process.hrtime.bigint();
      const { outcome } = await runCommand(roll, ctx, options[i % options.length]!, log);
      latencies[i] = Number(process.hrtime.bigint() - t0);
      if (outcome !== 'ok') throw new Error(`bench roll failed: ${outcome}`);
    }
    const totalNs = Number(process.hrtime.bigint() - start);
    const sorted = Array.from(latencies).sort((a, b) => a - b);
    return [
      `/roll via command + store (${count} commands, ${EXPRESSIONS.join(', ')} in turn, WAL file on disk):`,
      `  ${Math.round(count / (totalNs / 1e9)).toLocaleString('en-US')} commands/s, p50 ${formatNs(percentile(sorted, 0.5))}, p99 ${formatNs(percentile(sorted, 0.99))}`,
    ];
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
