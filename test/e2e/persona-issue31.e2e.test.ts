// Issue 31's Persona findings through the real discord.js client: a Wild's first Persona's skills,
// combination magic waiting for its last participant's original slot, incapacitation ending Kaja/Nda,
// a turn that passed an incapacitated character, the GM's /combat end, the start of a fight at the
// table, a Release without a <ペルソナ> %, /log export of a Persona fight, and two setup steps.
// JA = seed 002 (shared/seeds/002_4f04fb243f579e54.txt), KO = seed 003.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from './fake-discord/index.js';
import type { InteractionExchange } from './fake-discord/types.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, out, personaDriver } from './persona-driver.js';
import { personaTrackerView } from '../../src/services/combat/persona.js';
import { translator } from '../../src/i18n/index.js';
import type { CommandContext } from '../../src/services/types.js';

let h: Harness;
let channelId = '';
const driver = personaDriver(() => h, () => channelId);
const { combat, pstate, who, slotOwner, board, gmDo, as } = driver;

beforeAll(async () => {
  h = await startHarness('persona-issue31');
});
afterAll(async () => {
  await h?.close();
});

type Entry = { block: string; player?: FakeUser; hidden?: boolean };

async function setUp(name: string, blocks: Entry[]): Promise<void> {
  channelId = h.fake.createTextChannel({ name });
  await gmDo('gm', 'claim');
  await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
  for (const b of blocks) {
    await gmDo('persona', 'add', [{ name: 'block', value: b.block }, ...(b.player ? [{ name: 'player', value: b.player }] : []), ...(b.hidden ? [{ name: 'hidden', value: true }] : [])]);
  }
}

async function newFight(name: string, blocks: Entry[]): Promise<InteractionExchange> {
  await setUp(name, blocks);
  return await gmDo('combat', 'next');
}

