// A group moves its SQLite database to PostgreSQL (npm run db:copy-to-postgres): every row arrives with
// its id, new rows continue after the copied ids, and a second copy into a used database is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { gm } from '../../commands/gm.js';
import { roll } from '../../commands/roll.js';
import { war } from '../../commands/war.js';
import { runCommand } from '../../src/services/run.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { seededRandom } from '../../src/core/random.js';
import { translator } from '../../src/i18n/index.js';
import { openStore, type Store } from '../../src/store/db.js';
import { insertRoll } from '../../src/store/rolls.js';
import { tableNames } from '../../src/store/schema/index.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { copyToPostgres } from '../../scripts/copy-to-postgres.js';
import { rows } from '../helpers/db.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const log = pino({ level: 'silent' });
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

function options(values: Record<string, string | boolean>, subcommand: string | null = null): CommandOptions {
  return {
    subcommand: () => subcommand,
    string: (name) => (typeof values[name] === 'string' ? (values[name] as string) : null),
    integer: () => null,
    boolean: (name) => (typeof values[name] === 'boolean' ? (values[name] as boolean) : null),
    user: () => null,
    attachment: () => null,
  };
}

function ctxFor(store: Store, userId: string): CommandContext {
  return {
    user: { id: userId, name: userId.slice(-4) },
    guildId: '212345678901234567',
    channelId: '312345678901234567',
    locale: 'ko',
    t: translator('ko'), table: { locale: 'ko', t: translator('ko') },
    canManageChannel: true,
    store,
    rng: seededRandom('copy'),
    now: () => new Date(),
  };
}

/** A roll written straight through the repository (an old-style tree, and a console id that stays text). */
function storeRollForTest(store: Store): Promise<number> {
  return store.transaction((tx) =>
    insertRoll(tx, { createdAt: new Date(1_700_000_000_000), guildId: null, channelId: 'console:table', userId: 'console:you', expression: '２ｄ６', normalized: '2d6', kind: 'sum', value: 7, outcome: null, faces: '', result: { type: 'num', value: 7 }, comment: null, secret: false }),
  );
}

describe.runIf(testBackend === 'postgres')('copying a SQLite database into PostgreSQL', () => {
  it('copies every table with its ids, verified by count, and new ids continue after them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-copy-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'group.sqlite');
    const sqlite = openSqliteStore(file);
    const gmUser = '412345678901234567';
    const player = '512345678901234567';
    for (const [module, ctx, opts] of [
      [gm, ctxFor(sqlite, gmUser), options({}, 'claim')],
      [war, ctxFor(sqlite, gmUser), options({ ruleset: 'percent', name: '후유키' }, 'start')],
      [roll, ctxFor(sqlite, player), options({ expression: '8d6<=4', comment: '공격' })],
      [roll, ctxFor(sqlite, player), options({ expression: '1d100<=50', secret: true })],
      [roll, ctxFor(sqlite, player), options({ expression: 'x3 2d6' })],
    ] as const) {
      expect((await runCommand(module, ctx, opts, log)).outcome).toBe('ok');
    }
    await storeRollForTest(sqlite);
    const before = new Map<string, unknown[]>();
    for (const table of tableNames) before.set(table, await rows(sqlite, table));
    const rollIds = (await rows(sqlite, 'rolls')).map((r) => r.id);
    await sqlite.close();

    const target: TestDatabase = await testDatabase('copy', { empty: true }); // as the script asks: a new database
    cleanup.push(() => target.drop());
    const report = await copyToPostgres(file, target.url);
    expect(report.find((r) => r.table === 'rolls')?.rows).toBe(rollIds.length);
    expect(report.find((r) => r.table === 'wars')?.rows).toBe(1);

    const pg = await openStore(target.url);
    cleanup.push(() => pg.close());
    for (const table of tableNames) expect(await rows(pg, table), table).toEqual(before.get(table));
    // The identity sequences moved past the copied ids.
    const next = await storeRollForTest(pg);
    expect(next).toBeGreaterThan(Math.max(...rollIds));

    await expect(copyToPostgres(file, target.url)).rejects.toThrow(/not empty/);
  });
});
