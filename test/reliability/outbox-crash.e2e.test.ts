// Crash between the commit and the delivery (issue 28 §1): the real entry point (src/main.ts) runs as a
// child process; a war's day ends (mana upkeep: one DM per faction, the board edited) while Discord is
// slow to take the DMs, and the process is SIGKILLed with its DMs in flight. The next process on the
// same database (on SQLite: the same bot restarted; on PostgreSQL: a second process that was running
// all along, holding the other gateway shard) delivers what was left: every faction's DM exactly once,
// counted at the fake Discord (a repeat the first process had already sent is dropped by its nonce).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../e2e/fake-discord/index.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { row, rows } from '../helpers/db.js';
import { openStore, type Store } from '../../src/store/db.js';
import { answered } from '../e2e/harness.js';

const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-outbox-'));
let fake: FakeDiscord | undefined;
let database: TestDatabase | undefined;
let store: Store | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await store?.close();
  await fake?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The bot as `npm start` runs it; resolves once it is connected. */
async function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; out: () => string }> {
  const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, path.join(root, 'src/main.ts')], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DISCORD_TOKEN: fake!.token, DISCORD_API: fake!.apiBase, DATABASE_URL: database!.url, LOG_LEVEL: 'info', OUTBOX_LEASE_SECONDS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await fake!.waitFor(() => out.includes('connected to Discord'), 20_000);
  return { child, out: () => out };
}

const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const dmCount = (userId: string) => fake!.dms(userId).length;

describe(`SIGKILL between the commit and the delivery (${testBackend})`, () => {
  it('the next process delivers every effect exactly once', async () => {
    // Two shards, so that on PostgreSQL a second process can run beside the first without receiving its server.
    fake = await startFakeDiscord({ shardCount: 2 });
    database = await testDatabase('outbox-crash');
    const home = fake.shardOf(fake.guildId);
    const first = await startProcess({ SHARD_COUNT: '2', SHARD_IDS: String(home) });
    const second = testBackend === 'postgres' ? await startProcess({ SHARD_COUNT: '2', SHARD_IDS: String(1 - home) }) : null;

    const { gm, player, player2 } = fake.users;
    const channelId = fake.channelId;
    await fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await fake.command({ name: 'war', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Crash' }]) });
    for (const [user, faction] of [[player, 'Archers'], [player2, 'Shades']] as const) {
      await fake.command({ name: 'war', channelId, user, options: sub('join', [{ name: 'faction', value: faction }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }]) });
    }
    for (let i = 0; i < 4; i++) await fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    // what the earlier commands sent is all out before counting
    const check = await openStore(database.url);
    await fake.waitFor(async () => (await rows(check, 'outbox')).length === 0, 10_000);
    await check.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = [dmCount(player.id), dmCount(player2.id)];

    // The day ends; Discord takes 3 s over each DM. The reply comes back, then the process dies mid-delivery.
    fake.delayNext('POST', /\/channels\/\d+\/messages$/, 3000, 2);
    const ex = await fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    expect(answered(ex)).toBe(true);
    await fake.waitFor(() => fake!.heldRequests > 0, 5000);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    store = await openStore(database.url);
    const left = await rows(store, 'outbox');
    expect(left.length).toBeGreaterThan(0); // what the first process saved and had not settled

    // SQLite: the bot comes back on the same file; PostgreSQL: the second process was there all along.
    const next = second ?? (await startProcess({ SHARD_COUNT: '2', SHARD_IDS: String(home) }));
    await fake.waitFor(() => dmCount(player.id) > before[0]! && dmCount(player2.id) > before[1]!, 20_000);
    await fake.waitFor(async () => (await rows(store!, 'outbox')).length === 0, 20_000);
    // a little longer: anything sent twice would have arrived by now
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([dmCount(player.id) - before[0]!, dmCount(player2.id) - before[1]!]).toEqual([1, 1]);
    expect(fake.dms(player.id).at(-1)!.body.embeds[0].title ?? '').not.toBe('');
    const war = await row(store, 'wars', (c) => eq(c.channelId, channelId));
    expect({ day: war.day, turn: war.turn }).toEqual({ day: 2, turn: 0 });
    expect(next.out()).not.toMatch(/"level":50/); // no error logged by the process that took over
  }, 90_000);
});
