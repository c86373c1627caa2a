// A war's turn end on PostgreSQL, counted in statements (issue 32 §1): each is a round trip inside the
// SERIALIZABLE transaction, and under an evening of tables every other command waits for a connection
// behind it. A Fate war of 7 factions sent 36 statements (its war, factions and declarations read twice,
// an UPDATE and an event INSERT per faction, then the war, factions and servants read back after its own
// writes), a percentage war of 4 factions 27. Now each is read once, with the war (the masters and
// servants too, which the last-servant check of seed 001 L66 and the day end's luck reset reuse), the
// factions are written in one statement and the events in one, a server without MTG libraries is not
// searched for them through the channel's events, a channel without a daily counter is not searched for
// one at the day end, and /war undo still puts everything back. The turn end itself is
// unchanged (test/e2e/fate-war-turn.e2e.test.ts, test/e2e/war.e2e.test.ts; seed 001 L241–248, seed 000
// upkeep).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentQueries, type SentQuery } from '../helpers/pg-queries.js';
import { testBackend } from '../helpers/backend.js';
import { rows } from '../helpers/db.js';
import { embedText, startHarness, type Harness } from './harness.js';
import { fateDriver, opt, sub } from './fate-driver.js';
import type { FakeUser } from './fake-discord/types.js';

let h: Harness;
const { importPair } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('war-advance-reads');
});
afterAll(async () => {
  await h?.close();
});

/** Each transaction's statements, BEGIN to COMMIT or ROLLBACK, on its own connection. */
function transactions(sent: SentQuery[]): string[][] {
  const open = new Map<object, string[]>();
  const done: string[][] = [];
  for (const q of sent) {
    const text = q.text.replace(/\s+/g, ' ').trim();
    if (/^begin\b/i.test(text)) open.set(q.client, []);
    const tx = open.get(q.client);
    if (!tx) continue;
    tx.push(text);
    if (/^(commit|rollback)$/i.test(text)) {
      done.push(tx);
      open.delete(q.client);
    }
  }
  return done;
}

/** The statements of /war advance's transaction (the one that moves the war's clock), and its answer. */
async function advanceStatements(channelId: string): Promise<{ statements: string[]; answer: string }> {
  await h.bot.idle();
  let answer = '';
  const sent = await sentQueries(async () => {
    const ex = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') });
    answer = embedText(ex.callback.data);
  });
  const advances = transactions(sent).filter((tx) => tx.some((s) => /update "wars" set "day"/i.test(s)));
  expect(advances).toHaveLength(1);
  return { statements: advances[0]!, answer };
}

/** What /war undo must put back: the war, its factions and the characters of its factions. */
async function warState(channelId: string) {
  const [war] = await rows(h.store, 'wars', (w) => eq(w.channelId, channelId));
  const factions = await rows(h.store, 'factions', (f) => eq(f.warId, war!.id));
  const ids = factions.flatMap((f) => [f.masterId, f.servantId]).filter((id): id is number => id !== null);
  const characters = ids.length ? await rows(h.store, 'characters', (c) => inArray(c.id, ids)) : [];
  return { war, factions, characters: characters.map((c) => ({ id: c.id, state: c.state })) };
}

const count = (statements: string[], pattern: RegExp) => statements.filter((s) => pattern.test(s)).length;

