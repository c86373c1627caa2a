// Two bot processes (two discord.js clients, two stores on one database) updating one war's live
// board at once (issue 14 §2: "no lost edit, no duplicate board"). Each race is forced into its worst
// order by holding one side's REST call until the other side has finished.
import type { Client, TextChannel } from 'discord.js';
import { Events, GatewayIntentBits, Client as DiscordClient } from 'discord.js';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateBoard } from '../../src/discord/board.js';
import { openStore, type Store } from '../../src/store/db.js';
import { getWar, insertWar, updateWar } from '../../src/store/wars.js';
import type { BoardUpdate } from '../../src/views/view.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

const log = pino({ level: 'silent' });
let fake: FakeDiscord;
let database: TestDatabase;
const procs: { client: Client; store: Store; owned: boolean }[] = [];

async function proc(): Promise<{ client: Client; store: Store }> {
  const client = new DiscordClient({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.token);
  await ready;
  // PostgreSQL: a store per process, as on two machines. SQLite is one machine's database and its
  // driver is synchronous: two stores in one test process would block each other's write lock, so
  // the "processes" share one store there (the REST races are the same).
  const store = testBackend === 'postgres' || procs.length === 0 ? await openStore(database.url) : procs[0]!.store;
  const p = { client, store, owned: store !== procs[0]?.store };
  procs.push(p);
  return p;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  database = await testDatabase('board-race');
});
afterAll(async () => {
  for (const p of procs) {
    await p.client.destroy();
    if (p.owned) await p.store.close();
  }
  await fake?.close();
  await database?.drop();
});

/** A war whose board shows its day; the render reads the database, as the real boards do. */
async function newWar(store: Store, channelId: string): Promise<number> {
  return await store.transaction(async (tx) =>
    insertWar(tx, { guildId: fake.guildId, channelId, name: 'race', ruleset: 'fate', status: 'active', day: 1, turn: 0, irregular: null, config: {}, boardMessageId: null, pendingBattle: null, createdAt: new Date() }),
  );
}
const board = (warId: number, channelId: string): BoardUpdate => ({
  warId,
  channelId,
  view: { locale: 'en', tone: 'info', title: 'stale copy', blocks: [], ephemeral: false },
  render: async (tx) => {
    const war = await getWar(tx, warId);
    return war ? { view: { locale: 'en', tone: 'info', title: `Day ${war.day}`, blocks: [], ephemeral: false }, messageId: war.boardMessageId } : null;
  },
});
const setDay = (store: Store, warId: number, day: number) => store.transaction(async (tx) => await updateWar(tx, warId, { day }));

/** Holds the next call of `method` on this client's channel object until released; `entered` resolves when it is reached. */
async function hold(client: Client, channelId: string, method: 'send' | 'edit') {
  const channel = (await client.channels.fetch(channelId)) as TextChannel;
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (entered = r));
  const target: any = method === 'send' ? channel : channel.messages;
  const original = target[method].bind(target);
  target[method] = async (...args: unknown[]) => {
    target[method] = original; // only the first call waits
    entered();
    await gate;
    return original(...args);
  };
  return { release, reached };
}

const boards = (channelId: string) => fake.channelMessages(channelId).filter((m) => !m.deleted && m.embeds.length);
const titleOf = (id: string) => fake.message(id)?.embeds?.[0]?.title;

