// A GM and two factions play day 1 → day 2 of each ruleset through the real discord.js client.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import type { FactionState } from '../../src/services/war/state.js';
import { row } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
let h: Harness;
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const runtime = async (name: string) => (await row(h.store, 'characters', (c) => eq(c.name, name))).state as CharacterRuntime;
const warRow = async (channelId: string) => (await row(h.store, 'wars', (c) => eq(c.channelId, channelId)));
const faction = async (name: string) => (await row(h.store, 'factions', (c) => eq(c.name, name)));

beforeAll(async () => {
  h = await startHarness('war');
});
afterAll(async () => {
  await h?.close();
});

describe('Fate/roll dice war: day 1 → day 2', () => {
  let channelId = '';
  let boardId = '';
  const advance = () => h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') });
  const board = async () => h.fake.message((await warRow(channelId)).boardMessageId!)!;

  it('the GM starts the war: the Irregular table goes to the GM only, the board to the channel (seed 001 L71–91)', async () => {
    channelId = h.fake.createTextChannel({ name: 'fuyuki' });
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
    const refused = await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Fuyuki' }]) });
    expect(ephemeral(refused)).toBe(true);
    const start = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Fuyuki' }]) });
    expect(ephemeral(start)).toBe(true);
    expect(embedText(answerOf(start))).toMatch(/2d6 = \*\*\d+\*\*/);
    const dm = await h.fake.waitFor(() => h.fake.dms(h.fake.users.gm.id).find((m) => embedText(m.body).includes('2d6')));
    expect(embedText(dm.body)).toMatch(/Irregular/);
    const posted = await h.fake.waitFor(() => h.fake.channelMessages(channelId)[0]);
    boardId = posted.id;
    expect(embedText(posted.body)).toMatch(/Summoning phase/);
    expect(h.fake.channelMessages(channelId).map((m) => embedText(m.body)).join('\n')).not.toMatch(/2d6/);
  });

  it('two factions join with their sheets; the board lists them', async () => {
    const { player, player2 } = h.fake.users;
    const lancer = fixture('saber.txt').replaceAll('セイバー', 'ランサー');
    const priest = fixture('master.txt').replaceAll('例・魔術師', '例・神父').replace('【サーヴァント】セイバー', '【サーヴァント】ランサー');
    for (const [user, file, content] of [
      [player, 'saber.txt', fixture('saber.txt')],
      [player, 'master.txt', fixture('master.txt')],
      [player2, 'lancer.txt', lancer],
      [player2, 'priest.txt', priest],
    ] as const) {
      await h.fake.command({ name: 'sheet', channelId, user, options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: file, content }) }]) });
    }
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [{ name: 'master', value: '例・魔術師' }, { name: 'servant', value: 'セイバー' }, { name: 'faction', value: 'Tohsaka' }]) });
    await h.fake.command({ name: 'war', channelId, user: player2, options: sub('join', [{ name: 'master', value: '例・神父' }, { name: 'servant', value: 'ランサー' }, { name: 'faction', value: 'Church' }]) });
    await h.fake.waitFor(async () => embedText((await board()).body).includes('Church') || (await board()).edits.some((e) => JSON.stringify(e).includes('Church')));
    expect((await warRow(channelId)).boardMessageId).toBe(boardId); // edited, not re-posted
  });

  it('only the GM advances; the summoning phase ends into day 1 morning and luck comes back (seed 001 L114)', async () => {
    const notGm = await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('advance') });
    expect(ephemeral(notGm)).toBe(true);
    expect(embedText(answerOf(notGm))).toMatch(/Only the GM/);
    const ex = await advance();
    expect(ephemeral(ex)).toBe(true);
    expect(await warRow(channelId)).toMatchObject({ day: 1, turn: 0 });
    expect(embedText(answerOf(ex))).toMatch(/Day 1 · Morning \(7–12\)/);
  });

  it('a sleep declaration shows on the board as "declared", never as what (seed 001 L246)', async () => {
    const slept = await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('sleep') });
    expect(ephemeral(slept)).toBe(true);
    await h.fake.waitFor(async () => {
      const last = (await board()).edits.at(-1);
      return last && embedText(last).includes('Tohsaka** — declared');
    });
    const latest = embedText((await board()).edits.at(-1));
    expect(latest).toMatch(/Church\*\* — not yet/);
    expect(latest).not.toMatch(/sleep/i);
    const channelText = h.fake.channelMessages(channelId).map((m) => [embedText(m.body), ...m.edits.map(embedText)].join('\n')).join('\n');
    expect(channelText).not.toMatch(/sleep|睡眠/i);
  });

  it('day end: the master who slept recovers 2d6 HP and full MP; the one awake 4 turns is an all-nighter and recovers nothing (seed 001 L241–248)', async () => {
    const { player, player2 } = h.fake.users;
    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [{ name: 'amount', value: 6 }, { name: 'character', value: '例・魔術師' }]) });
    await h.fake.command({ name: 'mp', channelId, user: player, options: sub('spend', [{ name: 'amount', value: 10 }, { name: 'character', value: '例・魔術師' }]) });
    await h.fake.command({ name: 'hp', channelId, user: player2, options: sub('damage', [{ name: 'amount', value: 6 }, { name: 'character', value: '例・神父' }]) });
    await advance(); // morning → noon
    await advance(); // noon → night
    await advance(); // night → late night
    expect(await warRow(channelId)).toMatchObject({ day: 1, turn: 3 });
    const dayEnd = await advance(); // late night → day 2 morning
    expect(await warRow(channelId)).toMatchObject({ day: 2, turn: 0 });
    const report = embedText(answerOf(dayEnd));
    expect(report).toMatch(/Day 1 ended/);
    expect((await runtime('例・魔術師')).hp).toBeGreaterThanOrEqual(7); // 5 + 2d6, capped at 11
    expect((await runtime('例・魔術師')).mp).toBe(29);
    expect((await runtime('例・神父')).hp).toBe(5);
    expect(((await faction('Church')).state as FactionState).fate?.allNighter).toBe(1);
    expect(report).toMatch(/例・神父/);

    // Each faction hears only about itself.
    const tohsakaDms = h.fake.dms(player.id).map((m) => embedText(m.body)).join('\n');
    const churchDms = h.fake.dms(player2.id).map((m) => embedText(m.body)).join('\n');
    expect(tohsakaDms).toMatch(/例・魔術師 recovers/);
    expect(tohsakaDms).not.toMatch(/例・神父/);
    expect(churchDms).toMatch(/例・神父/);
    expect(churchDms).not.toMatch(/例・魔術師 recovers/);
  });

  it('/war undo puts the whole day end back: clock, HP, MP, sleep tracking', async () => {
    const before = await runtime('例・魔術師');
    const undo = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('undo') });
    expect(embedText(answerOf(undo))).toMatch(/Undone: the turn advance/);
    expect(await warRow(channelId)).toMatchObject({ day: 1, turn: 3 });
    expect(await runtime('例・魔術師')).toMatchObject({ hp: 5, mp: 19 });
    expect(before.hp).not.toBe(5);
    expect(((await faction('Church')).state as FactionState).fate?.allNighter).toBe(0);
    const log = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('log') });
    expect(ephemeral(log)).toBe(true);
    // /war log speaks the reader's language (issue 11): the event's name, not its key.
    expect(embedText(answerOf(log))).toMatch(/turn advanced \(undone\)/);
    // A character's sheet change names the character, not its row id (issue 11).
    expect(embedText(answerOf(log))).toContain('例・魔術師');
    expect(embedText(answerOf(log))).not.toMatch(/#\d+/);
  });

  it('a restart mid-turn loses nothing: the same turn, the same board message', async () => {
    await h.restart();
    expect(await warRow(channelId)).toMatchObject({ day: 1, turn: 3, boardMessageId: boardId });
    await advance();
    expect(await warRow(channelId)).toMatchObject({ day: 2, turn: 0 });
    expect((await warRow(channelId)).boardMessageId).toBe(boardId);
  });

  it('a deleted board is posted again on the next change', async () => {
    (await board()).deleted = true;
    await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('sleep') });
    const fresh = await h.fake.waitFor(async () => {
      const id = (await warRow(channelId)).boardMessageId;
      return id && id !== boardId ? id : undefined;
    });
    expect(embedText(h.fake.message(fresh)!.body)).toMatch(/Day 2 · Morning/);
  });
});