/** What every turn end reads and writes once: BEGIN with the war lock, the war with its GM, its factions, the turn's declarations and the factions' masters and servants; then one statement of writes. */
function turnEndReadsAndWrites(statements: string[]): void {
  // taken before the first read (store/db.ts TransactionOptions), in BEGIN's own message: war writers
  // take turns, and two wars no longer fail each other's SERIALIZABLE check
  expect(statements[0]).toMatch(/^begin isolation level serializable; lock table "factions" in share row exclusive mode$/i);
  expect(count(statements, /^lock table/i)).toBe(0);
  expect(count(statements, /^select .* from "wars" left join "channel_gms" .* left join "factions" .* left join "declarations" .* left join "characters"/i)).toBe(1);
  expect(count(statements, /^select .* from "characters"/i)).toBe(0);
  expect(count(statements, /from "channel_gms"/i)).toBe(0);
  expect(count(statements, /^select .* from "wars"/i)).toBe(1);
  expect(count(statements, /^select .* from "factions"/i)).toBe(0);
  expect(count(statements, /^select .* from "declarations"/i)).toBe(0);
  // whether the server has a library is a column of that read: a server without one is not searched
  expect(count(statements, /^select "id", "owner_id" from "libraries"/i)).toBe(0);
  expect(count(statements, /update "factions"/i)).toBe(1);
  expect(count(statements, /insert into "events"/i)).toBe(1);
  // the factions, the war, the events and the members' languages: one statement (store/one-statement.ts)
  expect(count(statements, /^with .*update "factions".*update "wars".*insert into "events".*from "user_locales"/i)).toBe(1);
  // no MTG library in this server: the channel's events are not searched for one (seed 004 L102–104)
  expect(count(statements, /^select .* from "events"/i)).toBe(0);
}

async function undoRestores(channelId: string, before: Awaited<ReturnType<typeof warState>>): Promise<void> {
  const undo = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('undo') });
  expect(embedText(undo.callback.data)).toMatch(/Undone: the turn advance/);
  expect(await warState(channelId)).toEqual(before);
}

async function claimedWar(name: string, ruleset: 'fate' | 'percent'): Promise<string> {
  const { gm } = h.fake.users;
  const channelId = h.fake.createTextChannel({ name });
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', ruleset), opt('name', name)]) });
  return channelId;
}

const players = (prefix: string, n: number): FakeUser[] => Array.from({ length: n }, (_, i) => h.fake.createUser({ username: `${prefix}_${i}` }));