describe('two processes updating one board', () => {
  let a: { client: Client; store: Store };
  let b: { client: Client; store: Store };
  beforeAll(async () => {
    a = await proc();
    b = await proc();
  });

  it('both post the first board at once: one message stays, its id is the one stored, the loser deletes its own', async () => {
    const channelId = fake.createTextChannel({ name: 'race-post' });
    const warId = await newWar(a.store, channelId);
    const held = await hold(a.client, channelId, 'send');
    const slow = updateBoard(a.client, a.store, log, board(warId, channelId)); // reads "no board", then waits to post
    await held.reached;
    await updateBoard(b.client, b.store, log, board(warId, channelId)); // posts and claims first
    held.release();
    await slow;

    const shown = boards(channelId);
    expect(shown).toHaveLength(1);
    const stored = await a.store.transaction(async (tx) => (await getWar(tx, warId))!.boardMessageId);
    expect(stored).toBe(shown[0]!.id);
    expect(titleOf(shown[0]!.id)).toBe('Day 1');
    // A's message was posted and then deleted by A.
    const all = fake.channelMessages(channelId);
    expect(all).toHaveLength(2);
    expect(all.filter((m) => m.deleted)).toHaveLength(1);
  });

  it('a stale edit landing after a newer one is redone from the database: the board ends on the latest state', async () => {
    const channelId = fake.createTextChannel({ name: 'race-edit' });
    const warId = await newWar(a.store, channelId);
    await updateBoard(a.client, a.store, log, board(warId, channelId));
    const [message] = boards(channelId);

    await setDay(a.store, warId, 2); // A's command writes day 2 …
    const held = await hold(a.client, channelId, 'edit');
    const slow = updateBoard(a.client, a.store, log, board(warId, channelId)); // … renders day 2, edit held
    await held.reached;
    await setDay(b.store, warId, 3); // B's command writes day 3 and edits first
    await updateBoard(b.client, b.store, log, board(warId, channelId));
    expect(titleOf(message!.id)).toBe('Day 3');
    const editsBefore = fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${channelId}/messages/${message!.id}`).length;
    held.release(); // A's day-2 edit lands last …
    await slow;

    // … and A, re-reading after it, puts day 3 back.
    const edits = fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${channelId}/messages/${message!.id}`);
    expect(edits.slice(editsBefore).map((r) => r.body.embeds[0].title)).toEqual(['Day 2', 'Day 3']);
    expect(titleOf(message!.id)).toBe('Day 3');
    expect(boards(channelId)).toHaveLength(1);
  });

  it('the board message was deleted and both processes notice: one new board, not two', async () => {
    const channelId = fake.createTextChannel({ name: 'race-deleted' });
    const warId = await newWar(a.store, channelId);
    await updateBoard(a.client, a.store, log, board(warId, channelId));
    const [first] = boards(channelId);
    fake.failNext('PATCH', `/channels/${channelId}/messages/${first!.id}`, 404, { message: 'Unknown Message', code: 10008 }, 2);
    await setDay(a.store, warId, 5);
    await Promise.all([updateBoard(a.client, a.store, log, board(warId, channelId)), updateBoard(b.client, b.store, log, board(warId, channelId))]);

    const stored = await a.store.transaction(async (tx) => (await getWar(tx, warId))!.boardMessageId);
    const live = boards(channelId).filter((m) => m.id !== first!.id);
    expect(live).toHaveLength(1);
    expect(stored).toBe(live[0]!.id);
    expect(titleOf(live[0]!.id)).toBe('Day 5');
  });

  it('an edit failing for another reason (Discord erroring) is reported, and no second board is posted', async () => {
    const channelId = fake.createTextChannel({ name: 'edit-error' });
    const warId = await newWar(a.store, channelId);
    await updateBoard(a.client, a.store, log, board(warId, channelId));
    const [first] = boards(channelId);
    // discord.js retries a 5xx three times before giving up
    fake.failNext('PATCH', `/channels/${channelId}/messages/${first!.id}`, 500, { message: 'Internal Server Error', code: 0 }, 4);
    await setDay(a.store, warId, 7);
    await expect(updateBoard(a.client, a.store, log, board(warId, channelId))).rejects.toThrow();
    expect(boards(channelId).map((m) => m.id)).toEqual([first!.id]);
    // The next update (Discord back) edits the same message to the latest state.
    await updateBoard(b.client, b.store, log, board(warId, channelId));
    expect(titleOf(first!.id)).toBe('Day 7');
  });
});
