// Issue 12, second pass, through the real discord.js client: Tarukaja/Makakaja on a db ladder, the
// GM's bad-status table and what a status forbids, random actions, Cover against a bad-status skill,
// heals that cannot revive, Wild Talk rewards, a fumble's random target evading, /combat remove and
// /combat delay in a Persona fight, and the "Combat begins" line. JA = seed 002, KO = seed 003.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, answerOf } from './harness.js';
import { damageRoll, ephemeral, out, personaDriver } from './persona-driver.js';

let h: Harness;
let channelId = '';
const { combat, who, slotOwner, board, gmDo, as } = personaDriver(() => h, () => channelId);

async function newFight(name: string, blocks: { block: string; player?: 'player' | 'player2' }[]): Promise<string> {
  channelId = h.fake.createTextChannel({ name });
  await gmDo('gm', 'claim');
  await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
  for (const b of blocks) await gmDo('persona', 'add', [{ name: 'block', value: b.block }, ...(b.player ? [{ name: 'player', value: h.fake.users[b.player] }] : [])]);
  return out(await gmDo('combat', 'next'));
}

/** GM passes until `name` has the slot (at most `max` slots). */
async function passUntil(name: string, max = 12): Promise<void> {
  for (let i = 0; i < max && (await slotOwner()) !== name; i++) {
    // a round that opens with someone incapacitated waits for finish-off declarations (JA L884)
    await gmDo('persona', (await combat()).phase === 'roundStart' ? 'go' : 'pass');
  }
  expect(await slotOwner()).toBe(name);
}

beforeAll(async () => {
  h = await startHarness('persona-rules');
});
afterAll(async () => {
  await h?.close();
});

describe('Tarukaja / Makakaja: the db rank ladder (JA L599–600, L409)', () => {
  it('Tarukaja moves physical db 1D6+1D4 one rank up the default ladder to 2D6; the skill then rolls (2D6)×2 = 4D6; the board shows it; "Combat begins" is said', async () => {
    const begun = await newFight('taru', [
      { block: 'Aki pc HP40 SP30 DEX14 luck5 db1D6+1D4 mdb1D6\nskill Tarukaja tarukaja SP6 auto\nskill Cleave physical slash 2db HP5 auto\nskill Makakaja makakaja auto', player: 'player' },
      { block: 'Slime npc HP500 agi6 luck3' },
    ]);
    expect(begun).toMatch(/Combat begins \(2 combatants\)/);
    expect(await slotOwner()).toBe('Aki');
    expect(await board()).toMatch(/Still to act this round: Slime/); // the forecast of JA L61's comparisons
    const buff = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Tarukaja' }, { name: 'targets', value: 'Aki' }]);
    expect(out(buff)).toMatch(/Aki: physical db 1 rank\(s\): now 2D6/);
    expect(await who('Aki')).toMatchObject({ taru: 1, sp: 24 });
    expect(await board()).toMatch(/\*\*Aki\*\* .*Taru \+1 \(2D6\)/);
    await passUntil('Aki');
    const hit = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Cleave' }, { name: 'targets', value: 'Slime' }]);
    expect(damageRoll(out(hit)).expr).toBe('4D6');
  });

  it('the ladder is a fight setting (the seeds send the reader elsewhere, JA L354); a db off the ladder cannot take Maka stages', async () => {
    const set = await gmDo('persona', 'setting', [{ name: 'dbladder', value: '1D4, 1D6+1D4, 3D6, 4D6' }]);
    expect(out(set)).toMatch(/db ladder for Taru\/Maka: 1D4 → 1D6\+1D4 → 3D6 → 4D6/);
    await passUntil('Aki');
    const hit = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Cleave' }, { name: 'targets', value: 'Slime' }]);
    expect(damageRoll(out(hit)).expr).toBe('6D6'); // 1D6+1D4 +1 rank = 3D6, × 2
    await passUntil('Aki');
    const refused = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Makakaja' }, { name: 'targets', value: 'Aki' }]);
    expect(ephemeral(refused)).toBe(true);
    expect(out(refused)).toMatch(/Aki’s db 1D6 is not on this fight’s db ladder/);
    expect((await who('Aki')).maka ?? 0).toBe(0);
    // stages from auto-effect skills count toward the cap (JA L409): the GM sets them by hand
    const auto = await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'taru', value: 2 }, { name: 'raku', value: -1 }]);
    expect(ephemeral(auto)).toBe(true);
    expect(await who('Aki')).toMatchObject({ taru: 2, raku: -1 });
    expect(await board()).toMatch(/\*\*Aki\*\* .*Raku -1 · Taru \+2 \(4D6\)/);
    const off = await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'maka', value: 1 }]);
    expect(out(off)).toMatch(/Aki’s db 1D6 is not on this fight’s db ladder/);
    await gmDo('combat', 'end');
  });
});