describe('Fate/roll dice war: sleep and all-nighter in checks, a masterless servant', () => {
  it('a sleeping master makes no checks; an all-nighter takes −1 (seed 001 L246–249)', async () => {
    const channelId = (await row(h.store, 'wars', (c) => eq(c.name, 'Fuyuki'))).channelId;
    const asleep = await h.fake.command({ name: 'check', channelId, user: h.fake.users.player, options: [{ name: 'status', value: 'mag' }, { name: 'character', value: '例・魔術師' }] });
    expect(ephemeral(asleep)).toBe(true);
    expect(embedText(answerOf(asleep))).toMatch(/asleep/);
    const tired = await h.fake.command({ name: 'check', channelId, user: h.fake.users.player2, options: [{ name: 'status', value: 'mag' }, { name: 'character', value: '例・神父' }] });
    expect(embedText(answerOf(tired))).toMatch(/8d6<=4-1/);
    expect(embedText(answerOf(tired))).toMatch(/All-nighter: −1/);
  });

  it('a masterless servant loses HP and MP equal to its rank level at each turn end (seed 001 L244)', async () => {
    const channelId = (await row(h.store, 'wars', (c) => eq(c.name, 'Fuyuki'))).channelId;
    const before = await runtime('ランサー');
    const set = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('set', [{ name: 'faction', value: 'Church' }, { name: 'field', value: 'masterless' }, { name: 'value', value: 'true' }]) });
    expect(ephemeral(set)).toBe(true);
    await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') });
    expect(await runtime('ランサー')).toMatchObject({ hp: before.hp - 10, mp: before.mp - 10 }); // rank level 10
  });
});

