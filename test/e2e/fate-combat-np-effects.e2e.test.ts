// Noble Phantasms in a Fate/roll dice fight (issue 31), through the real discord.js client: the added
// effects the sheet already parses act in the fight — 防御無視 ignores the defender's armor (seed 001
// L1415 with the damage of L202), 必中 leaves a Luck defense or a Luck use that cancels it (L1404),
// 使用時真名判明 tells the table the true name (L1470) — and an NP attack takes its own status and, with
// marks:true, an EX NP's +14 for 14 MP as /check status:np does (L209–211, L867–868, L1092).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedResult } from '../../src/services/rolls.js';
import type { FakeUser } from './fake-discord/types.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { buttonIds, ephemeral, fateDriver, fixture, opt, sub, SERVANT_STATUSES } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fightState, gmCombat, importPair } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('fate-combat-np-effects');
});
afterAll(async () => {
  await h?.close();
});

const SABER_NP = '宝具ランク:A 種類区分:武器(白兵) 発動区分:単発 対象区分:対城 MP消費:15 ダイス判定プラス:10d6(5以下)(単体攻撃時20d6) 固定値:攻撃力+10';

/** The Saber fixture as `name`, with `edit` applied to its text (an NP's line or effects). */
async function importServant(channelId: string, user: FakeUser, name: string, edit: (text: string) => string = (t) => t) {
  const content = edit(fixture('saber.txt').replaceAll('セイバー', name));
  await h.fake.command({ name: 'sheet', channelId, user, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: `${name}.txt`, content }))]) });
}