describe('the bad-status table is the GM’s (both seeds lost it: JA L345–349, KO L171–181)', () => {
  it('the GM lists and edits it; a player may not; a status that forbids Persona skills refuses them; one in use cannot be removed', async () => {
    await newFight('table', [
      { block: 'Aki pc HP40 SP30 DEX14 mdb1D6\nskill Agi magic fire 1db SP4 auto', player: 'player' },
      { block: 'Slime npc HP90 agi6' },
    ]);
    const list = await gmDo('persona', 'status');
    expect(ephemeral(list)).toBe(true);
    expect(out(list)).toMatch(/`charm` Charm · mind · forbids: choosing \(random actions that help the enemy\) · cure: natural recovery · recovery stat: POW/); // KO L174
    expect(out(list)).toMatch(/`petrify` Petrify · body · forbids: every action/);
    const denied = await as(h.fake.users.player, 'status', [{ name: 'id', value: 'seal' }]);
    expect(ephemeral(denied)).toBe(true);
    const added = await gmDo('persona', 'status', [{ name: 'id', value: 'seal' }, { name: 'name', value: 'Seal' }, { name: 'category', value: 'body' }, { name: 'blocks', value: 'skills' }, { name: 'cure', value: 'natural' }, { name: 'stat', value: 'pow' }]);
    expect(out(added)).toMatch(/`seal` Seal · body · forbids: Persona skills/);
    expect((await combat()).config.badStatuses.find((d) => d.id === 'seal')).toMatchObject({ blocksSkills: true, blocksActions: false, recoveryStat: 'pow' });
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'status', value: 'Seal' }]);
    expect(await board()).toMatch(/Aki’s [^\n]*\/persona item/); // the slot line offers no attack
    expect(await board()).not.toMatch(/Aki’s [^\n]*\/persona attack/);
    const sealed = await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Slime' }]);
    expect(ephemeral(sealed)).toBe(true);
    expect(out(sealed)).toMatch(/Aki is under Seal and cannot use Persona skills/);
    const inUse = await gmDo('persona', 'status', [{ name: 'id', value: 'seal' }, { name: 'remove', value: true }]);
    expect(out(inUse)).toMatch(/Aki is under Seal: it cannot be removed now/);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'status', value: 'none' }]);
    await gmDo('persona', 'status', [{ name: 'id', value: 'seal' }, { name: 'remove', value: true }]);
    expect((await combat()).config.badStatuses.some((d) => d.id === 'seal')).toBe(false);
    await gmDo('combat', 'end');
  });

  it('a table edited before round 1 is the one the fight uses (a stat block may name the new status)', async () => {
    channelId = h.fake.createTextChannel({ name: 'table-before' });
    await gmDo('gm', 'claim');
    await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
    await gmDo('persona', 'status', [{ name: 'id', value: 'freeze' }, { name: 'name', value: 'Freeze' }, { name: 'category', value: 'element' }, { name: 'blocks', value: 'all' }, { name: 'cure', value: 'natural' }, { name: 'stat', value: 'con' }]);
    await gmDo('persona', 'add', [{ name: 'block', value: 'Aki pc HP40 DEX14' }]);
    await gmDo('persona', 'add', [{ name: 'block', value: 'Frost npc HP90 agi6\nskill Bufu magic ice 1db auto Freeze' }]);
    await gmDo('combat', 'next');
    expect((await combat()).config.badStatuses.find((d) => d.id === 'freeze')).toMatchObject({ blocksActions: true, category: 'element' });
    // the attack's ailment: option suggests and accepts the fight's own table
    const ac = await h.fake.autocomplete({ name: 'persona', channelId, user: h.fake.users.gm, options: [{ name: 'attack', type: 1, options: [{ name: 'ailment', value: 'Fre', focused: true }] }] });
    expect(answerOf(ac).choices).toEqual([{ name: 'Freeze', value: 'freeze' }]);
    await passUntil('Frost');
    const ex = await gmDo('persona', 'attack', [{ name: 'targets', value: 'Aki' }, { name: 'kind', value: 'magic' }, { name: 'element', value: 'ice' }, { name: 'dice', value: '1d2' }, { name: 'auto', value: true }, { name: 'ailment', value: 'Freeze' }, { name: 'ailment_rate', value: 100 }]);
    expect(out(ex)).toMatch(/Aki is afflicted with Freeze/);
    // Freeze forbids every action: Aki's slots are lost (JA L948's 石化 reading)
    await passUntil('Frost');
    expect((await combat()).log.some((e) => e.key === 'persona.slot.lostStatus' && e.params.name === 'Aki' && e.params.status === 'freeze')).toBe(true);
    await gmDo('combat', 'end');
  });
});

