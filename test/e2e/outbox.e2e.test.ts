// Effects as data (issue 28 §1): what a command decided is saved with its state change and delivered
// after the commit, whatever happens to its reply. A reply Discord never takes cancels none of the
// command's DMs or board edits, and the actor reads the outcome by DM; a DM Discord fails with 5xx is
// tried again later by the sweeper and arrives once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
let channelId = '';
const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
const dmCount = (userId: string) => h.fake.dms(userId).length;
const dmText = (userId: string) => h.fake.dms(userId).map((m) => embedText(m.body)).join('\n');

beforeAll(async () => {
  h = await startHarness('outbox', { outbox: { sweepMs: 100 } });
  channelId = h.fake.createTextChannel({ name: 'outbox' });
  const { gm, player, player2 } = h.fake.users;
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Outbox' }]) });
  for (const [user, faction] of [[player, 'Archers'], [player2, 'Shades']] as const) {
    await h.fake.command({ name: 'war', channelId, user, options: sub('join', [{ name: 'faction', value: faction }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }]) });
  }
  // morning of day 1, then three more turns: the next advance ends the day (mana upkeep, one DM per faction)
  for (let i = 0; i < 4; i++) await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
});
afterAll(async () => {
  await h?.close();
});

describe('a reply Discord never takes', () => {
  it('cancels nothing: the day ends once, each faction gets its DM, the board follows, and the GM reads the outcome by DM', async () => {
    const { gm, player, player2 } = h.fake.users;
    const war = async () => await row(h.store, 'wars', (c) => eq(c.channelId, channelId));
    const before = { war: await war(), a: dmCount(player.id), b: dmCount(player2.id), gm: dmCount(gm.id) };
    const board = h.fake.message(before.war.boardMessageId!)!;
    const edits = board.edits.length;
    // Discord answers the callback with 500 on every try (discord.js retries, then gives up).
    h.fake.failNext('POST', /\/interactions\/\d+\/[^/]+\/callback$/, 500, { message: 'Internal Server Error', code: 0 }, 10);
    await expect(h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') })).rejects.toThrow();
    h.fake.clearFailures();
    await h.fake.waitFor(() => dmCount(gm.id) > before.gm, 5000);
    expect(dmText(gm.id)).toMatch(/Discord did not take the answer to your command/);
    await h.fake.waitFor(() => dmCount(player.id) > before.a && dmCount(player2.id) > before.b, 5000);
    await h.fake.waitFor(() => board.edits.length > edits, 5000);
    const after = await war();
    expect({ day: after.day, turn: after.turn }).toEqual({ day: before.war.day + 1, turn: 0 });
    // nothing left behind
    await h.fake.waitFor(async () => (await rows(h.store, 'outbox')).length === 0, 5000);
  });
});

describe('a reply that reaches Discord after its 3 seconds', () => {
  it('is refused (10062) and cancels nothing: the turn advances once, the board follows, the GM reads the outcome by DM', async () => {
    const { gm } = h.fake.users;
    const war = async () => await row(h.store, 'wars', (c) => eq(c.channelId, channelId));
    const before = { war: await war(), gm: dmCount(gm.id) };
    const board = h.fake.message(before.war.boardMessageId!)!;
    const edits = board.edits.length;
    // Discord takes the callback only after the interaction's 3 s have passed: it answers 10062
    h.fake.delayNext('POST', /\/interactions\/\d+\/[^/]+\/callback$/, 3300);
    await expect(h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') })).rejects.toThrow(/This interaction failed/);
    await h.fake.waitFor(() => dmCount(gm.id) > before.gm, 8000);
    expect(dmText(gm.id)).toMatch(/Discord did not take the answer to your command/);
    await h.fake.waitFor(() => board.edits.length > edits, 5000);
    // the day ended in the test above: this is a turn within day 2, advanced exactly once
    expect(before.war.turn).toBe(0);
    const after = await war();
    expect({ day: after.day, turn: after.turn }).toEqual({ day: before.war.day, turn: 1 });
  });
});

describe('a command that runs past 2 seconds', () => {
  it('is acknowledged privately in time, then its public answer follows in the channel (no "This interaction failed")', async () => {
    const cold = h.fake.createGuild({ announce: false });
    // the server is not in the cache: reading its owner waits on Discord, which takes 3.2 s — past the 3 s
    h.fake.delayNext('GET', new RegExp(`^/guilds/${cold.guildId}$`), 3200);
    const ex = await h.fake.command({ name: 'roll', guildId: cold.guildId, channelId: cold.channelId, user: cold.owner, options: [{ name: 'expression', value: '2d6+1' }], until: (x) => x.followUps.length > 0 });
    expect(ex.callback.type).toBe(5); // acknowledged (deferred)
    expect(ex.callback.data?.flags & EPHEMERAL).toBe(EPHEMERAL); // privately: nothing secret could go public
    // what the channel shows: a public message of its own, still there (Discord takes the first
    // follow-up after a deferral as the private placeholder itself, which the bot then deletes)
    await h.fake.waitFor(() => ex.deletes.length > 0);
    const shown = ex.followUpMessages.filter((m) => !m.deleted && !(m.flags & EPHEMERAL));
    expect(shown).toHaveLength(1);
    expect(shown[0]!.channelId).toBe(cold.channelId);
    expect(embedText({ embeds: shown[0]!.embeds })).toMatch(/2d6\+1|2D6\+1/);
    expect(ex.original?.deleted).toBe(true); // the placeholder went
  });
});

describe('a DM Discord fails for a while', () => {
  it('is tried again by the sweeper and arrives once; the actor was told it would be', async () => {
    const { player } = h.fake.users;
    const before = dmCount(h.fake.users.gm.id);
    // every try of the first delivery fails with 502; the sweeper's later try goes through
    // (the GM's DM channel only: the command's other effects go out at the same time, issue 32 §1)
    h.fake.failNext('POST', `/channels/${h.fake.dmChannelId(h.fake.users.gm.id)}/messages`, 502, { message: 'Bad Gateway', code: 0 }, 4);
    const ex = await h.fake.command({ name: 'roll', channelId, user: player, options: [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }], until: (x) => x.followUps.length > 0 });
    expect(ex.followUps.map((f) => f.content).join("\n"), ex.followUps.map((f) => f.content).join("\n")).toMatch(/Discord answered with an error \(502\)\. It will be tried again shortly\./);
    const pending = await rows(h.store, 'outbox');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'dm', status: 'pending', attempts: 1 });
    await h.fake.waitFor(() => dmCount(h.fake.users.gm.id) === before + 1, 8000);
    await h.fake.waitFor(async () => (await rows(h.store, 'outbox')).length === 0, 5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(dmCount(h.fake.users.gm.id)).toBe(before + 1);
  });
});
