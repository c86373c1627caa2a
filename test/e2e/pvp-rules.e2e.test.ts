// Seed 000 rules that the GM used to keep in a spreadsheet, each reached through the real discord.js
// client: the war's settings, rest once a day refused at /act, friendly contact free, nothing dropped
// at /war advance, a servantless faction, a chosen main with a sub seal, the 120-mana seal.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState, WarConfig } from '../../src/services/war/state.js';
import { row, rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';
import type { FakeUser } from './fake-discord/types.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
let channelId = '';
let gm: FakeUser;
let a: FakeUser;
let b: FakeUser;
let lone: FakeUser;
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
const percent = async (name: string) => ((await row(h.store, 'factions', (c) => eq(c.name, name))).state as FactionState).percent!;
const war = (user: FakeUser, name: string, options: { name: string; value: any }[] = []) => h.fake.command({ name: 'war', channelId, user, options: sub(name, options) });
const said = (ex: InteractionExchange) => embedText(answerOf(ex));

beforeAll(async () => {
  h = await startHarness('pvp-rules');
  channelId = h.fake.createTextChannel({ name: 'rules' });
  ({ gm, player: a, player2: b } = h.fake.users);
  lone = h.fake.createUser({ username: 'lone_master', globalName: 'Lone' });
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await war(gm, 'start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Rules' }]);
  await war(a, 'join', [{ name: 'faction', value: 'Saber' }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }, { name: 'territory', value: 'medium' }]);
  await war(b, 'join', [{ name: 'faction', value: 'Lancer' }, { name: 'class', value: 'lancer' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 20 }]);
  // A character without a servant (seed 000 L42): only the master's MAG is needed.
  await war(lone, 'join', [{ name: 'faction', value: 'Lone' }, { name: 'mag', value: 15 }, { name: 'servantless', value: true }]);
  await war(gm, 'advance'); // day 1, morning
});
afterAll(async () => {
  await h?.close();
});