describe('random actions (KO L174–179) and Cover against a bad-status skill (JA L308, L957)', () => {
  it('Ben covers Aki; Slime’s charm skill lands on Ben instead; charmed, Ben’s player may only take the random action (or Defend), which uses his one usable skill', async () => {
    await newFight('random', [
      { block: 'Slime npc HP200 agi20 luck1\nskill Marin charm200', player: undefined },
      { block: 'Aki pc HP40 SP30 DEX14 luck5', player: 'player' },
      { block: 'Ben pc HP35 SP20 DEX12 luck5 POW12 mdb1D4\nskill Dia heal 1db SP3 auto', player: 'player2' },
    ]);
    expect(await slotOwner()).toBe('Slime');
    await as(h.fake.users.player2, 'cover', [{ name: 'target', value: 'Aki' }]);
    const cast = await gmDo('persona', 'attack', [{ name: 'skill', value: 'Marin' }, { name: 'targets', value: 'Aki' }]);
    expect(out(cast)).toMatch(/Ben covers Aki against the effect/);
    expect(out(cast)).toMatch(/Ben is afflicted with Charm/);
    expect((await who('Ben')).badStatus?.id).toBe('charm');
    expect((await who('Aki')).badStatus).toBeNull();
    // charmed, he cannot choose to cover either (JA L948)
    const cover = await as(h.fake.users.player2, 'cover', [{ name: 'target', value: 'Aki' }]);
    expect(out(cover)).toMatch(/Ben cannot choose to cover Aki while unable to choose their actions/);
    await passUntil('Ben');
    expect(await board()).toMatch(/Ben’s [^\n]*: \/persona random, \/persona defend/);
    // his next check is next round's: POW 12 × 1 round elapsed (JA L352–353)
    expect(await board()).toMatch(/\*\*Ben\*\* .*Charm \(next recovery 12%\)/);
    const chose = await as(h.fake.users.player2, 'attack', [{ name: 'skill', value: 'Dia' }, { name: 'targets', value: 'Aki' }]);
    expect(ephemeral(chose)).toBe(true);
    expect(out(chose)).toMatch(/Ben is under Charm and cannot choose: \/persona random/);
    const random = await as(h.fake.users.player2, 'random');
    expect(out(random)).toMatch(/Ben acts at random: Dia \(one of 1 usable skills\)/);
    expect(out(random)).toMatch(/Recovery roll 1D4 = \d+/);
    expect((await who('Ben')).sp).toBe(17);
    await gmDo('combat', 'end');
  });
});

