// A Fate/roll dice fight from start to end through the real discord.js client.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FateCombatState } from '../../src/services/combat/state.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { row } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
let h: Harness;
let channelId = '';
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const fight = async () => (await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest'));
const state = async () => (await fight()).state as FateCombatState;
const who = async (name: string) => (await state()).combatants.find((c) => c.name === name)!;
const tracker = async () => {
  const m = h.fake.message((await fight()).trackerMessageId!)!;
  return embedText(m.edits.at(-1) ?? m.body);
};

beforeAll(async () => {
  h = await startHarness('combat');
  channelId = h.fake.createTextChannel({ name: 'battlefield' });
  const { gm, player } = h.fake.users;
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'saber.txt', content: fixture('saber.txt') }) }]) });
});
afterAll(async () => {
  await h?.close();
});

describe('Fate/roll dice fight (seed 001 L156–235)', () => {
  it('the GM starts it; a pinned tracker appears', async () => {
    const refused = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.player, options: sub('start', [{ name: 'ruleset', value: 'fate' }]) });
    expect(ephemeral(refused)).toBe(true);
    await h.fake.command({ name: 'combat', channelId, user: h.fake.users.gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Bridge' }]) });
    const id = await h.fake.waitFor(async () => (await fight()).trackerMessageId);
    await h.fake.waitFor(() => h.fake.message(id)?.pinned);
    expect(await tracker()).toMatch(/Setting up/);
  });

  it('combatants join from sheets and ad hoc; a back row with an empty front is refused (L161–195)', async () => {
    const { gm, player } = h.fake.users;
    const back = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Archer' }, { name: 'side', value: 'them' }, { name: 'row', value: 'back' }, { name: 'hp', value: 10 }, { name: 'iv', value: 3 }]) });
    expect(ephemeral(back)).toBe(true);
    expect(embedText(answerOf(back))).toMatch(/Cannot do that/);
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('join', [{ name: 'side', value: 'us' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Ghoul' }, { name: 'side', value: 'them' }, { name: 'hp', value: 12 }, { name: 'iv', value: 5 }, { name: 'pool', value: '6d6<=3' }, { name: 'hidden', value: true }]) });
    expect((await state()).combatants.map((c) => c.name)).toEqual(['セイバー', 'Ghoul']);
  });

  it('initiative: highest IV first (L197); the hidden NPC shows only its condition', async () => {
    const next = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.gm, options: sub('next') });
    expect(embedText(answerOf(next))).toMatch(/Round 1: \*\*セイバー\*\* acts/);
    const s = await state();
    expect(s.order.map((k) => s.combatants.find((c) => c.key === k)!.name)).toEqual(['セイバー', 'Ghoul']);
    await h.fake.waitFor(async () => (await tracker()).includes('Round 1'));
    const shown = await tracker();
    expect(shown).toMatch(/セイバー.*IV 15/s);
    expect(shown).toMatch(/Ghoul\*\* \(them · front\) — standing/);
    expect(shown).not.toMatch(/12\/12/);
  });

  it('an attack, the GM picks the NPC’s defense, then resolves: damage = margin + weapon − armor (L202–204)', async () => {
    const { gm, player } = h.fake.users;
    const attackEx = await h.fake.command({ name: 'attack', channelId, user: player, options: [{ name: 'target', value: 'Ghoul' }, { name: 'status', value: 'str' }, { name: 'weapon', value: 4 }] });
    // A luck reroll stands before the defenses while the attack has failed dice (L215–217, issue 20).
    const ids = answerOf(attackEx).components[0].components.map((b: { custom_id: string }) => b.custom_id);
    expect(ids.filter((id: string) => !id.startsWith('luck:reroll:'))).toEqual(['attack:defend:end', 'attack:defend:agi', 'attack:defend:mag']);
    const pending = (await state()).pending!;
    const notYours = await h.fake.button({ customId: 'attack:defend:end', channelId, user: h.fake.users.player2 });
    expect(ephemeral(notYours)).toBe(true);
    const defended = await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    expect(defended.callback.type).toBe(7);
    // The defense is rolled but nothing is settled yet: a resolve button waits (L215–217, L288).
    expect(answerOf(defended).components[0].components.map((b: { custom_id: string }) => b.custom_id)).toContain('attack:resolve');
    expect((await who('Ghoul')).hp).toBe(12);
    const dmsBefore = h.fake.dms(gm.id).length;
    const resolved = await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    expect(resolved.callback.type).toBe(7);
    // Ghoul is hidden: the table reads the attack and the outcome, never its defense, armor or HP
    // (issue 27); the GM reads them in a DM copy of the step.
    const text = embedText(answerOf(resolved));
    expect(text).toMatch(/Attack \d+ vs defense \? \(armor \?\)/);
    const copy = await h.fake.waitFor(() => h.fake.dms(gm.id).slice(dmsBefore).find((m) => embedText(m.body).includes('Attack on Ghoul')));
    const [, a, d] = /Attack (\d+) vs defense (\d+)/.exec(embedText(copy.body))!.map(Number);
    expect(a).toBe(pending.achievement);
    const expected = a! > d! ? a! - d! + 4 : a === d ? 4 : 0;
    expect((await who('Ghoul')).hp).toBe(Math.max(0, 12 - expected));
    expect((await state()).pending).toBeNull();
  });

  it('/combat undo reverts the resolve, then the defense; a restart mid-fight resumes at the same turn', async () => {
    const { gm } = h.fake.users;
    const undone = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('undo') });
    expect((await who('Ghoul')).hp).toBe(12);
    expect((await state()).pending?.defenseRollId).toBeDefined();
    expect(answerOf(undone).components[0].components.map((b: { custom_id: string }) => b.custom_id)).toEqual(['attack:resolve']);
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('undo') });
    expect((await state()).pending).not.toBeNull();
    expect((await state()).pending?.defenseRollId).toBeUndefined();
    await h.restart();
    expect(await state()).toMatchObject({ round: 1, turn: 0 });
    const defended = await h.fake.button({ customId: 'attack:defend:agi', channelId, user: gm });
    expect(defended.callback.type).toBe(7);
    const resolved = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('resolve') });
    expect(embedText(answerOf(resolved))).toMatch(/Attack \d+ vs defense \? \(armor \?\)/);
    expect((await state()).pending).toBeNull();
  });

  it('the round moves on; /combat end never overwrites the sheet with a stale copy (one source of truth)', async () => {
    const { gm } = h.fake.users;
    const next = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    expect(embedText(answerOf(next))).toMatch(/\*\*Ghoul\*\* acts/);
    // A stale number in the fight's state (as the old tracker kept) must not reach the sheet.
    const s = await state();
    const fightId = (await fight()).id;
    const patched = { ...s, combatants: s.combatants.map((c) => (c.name === 'セイバー' ? { ...c, hp: 30 } : c)) };
    await h.store.transaction(async (tx) => tx.db.update(tx.t.combats).set({ state: patched }).where(eq(tx.t.combats.id, fightId)));
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
    const saber = (await row(h.store, 'characters', (c) => eq(c.name, 'セイバー')));
    expect((saber.state as CharacterRuntime).hp).toBe(48);
    expect((await fight()).status).toBe('ended');
  });
});