describe.runIf(testBackend === 'postgres')('a war’s turn end on PostgreSQL (issue 32 §1)', () => {
  it('reads the masters and servants of three factions with the war, and the last-servant check reuses them', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'reads' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Reads')]) });
    for (const [i, user] of (['player', 'player2', 'gm'] as const).entries()) {
      await importPair(channelId, h.fake.users[user], `R${i}・魔術師`, `R${i}セイバー`);
      await h.fake.command({ name: 'war', channelId, user: h.fake.users[user], options: sub(user === 'gm' ? 'npc' : 'join', [opt('master', `R${i}・魔術師`), opt('servant', `R${i}セイバー`), opt('faction', `F${i}`)]) });
    }
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') }); // summoning → day 1
    await h.bot.idle();
    let advanced: Awaited<ReturnType<Harness['fake']['command']>> | undefined;
    const sent = await sentQueries(async () => {
      advanced = await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    });
    // the turn ended (the GM's report says so, and names the next one)
    expect(embedText(advanced!.callback.data)).toMatch(/The action turn ended\.[\s\S]*Day 1 · Noon/);
    // the turn end's masters and servants come with the war (they were a statement of their own, 6 ids);
    // whether the war is down to its last servant is decided on the same rows (it read the 3 servants
    // again before)
    expect(sent.filter((q) => /^select .* from "characters" where/i.test(q.text))).toEqual([]);
    expect(sent.filter((q) => /^select .* from "wars" .* left join "characters"/i.test(q.text))).toHaveLength(1);
  }, 60_000);

  it('a Fate war of 7 factions: its turn end sends at most 5 statements (36 before), the factions, the war, the events and the members’ languages in one; /war undo puts it all back; its day end reads the characters once, with the war', async () => {
    const channelId = await claimedWar('Seven', 'fate');
    for (const [i, user] of players('seven', 7).entries()) {
      await importPair(channelId, user, `S${i}・魔術師`, `S${i}セイバー`);
      await h.fake.command({ name: 'war', channelId, user, options: sub('join', [opt('master', `S${i}・魔術師`), opt('servant', `S${i}セイバー`), opt('faction', `Seven ${i}`)]) });
    }
    await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') }); // summoning → day 1
    const before = await warState(channelId);
    expect(before.factions).toHaveLength(7);

    const { statements, answer } = await advanceStatements(channelId);
    expect(answer).toMatch(/The action turn ended\.[\s\S]*Day 1 · Noon/);
    // 5: BEGIN with the war lock, the war with the channel's GM, its factions, the turn's declarations,
    // the masters and servants and whether the server has a library, then the factions, the war, the
    // events and the members' languages in one statement, the outbox, COMMIT
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);
    turnEndReadsAndWrites(statements);
    // every faction's sleep tracking changed, each with its event (before/after) in the one batch
    const after = await warState(channelId);
    expect(after.war!.turn).toBe(before.war!.turn + 1);
    const events = await rows(h.store, 'events', (e) => eq(e.type, 'war.sleepTracked'), 'newest');
    const mine = events.filter((e) => before.factions.some((f) => e.subject === `faction:${f.id}`)).slice(0, 7);
    expect(new Set(mine.map((e) => e.batch)).size).toBe(1);
    for (const f of before.factions) {
      const e = mine.find((x) => x.subject === `faction:${f.id}`)!;
      expect(e.before).toEqual({ state: f.state });
      expect(e.after).toEqual({ state: after.factions.find((x) => x.id === f.id)!.state });
    }

    await undoRestores(channelId, before);

    // The day end (seed 001 L241–248; luck comes back, L215) reads the 14 masters and servants once,
    // with the war: the luck reset read them again one by one, 14 statements more. 5: as a turn end;
    // the channel has no counter that resets at a day end (test/e2e/counter.e2e.test.ts has one), so
    // its counters are not read.
    for (let i = 0; i < 3; i++) await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') });
    const dayEnd = await advanceStatements(channelId);
    expect(dayEnd.answer).toMatch(/Day 1 ended\./);
    expect(dayEnd.statements.length, dayEnd.statements.join('\n')).toBeLessThanOrEqual(5);
    turnEndReadsAndWrites(dayEnd.statements);
    expect(count(dayEnd.statements, /^select [^()]* from "counters"/i)).toBe(0);
  }, 120_000);

  it('a percentage war of 4 factions: its turn end sends at most 5 statements (27 before), the factions, the war, the events and the members’ languages in one; /war undo puts it all back', async () => {
    const channelId = await claimedWar('Four', 'percent');
    for (const [i, user] of players('four', 4).entries()) {
      // a servant of a high level costs its master more mana than it brings back (seed 000 upkeep): the turn end changes it
      await h.fake.command({ name: 'war', channelId, user, options: sub('join', [opt('faction', `Four ${i}`), opt('level', i % 2 ? 90 : 50), opt('mag', i % 2 ? 10 : 30)]) });
    }
    await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') }); // day 0 → day 1
    const before = await warState(channelId);
    expect(before.factions).toHaveLength(4);

    const { statements, answer } = await advanceStatements(channelId);
    expect(answer).toMatch(/The action turn ended\./);
    // 5: as the Fate war's, without the masters and servants
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);
    turnEndReadsAndWrites(statements);
    // each faction's upkeep (seed 000) left its event with the state before and after
    const after = await warState(channelId);
    const events = (await rows(h.store, 'events', (e) => eq(e.type, 'war.upkeep'), 'newest')).filter((e) => before.factions.some((f) => e.subject === `faction:${f.id}`));
    for (const f of before.factions) {
      const e = events.find((x) => x.subject === `faction:${f.id}`)!;
      expect(e.before).toEqual({ state: f.state, eliminated: false });
      expect(e.after).toEqual({ state: after.factions.find((x) => x.id === f.id)!.state, eliminated: false });
    }
    expect(after.factions.map((f) => f.state)).not.toEqual(before.factions.map((f) => f.state));

    await undoRestores(channelId, before);
  }, 120_000);
});
