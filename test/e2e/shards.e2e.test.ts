// Issue 14 §2: two bot processes (src/main.ts as children, as on two machines) split SHARD_COUNT=2
// with SHARD_IDS=0 and SHARD_IDS=1 and share one PostgreSQL database. The fake Discord sends each
// guild to shard (guild_id >> 22) % 2 and DMs to shard 0, so a Command Seal asked for in a guild of
// shard 1 is approved by a button in the GM's DM that shard 0's process handles: it must read the
// request and the GM seat written by the other process, and the other process must see the seal spent.
// (seed 001 L272–295: a seal is spent only on the GM's approval.) PostgreSQL only: SQLite is one machine.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { openStore, type Store } from '../../src/store/db.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { row, rows } from '../helpers/db.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';
import { EPHEMERAL, embedText, answered, answerOf } from './harness.js';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

interface BotProcess {
  child: ChildProcess;
  out: () => string;
  commands: () => Record<string, unknown>[];
  exited: Promise<number | null>;
}

function startProcess(fake: FakeDiscord, db: string, shardIds: string, cwd: string): BotProcess {
  const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, path.join(root, 'src/main.ts')], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DISCORD_TOKEN: fake.token, DISCORD_API: fake.apiBase, DATABASE_URL: db, LOG_LEVEL: 'info', SHARD_COUNT: '2', SHARD_IDS: shardIds },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const lines = () => stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    child,
    out: () => stdout,
    commands: () => lines().filter((l) => l.msg === 'command'),
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
}