describe('NP added effects in a fight (issue 31; seed 001 L1404, L1415, L1470)', () => {
  let channelId = '';
  const as = (user: FakeUser, name: string, options: object[]) => h.fake.command({ name, channelId, user, options: options as any });
  const attackLine = (text: string) => {
    const m = /Attack (\d+) vs defense (\d+) \(armor (\d+)\)/.exec(text);
    expect(m, text).not.toBeNull();
    return { attack: Number(m![1]), defense: Number(m![2]), armor: Number(m![3]) };
  };

  it('setup: a Saber whose NP has 防御無視 and 使用時真名判明, an Archer whose NP has 必中, a Lancer with armor 4', async () => {
    const { gm, player, player2 } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'np-effects' });
    await as(gm, 'gm', sub('claim'));
    await importServant(channelId, player, '剣セイバー');
    await importServant(channelId, player, '必中アーチャー', (t) => t.replace('「防御無視」', '「必中」').replace('「使用時真名判明」', '「同時使用不可」').replace('(例)騎士王X', '(例)弓兵Y'));
    // The defender: the same sheet, so its armor is the fixture's 白銀の鎧 (4, against magical damage too, L1110).
    await importPair(channelId, player2, '盾・魔術師', '盾ランサー');
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    for (const [who, side] of [['剣セイバー', 'us'], ['必中アーチャー', 'us'], ['盾ランサー', 'them']]) await gmCombat(channelId, 'add', [opt('who', who), opt('side', side)]);
    await gmCombat(channelId, 'next');
    // Before any NP is used, the true name is nobody's but the owner's (the public summary leaves it out).
    const before = await as(player2, 'sheet', sub('show', [opt('name', '剣セイバー')]));
    expect(embedText(answerOf(before))).not.toContain('騎士王X');
  });

  it('L1415, L202: 防御無視 deals margin + 攻撃力 10 with no armor subtracted; an attack without it still takes the armor off', async () => {
    const { gm } = h.fake.users;
    // Without the NP: the weapon's value against armor 4 (the control).
    await as(gm, 'attack', [opt('attacker', '剣セイバー'), opt('target', '盾ランサー'), opt('weapon', 10)]);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    const plain = embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: gm }))));
    expect(attackLine(plain).armor).toBe(4);
    await as(gm, 'hp', sub('set', [opt('amount', 48), opt('character', '盾ランサー')]));
    expect((await runtime('盾ランサー')).hp).toBe(48);

    const np = await as(gm, 'attack', [opt('attacker', '剣セイバー'), opt('target', '盾ランサー'), opt('np', '約束の剣')]);
    expect(embedText(answerOf(np))).toMatch(/防御無視, the defender’s armor reduces nothing/);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    const resolved = embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: gm }))));
    const { attack, defense, armor } = attackLine(resolved);
    expect(armor).toBe(0);
    expect(resolved).toMatch(/ignores 盾ランサー’s armor \(防御無視\)/);
    // 30 dice ≤ 5 against 8 dice ≤ 4: a hit; the seed's damage is margin + weapon − armor with the armor ignored.
    expect(attack).toBeGreaterThan(defense);
    expect((await runtime('盾ランサー')).hp).toBe(Math.max(0, 48 - (attack - defense + 10)));
  });

  it('L1470: 使用時真名判明 tells the table the true name with the attack; /sheet show shows it from then on', async () => {
    const { gm, player2 } = h.fake.users;
    await as(gm, 'hp', sub('set', [opt('amount', 48), opt('character', '盾ランサー')]));
    const np = await as(gm, 'attack', [opt('attacker', '剣セイバー'), opt('target', '盾ランサー'), opt('np', '約束の剣')]);
    expect(ephemeral(np)).toBe(false);
    expect(embedText(answerOf(np))).toContain('(例)約束の剣 gives its wielder away (使用時真名判明): 剣セイバー is (例)騎士王X.');
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    const after = await as(player2, 'sheet', sub('show', [opt('name', '剣セイバー')]));
    expect(embedText(answerOf(after))).toMatch(/True name[\s\S]*\(例\)騎士王X/);
    await as(gm, 'hp', sub('set', [opt('amount', 48), opt('character', '盾ランサー')]));
  });

  it('L1404: 必中 leaves a LUK defense (END refused) or a Luck use that cancels it, after which END defends', async () => {
    const { gm, player2 } = h.fake.users;
    const sure = await as(gm, 'attack', [opt('attacker', '必中アーチャー'), opt('target', '盾ランサー'), opt('np', '約束の剣')]);
    expect(embedText(answerOf(sure))).toMatch(/必中, 盾ランサー can only defend with LUK/);
    // This NP has no 使用時真名判明: its true name stays untold.
    expect(embedText(answerOf(sure))).not.toContain('弓兵Y');
    expect(buttonIds(sure).filter((b) => b.startsWith('attack:'))).toEqual(['attack:defend:luk', 'attack:sure:cancel']);
    const end = await as(player2, 'combat', sub('defend', [opt('status', 'end')]));
    expect(ephemeral(end)).toBe(true);
    expect(embedText(answerOf(end))).toMatch(/is 必中: 盾ランサー defends with LUK/);
    expect((await fightState(channelId)).pending!.defenseRollId).toBeUndefined();
    // 幸運C: 6 dice ≤ 3.
    await as(player2, 'combat', sub('defend', [opt('status', 'luk')]));
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toBe('6d6<=3');
    await h.fake.button({ customId: 'attack:resolve', channelId, user: player2 });

    // Cancelled with one Luck use (the defender's, L1404): the usual defenses again.
    await as(gm, 'hp', sub('set', [opt('amount', 48), opt('character', '盾ランサー')]));
    const luckBefore = (await runtime('盾ランサー')).luckUsedToday;
    await as(gm, 'attack', [opt('attacker', '必中アーチャー'), opt('target', '盾ランサー'), opt('np', '約束の剣'), opt('allow_hp', true)]);
    const cancel = await h.fake.button({ customId: 'attack:sure:cancel', channelId, user: player2 });
    expect(ephemeral(cancel)).toBe(false);
    expect(embedText(answerOf(cancel))).toMatch(/盾ランサー spends a Luck use: \(例\)約束の剣’s 必中 no longer binds this defense/);
    expect(buttonIds(cancel)).toEqual(['attack:defend:end', 'attack:defend:agi', 'attack:defend:mag']);
    expect((await runtime('盾ランサー')).luckUsedToday).toBe(luckBefore + 1);
    const luk = await as(player2, 'combat', sub('defend', [opt('status', 'luk')]));
    expect(ephemeral(luk)).toBe(true);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: player2 });
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toBe('8d6<=4');
    await h.fake.button({ customId: 'attack:resolve', channelId, user: player2 });
  });
});