describe('a Command Seal block in a fight (seed 001 L290)', () => {
  it('the stored block is spent on the next hit: no damage', async () => {
    const { gm, player } = h.fake.users;
    const saberRow = async () => (await row(h.store, 'characters', (c) => eq(c.name, 'セイバー')));
    const saber = await saberRow();
    const next = { ...(saber.state as CharacterRuntime), blocks: 1, hp: 40 };
    await h.store.transaction(async (tx) => tx.db.update(tx.t.characters).set({ state: next }).where(eq(tx.t.characters.id, saber.id)));
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Second' }]) });
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('join', [{ name: 'side', value: 'us' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Brute' }, { name: 'side', value: 'them' }, { name: 'hp', value: 30 }, { name: 'iv', value: 50 }, { name: 'pool', value: '30d6<=6' }, { name: 'servant', value: true }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    expect((await state()).order[0]).toBe((await state()).combatants.find((c) => c.name === 'Brute')!.key);
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [{ name: 'target', value: 'セイバー' }, { name: 'weapon', value: 10 }] });
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    const resolved = await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    expect(embedText(answerOf(resolved))).toMatch(/Command Seal blocks the attack/);
    expect((await who('セイバー')).hp).toBe(40);
    expect(((await saberRow()).state as CharacterRuntime).blocks).toBe(0);
  });
});