/** The bot may still be sending DMs and board edits after the last reply. */
async function settle(): Promise<void> {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const count = h.fake.requests.length;
    if (count === last) return;
    last = count;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const dmText = async (user: FakeUser): Promise<string> => {
  await settle();
  return h.fake
    .dms(user.id)
    .flatMap((m) => [m.body, ...m.edits])
    .map((b) => embedText(b))
    .join('\n');
};

describe('a Wild’s starting Persona (JA L101, L787, L795–797)', () => {
  it('the first Persona of the block is out with its skills: Agi is usable without a Persona change', async () => {
    await newFight('wild-first', [
      { block: 'Aki pc HP40 SP30 DEX14 wild\npersona Orpheus agi10 mdb1D6\nskill Agi magic fire 1db SP4 auto\npersona Pixie agi12 mdb1D4\nskill Zio magic elec 1db SP4 auto', player: h.fake.users.player },
      { block: 'Slime npc HP200 agi6' },
    ]);
    expect(await board()).toMatch(/\*\*Aki\*\* .*Persona: Orpheus/);
    expect(await slotOwner()).toBe('Aki');
    // JA L101: the skills of the Persona in use
    const agi = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Slime' }]);
    expect(ephemeral(agi), out(agi)).toBe(false);
    expect(out(agi)).toMatch(/Aki uses Agi on Slime/);
    expect((await who('Aki')).sp).toBe(26);
    // Pixie's Zio is not Orpheus's: refused until a change (JA L797)
    await gmDo('persona', 'pass');
    for (let i = 0; i < 4 && (await slotOwner()) !== 'Aki'; i++) await gmDo('persona', 'pass');
    const zio = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Zio' }, { name: 'targets', value: 'Slime' }]);
    expect(ephemeral(zio)).toBe(true);
    await gmDo('combat', 'end');
  });
});

describe('combination magic waits for its last participant (JA L476–484, KO L282–284)', () => {
  it('Aki declares with Ben and Cid: Ben’s original slot is spent waiting, the attack starts in Cid’s, each pays its own cost then', async () => {
    await newFight('combo-wait', [
      { block: 'Aki pc HP40 SP30 DEX14 mdb1D6\nskill Agidyne magic fire 2db SP8 auto', player: h.fake.users.player },
      { block: 'Ben pc HP40 SP20 DEX12 mdb1D4\nskill Garu magic wind 1db SP3 auto', player: h.fake.users.player2 },
      { block: 'Cid pc HP40 SP20 DEX10 mdb1D4\nskill Bufu magic ice 1db SP5 auto' },
      { block: 'Golem npc HP400 agi11' },
    ]);
    await gmDo('persona', 'dodge', [{ name: 'on', value: false }, { name: 'who', value: 'Golem' }]);
    expect(await slotOwner()).toBe('Aki');
    const declared = await as(h.fake.users.player, 'combo', [{ name: 'skills', value: 'Aki:Agidyne, Ben:Garu, Cid:Bufu' }, { name: 'targets', value: 'Golem' }]);
    const text = out(declared);
    expect(ephemeral(declared), text).toBe(false);
    expect(text).toMatch(/Aki declares combination magic with Ben, Cid/);
    // Ben's original slot comes and goes: waiting (JA L477–479)
    expect(text).toMatch(/Ben waits for the combination magic/);
    expect(text).not.toMatch(/uses Agidyne\+Garu\+Bufu/);
    expect(await slotOwner()).toBe('Golem');
    // nothing paid yet (JA L484: the cost is paid when the attack starts)
    expect([(await who('Aki')).sp, (await who('Ben')).sp, (await who('Cid')).sp]).toEqual([30, 20, 20]);
    expect(await board()).toMatch(/Combination magic declared: Aki, Ben, Cid/);
    const fired = await gmDo('persona', 'pass');
    // the attack starts in the last one's slot (JA L482–483)
    expect(out(fired)).toMatch(/Cid uses Agidyne\+Garu\+Bufu on Golem/);
    expect([(await who('Aki')).sp, (await who('Ben')).sp, (await who('Cid')).sp]).toEqual([22, 17, 15]);
    expect((await who('Golem')).hp).toBeLessThan(400);
    await gmDo('combat', 'end');
  });

  it('a participant who can no longer act before the last slot makes it fail (JA L480, KO L283)', async () => {
    await newFight('combo-fail', [
      { block: 'Aki pc HP40 SP30 DEX14 mdb1D6\nskill Agidyne magic fire 2db SP8 auto', player: h.fake.users.player },
      { block: 'Ben pc HP40 SP20 DEX10 mdb1D4\nskill Garu magic wind 1db SP3 auto', player: h.fake.users.player2 },
      { block: 'Golem npc HP400 agi11' },
    ]);
    await as(h.fake.users.player, 'combo', [{ name: 'skills', value: 'Aki:Agidyne, Ben:Garu' }, { name: 'targets', value: 'Golem' }]);
    expect(await slotOwner()).toBe('Golem');
    expect(await board()).toMatch(/Combination magic declared: Aki, Ben/);
    const down = await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ben' }, { name: 'hp', value: 0 }]);
    expect(out(down)).toMatch(/The combination magic of Aki, Ben fails: Ben could not keep to it/);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ben' }, { name: 'hp', value: 20 }]);
    expect(await board()).not.toMatch(/Combination magic declared/);
    // Ben's own slot is his again: nothing fires there, nothing was paid
    const next = await gmDo('persona', 'pass');
    expect(await slotOwner()).toBe('Ben');
    expect(out(next)).not.toMatch(/uses Agidyne\+Garu/);
    expect([(await who('Aki')).sp, (await who('Ben')).sp]).toEqual([30, 20]);
    await gmDo('combat', 'end');
  });
});

describe('incapacitation ends support effects (JA L607, KO L230)', () => {
  it('Aki’s Suku and Raku stages go when Aki is incapacitated', async () => {
    await newFight('kaja-ko', [
      { block: 'Slime npc HP200 agi20' },
      { block: 'Aki pc HP10 SP30 DEX14', player: h.fake.users.player },
      { block: 'Ben pc HP30 DEX12' },
    ]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'suku', value: 2 }, { name: 'raku', value: -1 }]);
    await gmDo('persona', 'dodge', [{ name: 'on', value: false }, { name: 'who', value: 'Aki' }]);
    expect(await board()).toMatch(/\*\*Aki\*\* .*Suku \+2/);
    expect(await slotOwner()).toBe('Slime');
    const hit = await gmDo('persona', 'attack', [{ name: 'targets', value: 'Aki' }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d1+40' }, { name: 'auto', value: true }]);
    expect(out(hit)).toMatch(/Aki is incapacitated/);
    expect(out(hit)).toMatch(/Aki’s support effects end/);
    expect(await who('Aki')).toMatchObject({ incapacitated: true, suku: 0, raku: 0 });
    expect(await board()).not.toMatch(/\*\*Aki\*\* .*Suku/);
    await gmDo('combat', 'end');
  });
});

describe('a turn that reached an incapacitated character is over (JA L73, KO L49)', () => {
  it('Ben, down when his initiative came, is revived later in the round and does not act in it', async () => {
    await newFight('revive-round', [
      { block: 'Aki pc HP40 DEX14', player: h.fake.users.player },
      { block: 'Ben pc HP30 DEX12', player: h.fake.users.player2 },
      { block: 'Slime npc HP200 agi6' },
    ]);
    expect(await slotOwner()).toBe('Aki');
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ben' }, { name: 'hp', value: 0 }]);
    await as(h.fake.users.player, 'pass');
    // Ben's turn came while he lay incapacitated: it ended without a slot
    expect(await slotOwner()).toBe('Slime');
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ben' }, { name: 'hp', value: 20 }]);
    expect((await who('Ben')).incapacitated).toBe(false);
    await gmDo('persona', 'pass');
    const c = await combat();
    expect(c.round).toBe(2);
    expect(await slotOwner()).toBe('Aki');
    await gmDo('combat', 'end');
  });
});

describe('the GM’s /combat end (JA L1166–1167)', () => {
  it('an incapacitated PC comes back at HP 1, incapacitated and unconscious; the ended board and picture mark no turn', async () => {
    await newFight('gm-end', [
      { block: 'Aki pc HP40 DEX14', player: h.fake.users.player },
      { block: 'Ben pc HP30 DEX12', player: h.fake.users.player2 },
      { block: 'Slime npc HP200 agi6' },
    ]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Ben' }, { name: 'hp', value: 0 }]);
    expect(await slotOwner()).toBe('Aki');
    const ended = await gmDo('combat', 'end');
    expect(out(ended)).toMatch(/Ben comes back at HP 1, incapacitated and unconscious until healed to 3 HP or more/);
    const c = await combat();
    expect(c.phase).toBe('ended');
    expect(c.combatants.find((x) => x.name === 'Ben')).toMatchObject({ hp: 1, incapacitated: true, unconscious: true });
    // the picture draws its turn mark from the open slot, the text board its ▶ and "still to act"
    expect(c.slot).toBeNull();
    expect(c.turn).toBeNull();
    // the picture drawn for that state, with the same view the board's edit carries
    const view = personaTrackerView({ locale: 'en', t: translator('en'), table: { locale: 'en', t: translator('en') } } as unknown as CommandContext, await pstate(), true);
    expect(view.picture?.kind === 'tracker' && view.picture.combatants.filter((x) => x.current)).toEqual([]);
    await settle();
    const b = await board();
    expect(b).toMatch(/The fight is over/);
    expect(b).not.toMatch(/▶/);
    expect(b).not.toMatch(/Still to act/);
  });
});

describe('the start of a fight reaches the table (JA L48–49, L64)', () => {
  it('surprise, each summon roll and who loses round 1 are posted in the channel; a hidden shadow’s numbers stay the GM’s', async () => {
    channelId = h.fake.createTextChannel({ name: 'start-public' });
    await gmDo('gm', 'claim');
    await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }, { name: 'surprised', value: 'npc' }]);
    await gmDo('persona', 'add', [{ name: 'block', value: 'Aki pc HP40 DEX14 persona100' }, { name: 'player', value: h.fake.users.player }]);
    await gmDo('persona', 'add', [{ name: 'block', value: 'Ben pc HP30 DEX12 persona0' }, { name: 'player', value: h.fake.users.player2 }]);
    await gmDo('persona', 'add', [{ name: 'block', value: 'Shade npc HP90 agi30' }, { name: 'hidden', value: true }]);
    await gmDo('persona', 'setting', [{ name: 'critical', value: 0 }, { name: 'fumble', value: 101 }]);
    const begun = await gmDo('combat', 'next');
    const text = out(begun);
    expect(ephemeral(begun), text).toBe(false);
    expect(text).toMatch(/Combat begins \(3 combatants\)/);
    expect(text).toMatch(/Aki summons their Persona \(1d100 = \d+ ≤ 100\)/);
    expect(text).toMatch(/Ben fails the summon roll \(1d100 = \d+ > 0\)/);
    expect(text).toMatch(/Shade is caught by surprise/);
    expect(text).toMatch(/Ben lost their first action slot/);
    // Shade acts in no line with a number here: its initiative is not the table's
    expect(text).not.toMatch(/30/);
    await gmDo('combat', 'end');
  });

  it('a hidden combatant’s turn start reads without its initiative at the table; the GM gets it by DM', async () => {
    channelId = h.fake.createTextChannel({ name: 'start-hidden' });
    await gmDo('gm', 'claim');
    await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
    await gmDo('persona', 'add', [{ name: 'block', value: 'Aki pc HP40 DEX14 persona100' }, { name: 'player', value: h.fake.users.player }]);
    await gmDo('persona', 'add', [{ name: 'block', value: 'Shade npc HP90 agi37' }, { name: 'hidden', value: true }]);
    const before = (await dmText(h.fake.users.gm)).length;
    const begun = await gmDo('combat', 'next');
    expect(ephemeral(begun)).toBe(false);
    expect(out(begun)).toMatch(/Shade's turn\./);
    expect(out(begun)).not.toMatch(/37/);
    expect((await dmText(h.fake.users.gm)).slice(before)).toMatch(/Shade's turn \(initiative 37\)/);
    await gmDo('combat', 'end');
  });
});

describe('a Released PC without a <ペルソナ> % (JA L1074, KO L442)', () => {
  it('the roll is refused with the reason, and runs once the GM sets the %', async () => {
    await newFight('released-no-pct', [
      { block: 'Aki pc HP40 DEX14', player: h.fake.users.player },
      { block: 'Slime npc HP200 agi6' },
    ]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'released', value: true }]);
    const refused = await as(h.fake.users.player, 'summon');
    expect(ephemeral(refused)).toBe(true);
    expect(out(refused)).toMatch(/Aki has no <Persona> skill % in this fight/);
    expect((await who('Aki')).released).toBe(true);
    expect(await slotOwner()).toBe('Aki');
    const set = await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'persona', value: 100 }]);
    expect(out(set)).toMatch(/Aki: <Persona> 100%/);
    await gmDo('persona', 'setting', [{ name: 'critical', value: 0 }, { name: 'fumble', value: 101 }]);
    const back = await as(h.fake.users.player, 'summon');
    expect(out(back)).toMatch(/Aki calls their Persona back \(1d100 = \d+ ≤ 100\)/);
    expect((await who('Aki')).released).toBe(false);
    await gmDo('combat', 'end');
  });
});