describe('seed 000 rules reachable from commands', () => {
  it('the GM sets the rest amount per grade and the table row the seed leaves out (L5, L27)', async () => {
    const refused = await war(a, 'config', [{ name: 'key', value: 'rest_medium' }, { name: 'value', value: 25 }]);
    expect(ephemeral(refused)).toBe(true);
    expect((await row(h.store, 'wars', (c) => eq(c.channelId, channelId))).config).toEqual({});
    const rest = await war(gm, 'config', [{ name: 'key', value: 'rest_medium' }, { name: 'value', value: 25 }]);
    expect(said(rest)).toContain('Medium territory 25');
    const gap = await war(gm, 'config', [{ name: 'key', value: 'table_oneEach' }, { name: 'value', value: 45 }]);
    expect(said(gap)).toContain('1 superior, 1 draw, 1 inferior 45%');
    const config = (await row(h.store, 'wars', (c) => eq(c.channelId, channelId))).config as WarConfig;
    expect(config.territoryRecovery?.medium).toBe(25);
    expect(config.battleTable?.oneEach).toBe(45);
  });

  it('rest restores the configured amount; a second rest the same day is refused at /act (L5); friendly contact costs nothing (L11, L19)', async () => {
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'mana' }, { name: 'value', value: '100' }]);
    const rest = await h.fake.command({ name: 'act', channelId, user: a, options: [{ name: 'action', value: 'rest' }] });
    expect(said(rest)).not.toContain('Cannot do that');
    await h.fake.command({ name: 'act', channelId, user: b, options: [{ name: 'action', value: 'contact' }, { name: 'targets', value: 'Saber' }, { name: 'text', value: 'talks' }] });
    const manaB = (await percent('Lancer')).mana;
    await war(gm, 'resolve');
    expect((await percent('Saber')).mana).toBe(125);
    expect((await percent('Lancer')).mana).toBe(manaB); // friendly, in the morning: no +20
    await h.fake.waitFor(() => h.fake.dms(a.id).some((m) => embedText(m.body).includes('Lancer seeks contact with your faction')));
    await war(gm, 'advance'); // noon of the same day
    const again = await h.fake.command({ name: 'act', channelId, user: a, options: [{ name: 'action', value: 'rest' }] });
    expect(ephemeral(again)).toBe(true);
    expect(said(again)).toContain('already rested today');
  });

  it('/war advance does not drop an unresolved declaration: it warns, then resolves or discards on the GM’s word', async () => {
    await h.fake.command({ name: 'act', channelId, user: b, options: [{ name: 'action', value: 'rest' }] });
    const warned = await war(gm, 'advance');
    expect(said(warned)).toContain('1 declaration(s) not resolved yet (Lancer)');
    expect((await row(h.store, 'wars', (c) => eq(c.channelId, channelId)))).toMatchObject({ day: 1, turn: 1 });
    const resolved = await war(gm, 'advance', [{ name: 'pending', value: 'resolve' }]);
    expect(said(resolved)).toContain('1 pending declaration(s) were resolved first');
    expect((await row(h.store, 'wars', (c) => eq(c.channelId, channelId)))).toMatchObject({ day: 1, turn: 2 });
    expect((await rows(h.store, 'declarations')).every((d) => d.resolvedAt !== null)).toBe(true);
    expect((await percent('Lancer')).restedDay).toBe(1);
    // The faction heard its result as if /war resolve had run (no territory: a rest gives 0, L5).
    await h.fake.waitFor(() => h.fake.dms(b.id).some((m) => embedText(m.body).includes('Rested: +0 mana')));
  });

  it('a servantless faction recovers its MAG at the turn end and fights with its master as main (L42, L22)', async () => {
    await war(gm, 'set', [{ name: 'faction', value: 'Lone' }, { name: 'field', value: 'mana' }, { name: 'value', value: '50' }]);
    await war(gm, 'advance');
    expect((await percent('Lone')).mana).toBe(65);
    const noServant = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Lone' }, { name: 'theirs', value: 'Lancer' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'our_main', value: 'servant' }] });
    expect(said(noServant)).toContain('Lone has no servant');
    // The master's level was never given: it is asked for, not taken as 20 (seed 000 L28–29).
    const asked = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Lone' }, { name: 'theirs', value: 'Lancer' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }] });
    expect(ephemeral(asked)).toBe(true);
    expect(said(asked)).toContain('Lone’s master fights: enter its level and statuses first');
    expect((await percent('Lone')).battlesThisTurn).toBe(0);
    const early = await war(gm, 'set', [{ name: 'faction', value: 'Lone' }, { name: 'field', value: 'master_statuses' }, { name: 'value', value: '10 10 10 15 20 15' }]);
    expect(said(early)).toContain('master_level');
    await war(gm, 'set', [{ name: 'faction', value: 'Lone' }, { name: 'field', value: 'master_level' }, { name: 'value', value: '20' }]);
    await war(gm, 'set', [{ name: 'faction', value: 'Lone' }, { name: 'field', value: 'master_statuses' }, { name: 'value', value: '10 10 10 15 20 15' }]);
    expect(await percent('Lone')).toMatchObject({ masterLevel: 20, masterMag: 15, masterAllocation: { str: 10, end: 10, agi: 10, mag: 15, luk: 20, np: 15 } });
    const fought = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Lone' }, { name: 'theirs', value: 'Lancer' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }] });
    expect(said(fought)).toMatch(/Rolled \d+ against \d+%/);
    expect((await percent('Lone')).battlesThisTurn).toBe(0); // no servant: a battle costs no mana (L42)
    for (const name of ['Lone', 'Lancer']) {
      if ((await percent(name)).pendingRetreat) await war(gm, 'retreat', [{ name: 'choice', value: 'seals' }, { name: 'faction', value: name }]);
    }
  });

  it('the master as main, the servant as sub with a +20 % seal, an ally as a third (L22, L43)', async () => {
    // The master fights, so its level and statuses are entered first (seed 000 L28–29); its MAG follows them.
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'master_level' }, { name: 'value', value: '20' }]);
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'master_statuses' }, { name: 'value', value: '10 10 10 30 10 10' }]);
    const ex = await h.fake.command({
      name: 'battle',
      channelId,
      user: gm,
      options: [{ name: 'ours', value: 'Saber' }, { name: 'theirs', value: 'Lancer' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'our_main', value: 'master' }, { name: 'our_ally', value: 'Lone' }, { name: 'sub_seals', value: 1 }],
    });
    expect(said(ex)).toContain('Command Seals +20%');
    expect((await percent('Saber')).sealsLeft).toBe(2);
    const four = await h.fake.command({
      name: 'battle',
      channelId,
      user: gm,
      options: [{ name: 'ours', value: 'Saber' }, { name: 'theirs', value: 'Lancer' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'our_main', value: 'master' }, { name: 'with_masters', value: true }, { name: 'our_ally', value: 'Lone' }],
    });
    expect(ephemeral(four)).toBe(true);
    for (const name of ['Saber', 'Lancer', 'Lone']) {
      if ((await percent(name)).pendingRetreat) await war(gm, 'retreat', [{ name: 'choice', value: 'seals' }, { name: 'faction', value: name }]);
    }
  });

  it('a seal gives 120 mana at any time (L46); a mana jewel must be held (L4)', async () => {
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'mana' }, { name: 'value', value: '10' }]);
    const seals = (await percent('Saber')).sealsLeft;
    const used = await war(a, 'use', [{ name: 'item', value: 'sealMana' }]);
    expect(ephemeral(used)).toBe(true);
    expect(said(used)).toContain('a Command Seal gave +120 mana (now 130');
    expect(await percent('Saber')).toMatchObject({ mana: 130, sealsLeft: seals - 1 });
    const jewel = await war(a, 'use', [{ name: 'item', value: 'manaJewel' }]);
    expect(said(jewel)).toContain('Saber holds no mana jewel');
    const view = await war(a, 'faction_view');
    expect(ephemeral(view)).toBe(true);
    expect(said(view)).toMatch(/Mana 130\/160 · seals \d · Medium territory/);
  });

  it('a made mana jewel is held, then spent for +20 mana; familiars must be held to be offered (L3–4)', async () => {
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'mag' }, { name: 'value', value: '50' }]);
    const noFamiliar = await h.fake.command({ name: 'act', channelId, user: a, options: [{ name: 'action', value: 'infoGathering' }, { name: 'mode', value: 'locate' }, { name: 'familiars', value: 1 }] });
    expect(said(noFamiliar)).toContain('holds only 0 familiar(s)');
    // MAG 50 × 2 = 100 %: the jewel is made for certain (L3).
    await h.fake.command({ name: 'act', channelId, user: a, options: [{ name: 'action', value: 'mysticCode' }, { name: 'item', value: 'manaJewel' }, { name: 'creator', value: 'master' }] });
    await war(gm, 'resolve');
    expect((await percent('Saber')).items).toEqual({ manaJewel: 1 });
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'mana' }, { name: 'value', value: '10' }]);
    const used = await war(a, 'use', [{ name: 'item', value: 'manaJewel' }]);
    expect(said(used)).toContain('a mana jewel gave +20 mana (now 30)');
    expect(await percent('Saber')).toMatchObject({ mana: 30, items: { manaJewel: 0 } });
    await war(gm, 'advance');
  });

  it('bases on the GM’s map: a named move only to an empty territory, a random one within a grade may meet its occupant (L9)', async () => {
    for (const [name, grade] of [['Ryudo', 'highest'], ['Manor', 'large'], ['Church', 'large']]) await war(gm, 'map', [{ name: 'name', value: name }, { name: 'grade', value: grade }]);
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'base' }, { name: 'value', value: 'Ryudo' }]);
    await war(gm, 'set', [{ name: 'faction', value: 'Lone' }, { name: 'field', value: 'base' }, { name: 'value', value: 'Church' }]);
    expect(await percent('Saber')).toMatchObject({ base: 'Ryudo', territory: 'highest' });
    const unknown = await h.fake.command({ name: 'act', channelId, user: b, options: [{ name: 'action', value: 'moveBase' }, { name: 'to', value: 'Atlantis' }] });
    expect(said(unknown)).toContain('no territory called Atlantis');
    await h.fake.command({ name: 'act', channelId, user: b, options: [{ name: 'action', value: 'moveBase' }, { name: 'to', value: 'Ryudo' }] });
    await war(gm, 'resolve');
    expect((await percent('Lancer')).base).toBeUndefined();
    await h.fake.waitFor(() => h.fake.dms(b.id).some((m) => embedText(m.body).includes('Ryudo is occupied')));
    await war(gm, 'advance');
    await h.fake.command({ name: 'act', channelId, user: b, options: [{ name: 'action', value: 'moveBase' }, { name: 'territory', value: 'large' }, { name: 'random', value: true }] });
    await war(gm, 'resolve');
    const landed = await percent('Lancer');
    expect(['Manor', 'Church']).toContain(landed.base);
    expect(landed.territory).toBe('large');
    if (landed.base === 'Church') await h.fake.waitFor(() => h.fake.dms(lone.id).some((m) => embedText(m.body).includes('Lancer moved into Church, your base: contact')));
    const view = await war(b, 'faction_view');
    expect(said(view)).toContain(`${landed.base} (Large territory)`);
  });

  it('soul eating noticed: the intervening faction fights the eater around two civilian groups; a win gives 100 mana a group (L6–7)', async () => {
    await war(gm, 'advance');
    const refused = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Saber' }, { name: 'theirs', value: 'Lancer' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'soul_eating_groups', value: 1 }] });
    expect(said(refused)).toContain('Saber was not noticed soul eating');
    // Declare soul eating each turn until the 50 % exposure roll notices it (the seeded dice make this repeatable).
    for (let i = 0; i < 12 && !(await percent('Lancer')).soulEating; i++) {
      if (i > 0) await war(gm, 'advance');
      await h.fake.command({ name: 'act', channelId, user: b, options: [{ name: 'action', value: 'soulEating' }] });
      await war(gm, 'resolve');
    }
    expect((await percent('Lancer')).soulEating).toBeDefined();
    await h.fake.waitFor(() => h.fake.dms(a.id).some((m) => embedText(m.body).includes('You sense soul eating: Lancer')));
    // The discovering faction chooses hostile intervention (L6); the GM alone is told. The eater cannot "intervene".
    const self = await war(b, 'intervene', [{ name: 'eater', value: 'Lancer' }]);
    expect(said(self)).toContain('You did not sense Lancer soul eating');
    const chosen = await war(a, 'intervene', [{ name: 'eater', value: 'Lancer' }]);
    expect(ephemeral(chosen)).toBe(true);
    await h.fake.waitFor(() => h.fake.dms(gm.id).some((m) => embedText(m.body).includes('Saber chooses hostile intervention against Lancer')));
    expect(h.fake.dms(b.id).some((m) => embedText(m.body).includes('hostile intervention'))).toBe(false);
    expect((await percent('Lancer')).soulEating?.intervening).toHaveLength(1);
    await war(gm, 'set', [{ name: 'faction', value: 'Lancer' }, { name: 'field', value: 'mana' }, { name: 'value', value: '0' }]);
    // +100 % makes the eater's win certain: both groups fell, +200 mana up to the cap 100 + 20 × 2 = 140;
    // then the battle's end costs the servant's level, 50 (seed 000 L38): 90.
    const fought = await h.fake.command({ name: 'battle', channelId, user: gm, options: [{ name: 'ours', value: 'Lancer' }, { name: 'theirs', value: 'Saber' }, { name: 'our_status', value: 'str' }, { name: 'their_status', value: 'agi' }, { name: 'other', value: 100 }, { name: 'soul_eating_groups', value: 2 }] });
    expect(said(fought)).toContain('Soul eating succeeded: Lancer defeated 2 civilian group(s), +200 mana');
    expect(await percent('Lancer')).toMatchObject({ mana: 90 });
    expect((await percent('Lancer')).soulEating).toBeUndefined();
  });

  it('/war set offers only the fields of the war’s ruleset, named in the reader’s language', async () => {
    const focus = (channel: string) => h.fake.autocomplete({ name: 'war', channelId: channel, user: gm, locale: 'ko', options: [{ name: 'set', type: 1, options: [{ name: 'faction', value: 'Saber' }, { name: 'field', value: '', focused: true }] }] });
    const percentFields = answerOf((await focus(channelId))).choices as { name: string; value: string }[];
    expect(percentFields).toContainEqual({ name: '마력', value: 'mana' });
    expect(percentFields).toContainEqual({ name: '거점 (지도)', value: 'base' });
    const fateChannel = h.fake.createTextChannel({ name: 'fate' });
    await h.fake.command({ name: 'war', channelId: fateChannel, user: h.fake.users.moderator, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'F' }]) });
    const fateFields = answerOf((await focus(fateChannel))).choices as { name: string; value: string }[];
    expect(fateFields.map((c) => c.value)).toEqual(['masterless', 'eliminated']);
  });
});
