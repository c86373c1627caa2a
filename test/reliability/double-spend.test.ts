// Double spend: many interactions racing for the same last luck use, the same MP, the same GM seat,
// the same seal approval, the same faction's declaration and the same war calendar end with exactly
// the right counts. On PostgreSQL the racers are split between
// two stores on one database (what two bot processes are); on SQLite they share the one connection.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../commands/check.js';
import { gm } from '../../commands/gm.js';
import { luck } from '../../commands/luck.js';
import { mp } from '../../commands/resources.js';
import { act } from '../../commands/act.js';
import { seal } from '../../commands/seal.js';
import { sheet } from '../../commands/sheet.js';
import { war } from '../../commands/war.js';
import { runCommand, runHandler } from '../../src/services/run.js';
import type { CommandContext, CommandModule, CommandOptions } from '../../src/services/types.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { seededRandom } from '../../src/core/random.js';
import { translator } from '../../src/i18n/index.js';
import { openStore, type Store } from '../../src/store/db.js';
import { row, rows } from '../helpers/db.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

const log = pino({ level: 'silent' });
const GUILD = '212345678901234567';
const CHANNEL = '312345678901234567';
const PLAYER = '412345678901234567';
const GM = '512345678901234567';
const RACERS = 12;

let database: TestDatabase;
let stores: Store[];
beforeAll(async () => {
  database = await testDatabase('double-spend');
  const first = await openStore(database.url);
  stores = testBackend === 'postgres' ? [first, await openStore(database.url)] : [first];
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await database.drop();
});

function options(values: Record<string, string | number | boolean>, subcommand: string | null = null): CommandOptions {
  return {
    subcommand: () => subcommand,
    string: (name) => (typeof values[name] === 'string' ? (values[name] as string) : null),
    integer: (name) => (typeof values[name] === 'number' ? (values[name] as number) : null),
    boolean: (name) => (typeof values[name] === 'boolean' ? (values[name] as boolean) : null),
    user: () => null,
    attachment: () => null,
  };
}

function ctxFor(i: number, userId: string): CommandContext {
  return {
    user: { id: userId, name: userId.slice(-3) },
    guildId: GUILD,
    channelId: CHANNEL,
    locale: 'en',
    t: translator('en'), table: { locale: 'en', t: translator('en') },
    canManageChannel: false,
    store: stores[i % stores.length]!,
    rng: seededRandom(`racer ${i}`),
    now: () => new Date(),
  };
}

const run = (module: CommandModule, i: number, userId: string, opts: CommandOptions) => runCommand(module, ctxFor(i, userId), opts, log);
const outcomes = async (list: Promise<{ outcome: string }>[]) => (await Promise.all(list)).map((r) => r.outcome);
const saber = async () => (await row(stores[0]!, 'characters', (c) => eq(c.name, 'セイバー'))).state as CharacterRuntime;

