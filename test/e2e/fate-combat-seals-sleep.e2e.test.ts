// Fate/roll dice fights (issue 10, audit rows 23, 24, 33, 37): a Command Seal that blocks one attack
// (seed 001 L290) or makes a check succeed (L291) in a fight, a sleeping master in a fight (L249), and
// delaying down to IV 0 (L197, L201), through the real discord.js client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fight, fightState, tracker, gmCombat, importPair, sealApproved } = fateDriver(() => h);
const current = async (channelId: string) => {
  const s = await fightState(channelId);
  return s.combatants.find((c) => c.key === s.order[s.turn])!.name;
};


beforeAll(async () => {
  h = await startHarness('fate-combat-seals-sleep');
});
afterAll(async () => {
  await h?.close();
});

describe('Command Seals in a fight (audit rows 23, 24; seed 001 L290, L291)', () => {
  let channelId = '';
  it('L290: a seal blocks the next hit completely, once; the hit after it lands', async () => {
    const { gm, player } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'seal-fight' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '盾・魔術師', '盾セイバー');
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '盾セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Ogre'), opt('side', 'them'), opt('hp', 60), opt('iv', 40), opt('pool', '30d6<=6'), opt('servant', true)]);
    await gmCombat(channelId, 'next');

    await sealApproved(channelId, player, [opt('effect', 'block'), opt('master', '盾・魔術師'), opt('target', '盾セイバー')]);
    expect(await runtime('盾・魔術師')).toMatchObject({ sealsRemaining: 2 });
    expect((await runtime('盾セイバー')).blocks).toBe(1);

    // 30 against at most 8 + 4 armor: a sure hit, blocked.
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', '盾セイバー'), opt('weapon', 5)] });
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    const blocked = await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    expect(embedText(answerOf(blocked))).toMatch(/A Command Seal blocks the attack completely: 盾セイバー takes no damage/);
    expect(await runtime('盾セイバー')).toMatchObject({ hp: 48, blocks: 0 });

    // Only one attack (L290 "1回だけ"): the next hit lands.
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', '盾セイバー'), opt('weapon', 5)] });
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    const hit = await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    const defense = Number(/Attack 30 vs defense (\d+)/.exec(embedText(answerOf(hit)))![1]);
    expect((await runtime('盾セイバー')).hp).toBe(48 - (30 - defense + 5 - 4));
  });

  it('L291: a seal makes the attack check succeed with every die; resolve uses it', async () => {
    const { gm, player } = h.fake.users;
    await gmCombat(channelId, 'next');
    expect(await current(channelId)).toBe('盾セイバー');
    await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('target', 'Ogre'), opt('status', 'str'), opt('weapon', 0)] });
    const rollId = (await fightState(channelId)).pending!.rollId;
    await sealApproved(channelId, player, [opt('effect', 'auto'), opt('master', '盾・魔術師'), opt('roll', rollId)]);
    expect((await runtime('盾・魔術師')).sealsRemaining).toBe(1);
    // 筋力A: 10 dice, all of them successes.
    expect((await rollRow(rollId)).value).toBe(10);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    const resolved = await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    expect(embedText(answerOf(resolved))).toMatch(/Attack 10 vs defense 30/);
  });
});

describe('a sleeping master in a fight (audit row 33; seed 001 L249)', () => {
  it('cannot attack, cannot resist, and makes no defense roll: the defense counts as 0', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'sleep-fight' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'S')]) });
    await importPair(channelId, player, '眠・魔術師', '眠セイバー');
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', '眠・魔術師'), opt('servant', '眠セイバー'), opt('faction', 'Sleepers')]) });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') }); // day 1
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('sleep') });

    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '眠・魔術師'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Thief'), opt('side', 'them'), opt('hp', 30), opt('iv', 1), opt('pool', '3d6<=6')]);
    await gmCombat(channelId, 'next');
    expect(await current(channelId)).toBe('眠・魔術師');
    const attack = await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('target', 'Thief'), opt('status', 'mag'), opt('magical', true)] });
    expect(ephemeral(attack)).toBe(true);
    expect(embedText(answerOf(attack))).toMatch(/asleep this action turn and makes no checks/);
    expect((await fightState(channelId)).pending).toBeNull();

    // No resistance either: a resistible poison just lands.
    const poison = await gmCombat(channelId, 'inflict', [opt('fighter', '眠・魔術師'), opt('kind', 'continuous'), opt('strength', 1), opt('source', 'Sting'), opt('by_attack', false)]);
    expect(embedText(answerOf(poison))).toMatch(/眠・魔術師 can make no check: no resistance against Sting/);
    expect((await runtime('眠・魔術師')).hp).toBe(10);

    await gmCombat(channelId, 'next');
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', '眠・魔術師'), opt('weapon', 2)] });
    const defended = await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
    expect(embedText(answerOf(defended))).toMatch(/眠・魔術師 is asleep and makes no check: the defense counts as 0/);
    const resolved = await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    expect(embedText(answerOf(resolved))).toMatch(/Attack 3 vs defense 0/);
    expect((await runtime('眠・魔術師')).hp).toBe(10 - (3 + 2)); // margin 3 + weapon 2, no armor
    // No roll was stored for the sleeper's defense.
    expect((await fightState(channelId)).pending).toBeNull();
  });
});

describe('delaying down to IV 0 (audit row 37; seed 001 L197, L201)', () => {
  it('IV can drop to 0 and no further; the delayer acts after others of that IV, or before with first:; the next round restores it', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'delay' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', 'Fast'), opt('side', 'x'), opt('hp', 10), opt('iv', 12), opt('pool', '2d6<=3')]);
    await gmCombat(channelId, 'add', [opt('who', 'Mid'), opt('side', 'y'), opt('hp', 10), opt('iv', 6), opt('pool', '2d6<=3')]);
    await gmCombat(channelId, 'add', [opt('who', 'Zero'), opt('side', 'y'), opt('hp', 10), opt('iv', 0), opt('pool', '2d6<=3')]);
    await gmCombat(channelId, 'next');
    expect(await current(channelId)).toBe('Fast');

    // L201: "IVは0以下に下げることは出来ない".
    const tooFar = await gmCombat(channelId, 'delay', [opt('amount', 13)]);
    expect(ephemeral(tooFar)).toBe(true);
    expect(embedText(answerOf(tooFar))).toMatch(/IV 12 can be delayed by at most 12, not 13/);
    // Down to exactly 0: Mid acts, then Zero (IV 0 too, not delayed), then Fast.
    await gmCombat(channelId, 'delay', [opt('amount', 12)]);
    expect(await current(channelId)).toBe('Mid');
    expect(await tracker(channelId)).toMatch(/\*\*Fast\*\* \(x · front\) IV 0/);
    await gmCombat(channelId, 'next');
    expect(await current(channelId)).toBe('Zero');
    await gmCombat(channelId, 'next');
    expect(await current(channelId)).toBe('Fast');

    // Round 2: full IV again (L197); this time Fast lands on Mid's IV 6 and chooses to go first (L201).
    await gmCombat(channelId, 'next');
    expect((await fightState(channelId)).round).toBe(2);
    expect(await current(channelId)).toBe('Fast');
    expect(await tracker(channelId)).toMatch(/\*\*Fast\*\* \(x · front\) IV 12/);
    await gmCombat(channelId, 'delay', [opt('amount', 6), opt('first', true)]);
    expect(await current(channelId)).toBe('Fast');
    await gmCombat(channelId, 'next');
    expect(await current(channelId)).toBe('Mid');
  });
});