describe('an NP attack takes its own status and its "+" (issue 31; seed 001 L209–211, L867–868, L1092)', () => {
  let channelId = '';
  const as = (user: FakeUser, name: string, options: object[]) => h.fake.command({ name, channelId, user, options: options as any });

  it('L209–211: np: without status: rolls a magic NP with MAG, not STR', async () => {
    const { gm, player } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'np-ex' });
    await as(gm, 'gm', sub('claim'));
    // An EX magic NP, 単発 対人: its rule price is 2 × 6 = 12 MP (L1064), its dice 12d6≤6.
    await importServant(channelId, player, '魔術キャスター', (t) =>
      t.replace(SERVANT_STATUSES, '筋力A 耐久B 敏捷B 魔力C 幸運C 宝具EX').replace(SABER_NP, '宝具ランク:EX 種類区分:武器(魔術) 発動区分:単発 対象区分:対人 MP消費:12 ダイス判定プラス:12d6(6以下) 固定値:攻撃力+6'),
    );
    expect((await runtime('魔術キャスター')).mp).toBe(34);
    // /check status:np marks:true on this sheet: EX's +14 for 14 MP (L867–868).
    const check = await as(player, 'check', [opt('character', '魔術キャスター'), opt('status', 'np'), opt('marks', true)]);
    expect(embedText(answerOf(check))).toMatch(/`14d6<=6\+14`/);
    expect((await runtime('魔術キャスター')).mp).toBe(20);
    await as(player, 'mp', sub('set', [opt('amount', 34), opt('character', '魔術キャスター')]));

    await as(gm, 'combat', sub('start', [opt('ruleset', 'fate')]));
    await as(gm, 'combat', sub('add', [opt('who', '魔術キャスター'), opt('side', 'us')]));
    await as(gm, 'combat', sub('add', [opt('who', 'Golem'), opt('side', 'them'), opt('hp', 200), opt('iv', 0), opt('pool', '4d6<=3')]));
    await as(gm, 'combat', sub('next'));

    // np: without status: MAG (魔力C, 6d6≤3) for a 魔術 NP, not STR (L209–211); no marks: no +14, 12 MP.
    await as(gm, 'attack', [opt('attacker', '魔術キャスター'), opt('target', 'Golem'), opt('np', '約束の剣')]);
    expect((await rollRow((await fightState(channelId)).pending!.rollId)).normalized).toBe('6d6<=3+12d6<=6');
    expect((await runtime('魔術キャスター')).mp).toBe(22);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    await as(player, 'mp', sub('set', [opt('amount', 34), opt('character', '魔術キャスター')]));
  });

  it('L867–868, L1092: marks:true adds the EX NP’s +14 for 14 MP, as /check status:np marks:true does on the same sheet', async () => {
    const { gm } = h.fake.users;
    // marks:true: the EX NP's "+" is +14 achievement, paid with 14 MP on top of the NP's 12 (L868, L1092).
    const ex = await as(gm, 'attack', [opt('attacker', '魔術キャスター'), opt('target', 'Golem'), opt('np', '約束の剣'), opt('marks', true)]);
    const roll = await rollRow((await fightState(channelId)).pending!.rollId);
    expect(roll.normalized).toBe('6d6<=3+14+12d6<=6');
    expect(storedResult(roll).value).toBeGreaterThanOrEqual(26);
    expect(embedText(answerOf(ex))).toMatch(/\(例\)約束の剣 EX "\+": \+14 achievement, paid with MP/);
    expect((await runtime('魔術キャスター')).mp).toBe(34 - 12 - 14);
  });
});
