// Fate/roll dice fights (issue 10, the fight): attack/defense priority (seed 001 L220–225), 庇う
// (L471–482) and flight (L513–518), played through the real discord.js client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fightState, combatant, tracker, gmCombat, importPair } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('fate-combat-priority-cover');
});
afterAll(async () => {
  await h?.close();
});

describe('attack priority / defense priority (seed 001 L220–225)', () => {
  it('attack priority moves AGI dice (threshold kept) from the defense to the attack for one round; only AGI defends; at most the status’s dice', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'priority' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '優・魔術師', '優セイバー');
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '優セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Dummy'), opt('side', 'them'), opt('hp', 200), opt('iv', 1), opt('pool', '6d6<=3'), opt('servant', true)]);
    await gmCombat(channelId, 'next');

    // L225: at most the dice of the status they leave (敏捷B = 8 dice).
    const tooMany = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('priority', [opt('mode', 'attack'), opt('dice', 9), opt('status', 'agi')]) });
    expect(ephemeral(tooMany)).toBe(true);
    expect(embedText(answerOf(tooMany))).toMatch(/At most 8 dice/);
    const declared = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('priority', [opt('mode', 'attack'), opt('dice', 4), opt('status', 'agi')]) });
    expect(embedText(answerOf(declared))).toMatch(/attack priority, 4 Agility dice move from defense to attack this round/);
    expect(await tracker(channelId)).toMatch(/attack priority \+4 \(Agility\)/);

    // L221–222: a STR attack (筋力A 10d6≤5) gains 4 dice at AGI's threshold 4.
    const attacked = await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('target', 'Dummy'), opt('status', 'str')] });
    expect(embedText(answerOf(attacked))).toMatch(/Attack priority: \+4d6≤4/);
    expect((await rollRow((await fightState(channelId)).pending!.rollId)).normalized).toBe('10d6<=5+4d6<=4');
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });

    // The same round, Saber is attacked: only AGI's dice left the defense (L223), so AGI defends with 8 − 4.
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Dummy'), opt('target', '優セイバー'), opt('ranged', true)] });
    const end = await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    expect(embedText(answerOf(end))).toMatch(/moved Agility dice this round: this roll must use Agility/);
    const agi = await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
    expect(embedText(answerOf(agi))).toMatch(/Attack priority: 4 dice fewer on this defense/);
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toBe('4d6<=4');
    await h.fake.button({ customId: 'attack:resolve', channelId, user: player });

    // "そのターンの間": the next round rolls full pools again.
    await gmCombat(channelId, 'next');
    await gmCombat(channelId, 'next');
    expect((await fightState(channelId)).round).toBe(2);
    expect(await tracker(channelId)).not.toMatch(/attack priority/);
    await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('target', 'Dummy'), opt('status', 'str')] });
    expect((await rollRow((await fightState(channelId)).pending!.rollId)).normalized).toBe('10d6<=5');
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });

    // Defense priority: dice leave an AGI attack and join the defense; a STR attack cannot give them (L223).
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('priority', [opt('mode', 'defense'), opt('dice', 3), opt('status', 'agi')]) });
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Dummy'), opt('target', '優セイバー'), opt('ranged', true)] });
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toBe('8d6<=4+3d6<=4');
    await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    // A player may not declare for a fighter that is not theirs.
    const notMine = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('priority', [opt('mode', 'attack'), opt('dice', 1), opt('status', 'agi'), opt('fighter', 'Dummy')]) });
    expect(ephemeral(notMine)).toBe(true);
  });
});

describe('priority with a dual-use skill (seed 001 L223–224)', () => {
  it('the dice of a skill usable for both (カリスマC: 3d6≤3) move; the giving roll must include it and keeps the rest', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'priority-skill' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '技・魔術師', '技セイバー');
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '技セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Dummy'), opt('side', 'them'), opt('hp', 200), opt('iv', 1), opt('pool', '6d6<=3'), opt('servant', true)]);
    await gmCombat(channelId, 'next');
    const tooMany = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('priority', [opt('mode', 'attack'), opt('dice', 4), opt('skill', 'カリスマ')]) });
    expect(embedText(answerOf(tooMany))).toMatch(/At most 3 dice/);
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('priority', [opt('mode', 'attack'), opt('dice', 2), opt('skill', 'カリスマ')]) });
    expect(await tracker(channelId)).toMatch(/attack priority \+2 \(カリスマ\)/);
    await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('target', 'Dummy'), opt('status', 'str')] });
    expect((await rollRow((await fightState(channelId)).pending!.rollId)).normalized).toBe('10d6<=5+2d6<=3');
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Dummy'), opt('target', '技セイバー'), opt('ranged', true)] });
    const without = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('defend', [opt('status', 'end')]) });
    expect(embedText(answerOf(without))).toMatch(/moved dice of カリスマ this round: this roll must include カリスマ/);
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('defend', [opt('status', 'end'), opt('skills', 'カリスマ')]) });
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toBe('8d6<=4+1d6<=3');
    // An NPC without a sheet has no skills to move.
    const npc = await gmCombat(channelId, 'priority', [opt('mode', 'attack'), opt('dice', 1), opt('skill', 'x'), opt('fighter', 'Dummy')]);
    expect(embedText(answerOf(npc))).toMatch(/Dummy has no sheet/);
  });
});

