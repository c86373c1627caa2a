// Audit rows (shared/audit/persona.md) that only the core's tests covered, now through the real
// discord.js client: DEX initiative with 速 evasion (row 2/40), the HP-cost refusal (row 7),
// multi-element split and reflected-twice/weak+resist cancelling (rows 13, 16), multi-hit skills
// (row 42) and Rakunda's defense stages (row 44). JA = seed 002, KO = seed 003.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { ephemeral, out, personaDriver } from './persona-driver.js';

let h: Harness;
let channelId = '';
const { who, slotOwner, board, gmDo, as } = personaDriver(() => h, () => channelId);

async function newFight(name: string, blocks: { block: string; player?: 'player' | 'player2' }[]): Promise<void> {
  channelId = h.fake.createTextChannel({ name });
  await gmDo('gm', 'claim');
  await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
  for (const b of blocks) await gmDo('persona', 'add', [{ name: 'block', value: b.block }, ...(b.player ? [{ name: 'player', value: h.fake.users[b.player] }] : [])]);
  await gmDo('combat', 'next');
}

const raw = (target: string, element: string, dice: string, extra: { name: string; value: unknown }[] = []) => [
  { name: 'targets', value: target },
  { name: 'kind', value: 'magic' },
  { name: 'element', value: element },
  { name: 'dice', value: dice },
  ...extra,
];

beforeAll(async () => {
  h = await startHarness('persona-audit');
});
afterAll(async () => {
  await h?.close();
});

describe('audit row 2 / 40: initiative is DEX (JA L10), evasion the Persona’s 速 (JA L969)', () => {
  it('Aki (DEX 30, 速 10) acts before Slime (速 20); Slime’s hit on Aki is evaded at 速 10 / 1 evasion = 10 %', async () => {
    await newFight('dex', [
      { block: 'Aki pc HP40 DEX30 速10', player: 'player' },
      { block: 'Slime npc HP90 速20' },
    ]);
    expect(await slotOwner()).toBe('Aki');
    // the board works the solo escape odds out: 50 + (DEX 30 − 速 20) × 2 (JA L835)
    expect(await board()).toMatch(/Aki escaping alone: 70%/);
    await as(h.fake.users.player, 'pass');
    expect(await slotOwner()).toBe('Slime');
    const ex = await gmDo('persona', 'attack', raw('Aki', 'fire', '1d4', [{ name: 'hit', value: 90 }]));
    const text = out(ex);
    if (/Slime → Aki: (hit|critical)/.test(text)) expect(text).toMatch(/Aki (evades \(1d100 = \d+ ≤ 10\)|fails to evade \(1d100 = \d+ > 10\)|evades with a critical|fumbles the evasion)/);
    else expect(text).toMatch(/miss|fumble/);
    await gmDo('combat', 'end');
  });
});

describe('audit row 7: an HP cost that would leave HP ≤ 0 is refused (JA L116)', () => {
  it('Cleave costs 8 HP; Aki at 8 HP cannot use it, and keeps the slot', async () => {
    await newFight('hpcost', [
      { block: 'Aki pc HP8 DEX14 db1D6\nskill Cleave physical slash 2db HP8 auto', player: 'player' },
      { block: 'Slime npc HP90 agi5' },
    ]);
    const ex = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Cleave' }, { name: 'targets', value: 'Slime' }]);
    expect(ephemeral(ex)).toBe(true);
    expect(out(ex)).toMatch(/Aki cannot pay 8 HP with 8 HP: HP would drop to 0 or below/);
    expect((await who('Aki')).hp).toBe(8);
    expect(await slotOwner()).toBe('Aki');
    await gmDo('combat', 'end');
  });
});

describe('audit rows 13 and 16: several elements (JA L141, L149–152, L274)', () => {
  it('Fire+Ice 10 splits 5 / 5: weak keeps 5, resist halves to 2 → 7; the bad-status modifiers cancel, so Charm rolls at its base 50', async () => {
    await newFight('split', [
      { block: 'Aki pc HP40 DEX14 luck0', player: 'player' },
      { block: 'Bird npc HP90 agi5 luck0\nresist fire:weak ice:resist' },
    ]);
    const ex = await as(h.fake.users.player, 'attack', raw('Bird', 'fire+ice', '1d1+9', [{ name: 'auto', value: true }, { name: 'ailment', value: 'charm' }, { name: 'ailment_rate', value: 50 }]));
    const text = out(ex);
    expect(text).toMatch(/Bird takes 7 damage/);
    expect((await who('Bird')).hp).toBe(83);
    expect(text).toMatch(/Charm on Bird: 1d100 = \d+ [≤>] 50/);
    await gmDo('combat', 'end');
  });

  it('a reflected attack reflected again is nullified (JA L274): both reflect Fire, nobody is hurt', async () => {
    await newFight('reflect', [
      { block: 'Aki pc HP40 DEX14 mdb1D1+9\nresist fire:reflect\nskill Agi magic fire 1db auto', player: 'player' },
      { block: 'Slime npc HP90 agi5\nresist fire:reflect' },
    ]);
    const ex = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Slime' }]);
    const text = out(ex);
    expect(text).toMatch(/Slime reflects Fire \(10\)/);
    expect(text).toMatch(/10 damage is reflected from Slime back to Aki/);
    expect(text).toMatch(/Aki nullifies Fire/);
    expect((await who('Aki')).hp).toBe(40);
    expect((await who('Slime')).hp).toBe(90);
    await gmDo('combat', 'end');
  });
});

