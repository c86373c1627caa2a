// Bytes on disk per stored roll, its event row and indexes included: /roll through command + store,
// 100,000 mixed rolls (counting pools, sums, percentiles, comments, secrets) into a fresh SQLite file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { roll } from '../commands/roll.js';
import { runCommand } from '../src/services/run.js';
import type { CommandContext, CommandOptions } from '../src/services/types.js';
import { seededRandom } from '../src/core/random.js';
import { translator } from '../src/i18n/index.js';
import type { SqliteStore } from '../src/store/sqlite.js';
import { openSqliteStore } from '../src/store/sqlite.js';

const MIX: { expression: string; comment?: string; secret?: boolean }[] = [
  { expression: '8d6<=4' },
  { expression: '10d6<=5+4d6<=4', comment: '宝具' },
  { expression: '2d6+3' },
  { expression: '1d100<=50', comment: '目星' },
  { expression: '6d6<=3+2' },
  { expression: '1d100<=70', secret: true },
  { expression: 'd66' },
  { expression: '２ｄ６＋１' },
];

function optionsFor(m: (typeof MIX)[number]): CommandOptions {
  return {
    subcommand: () => null,
    string: (name) => (name === 'expression' ? m.expression : name === 'comment' ? (m.comment ?? null) : null),
    integer: () => null,
    boolean: (name) => (name === 'secret' ? (m.secret ?? null) : null),
    user: () => null,
    attachment: () => null,
  };
}

function usedBytes(store: SqliteStore): number {
  store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = store.sqlite.pragma('page_size', { simple: true }) as number;
  const pages = store.sqlite.pragma('page_count', { simple: true }) as number;
  const free = store.sqlite.pragma('freelist_count', { simple: true }) as number;
  return (pages - free) * pageSize;
}

/** Bytes per stored roll (roll + event rows + indexes) after `count` mixed /roll commands. */
export async function measureStorage(count: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-storage-'));
  const store = openSqliteStore(path.join(dir, 'storage.sqlite'));
  const log = pino({ level: 'silent' });
  // Ten players in five channels of one server: realistic ids (snowflakes) and index shapes.
  const ctxFor = (i: number): CommandContext => ({
    user: { id: `41234567890123${String(1000 + (i % 10))}`, name: 'bench' },
    guildId: '200000000000000001',
    channelId: `30000000000000${String(1000 + (i % 5))}`,
    locale: 'ja',
    t: translator('ja'), table: { locale: 'ja', t: translator('ja') },
    canManageChannel: false,
    store,
    rng: seededRandom('storage'),
    now: () => new Date(1_760_000_000_000 + i * 1000),
  });
  const options = MIX.map(optionsFor);
  try {
    const empty = usedBytes(store);
    for (let i = 0; i < count; i++) {
      const { outcome } = await runCommand(roll, ctxFor(i), options[i % options.length]!, log);
      if (outcome !== 'ok') throw new Error(`storage bench roll failed: ${outcome}`);
    }
    return (usedBytes(store) - empty) / count;
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchStorage(count = 100_000): Promise<string[]> {
  const perRoll = await measureStorage(count);
  return [
    `storage: ${count.toLocaleString('en-US')} mixed rolls (${MIX.map((m) => m.expression).join(', ')}; one in eight secret, with its commitment) in SQLite, roll + event rows + indexes:`,
    `  ${perRoll.toFixed(1)} bytes per roll (${((perRoll * count) / 1e6).toFixed(1)} MB; target ≤ 300)`,
  ];
}