describe('/log export of a Persona fight', () => {
  it('holds the rounds, actions, damage and statuses; a hidden shadow’s numbers are withheld', async () => {
    await newFight('log-fight', [
      { block: 'Aki pc HP40 SP30 DEX14 mdb1D6\nskill Agi magic fire 1db SP4 auto', player: h.fake.users.player },
      { block: 'Shade npc HP90 agi37' , hidden: true },
    ]);
    await gmDo('persona', 'dodge', [{ name: 'on', value: false }, { name: 'who', value: 'Shade' }]);
    expect(await slotOwner()).toBe('Shade');
    await gmDo('persona', 'pass');
    await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Shade' }]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Shade' }, { name: 'status', value: 'rage' }, { name: 'hp', value: 50 }]);
    const ex = await h.fake.command({ name: 'log', user: h.fake.users.player, channelId, options: [{ name: 'export', type: 1 }] });
    const txt = ex.callbackFiles.map((f) => f.data.toString('utf8')).find((s) => !s.startsWith('<!DOCTYPE'))!;
    expect(txt).toMatch(/Combat begins \(2 combatants\)/);
    expect(txt).toMatch(/— Round 1 —/);
    expect(txt).toMatch(/Aki uses Agi on Shade/);
    expect(txt).toMatch(/Damage roll 1D6 = \d+/);
    expect(txt).toMatch(/Shade takes \d+ damage/);
    expect(txt).toMatch(/GM: Shade now has Rage/);
    expect(txt).toMatch(/Shade's turn\./);
    // the hidden shadow's initiative and HP are the GM's (they were in the GM's DM copy, not in the channel)
    expect(txt).not.toMatch(/initiative 37/);
    expect(txt).not.toMatch(/50\/90|HP 50/);
    expect(txt).toMatch(/Aki's turn \(initiative 14\)/);
    await gmDo('combat', 'end');
  });
});