describe('audit row 42: multi-hit skills hit the same targets, one damage roll per hit (JA L118–124)', () => {
  it('Twin Slash ×2: two damage rolls on Slime, HP cost paid once', async () => {
    await newFight('multihit', [
      { block: 'Aki pc HP40 DEX14 db1D1+4\nskill TwinSlash physical slash 1db HP3 auto ×2', player: 'player' },
      { block: 'Slime npc HP90 agi5' },
    ]);
    const ex = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'TwinSlash' }, { name: 'targets', value: 'Slime' }]);
    expect(out(ex).match(/Damage roll 1D1\+4 = 5/g)).toHaveLength(2);
    expect((await who('Slime')).hp).toBe(80);
    expect((await who('Aki')).hp).toBe(37);
    await gmDo('combat', 'end');
  });
});

describe('audit row 44: Rakunda lowers defense by 2 per stage (JA L601), shown on the board', () => {
  it('Slime’s defense 5 − 2 = 3: a 10-point hit deals 7', async () => {
    await newFight('raku', [
      { block: 'Ben pc HP40 SP20 DEX16\nskill Rakunda rakunda SP4 auto', player: 'player2' },
      { block: 'Aki pc HP40 DEX14', player: 'player' },
      { block: 'Slime npc HP90 agi5 defense5' },
    ]);
    const nda = await as(h.fake.users.player2, 'attack', [{ name: 'skill', value: 'Rakunda' }, { name: 'targets', value: 'Slime' }]);
    expect(out(nda)).toMatch(/Slime: defense -1 stage/);
    expect(await board()).toMatch(/\*\*Slime\*\* .*Raku -1/);
    const ex = await as(h.fake.users.player, 'attack', [{ name: 'targets', value: 'Slime' }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d1+9' }, { name: 'auto', value: true }]);
    expect(out(ex)).toMatch(/Slime takes 7 damage/);
    expect((await who('Slime')).hp).toBe(83);
    await gmDo('combat', 'end');
  });
});

describe('audit row 32: a 「付与」 status fires only on a critical (JA L129, L348)', () => {
  it('an auto-success hit (which cannot critical) never charms; with 01–50 critical and hit 50 every hit is a critical, and it charms', async () => {
    await newFight('fuyo', [
      { block: 'Aki pc HP40 DEX14 mdb1D1\nskill Kiss magic wind 1db auto 悩殺付与\nskill Wink magic wind 1db hit50 悩殺付与', player: 'player' },
      { block: 'Slime npc HP500 agi1' },
    ]);
    await as(h.fake.users.player, 'dodge', [{ name: 'on', value: false }, { name: 'who', value: 'Aki' }]);
    await gmDo('persona', 'dodge', [{ name: 'on', value: false }, { name: 'who', value: 'Slime' }]);
    const kiss = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Kiss' }, { name: 'targets', value: 'Slime' }]);
    expect(out(kiss)).toMatch(/Slime takes 1 damage/);
    expect((await who('Slime')).badStatus).toBeNull();
    await gmDo('persona', 'setting', [{ name: 'critical', value: 50 }]);
    for (let i = 0; i < 20 && (await who('Slime')).badStatus === null; i++) {
      for (let j = 0; j < 4 && (await slotOwner()) !== 'Aki'; j++) await gmDo('persona', 'pass');
      const ex = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Wink' }, { name: 'targets', value: 'Slime' }]);
      if (/CRITICAL/.test(out(ex))) expect(out(ex)).toMatch(/Slime is afflicted with Charm/);
      else expect(out(ex)).not.toMatch(/afflicted/);
    }
    expect((await who('Slime')).badStatus?.id).toBe('charm');
    await gmDo('combat', 'end');
  });
});