describe('庇う: covering after a failed defense (seed 001 L471–482)', () => {
  let channelId = '';
  it('a back-row coverer steps up (L473); a cover that beats the attack blocks it (L478)', async () => {
    const { gm } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'cover' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    // Always 0 on defense, always 20 on cover, always 1 on attack.
    await gmCombat(channelId, 'add', [opt('who', 'Weak'), opt('side', 'us'), opt('hp', 10), opt('iv', 1), opt('pool', '1d6<=1-5')]);
    await gmCombat(channelId, 'add', [opt('who', 'Guard'), opt('side', 'us'), opt('row', 'back'), opt('hp', 30), opt('iv', 1), opt('pool', '20d6<=6')]);
    await gmCombat(channelId, 'add', [opt('who', 'Foe'), opt('side', 'them'), opt('hp', 50), opt('iv', 9), opt('pool', '1d6<=6'), opt('servant', true)]);
    await gmCombat(channelId, 'add', [opt('who', 'Big'), opt('side', 'them'), opt('hp', 50), opt('iv', 8), opt('pool', '20d6<=6'), opt('servant', true)]);
    await gmCombat(channelId, 'next');

    // Nothing to cover before the covered character has defended.
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Foe'), opt('target', 'Weak'), opt('weapon', 5)] });
    const early = await gmCombat(channelId, 'cover', [opt('who', 'Guard'), opt('status', 'end')]);
    expect(ephemeral(early)).toBe(true);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    const covered = await gmCombat(channelId, 'cover', [opt('who', 'Guard'), opt('status', 'end')]);
    expect(ephemeral(covered)).toBe(false);
    expect(embedText(answerOf(covered))).toMatch(/Guard steps up to the front row/);
    expect((await combatant(channelId, 'Guard')).row).toBe('front');
    const again = await gmCombat(channelId, 'cover', [opt('who', 'Guard'), opt('status', 'end')]);
    expect(embedText(answerOf(again))).toMatch(/already covers/);
    const resolved = await gmCombat(channelId, 'resolve');
    expect(embedText(answerOf(resolved))).toMatch(/Guard’s cover \(20\) beats the attack \(1\): Weak takes no damage/);
    expect((await combatant(channelId, 'Weak')).hp).toBe(10);
    expect((await combatant(channelId, 'Guard')).hp).toBe(30);
  });

  it('a failed cover: the coverer takes the damage the hit did (L478); from the back by magic it cannot (L480)', async () => {
    const { gm } = h.fake.users;
    // Big: 20 vs Weak's 0; Guard's cover 20 does not beat 20.
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Big'), opt('target', 'Weak'), opt('weapon', 2)] });
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await gmCombat(channelId, 'cover', [opt('who', 'Guard'), opt('status', 'end')]);
    const resolved = await gmCombat(channelId, 'resolve');
    expect(embedText(answerOf(resolved))).toMatch(/The cover \(20\) does not beat the attack \(20\): Guard takes the hit/);
    expect((await combatant(channelId, 'Weak')).hp).toBe(10);
    expect((await combatant(channelId, 'Guard')).hp).toBe(30 - (20 - 0 + 2)); // 8
    // A reaction modifier of +3 gives +2 on the cover (L475); a defense that won needs no cover.
    await gmCombat(channelId, 'add', [opt('who', 'Mage'), opt('side', 'us'), opt('row', 'back'), opt('hp', 30), opt('iv', 0), opt('pool', '2d6<=1')]);
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Big'), opt('target', 'Weak'), opt('magical', true)] });
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    const magic = await gmCombat(channelId, 'cover', [opt('who', 'Mage'), opt('status', 'mag'), opt('means', 'magic'), opt('reaction', 3)]);
    expect(embedText(answerOf(magic))).toMatch(/Cover: −0 \(status gap\) \+2 \(reaction\) = \+2 on this roll/);
    expect(embedText(answerOf(magic))).toMatch(/Mage cannot take the damage/);
    expect((await combatant(channelId, 'Mage')).row).toBe('back');
    const hit = await gmCombat(channelId, 'resolve');
    expect(embedText(answerOf(hit))).toMatch(/Weak takes the hit/);
    expect((await combatant(channelId, 'Mage')).hp).toBe(30);
    expect((await combatant(channelId, 'Weak')).hp).toBe(0);
  });

  it('a sheet coverer’s penalty: |END − AGI| ÷ 2, or |AGI − STR| ÷ 2 when covering with AGI (L474)', async () => {
    const { gm, player } = h.fake.users;
    const ch = h.fake.createTextChannel({ name: 'cover-sheet' });
    await h.fake.command({ name: 'gm', channelId: ch, user: gm, options: sub('claim') });
    await importPair(ch, player, '庇・魔術師', '庇セイバー');
    await gmCombat(ch, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(ch, 'add', [opt('who', '庇セイバー'), opt('side', 'us')]);
    await gmCombat(ch, 'add', [opt('who', '庇・魔術師'), opt('side', 'us'), opt('row', 'back')]);
    await gmCombat(ch, 'add', [opt('who', 'Archer'), opt('side', 'them'), opt('hp', 50), opt('iv', 20), opt('pool', '30d6<=6'), opt('servant', true)]);
    await gmCombat(ch, 'next');
    await h.fake.command({ name: 'attack', channelId: ch, user: gm, options: [opt('target', '庇・魔術師'), opt('ranged', true), opt('weapon', 0)] });
    await h.fake.button({ customId: 'attack:defend:agi', channelId: ch, user: player });
    // A stranger cannot cover with the player's servant.
    const stranger = await h.fake.command({ name: 'combat', channelId: ch, user: h.fake.users.player2, options: sub('cover', [opt('who', '庇セイバー'), opt('status', 'agi')]) });
    expect(ephemeral(stranger)).toBe(true);
    // 敏捷B (4) − 筋力A (5): ceil(1/2) = 1.
    const agi = await h.fake.command({ name: 'combat', channelId: ch, user: player, options: sub('cover', [opt('who', '庇セイバー'), opt('status', 'agi')]) });
    expect(embedText(answerOf(agi))).toMatch(/Cover: −1 \(status gap\) \+0 \(reaction\) = −1 on this roll/);
    const defense = (await rollRow((await fightState(ch)).pending!.defenseRollId!)).normalized;
    expect(defense).toBe('4d6<=2');
    const resolved = await h.fake.command({ name: 'combat', channelId: ch, user: player, options: sub('resolve') });
    // 30 (all succeed) vs Saber's 8 dice at most − 1: the cover fails and Saber takes 30 − master's defense.
    expect(embedText(answerOf(resolved))).toMatch(/庇セイバー takes the hit/);
    const masterDefense = Number(/Attack 30 vs defense (\d+)/.exec(embedText(answerOf(resolved)))![1]);
    expect((await runtime('庇・魔術師')).hp).toBe(11);
    expect((await runtime('庇セイバー')).hp).toBe(Math.max(0, 48 - (30 - masterDefense)));
  });
});

describe('flight (seed 001 L513–518)', () => {
  it('a melee attack from the ground on a flyer gets −ceil(Lv/2); ranged does not; magic flight lasts ceil(achievement/2) rounds', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'flight' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', 'Knight'), opt('side', 'us'), opt('hp', 50), opt('iv', 5), opt('pool', '10d6<=6')]);
    await gmCombat(channelId, 'add', [opt('who', 'Wyvern'), opt('side', 'them'), opt('hp', 50), opt('iv', 1), opt('pool', '2d6<=1-5')]);
    await gmCombat(channelId, 'next');
    const flying = await gmCombat(channelId, 'fly', [opt('fighter', 'Wyvern'), opt('level', 5)]);
    expect(embedText(answerOf(flying))).toMatch(/Wyvern flies \(Lv5\)/);
    expect(await tracker(channelId)).toMatch(/flying Lv5/);
    const melee = await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', 'Wyvern'), opt('weapon', 0)] });
    expect(embedText(answerOf(melee))).toMatch(/Wyvern is flying: −3 on this melee attack/);
    expect((await fightState(channelId)).pending!.achievement).toBe(7);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    await gmCombat(channelId, 'next');
    await gmCombat(channelId, 'next');
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', 'Wyvern'), opt('weapon', 0), opt('ranged', true)] });
    expect((await fightState(channelId)).pending!.achievement).toBe(10);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });

    // L517: achievement 3 → ceil(3/2) = 2 rounds from the next: through round 2 + 2 = 4.
    const magic = await gmCombat(channelId, 'fly', [opt('fighter', 'Knight'), opt('level', 2), opt('achievement', 3)]);
    expect(embedText(answerOf(magic))).toMatch(/Knight flies by magic \(Lv2\) for 2 rounds, until the end of round 4/);
    for (let i = 0; i < 4; i++) await gmCombat(channelId, 'next');
    expect((await fightState(channelId)).round).toBe(4);
    expect((await combatant(channelId, 'Knight')).flight).toMatchObject({ level: 2, untilRound: 4 });
    await gmCombat(channelId, 'next');
    await gmCombat(channelId, 'next');
    expect((await fightState(channelId)).round).toBe(5);
    expect((await combatant(channelId, 'Knight')).flight).toBeUndefined();
    const landed = await gmCombat(channelId, 'fly', [opt('fighter', 'Wyvern'), opt('level', 0)]);
    expect(embedText(answerOf(landed))).toMatch(/Wyvern is on the ground/);
  });
});
