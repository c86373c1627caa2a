// Fate/roll dice fight rules a table still worked out by hand (issue 31), through the real discord.js
// client: a masterless servant's loss at the end of each combat turn (seed 001 L244), a troop's halved
// achievement (L394), 魔力放出's MP added to the achievement (L1150), flat modifiers for targeted strikes
// (L411–421) and ambushes (L453–456) on /attack and /combat defend, and /combat add count:N.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from './fake-discord/types.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fight, fightState, importPair } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('fate-combat-rules');
});
afterAll(async () => {
  await h?.close();
});

function table(name: string) {
  const channelId = h.fake.createTextChannel({ name });
  const as = (user: FakeUser, command: string, options: object[], locale?: string) => h.fake.command({ name: command, channelId, user, options: options as any, ...(locale ? { locale } : {}) });
  const gm = (sub_: string, options: object[] = []) => as(h.fake.users.gm, 'combat', sub(sub_, options as any));
  return { channelId, as, gm };
}

describe('a masterless servant in a fight (issue 31; seed 001 L244)', () => {
  it('loses RL HP and RL MP at the end of each combat turn, told to the table without the faction’s numbers', async () => {
    const { gm: gmUser, player } = h.fake.users;
    const { channelId, as, gm } = table('masterless');
    await as(gmUser, 'gm', sub('claim'));
    await as(gmUser, 'war', sub('start', [opt('ruleset', 'fate'), opt('name', 'Orphans')]));
    await importPair(channelId, player, '孤・魔術師', '孤セイバー');
    await as(player, 'war', sub('join', [opt('master', '孤・魔術師'), opt('servant', '孤セイバー'), opt('faction', 'Alone')]));
    // The master is gone (L244: "マスターが死んだ等の理由でマスターと非契約状態にある時").
    await as(gmUser, 'war', sub('set', [opt('faction', 'Alone'), opt('field', 'masterless'), opt('value', 'true')]));
    await gm('start', [opt('ruleset', 'fate')]);
    await gm('add', [opt('who', '孤セイバー'), opt('side', 'us')]);
    await gm('add', [opt('who', 'Ghoul'), opt('side', 'them'), opt('hp', 40), opt('iv', 0), opt('pool', '2d6<=3')]);
    await gm('next'); // round 1: the servant (IV 15)
    await gm('next'); // round 1: the Ghoul
    expect(await runtime('孤セイバー')).toMatchObject({ hp: 48, mp: 34 });
    // Round 1 ends: rank level 10 (four ranks + 6) off HP and off MP (L244).
    const next = await gm('next');
    expect(await runtime('孤セイバー')).toMatchObject({ hp: 38, mp: 24 });
    const text = embedText(answerOf(next));
    expect(text).toContain('孤セイバー has no master: it loses HP and MP at the end of the combat turn.');
    // A war faction's HP and MP are its own (seed 001 L50): the reply names no number of them.
    expect(text).not.toMatch(/\b(38|24)\b/);
    // Another round, another loss.
    await gm('next');
    await gm('next');
    expect(await runtime('孤セイバー')).toMatchObject({ hp: 28, mp: 14 });
  });
});

describe('a troop at half its HP (issue 31; seed 001 L394)', () => {
  it('its achievement is halved, rounded up, at the resolve step, with the rule in the result line', async () => {
    const { gm: gmUser } = h.fake.users;
    const { channelId, as, gm } = table('troop');
    await as(gmUser, 'gm', sub('claim'));
    await gm('start', [opt('ruleset', 'fate')]);
    await gm('add', [opt('who', 'Golems'), opt('side', 'them'), opt('hp', 40), opt('iv', 5), opt('pool', '10d6<=6'), opt('troop', true)]);
    await gm('add', [opt('who', 'Giant'), opt('side', 'us'), opt('hp', 99), opt('iv', 1), opt('pool', '30d6<=6')]);
    await gm('next');
    // At full HP the troop's 10 stands.
    await as(gmUser, 'attack', [opt('attacker', 'Golems'), opt('target', 'Giant'), opt('weapon', 0)]);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gmUser });
    const full = embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: gmUser }))));
    expect(full).toContain('Attack 10 vs defense 30');
    // 30 − 10 + 5 = 25 damage: 15 HP left, half of 40 or less.
    await as(gmUser, 'attack', [opt('attacker', 'Giant'), opt('target', 'Golems'), opt('weapon', 5)]);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gmUser });
    const hit = embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: gmUser }))));
    expect(hit).toContain('Attack 30 vs defense 10');
    expect(hit).not.toContain('troop');
    expect((await fightState(channelId)).combatants.find((c) => c.name === 'Golems')!.hp).toBe(15);
    // Now its 10 is halved to 5 (L394), on attack as on defense.
    await as(gmUser, 'attack', [opt('attacker', 'Golems'), opt('target', 'Giant'), opt('weapon', 0)]);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gmUser });
    const halved = embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: gmUser }))));
    expect(halved).toContain('Attack 5 vs defense 30');
    expect(halved).toContain('Golems is a troop at half its HP or less: its achievement is halved, rounded up (L394).');
  });
});