describe('heals cannot revive unless their text says so (JA L1164, KO L449; JA L366)', () => {
  it('Dia and a plain item refuse an incapacitated Aki; a revive item or a 蘇生 skill brings her back', async () => {
    await newFight('revive', [
      { block: 'Ben pc HP35 SP30 DEX14 mdb1D4\nskill Dia heal 1db SP3 auto\nskill Recarm heal 2db SP8 auto 蘇生', player: 'player2' },
      { block: 'Aki pc HP40 SP30 DEX12', player: 'player' },
      { block: 'Slime npc HP200 agi6' },
    ]);
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'hp', value: 0 }]);
    expect((await who('Aki')).incapacitated).toBe(true);
    expect(await slotOwner()).toBe('Ben');
    const dia = await as(h.fake.users.player2, 'attack', [{ name: 'skill', value: 'Dia' }, { name: 'targets', value: 'Aki' }]);
    expect(ephemeral(dia)).toBe(true);
    expect(out(dia)).toMatch(/Aki is incapacitated: only a skill or item that revives can target them/);
    const plain = await as(h.fake.users.player2, 'item', [{ name: 'name', value: 'Medicine' }, { name: 'amount', value: '1d1+9' }, { name: 'targets', value: 'Aki' }]);
    expect(ephemeral(plain)).toBe(true);
    const recarm = await as(h.fake.users.player2, 'attack', [{ name: 'skill', value: 'Recarm' }, { name: 'targets', value: 'Aki' }]);
    const m = /Recovery roll 2D4 = (\d+) → (\d+)/.exec(out(recarm));
    expect(m).not.toBeNull();
    expect(out(recarm)).toMatch(/Aki gets back up/);
    expect(await who('Aki')).toMatchObject({ hp: Math.min(40, Number(m![2])), incapacitated: false });
    // an item marked revive, on a second fall
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'Aki' }, { name: 'hp', value: 0 }]);
    await passUntil('Ben');
    const bead = await as(h.fake.users.player2, 'item', [{ name: 'name', value: 'Revival Bead' }, { name: 'amount', value: '1d1+9' }, { name: 'targets', value: 'Aki' }, { name: 'revive', value: true }]);
    expect(out(bead)).toMatch(/Aki gets back up/);
    expect(await who('Aki')).toMatchObject({ hp: 10, incapacitated: false });
    await gmDo('combat', 'end');
  });
});

/** Two PCs and two weak shadows: Aki's Agi and its 1 More's Bufu down both → Hold-up in Aki's next 1 More. */
async function holdUp(name: string, slime: string, bird: string, akiExtra = ''): Promise<void> {
  await newFight(name, [
    { block: `Aki pc HP40 SP30 DEX14 luck8 mdb1D6+6 ${akiExtra}\nskill Agi magic fire 1db SP4 auto\nskill Bufu magic ice 1db SP4 auto`, player: 'player' },
    { block: 'Ben pc HP35 SP20 DEX12 luck5', player: 'player2' },
    { block: slime },
    { block: bird },
  ]);
  await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Agi' }, { name: 'targets', value: 'Slime' }]);
  await as(h.fake.users.player, 'attack', [{ name: 'skill', value: 'Bufu' }, { name: 'targets', value: 'Bird' }]);
  expect((await combat()).slot?.holdUp).toBe(true);
  // no fumble range (a house setting): chance 200 then always succeeds, critical on 01–05
  await gmDo('persona', 'setting', [{ name: 'fumble', value: 101 }]);
}