describe.runIf(testBackend === 'postgres')('two processes, two shards, one PostgreSQL database', () => {
  let fake: FakeDiscord;
  let database: TestDatabase;
  let store: Store;
  let zero: BotProcess;
  let one: BotProcess;
  let g0: { guildId: string; channelId: string };
  let g1: { guildId: string; channelId: string };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-shards-'));

  beforeAll(async () => {
    // the application has the Message Content intent, as the bot asks for it (else a warning is logged at start)
    fake = await startFakeDiscord({ shardCount: 2, privilegedIntents: { messageContent: true } });
    database = await testDatabase('shards', { empty: true }); // not the migrated template: both processes migrate it
    g0 = fake.createGuild({ name: 'Table on shard 0', shard: 0 });
    g1 = fake.createGuild({ name: 'Table on shard 1', shard: 1 });
    // Both start at once: migrations take turns (an advisory lock), each process identifies its shard.
    zero = startProcess(fake, database.url, '0', dir);
    one = startProcess(fake, database.url, '1', dir);
    await fake.waitFor(() => zero.out().includes('connected to Discord') && one.out().includes('connected to Discord'), 60_000);
    store = await openStore(database.url);
  }, 90_000);

  afterAll(async () => {
    for (const p of [zero, one]) if (p && p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all([zero?.exited, one?.exited]);
    await store?.close();
    await fake?.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const master = async () => (await row(store, 'characters', (c) => eq(c.name, '例・魔術師'))).state as CharacterRuntime;
  const handledBy = (p: BotProcess, command: string) => p.commands().filter((c) => c.command === command);

  it('each process holds its own shard and receives only its guilds', async () => {
    expect(fake.connectedShards().sort()).toEqual([[0, 2], [1, 2]]);
    const connected = (p: BotProcess) => p.out().split('\n').find((l) => l.includes('connected to Discord'))!;
    expect(JSON.parse(connected(zero))).toMatchObject({ shards: [0], shardCount: 2 });
    expect(JSON.parse(connected(one))).toMatchObject({ shards: [1], shardCount: 2 });

    const a = await fake.command({ name: 'roll', guildId: g0.guildId, channelId: g0.channelId, options: [{ name: 'expression', value: '2d6' }] });
    const b = await fake.command({ name: 'roll', guildId: g1.guildId, channelId: g1.channelId, options: [{ name: 'expression', value: '3d6' }] });
    expect(answered(a)).toBe(true);
    expect(answered(b)).toBe(true);
    await fake.waitFor(() => handledBy(zero, 'roll').length === 1 && handledBy(one, 'roll').length === 1, 5000);
    expect(handledBy(zero, 'roll')[0]).toMatchObject({ guild: g0.guildId, outcome: 'ok' });
    expect(handledBy(one, 'roll')[0]).toMatchObject({ guild: g1.guildId, outcome: 'ok' });
  });

  it('a seal asked through shard 1 is approved in a DM through shard 0, spent once, and shard 1 sees it spent (seed 001 L272–295)', async () => {
    const { gm, player2 } = fake.users;
    const at1 = { guildId: g1.guildId, channelId: g1.channelId };
    // The GM seat and the master sheet are written by shard 1's process.
    const claim = await fake.command({ ...at1, name: 'gm', user: gm, options: [{ name: 'claim', type: 1 }] });
    expect(embedText(answerOf(claim))).toContain(`<@${gm.id}>`);
    const file = fake.uploadAttachment({ filename: 'master.txt', content: fixture('master.txt'), channelId: g1.channelId });
    const imported = await fake.command({ ...at1, name: 'sheet', user: player2, options: [{ name: 'import', type: 1, options: [{ name: 'file', value: file }] }] });
    expect(embedText(answerOf(imported))).toMatch(/HP 11/);
    expect((await master()).sealsRemaining).toBe(3);

    await fake.command({ ...at1, name: 'seal', user: player2, options: [{ name: 'effect', value: 'mp' }] });
    const dm = await fake.waitFor(() => fake.dms(gm.id).find((m) => m.components.length > 0), 5000);
    const customId = dm.components[0].components[0].custom_id as string;
    expect(customId).toMatch(/^seal:approve:\d+$/);

    // Not the GM: shard 0's process reads the seat shard 1's process wrote, and refuses.
    const stranger = await fake.button({ customId, user: player2, guildId: null, message: dm });
    expect(answerOf(stranger).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect((await master()).sealsRemaining).toBe(3);

    const approved = await fake.button({ customId, user: gm, guildId: null, message: dm });
    expect(approved.callback.type).toBe(7); // the DM's buttons are replaced by the outcome
    expect((await master()).sealsRemaining).toBe(2);
    const again = await fake.button({ customId, user: gm, guildId: null, message: dm });
    expect(answerOf(again).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect((await master()).sealsRemaining).toBe(2);

    // Every button press (DMs) went to shard 0's process; every guild command to shard 1's.
    expect(handledBy(zero, 'seal:button').map((c) => c.outcome)).toEqual(['refused', 'ok', 'refused']);
    expect(handledBy(one, 'seal:button')).toEqual([]);
    expect(handledBy(one, 'seal').map((c) => c.guild)).toEqual([g1.guildId]);
    expect(handledBy(zero, 'seal')).toEqual([]);

    // Shard 1's process reads what shard 0's wrote: the next request is refused only once the last seals are gone.
    const shown = await fake.command({ ...at1, name: 'sheet', user: player2, options: [{ name: 'show', type: 1 }] });
    expect(answered(shown)).toBe(true);
    expect(embedText(answerOf(shown))).toContain('seals 2');
    expect(handledBy(one, 'sheet').length).toBe(2);
    // A +10 on a roll made through shard 1, approved through shard 0: shard 0's process rewrites the
    // stored roll and posts it to shard 1's guild over REST (no gateway cache of that guild needed).
    await fake.command({ ...at1, name: 'roll', user: player2, options: [{ name: 'expression', value: '8d6<=4' }] });
    const rolled = (await rows(store, 'rolls')).filter((r) => r.guildId === g1.guildId).at(-1)!;
    const asked = fake.dms(gm.id).length;
    await fake.command({ ...at1, name: 'seal', user: player2, options: [{ name: 'effect', value: '+10' }] });
    const second = await fake.waitFor(() => fake.dms(gm.id).slice(asked).find((m) => m.components.length > 0), 5000);
    const nextId = second.components[0].components[0].custom_id as string;
    expect(nextId).not.toBe(customId);
    await fake.button({ customId: nextId, user: gm, guildId: null, message: second });
    expect((await master()).sealsRemaining).toBe(1);
    expect((await row(store, 'rolls', (r) => eq(r.id, rolled.id))).value).toBe(rolled.value + 10);
    const post = await fake.waitFor(() => fake.channelMessages(g1.channelId).find((m) => embedText(m).includes(`#${rolled.id}`)), 5000);
    expect(embedText(post)).toContain(String(rolled.value + 10));
    expect(handledBy(zero, 'seal:button').map((c) => c.outcome)).toEqual(['refused', 'ok', 'refused', 'ok']);
    const requests = await rows(store, 'sealRequests');
    expect(requests.map((r) => r.status)).toEqual(['approved', 'approved']);
    const spent = (await rows(store, 'events')).filter((e) => e.type === 'seal.spent');
    expect(spent).toHaveLength(2); // one event per approval: nothing doubled
  });

  it('commands hitting both processes at once: every roll stored once, none lost', async () => {
    const before = (await rows(store, 'rolls')).length;
    const { player } = fake.users;
    const burst = Array.from({ length: 8 }, (_, i) => {
      const at = i % 2 === 0 ? g0 : g1;
      return fake.command({ name: 'roll', user: player, guildId: at.guildId, channelId: at.channelId, locale: i % 4 < 2 ? 'ja' : 'ko', options: [{ name: 'expression', value: `${i + 1}d6` }] });
    });
    const answers = await Promise.all(burst);
    expect(answers.every((ex) => ex.callback.type === 4 && !((answerOf(ex).flags ?? 0) & EPHEMERAL))).toBe(true);
    const stored = (await rows(store, 'rolls')).slice(before);
    expect(stored.map((r) => r.normalized).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `${i + 1}d6`).sort());
    expect(stored.filter((r) => r.guildId === g0.guildId)).toHaveLength(4);
    expect(stored.filter((r) => r.guildId === g1.guildId)).toHaveLength(4);
    expect([...zero.commands(), ...one.commands()].filter((c) => c.outcome === 'error')).toEqual([]);
    // Nothing went wrong quietly either: no warning or error logged by either process (pino: warn = 40).
    const troubles = (p: BotProcess) => p.out().split('\n').filter((l) => l.startsWith('{') && (JSON.parse(l) as { level: number }).level >= 40);
    expect([...troubles(zero), ...troubles(one)]).toEqual([]);
  });

  it('both stop cleanly on SIGTERM', async () => {
    zero.child.kill('SIGTERM');
    one.child.kill('SIGTERM');
    expect(await zero.exited).toBe(0);
    expect(await one.exited).toBe(0);
    expect(zero.out()).not.toContain(fake.token);
    expect(one.out()).not.toContain(fake.token);
  }, 30_000);
});
