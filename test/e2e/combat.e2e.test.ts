// A Fate/roll dice fight from start to end through the real discord.js client.
import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FateCombatState } from '../../src/command/combat/state.js';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { characters, combats } from '../../src/store/schema.js';
import { EPHEMERAL, embedText, startHarness, type Harness } from './harness.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
let h: Harness;
let channelId = '';
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const ephemeral = (ex: { callback: { data?: { flags?: number } } }) => ((ex.callback.data?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;
const fight = () => h.store.db.select().from(combats).where(eq(combats.channelId, channelId)).orderBy(desc(combats.id)).get()!;
const state = () => fight().state as FateCombatState;
const who = (name: string) => state().combatants.find((c) => c.name === name)!;
const tracker = () => {
  const m = h.fake.message(fight().trackerMessageId!)!;
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
    const id = await h.fake.waitFor(() => fight().trackerMessageId);
    await h.fake.waitFor(() => h.fake.message(id)?.pinned);
    expect(tracker()).toMatch(/Setting up/);
  });

  it('combatants join from sheets and ad hoc; a back row with an empty front is refused (L161–195)', async () => {
    const { gm, player } = h.fake.users;
    const back = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Archer' }, { name: 'side', value: 'them' }, { name: 'row', value: 'back' }, { name: 'hp', value: 10 }, { name: 'iv', value: 3 }]) });
    expect(ephemeral(back)).toBe(true);
    expect(embedText(back.callback.data)).toMatch(/Cannot do that/);
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('join', [{ name: 'side', value: 'us' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Ghoul' }, { name: 'side', value: 'them' }, { name: 'hp', value: 12 }, { name: 'iv', value: 5 }, { name: 'pool', value: '6d6<=3' }, { name: 'hidden', value: true }]) });
    expect(state().combatants.map((c) => c.name)).toEqual(['セイバー', 'Ghoul']);
  });

  it('initiative: highest IV first (L197); the hidden NPC shows only its condition', async () => {
    const next = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.gm, options: sub('next') });
    expect(embedText(next.callback.data)).toMatch(/Round 1: \*\*セイバー\*\* acts/);
    expect(state().order.map((k) => state().combatants.find((c) => c.key === k)!.name)).toEqual(['セイバー', 'Ghoul']);
    await h.fake.waitFor(() => tracker().includes('Round 1'));
    const shown = tracker();
    expect(shown).toMatch(/セイバー.*IV 15/s);
    expect(shown).toMatch(/Ghoul\*\* \(them · front\) — standing/);
    expect(shown).not.toMatch(/12\/12/);
  });

  it('an attack, the GM picks the NPC’s defense, damage = margin + weapon − armor (L202–204)', async () => {
    const { gm, player } = h.fake.users;
    const attackEx = await h.fake.command({ name: 'attack', channelId, user: player, options: [{ name: 'target', value: 'Ghoul' }, { name: 'status', value: 'str' }, { name: 'weapon', value: 4 }] });
    expect(attackEx.callback.data.components[0].components.map((b: { custom_id: string }) => b.custom_id)).toEqual(['attack:defend:end', 'attack:defend:agi', 'attack:defend:mag']);
    const pending = state().pending!;
    const notYours = await h.fake.button({ customId: 'attack:defend:end', channelId, user: h.fake.users.player2 });
    expect(ephemeral(notYours)).toBe(true);
    const defended = await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    expect(defended.callback.type).toBe(7);
    const text = embedText(defended.callback.data);
    const [, a, d] = /Attack (\d+) vs defense (\d+)/.exec(text)!.map(Number);
    expect(a).toBe(pending.achievement);
    const expected = a! > d! ? a! - d! + 4 : a === d ? 4 : 0;
    expect(who('Ghoul').hp).toBe(Math.max(0, 12 - expected));
    expect(state().pending).toBeNull();
  });

  it('/combat undo reverts the defense; a restart mid-fight resumes at the same turn', async () => {
    const { gm } = h.fake.users;
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('undo') });
    expect(who('Ghoul').hp).toBe(12);
    expect(state().pending).not.toBeNull();
    await h.restart();
    expect(state()).toMatchObject({ round: 1, turn: 0 });
    const defended = await h.fake.button({ customId: 'attack:defend:agi', channelId, user: gm });
    expect(defended.callback.type).toBe(7);
  });

  it('the round moves on, and /combat end writes HP back to the sheet', async () => {
    const { gm } = h.fake.users;
    const next = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    expect(embedText(next.callback.data)).toMatch(/\*\*Ghoul\*\* acts/);
    h.store.transaction((tx) =>
      tx.update(combats).set({ state: { ...state(), combatants: state().combatants.map((c) => (c.name === 'セイバー' ? { ...c, hp: 30 } : c)) } }).where(eq(combats.id, fight().id)).run(),
    );
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
    const saber = h.store.db.select().from(characters).where(eq(characters.name, 'セイバー')).get()!;
    expect((saber.state as CharacterRuntime).hp).toBe(30);
    expect(fight().status).toBe('ended');
  });
});

describe('a Command Seal block in a fight (seed 001 L290)', () => {
  it('the stored block is spent on the next hit: no damage', async () => {
    const { gm, player } = h.fake.users;
    const saberRow = () => h.store.db.select().from(characters).where(eq(characters.name, 'セイバー')).get()!;
    h.store.transaction((tx) =>
      tx.update(characters).set({ state: { ...(saberRow().state as CharacterRuntime), blocks: 1, hp: 40 } }).where(eq(characters.id, saberRow().id)).run(),
    );
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Second' }]) });
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('join', [{ name: 'side', value: 'us' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Brute' }, { name: 'side', value: 'them' }, { name: 'hp', value: 30 }, { name: 'iv', value: 50 }, { name: 'pool', value: '30d6<=6' }, { name: 'servant', value: true }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    expect(state().order[0]).toBe(state().combatants.find((c) => c.name === 'Brute')!.key);
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [{ name: 'target', value: 'セイバー' }, { name: 'weapon', value: 10 }] });
    const defended = await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    expect(embedText(defended.callback.data)).toMatch(/Command Seal blocks the attack/);
    expect(who('セイバー').hp).toBe(40);
    expect((saberRow().state as CharacterRuntime).blocks).toBe(0);
  });
});