describe('魔力放出 (issue 31; seed 001 L1150)', () => {
  it('rolls no dice: the MP spent (up to its level) is added to a body or magic check, on /check and /attack', async () => {
    const { gm: gmUser, player } = h.fake.users;
    const { channelId, as, gm } = table('mana-burst');
    await as(gmUser, 'gm', sub('claim'));
    await importPair(channelId, player, '放・魔術師', '放セイバー');
    // 魔力放出 D: up to 2 MP; without burst: its level.
    const check = await as(player, 'check', [opt('character', '放セイバー'), opt('status', 'str'), opt('skills', '魔力放出'), opt('target', 8)]);
    expect(embedText(answerOf(check))).toMatch(/10d6<=5\+2\b/);
    expect(embedText(answerOf(check))).not.toContain('2d6<=2');
    expect((await runtime('放セイバー')).mp).toBe(32);
    const one = await as(player, 'check', [opt('character', '放セイバー'), opt('status', 'agi'), opt('skills', '魔力放出'), opt('burst', 1)]);
    expect(embedText(answerOf(one))).toMatch(/`8d6<=4\+1`/);
    expect(embedText(answerOf(one))).toContain('魔力放出: +1 achievement, the MP spent before the check.');
    expect((await runtime('放セイバー')).mp).toBe(31);
    const tooMuch = await as(player, 'check', [opt('character', '放セイバー'), opt('status', 'str'), opt('skills', '魔力放出'), opt('burst', 3)]);
    expect(ephemeral(tooMuch)).toBe(true);
    expect(embedText(answerOf(tooMuch))).toContain('魔力放出 spends 1 to 2 MP (its level).');
    const luck = await as(player, 'check', [opt('character', '放セイバー'), opt('status', 'luk'), opt('skills', '魔力放出')], 'ja');
    expect(embedText(answerOf(luck))).toContain('魔力放出は身体を使った判定か魔力の判定');
    expect((await runtime('放セイバー')).mp).toBe(31);
    // Its MP is its own: the other side of an opposed check cannot spend it by naming the skill.
    const opposed = await as(player, 'check', [opt('character', '放・魔術師'), opt('status', 'agi'), opt('against', '放セイバー'), opt('against_status', 'agi'), opt('against_skills', '魔力放出')]);
    expect(embedText(answerOf(opposed))).toContain('魔力放出 spends 放セイバー’s MP');
    expect((await runtime('放セイバー')).mp).toBe(31);

    await gm('start', [opt('ruleset', 'fate')]);
    await gm('add', [opt('who', '放セイバー'), opt('side', 'us')]);
    await gm('add', [opt('who', 'Ghoul'), opt('side', 'them'), opt('hp', 40), opt('iv', 0), opt('pool', '2d6<=3')]);
    await gm('next');
    await as(player, 'attack', [opt('target', 'Ghoul'), opt('skills', '魔力放出'), opt('burst', 2)]);
    expect((await rollRow((await fightState(channelId)).pending!.rollId)).normalized).toBe('10d6<=5+2');
    expect((await runtime('放セイバー')).mp).toBe(29);
  });
});