describe('setting up a Persona fight', () => {
  it('a removed shadow’s stat block can be added again by name', async () => {
    await setUp('re-add', [{ block: 'Aki pc HP40 DEX14' }, { block: 'Slime npc HP90 agi6 luck3' }, { block: 'Imp npc HP10 agi1' }]);
    await gmDo('combat', 'remove', [{ name: 'who', value: 'Slime' }]);
    const ac = await h.fake.autocomplete({ name: 'persona', channelId, user: h.fake.users.gm, options: [{ name: 'add', type: 1, options: [{ name: 'who', value: 'Sl', focused: true }] }] });
    expect(answerOf(ac).choices.map((c: { value: string }) => c.value)).toContain('Slime');
    const again = await gmDo('persona', 'add', [{ name: 'who', value: 'Slime' }]);
    expect(out(again)).toMatch(/Added Slime/);
    expect((await pstate()).setup.map((c) => c.name)).toEqual(['Aki', 'Imp', 'Slime']);
    await gmDo('combat', 'next');
    // and after a removal mid-fight, as a reinforcement
    await gmDo('combat', 'remove', [{ name: 'who', value: 'Slime' }]);
    expect((await combat()).combatants.map((c) => c.name)).not.toContain('Slime');
    const back = await gmDo('persona', 'add', [{ name: 'who', value: 'Slime' }]);
    expect(out(back)).toMatch(/Added Slime/);
    expect((await combat()).combatants.map((c) => c.name)).toContain('Slime');
    await gmDo('combat', 'end');
  });

  it('a defender sets its dodge choice before round 1', async () => {
    await setUp('dodge-early', [{ block: 'Aki pc HP40 DEX14', player: h.fake.users.player }, { block: 'Slime npc HP90 agi6' }]);
    const off = await as(h.fake.users.player, 'dodge', [{ name: 'on', value: false }]);
    expect(out(off)).toMatch(/Aki will not try to evade/);
    const aki = (await pstate()).setup.find((c) => c.name === 'Aki')!;
    expect((await pstate()).dodge?.[aki.id]).toBe(false);
    await gmDo('combat', 'next');
    await gmDo('combat', 'end');
  });
});