describe('Wild Talk rewards are worked out and recorded (JA L1036–1069)', () => {
  it('a boss-rank enemy is refused (JA L1037); Macca = level × coefficient × 20, ×40 on a critical (JA L1047–1051); the enemy leaves undefeated; the board records it', async () => {
    await holdUp('talk-macca', 'Slime npc HP200 agi6 luck3 lv8\nresist fire:weak', 'Bird npc HP200 agi4 luck2 lv9 boss1\nresist ice:weak');
    const boss = await as(h.fake.users.player, 'talk', [{ name: 'target', value: 'Bird' }, { name: 'chance', value: 200 }, { name: 'reward', value: 'macca' }]);
    expect(ephemeral(boss)).toBe(true);
    expect(out(boss)).toMatch(/Bird is boss rank 1: Wild Talk needs boss rank 0/);
    const ex = await as(h.fake.users.player, 'talk', [{ name: 'target', value: 'Slime' }, { name: 'chance', value: 200 }, { name: 'reward', value: 'macca' }, { name: 'coef', value: 2 }]);
    const text = out(ex);
    const critical = /critical/.test(text);
    const amount = 8 * 2 * (critical ? 40 : 20);
    expect(text).toMatch(new RegExp(`Aki gains ${amount} Macca \\(level 8 × 2 × ${critical ? 40 : 20}\\)`));
    expect(text).toMatch(/Slime leaves the fight, not defeated/);
    expect((await who('Slime')).fled).toBe(true);
    expect((await combat()).rewards).toEqual([{ by: 'Aki', from: 'Slime', kind: 'macca', critical, macca: amount }]);
    expect(await board()).toMatch(new RegExp(`Wild Talk rewards\\*\\*\\nAki: ${amount} Macca \\(from Slime\\)`));
    await gmDo('combat', 'end');
  });

  it('an item: one kind, as many as fit in level × coefficient × 20 Macca, rank (rank − 1) × 12 ≤ level (JA L1038–1043); every enemy boss rank 0 ends the fight instead (JA L1045)', async () => {
    await holdUp('talk-item', 'Slime npc HP200 agi6 luck3 lv24\nresist fire:weak', 'Bird npc HP200 agi4 luck2 lv9\nresist ice:weak');
    const rank = await as(h.fake.users.player, 'talk', [{ name: 'target', value: 'Slime' }, { name: 'chance', value: 200 }, { name: 'reward', value: 'item' }, { name: 'item', value: 'Bead' }, { name: 'price', value: 100 }, { name: 'rank', value: 4 }]);
    expect(ephemeral(rank)).toBe(true);
    expect(out(rank)).toMatch(/Item rank 4 is above what a level 24 enemy gives \(3 at most\)/);
    const ex = await as(h.fake.users.player, 'talk', [{ name: 'target', value: 'Slime' }, { name: 'chance', value: 200 }, { name: 'reward', value: 'item' }, { name: 'item', value: 'Bead' }, { name: 'price', value: 100 }, { name: 'rank', value: 3 }]);
    const text = out(ex);
    if (/critical/.test(text)) {
      expect(text).toMatch(/Aki takes one Bead of their choice \(item rank 5 at most\)/);
    } else {
      expect(text).toMatch(/Aki takes 4 × Bead \(budget 480 Macca at 100 each; item rank 3 at most\)/);
      expect((await combat()).rewards?.[0]).toMatchObject({ kind: 'item', item: 'Bead', quantity: 4, macca: 400 });
    }
    expect(text).toMatch(/Every enemy is boss rank 0: the fight ends after the Wild Talk, nobody defeated/);
    const c = await combat();
    expect(c.phase).toBe('ended');
    expect(c.endReason).toBe('talk');
    expect(c.combatants.filter((x) => x.side === 'npc').every((x) => x.fled && !x.dead && !x.incapacitated)).toBe(true);
    await gmDo('combat', 'end');
  });

  it('the enemy as a Persona: only for a Wild whose original best Persona level is at least the enemy’s; it keeps 2 + level/12 skills (JA L1055–1063)', async () => {
    await holdUp('talk-persona', 'Slime npc HP200 agi6 luck3 lv30\nresist fire:weak', 'Bird npc HP200 agi4 luck2 lv9 boss2\nresist ice:weak', 'wild lv25');
    const low = await as(h.fake.users.player, 'talk', [{ name: 'target', value: 'Slime' }, { name: 'chance', value: 200 }, { name: 'reward', value: 'persona' }]);
    expect(out(low)).toMatch(/Slime \(level 30\) is above Aki’s original highest Persona level \(25\)/);
    const ex = await as(h.fake.users.player, 'talk', [{ name: 'target', value: 'Slime' }, { name: 'chance', value: 200 }, { name: 'reward', value: 'persona' }, { name: 'plevel', value: 32 }]);
    expect(out(ex)).toMatch(/Aki gains Slime as a Persona \(level 30; it keeps 4 skills, 2 \+ level\/12\)/);
    expect((await combat()).phase).not.toBe('ended'); // Bird is boss rank 2: only Slime leaves
    expect(await board()).toMatch(/Aki: the Persona Slime \(level 30, 4 skills\)/);
    await gmDo('combat', 'end');
  });
});