describe('percentage war: mana upkeep each turn end (seed 000 §3)', () => {
  let channelId = '';
  const advance = () => h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') });
  const mana = async (name: string) => ((await faction(name)).state as FactionState).percent!.mana;

  it('plays day 1 → day 2 with two factions', async () => {
    channelId = h.fake.createTextChannel({ name: 'percent' });
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
    const start = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Percent' }]) });
    expect(ephemeral(start)).toBe(true);
    // MAG 30, Lv 50: +30 a turn, cap 160 (100 + MAG×2). MAG 10, Lv 60: 20 − 60 + 20 = −20 a turn.
    await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('join', [{ name: 'faction', value: 'Strong' }, { name: 'level', value: 50 }, { name: 'mag', value: 30 }]) });
    await h.fake.command({ name: 'war', channelId, user: h.fake.users.player2, options: sub('join', [{ name: 'faction', value: 'Thin' }, { name: 'level', value: 60 }, { name: 'mag', value: 10 }]) });
    expect(await mana('Strong')).toBe(160);
    expect(await mana('Thin')).toBe(120);
    await advance(); // summoning → day 1 morning: no upkeep yet
    expect(await mana('Thin')).toBe(120);
    for (let i = 0; i < 4; i++) await advance();
    expect(await warRow(channelId)).toMatchObject({ day: 2, turn: 0 });
    expect(await mana('Strong')).toBe(160); // capped
    expect(await mana('Thin')).toBe(40); // 4 turn ends × −20
    const thinDms = h.fake.dms(h.fake.users.player2.id).map((m) => embedText(m.body)).join('\n');
    expect(thinDms).toMatch(/Thin/);
    expect(thinDms).not.toMatch(/Strong/);
  });

  it('the GM cuts the master’s supply and spends the seals: no Grail +20, and 50 extra a turn (seed 000 L37, L48–49)', async () => {
    for (const [field, value] of [['supply_cut', 'true'], ['seals', '0']]) {
      await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('set', [{ name: 'faction', value: 'Strong' }, { name: 'field', value: field! }, { name: 'value', value: value! }]) });
    }
    await advance();
    expect(await mana('Strong')).toBe(160 - 50 - 50); // −Lv 50 and the 50 for a cut supply; no MAG×2, no Grail
    const refused = await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('set', [{ name: 'faction', value: 'Strong' }, { name: 'field', value: 'mana' }, { name: 'value', value: '999' }]) });
    expect(ephemeral(refused)).toBe(true);
    expect(await mana('Strong')).toBe(60);
  });
});
