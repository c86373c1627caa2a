// Load through the real client over loopback: the product bot (discord.js, the store) against the fake
// Discord, /roll interactions sent at a fixed rate across 50 channels; latency is from the dispatch
// on the gateway to the interaction callback arriving at the fake's REST. On SQLite, and on
// PostgreSQL when Debian's server binaries are installed (a throwaway server is started).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { cryptoRandom } from '../src/core/random.js';
import { startBot } from '../src/discord/bot.js';
import { openStore } from '../src/store/db.js';
import { startFakeDiscord } from '../test/e2e/fake-discord/index.js';
import { findPostgresBin, startPostgres } from '../test/postgres/server.js';
import { formatNs, percentile } from './stats.js';

const EXPRESSIONS = ['8d6<=4', '10d6<=5+4d6<=4', '2d6+3', '1d100<=50'];

async function loadRun(databaseUrl: string, label: string, rate: number, seconds: number, channels: number): Promise<string> {
  const fake = await startFakeDiscord({ settleMs: 0 });
  const store = await openStore(databaseUrl);
  const bot = await startBot({ token: fake.token, api: fake.apiBase, store, rng: cryptoRandom(), log: pino({ level: 'silent' }) });
  try {
    const channelIds = Array.from({ length: channels }, (_, i) => fake.createTextChannel({ name: `table-${i}` }));
    const latencies: number[] = [];
    let errors = 0;
    const pending: Promise<void>[] = [];
    const total = rate * seconds;
    const start = process.hrtime.bigint();
    for (let i = 0; i < total; i++) {
      // Keep to the schedule: interaction i leaves at i / rate seconds.
      const due = start + BigInt(Math.round((i / rate) * 1e9));
      const wait = Number(due - process.hrtime.bigint()) / 1e6;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = process.hrtime.bigint();
      pending.push(
        fake
          .command({ name: 'roll', channelId: channelIds[i % channels]!, options: [{ name: 'expression', value: EXPRESSIONS[i % EXPRESSIONS.length]! }] })
          .then((ex) => {
            if (ex.callback.type !== 4) errors++;
            latencies.push(Number(process.hrtime.bigint() - sent));
          })
          .catch((error: unknown) => {
            errors++;
            if (process.env.LOAD_DEBUG && errors < 3) console.error(error);
          }),
      );
    }
    await Promise.all(pending);
    const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
    const sorted = latencies.sort((a, b) => a - b);
    return `  ${label.padEnd(10)} ${total} interactions in ${elapsed.toFixed(1)} s (${Math.round(total / elapsed)}/s), p50 ${formatNs(percentile(sorted, 0.5))}, p99 ${formatNs(percentile(sorted, 0.99))}, errors ${errors}`;
  } finally {
    await bot.stop();
    await store.close();
    await fake.close();
  }
}

export async function benchLoad(rate = 200, seconds = Number(process.env.LOAD_SECONDS ?? 60), channels = 50): Promise<string[]> {
  const lines = [`load through the real client (fake Discord on 127.0.0.1): /roll at ${rate}/s across ${channels} channels for ${seconds} s`];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-load-'));
  try {
    lines.push(await loadRun(path.join(dir, 'load.sqlite'), 'SQLite', rate, seconds, channels));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const bin = findPostgresBin();
  if (!bin) {
    lines.push('  PostgreSQL  skipped: no server binaries (apt-get install postgresql)');
    return lines;
  }
  const server = await startPostgres(bin, { durable: true });
  try {
    lines.push(await loadRun(server.url, 'PostgreSQL', rate, seconds, channels));
  } finally {
    await server.stop();
  }
  return lines;
}