describe('a fumble’s random target (JA L132, L133, L135)', () => {
  it('the random target tries Persona evasion by its own choice (it is the attack’s target now); fumble_evade:false turns that off', async () => {
    await newFight('fumble', [
      { block: 'Aki pc HP40 DEX14', player: 'player' },
      { block: 'Slime npc HP999 agi30' },
    ]);
    // every roll 51+ fumbles, 1–50 hits: Aki's only possible random target is Slime
    await gmDo('persona', 'setting', [{ name: 'critical', value: 0 }, { name: 'fumble', value: 51 }]);
    const fumbled = async (): Promise<string> => {
      for (let i = 0; i < 40; i++) {
        await passUntil('Aki');
        const ex = await as(h.fake.users.player, 'attack', [{ name: 'targets', value: 'Slime' }, { name: 'kind', value: 'physical' }, { name: 'element', value: 'strike' }, { name: 'dice', value: '1d4' }, { name: 'hit', value: 50 }]);
        if (/the attack goes to a random target instead/.test(out(ex))) return out(ex);
      }
      throw new Error('no fumble in 40 attacks');
    };
    const first = await fumbled();
    expect(first).toMatch(/the attack goes to a random target instead: Slime/);
    // the passive-action window opens for it (a Slime lying Down from an earlier evasion fumble cannot use it)
    expect(first, first).toMatch(/Slime (evades|fails to evade|fumbles the evasion|cannot evade right now)/);
    const off = await gmDo('persona', 'setting', [{ name: 'fumble_evade', value: false }]);
    expect(out(off)).toMatch(/A fumble’s random target is hit without evasion/);
    const second = await fumbled();
    expect(second, second).toMatch(/random target instead: Slime/);
    expect(second, second).not.toMatch(/evade|evasion/);
    await gmDo('combat', 'end');
  });
});

describe('/combat remove and /combat delay in a Persona fight', () => {
  it('delay is Wait (JA L946–950) for the slot’s player or the GM; remove takes a combatant out (setup or fight) and the fight runs on', async () => {
    channelId = h.fake.createTextChannel({ name: 'roster' });
    await gmDo('gm', 'claim');
    await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }]);
    for (const block of ['Aki pc HP40 DEX14', 'Ben pc HP35 DEX12', 'Slime npc HP90 agi10', 'Bird npc HP90 agi8', 'Imp npc HP20 agi1']) {
      await gmDo('persona', 'add', [{ name: 'block', value: block }, ...(block.startsWith('Aki') ? [{ name: 'player', value: h.fake.users.player }] : block.startsWith('Ben') ? [{ name: 'player', value: h.fake.users.player2 }] : [])]);
    }
    // The GM picks whom to remove from the fight's own names.
    const ac = await h.fake.autocomplete({ name: 'combat', channelId, user: h.fake.users.gm, options: [{ name: 'remove', type: 1, options: [{ name: 'who', value: 'i', focused: true }] }] });
    expect(answerOf(ac).choices.map((c: { value: string }) => c.value)).toEqual(expect.arrayContaining(['Imp', 'Bird', 'Slime']));
    const early = await gmDo('combat', 'remove', [{ name: 'who', value: 'Imp' }]);
    expect(out(early)).toMatch(/Imp is taken out of the fight/);
    const begun = await gmDo('combat', 'next');
    expect(out(begun)).toMatch(/Combat begins \(4 combatants\)/);
    expect(await slotOwner()).toBe('Aki');
    const notYours = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.player2, options: [{ name: 'delay', type: 1, options: [{ name: 'amount', value: 3 }] }] });
    expect(ephemeral(notYours)).toBe(true);
    expect(out(notYours)).toMatch(/It is not your turn \(Aki\)/);
    const delayed = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.player, options: [{ name: 'delay', type: 1, options: [{ name: 'amount', value: 3 }] }] });
    expect(out(delayed)).toMatch(/Aki waits: initiative 0 until the round ends/);
    expect((await who('Aki')).waiting).toBe(true);
    expect(await slotOwner()).toBe('Ben');
    // the GM removes the shadow whose turn comes next, then the one in its slot
    const removed = await gmDo('combat', 'remove', [{ name: 'who', value: 'Bird' }]);
    expect(out(removed)).toMatch(/Bird is taken out of the fight/);
    expect((await combat()).combatants.map((c) => c.name)).toEqual(['Aki', 'Ben', 'Slime']);
    expect(await board()).not.toMatch(/\*\*Bird\*\*/);
    await as(h.fake.users.player2, 'pass');
    expect(await slotOwner()).toBe('Slime');
    const last = await gmDo('combat', 'remove', [{ name: 'who', value: 'Slime' }]);
    expect(out(last)).toMatch(/Slime is taken out of the fight/);
    expect((await combat()).phase).toBe('ended');
    await gmDo('combat', 'end');
  });
});