describe(`double spend (${testBackend}${testBackend === 'postgres' ? ', two stores' : ''})`, () => {
  it('the GM seat: racing claims leave exactly one GM', async () => {
    const users = Array.from({ length: RACERS }, (_, i) => `6${String(i).padStart(17, '0')}`);
    const results = await outcomes(users.map((u, i) => run(gm, i, u, options({}, 'claim'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'refused')).toHaveLength(RACERS - 1);
    const seat = await row(stores[0]!, 'channelGms', (c) => eq(c.channelId, CHANNEL));
    expect(users).toContain(seat.userId);
    // Hand the seat to our GM for the war below.
    await runCommand(gm, { ...ctxFor(0, seat.userId), canManageChannel: true }, { ...options({}, 'set'), user: () => ({ id: GM, name: 'gm' }) }, log);
  });

  it('the last luck use (seed 001 L215): exactly one of the racing rerolls gets it', async () => {
    const text = fs.readFileSync(path.join(import.meta.dirname, '../e2e/fixtures/saber.txt'), 'utf8');
    const imported = await runHandler('sheet', ctxFor(0, PLAYER), log, () => sheet.modal!(ctxFor(0, PLAYER), 'sheet:import', { text }));
    expect(imported.outcome).toBe('ok');
    expect((await run(check, 0, PLAYER, options({ status: 'agi', target: 30 }))).outcome).toBe('ok');
    const perDay = 3; // luck C (seed 001 L215)
    await stores[0]!.transaction(async (tx) => {
      const c = await row(stores[0]!, 'characters', (x) => eq(x.name, 'セイバー'));
      await tx.db.update(tx.t.characters).set({ state: { ...(c.state as CharacterRuntime), luckUsedToday: perDay - 1 } }).where(eq(tx.t.characters.id, c.id));
    });
    const results = await outcomes(Array.from({ length: RACERS }, (_, i) => run(luck, i, PLAYER, options({}, 'reroll'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect((await saber()).luckUsedToday).toBe(perDay);
  });

  it('MP: racing spends of 5 take exactly what there is, never below zero', async () => {
    const mpBefore = (await saber()).mp;
    const results = await outcomes(Array.from({ length: RACERS }, (_, i) => run(mp, i, PLAYER, options({ amount: 5 }, 'spend'))));
    const spent = results.filter((r) => r === 'ok').length;
    expect(spent).toBe(Math.min(RACERS, Math.floor(mpBefore / 5)));
    expect((await saber()).mp).toBe(mpBefore - 5 * spent);
  });

  it('a seal approval (seed 001 L272–295: a seal is spent once, on the GM\u2019s approval): racing presses of the GM\u2019s approve button spend one seal once', async () => {
    const master = fs.readFileSync(path.join(import.meta.dirname, '../e2e/fixtures/master.txt'), 'utf8');
    expect((await runHandler('sheet', ctxFor(0, PLAYER), log, () => sheet.modal!(ctxFor(0, PLAYER), 'sheet:import', { text: master }))).outcome).toBe('ok');
    const masterRow = async () => await row(stores[0]!, 'characters', (c) => eq(c.name, '例・魔術師'));
    const sealsBefore = ((await masterRow()).state as CharacterRuntime).sealsRemaining;
    const asked = await run(seal, 0, PLAYER, options({ effect: 'hp', master: '例・魔術師', target: 'セイバー' }));
    expect(asked.outcome).toBe('ok');
    const [request] = await rows(stores[0]!, 'sealRequests');
    const press = (i: number) => runHandler('seal', ctxFor(i, GM), log, () => seal.component!(ctxFor(i, GM), `seal:approve:${request!.id}`));
    const results = await outcomes(Array.from({ length: RACERS }, (_, i) => press(i)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(((await masterRow()).state as CharacterRuntime).sealsRemaining).toBe(sealsBefore! - 1);
    const approvals = (await rows(stores[0]!, 'events')).filter((e) => e.type === 'seal.approved');
    expect(approvals).toHaveLength(1);
  });

  it('the war calendar: racing /war advance commands each move it once (no lost update)', async () => {
    expect((await run(war, 0, GM, options({ ruleset: 'percent', name: 'Race' }, 'start'))).outcome).toBe('ok');
    const n = 6;
    const results = await outcomes(Array.from({ length: n }, (_, i) => run(war, i, GM, options({}, 'advance'))));
    expect(results).toEqual(Array(n).fill('ok'));
    const raced = await row(stores[0]!, 'wars', (c) => eq(c.channelId, CHANNEL));
    // The same advances one after another, in another channel: the calendar must end at the same turn.
    const other = (i: number) => ({ ...ctxFor(i, GM), channelId: '712345678901234567', canManageChannel: true });
    await runCommand(war, other(0), options({ ruleset: 'percent', name: 'Calm' }, 'start'), log);
    for (let i = 0; i < n; i++) expect((await runCommand(war, other(i), options({}, 'advance'), log)).outcome).toBe('ok');
    const calm = await row(stores[0]!, 'wars', (c) => eq(c.channelId, '712345678901234567'));
    expect([raced.day, raced.turn]).toEqual([calm.day, calm.turn]);
    expect([raced.day, raced.turn]).not.toEqual([0, 0]);
  });

  it('a faction\u2019s declaration (one action per faction per turn): racing /act from its member leaves one declaration for the turn', async () => {
    const channel = '812345678901234567';
    const at = (i: number, user: string) => ({ ...ctxFor(i, user), channelId: channel, canManageChannel: user === GM });
    expect((await runCommand(war, at(0, GM), options({ ruleset: 'percent', name: 'Declare' }, 'start'), log)).outcome).toBe('ok');
    const joined = await runCommand(war, at(0, PLAYER), options({ faction: 'Archers', class: 'archer', archer_bonus: 'agi', level: 50, statuses: '27 27 27 27 26 26', mag: 30 }, 'join'), log);
    expect(joined.outcome).toBe('ok');
    expect((await runCommand(war, at(0, GM), options({}, 'advance'), log)).outcome).toBe('ok');
    const results = await outcomes(Array.from({ length: RACERS }, (_, i) => runCommand(act, at(i, PLAYER), options({ action: i % 2 ? 'rest' : 'infoGathering', mode: 'shallow' }), log)));
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThanOrEqual(1);
    const w = await row(stores[0]!, 'wars', (c) => eq(c.channelId, channel));
    const declared = (await rows(stores[0]!, 'declarations')).filter((d) => d.warId === w.id && d.day === w.day && d.turn === w.turn);
    expect(declared).toHaveLength(1);
  });
});