describe('flat modifiers and ambushes (issue 31; seed 001 L411–421, L453–456)', () => {
  it('/attack minus: and /combat defend plus: move the achievements; ambush: adds the margin and doubles the margin’s damage', async () => {
    const { gm: gmUser } = h.fake.users;
    const { channelId, as, gm } = table('flat');
    await as(gmUser, 'gm', sub('claim'));
    await gm('start', [opt('ruleset', 'fate')]);
    await gm('add', [opt('who', 'Sniper'), opt('side', 'us'), opt('hp', 50), opt('iv', 5), opt('pool', '10d6<=6')]);
    await gm('add', [opt('who', 'Dummy'), opt('side', 'them'), opt('hp', 100), opt('iv', 1), opt('pool', '4d6<=6')]);
    await gm('next');
    // A hand holding a weapon (−3, L416): 10 − 3 = 7; the defender's won vigilance margin +2 (L455): 4 + 2 = 6.
    const aimed = await as(gmUser, 'attack', [opt('attacker', 'Sniper'), opt('target', 'Dummy'), opt('weapon', 0), opt('minus', 3)]);
    expect(embedText(answerOf(aimed))).toContain('−3 to the achievement (a targeted strike');
    expect((await rollRow((await fightState(channelId)).pending!.rollId)).normalized).toBe('10d6<=6-3');
    const defended = await gm('defend', [opt('status', 'end'), opt('plus', 2)]);
    expect(embedText(answerOf(defended))).toContain('+2 to the achievement');
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toBe('4d6<=6+2');
    const resolved = embedText(answerOf((await gm('resolve'))));
    expect(resolved).toContain('Attack 7 vs defense 6');
    expect((await fightState(channelId)).combatants.find((c) => c.name === 'Dummy')!.hp).toBe(99);

    // An ambush won by 2 (L454): 10 + 2 = 12 against 4; the margin 8 is doubled: 16 damage.
    const ambush = await as(gmUser, 'attack', [opt('attacker', 'Sniper'), opt('target', 'Dummy'), opt('weapon', 0), opt('ambush', 2)]);
    expect(embedText(answerOf(ambush))).toContain('Ambush: +2 (the margin stealth won by); on a hit the margin’s damage is doubled (L454).');
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gmUser });
    const doubled = embedText(answerOf((await gm('resolve'))));
    expect(doubled).toContain('Attack 12 vs defense 4');
    expect(doubled).toContain('Hit by 8: 16 damage');
    expect(doubled).toContain('the margin’s damage is doubled (L454)');
    expect((await fightState(channelId)).combatants.find((c) => c.name === 'Dummy')!.hp).toBe(83);

    // In the table's language: the rule's note in Japanese once the GM sets the channel's language.
    await as(gmUser, 'gm', sub('language', [opt('language', 'ja')]));
    const ja = await as(gmUser, 'attack', [opt('attacker', 'Sniper'), opt('target', 'Dummy'), opt('weapon', 0), opt('minus', 2)]);
    expect(embedText(answerOf(ja))).toContain('達成値−2（部位狙い');
    const defendJa = await gm('defend', [opt('status', 'end'), opt('plus', 1)]);
    expect(embedText(answerOf(defendJa))).toContain('達成値+1（GM裁定');
    const halvedJa = embedText(answerOf((await gm('resolve'))));
    expect(halvedJa).toContain('攻撃8 対 防御5');
  });
});

describe('/combat add count: (issue 31; Avrae’s -n)', () => {
  it('adds N numbered copies of an ad-hoc NPC, continues the numbers, refuses a sheet and a fight past its bound', async () => {
    const { gm: gmUser, player } = h.fake.users;
    const { channelId, as, gm } = table('count');
    await as(gmUser, 'gm', sub('claim'));
    await importPair(channelId, player, '数・魔術師', '数セイバー');
    await gm('start', [opt('ruleset', 'fate')]);
    await gm('add', [opt('who', 'Ghoul'), opt('side', 'them'), opt('hp', 10), opt('pool', '2d6<=3'), opt('count', 3)]);
    await gm('add', [opt('who', 'Ghoul'), opt('side', 'them'), opt('hp', 10), opt('pool', '2d6<=3'), opt('count', 2)]);
    const names = () => fightState(channelId).then((s) => s.combatants.map((c) => c.name));
    expect(await names()).toEqual(['Ghoul 1', 'Ghoul 2', 'Ghoul 3', 'Ghoul 4', 'Ghoul 5']);
    expect((await fightState(channelId)).combatants.every((c) => c.hp === 10 && c.pool === '2d6<=3')).toBe(true);
    const sheet = await gm('add', [opt('who', '数セイバー'), opt('side', 'us'), opt('count', 2)]);
    expect(ephemeral(sheet)).toBe(true);
    expect(embedText(answerOf(sheet))).toContain('a sheet character stands in a fight once');
    await gm('add', [opt('who', 'Rat'), opt('side', 'them'), opt('hp', 1), opt('count', 20)]);
    expect((await names()).length).toBe(25);
    const tooMany = await gm('add', [opt('who', 'Bat'), opt('side', 'them'), opt('hp', 1), opt('count', 20)]);
    expect(embedText(answerOf(tooMany))).toContain('A fight holds at most 40 combatants.');
    // All or nothing: none of the 20 was added.
    expect((await names()).length).toBe(25);
  });

  it('numbers the copies in a Persona fight too', async () => {
    const { gm: gmUser } = h.fake.users;
    const { channelId, as, gm } = table('count-persona');
    await as(gmUser, 'gm', sub('claim'));
    await gm('start', [opt('ruleset', 'persona')]);
    await gm('add', [opt('who', 'Shadow'), opt('side', 'npc'), opt('hp', 12), opt('count', 3)]);
    const state = (await fight(channelId)).state as unknown as { setup: { name: string; hp: number }[] };
    expect(state.setup.map((c) => [c.name, c.hp])).toEqual([['Shadow 1', 12], ['Shadow 2', 12], ['Shadow 3', 12]]);
  });
});
