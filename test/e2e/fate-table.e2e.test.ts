// Fate/roll dice at the table (issue 10, "Broken today"): each bug of the audit played through the
// real discord.js client, citing the seed 001 line it follows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState } from '../../src/services/war/state.js';
import { row } from '../helpers/db.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { buttonIds, ephemeral, fateDriver, fixture, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fight, fightState, tracker, importPair, sealApproved } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('fate-table');
});
afterAll(async () => {
  await h?.close();
});

describe('one source of truth for HP/MP during a fight (issue 10 #4; seed 001 L289)', () => {
  let channelId = '';
  it('a seal’s full HP and /hp heal mid-fight stay after /combat end; the tracker and /sheet show agree', async () => {
    const { gm, player } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'truth' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '真・魔術師', '真セイバー');
    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [opt('amount', 20), opt('character', '真セイバー')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', '真セイバー'), opt('side', 'us')]) });
    expect((await fightState(channelId)).combatants[0]!.hp).toBe(28);

    // L289: the seal restores HP to full — on the sheet, which the fight reads.
    const approved = await sealApproved(channelId, player, [opt('effect', 'hp'), opt('master', '真・魔術師'), opt('target', '真セイバー')]);
    expect(approved.callback.type).toBe(7);
    expect((await runtime('真セイバー')).hp).toBe(48);
    expect((await runtime('真・魔術師')).sealsRemaining).toBe(2);
    // The approval itself brings the tracker up to date (no combat step needed).
    await h.fake.waitFor(async () => (await tracker(channelId)).includes('48/48'));

    // /hp during the fight, then the end: nothing overwrites the sheet.
    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [opt('amount', 5), opt('character', '真セイバー')]) });
    const shown = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('show', [opt('name', '真セイバー')]) });
    expect(embedText(answerOf(shown))).toMatch(/43\/48/);
    await h.fake.waitFor(async () => (await tracker(channelId)).includes('43/48')); // at once, before any combat step
    const ended = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
    expect(embedText(answerOf(ended))).toMatch(/already hold/);
    expect((await runtime('真セイバー')).hp).toBe(43);
    await h.fake.waitFor(async () => (await tracker(channelId)).includes('43/48'));
  });
});

describe('the defender’s luck and seal before damage (issue 10 #3; seed 001 L215–217, L288)', () => {
  it('defense rolled → luck reroll → seal +10 on the defense → resolve uses the changed roll', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'defense' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '守・魔術師', '守セイバー');
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', '守セイバー'), opt('side', 'us')]) });
    // 20d6<=6: every die succeeds, an attack of exactly 20; a servant, so it can hurt a servant (L205).
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'Brute'), opt('side', 'them'), opt('hp', 30), opt('iv', 50), opt('pool', '20d6<=6'), opt('servant', true)]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', '守セイバー'), opt('weapon', 6)] });

    const defended = await h.fake.button({ customId: 'attack:defend:end', channelId, user: player });
    const defenseId = (await fightState(channelId)).pending!.defenseRollId!;
    expect(defenseId).toBeGreaterThan(0);
    expect(buttonIds(defended)).toContain('attack:resolve');
    expect((await runtime('守セイバー')).hp).toBe(48); // nothing settled yet

    // L215–216: the defender rerolls the failed dice of the defense (one luck use).
    const first = (await rollRow(defenseId)).value;
    expect(buttonIds(defended)).toContain(`luck:reroll:${defenseId}`);
    const rerolled = await h.fake.button({ customId: `luck:reroll:${defenseId}`, channelId, user: player });
    expect(rerolled.callback.type).toBe(7);
    expect(buttonIds(rerolled)).toContain('attack:resolve'); // the window stays open
    expect((await runtime('守セイバー')).luckUsedToday).toBe(1);
    expect((await rollRow(defenseId)).value).toBeGreaterThanOrEqual(first);
    const afterLuck = (await rollRow(defenseId)).value;

    // L288: seal +10 on the defense roll, approved by the GM.
    await sealApproved(channelId, player, [opt('effect', '+10'), opt('master', '守・魔術師'), opt('roll', defenseId)]);
    expect((await rollRow(defenseId)).value).toBe(afterLuck + 10);
    expect((await runtime('守・魔術師')).sealsRemaining).toBe(2);

    const resolved = await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    const text = embedText(answerOf(resolved));
    const defense = afterLuck + 10;
    const armor = Number(/armor (\d+)/.exec(text)![1]);
    expect(text).toContain(`Attack 20 vs defense ${defense}`);
    // L202–203: margin + weapon − armor on a hit; weapon − armor on a tie; 0 on a miss.
    const damage = 20 > defense ? Math.max(0, 20 - defense + 6 - armor) : 20 === defense ? Math.max(0, 6 - armor) : 0;
    expect((await runtime('守セイバー')).hp).toBe(48 - damage);
    expect((await fightState(channelId)).pending).toBeNull();
  });
});

describe('NPC pools, armor and negative achievements (issue 10 #6, #7, #9; seed 001 L38, L198, L202)', () => {
  it('a one-die pool counts successes, two tied one-die NPCs roll off visibly, armor: counts, a negative attack does not stall', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'npcs' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    const bad = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'Sum'), opt('side', 'x'), opt('hp', 5), opt('pool', '2d6')]) });
    expect(embedText(answerOf(bad))).toMatch(/not a success-counting pool/);
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'A'), opt('side', 'x'), opt('hp', 50), opt('iv', 5), opt('pool', '20d6<=6')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'B'), opt('side', 'y'), opt('hp', 50), opt('iv', 1), opt('pool', '1d6<=1'), opt('armor', 5)]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'C'), opt('side', 'y'), opt('hp', 50), opt('iv', 1), opt('pool', '1d6<=1')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'D'), opt('side', 'y'), opt('hp', 50), opt('iv', 0), opt('pool', '2d6<=1-5')]) });
    const next = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    // L198: the AGI+LUK roll-off of the IV tie is shown to the table.
    expect(embedText(answerOf(next))).toMatch(/IV tie, AGI\+LUK roll-off: (B|C) [01] · (B|C) [01]/);

    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', 'B'), opt('weapon', 0)] });
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    const resolved = await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    const [, d] = /Attack 20 vs defense (\d+) \(armor 5\)/.exec(embedText(answerOf(resolved)))!;
    expect(Number(d)).toBeLessThanOrEqual(1); // a success count, never the die's face (#6)
    expect((await fightState(channelId)).combatants.find((c) => c.name === 'B')!.hp).toBe(50 - (20 - Number(d) - 5)); // armor 5 (#7)

    // #9, L38: 2d6<=1 − 5 is at most −3; the attack counts as 0 and the fight goes on.
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'D'), opt('target', 'A'), opt('weapon', 0)] });
    expect((await fightState(channelId)).pending!.achievement).toBe(0);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    const settled = await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    expect(embedText(answerOf(settled))).toMatch(/Attack 0 vs defense 20/);
    expect((await fightState(channelId)).pending).toBeNull();
    expect((await fightState(channelId)).combatants.find((c) => c.name === 'A')!.hp).toBe(50);
  });
});

describe('a failed target check states the comparison that holds (issue 10 #10; seed 001 L39)', () => {
  it('achievement < target: failure', async () => {
    const { player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'compare' });
    await importPair(channelId, player, '比・魔術師', '比セイバー');
    const ex = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'str'), opt('target', 99), opt('character', '比セイバー')] });
    const text = embedText(answerOf(ex));
    expect(text).toMatch(/Achievement \*\*\d+\*\* < 99: \*\*Failure\*\*/);
    expect(text).not.toMatch(/≥ 99/);
  });
});

describe('all-nighter, forced sleep and death in a war (issue 10 #1, #2, #5; seed 001 L204, L244, L246–249)', () => {
  let channelId = '';
  const advance = () => h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') });
  const fate = async () => ((await row(h.store, 'factions', (f) => eq(f.name, 'Night'))).state as FactionState).fate!;

  it('setup: one faction, day 1', async () => {
    const { gm, player } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'night' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'N')]) });
    await importPair(channelId, player, '夜・魔術師', '夜セイバー');
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', '夜・魔術師'), opt('servant', '夜セイバー'), opt('faction', 'Night')]) });
    await advance(); // summoning → day 1 morning
    expect(await row(h.store, 'wars', (w) => eq(w.channelId, channelId))).toMatchObject({ day: 1, turn: 0 });
  });

  it('four awake turns: −1 on /attack and on the defense roll too ("あらゆる判定", L246–247)', async () => {
    const { gm, player } = h.fake.users;
    for (let i = 0; i < 4; i++) await advance();
    expect((await fate()).allNighter).toBe(1);
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', '夜・魔術師'), opt('side', 'us')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'G'), opt('side', 'them'), opt('hp', 60), opt('iv', 1), opt('pool', '6d6<=3')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    const attacked = await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('target', 'G'), opt('status', 'mag'), opt('magical', true)] });
    expect(embedText(answerOf(attacked))).toMatch(/All-nighter: −1/);
    const attackRoll = await rollRow((await fightState(channelId)).pending!.rollId);
    expect(attackRoll.normalized).toMatch(/-1$/);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });

    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'G'), opt('target', '夜・魔術師'), opt('ranged', true)] });
    const defended = await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
    expect(embedText(answerOf(defended))).toMatch(/All-nighter: −1/);
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toMatch(/-1$/);
    await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
  });

  it('forced sleep once the weakest status check (E: 2 dice) would be 0 (L247); a sleeping master makes no check (L249)', async () => {
    const { player } = h.fake.users;
    const ex = await advance(); // fifth awake turn: −2 reaches E's 2
    expect(embedText(answerOf(ex))).toMatch(/夜・魔術師 cannot stay awake any longer/);
    expect((await fate()).sleptThisTurn).toBe(true);
    const refused = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', '夜・魔術師')] });
    expect(ephemeral(refused)).toBe(true);
    expect(embedText(answerOf(refused))).toMatch(/asleep/);
    await advance(); // the forced sleep ends the all-nighter
    expect((await fate()).allNighter).toBe(0);
    const rolled = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', '夜・魔術師')] });
    expect(ephemeral(rolled)).toBe(false);
  });

  it('a master killed in a fight stays dead: no checks, no day-end recovery, the servant decays masterless (L204, L241, L244)', async () => {
    const { gm, player } = h.fake.users;
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', '夜・魔術師'), opt('side', 'us')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'K'), opt('side', 'them'), opt('hp', 10), opt('iv', 99), opt('pool', '20d6<=6'), opt('servant', true)]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', '夜・魔術師'), opt('weapon', 50), opt('intent', 'kill')] });
    await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
    expect(await runtime('夜・魔術師')).toMatchObject({ hp: 0, dead: true });
    await h.fake.waitFor(async () => (await tracker(channelId)).includes('dead'));
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
    expect((await runtime('夜・魔術師')).dead).toBe(true);

    const refused = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', '夜・魔術師')] });
    expect(embedText(answerOf(refused))).toMatch(/is dead and makes no checks/);
    const sheet = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('show', [opt('name', '夜・魔術師')]) });
    expect(embedText(answerOf(sheet))).toMatch(/dead/);

    const servantBefore = await runtime('夜セイバー');
    const reports: string[] = [];
    const war = await row(h.store, 'wars', (w) => eq(w.channelId, channelId));
    for (let turn = war.turn; turn < 4; turn++) reports.push(embedText(answerOf((await advance()))));
    const all = reports.join('\n');
    expect(all).not.toMatch(/夜・魔術師 recovers/);
    expect(await runtime('夜・魔術師')).toMatchObject({ hp: 0, dead: true });
    // The fixture servant is rank level 10 (L244): −10 HP and −10 MP per turn once masterless,
    // starting by itself (no /war set).
    const turns = 4 - war.turn;
    expect(turns).toBeGreaterThan(0);
    expect(all.match(/夜セイバー has no master: HP −10, MP −10/g)?.length).toBe(turns);
    expect(await runtime('夜セイバー')).toMatchObject({ hp: servantBefore.hp - 10 * turns, mp: servantBefore.mp - 10 * turns });
  });
});

describe('"+" and "−" marks from /check (issue 10; seed 001 L867–868, L897–909, L912)', () => {
  it('A+ with marks: rolls 20d6≤5 and costs 10 MP; B−− is 3d6≤4 unless paid off with 5 HP; EX adds +14 for 14 MP', async () => {
    const { player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'marks' });
    const sheet = fixture('saber.txt').replaceAll('セイバー', '印セイバー').replace('筋力A 耐久B 敏捷B 魔力C 幸運C', '筋力A 耐久B−− 敏捷A+ 魔力C 幸運EX');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'marks.txt', content: sheet }))]) });
    const start = await runtime('印セイバー');
    const check = async (options: { name: string; value: any }[]) => {
      const ex = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('character', '印セイバー'), ...options] });
      expect(ephemeral(ex)).toBe(false);
      return embedText(answerOf(ex));
    };
    // L912: marks never change HP/MP/IV.
    expect(await check([opt('status', 'agi')])).toMatch(/`10d6<=5`/);
    expect((await runtime('印セイバー')).mp).toBe(start.mp);
    // L898: A+ = A × 2 = 20 dice, threshold unchanged; L901: paid before the check, 10 points (MP chosen).
    const plus = await check([opt('status', 'agi'), opt('marks', true)]);
    expect(plus).toMatch(/`20d6<=5`/);
    expect(plus).toMatch(/Paid for the marks: 0 HP, 10 MP/);
    expect((await runtime('印セイバー')).mp).toBe(start.mp - 10);
    // L905: B−− = ceil(8 / 3) = 3 dice; L908: paying the 5 removed dice in HP avoids it.
    expect(await check([opt('status', 'end')])).toMatch(/`3d6<=4`/);
    const paidOff = await check([opt('status', 'end'), opt('no_minus', true), opt('pay', 'hp')]);
    expect(paidOff).toMatch(/`8d6<=4`/);
    expect((await runtime('印セイバー')).hp).toBe(start.hp - 5);
    // L867–868: EX is 14 automatic; its implicit "+" adds 14 more for 14 MP only.
    const ex = await check([opt('status', 'luk'), opt('marks', true)]);
    expect(ex).toMatch(/`14d6<=6\+14`/);
    expect(ex).toMatch(/\*\*28\*\*/);
    expect((await runtime('印セイバー')).mp).toBe(start.mp - 24);
  });
});

describe('friction: /seal as the servant, /mp spend paid from HP (issue 10; seed 001 L274, L289, L872)', () => {
  it('playing the servant, /seal finds its master; an MP shortfall says how much HP it took', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'friction' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '摩・魔術師', '摩セイバー');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('use', [opt('name', '摩セイバー')]) });
    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [opt('amount', 10)]) });
    const approved = await sealApproved(channelId, player, [opt('effect', 'hp')]);
    expect(approved.callback.type).toBe(7);
    expect((await runtime('摩・魔術師')).sealsRemaining).toBe(2);
    expect((await runtime('摩セイバー')).hp).toBe(48); // the servant played is the target (L289)

    // The master: MP 29, HP 11; spending 35 takes 29 from MP and 6 from HP.
    const spent = await h.fake.command({ name: 'mp', channelId, user: player, options: sub('spend', [opt('amount', 35), opt('allow_hp', true), opt('character', '摩・魔術師')]) });
    expect(embedText(answerOf(spent))).toMatch(/MP ran short: 29 from MP, 6 from HP/);
    expect(await runtime('摩・魔術師')).toMatchObject({ mp: 0, hp: 5 });
  });
});

describe('weapon and armor from the sheet, defense with skills, the MAG limit (issue 10; seed 001 L205, L208–213, L1006–1008)', () => {
  it('an NP attack takes the NP’s fixed value; 対物 armor stops physical damage only; /combat defend adds skill dice; MAG needs a magic skill', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'gear' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '装・魔術師', '装セイバー');
    // The master wears ordinary 対物 armor (L1006): physical damage only.
    const armored = fixture('master.txt').replaceAll('例・魔術師', '鎧・魔術師').replace('【誕生日', '【装備・アイテム】\n『鎖帷子』\n装備ポイント:3 種類区分:防具(対物) 効果:ダメージ減少3\n\n【誕生日');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'armored.txt', content: armored }))]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', '装セイバー'), opt('side', 'us')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', '鎧・魔術師'), opt('side', 'us')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'Mage'), opt('side', 'them'), opt('hp', 40), opt('iv', 1), opt('pool', '20d6<=6')]) });
    // A weak one for the master, so that she stands through both hits (at most 2 successes).
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'Imp'), opt('side', 'them'), opt('hp', 5), opt('iv', 0), opt('pool', '2d6<=1')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });

    // L212–213: Saber has no magic skill (魔力放出 is not magecraft).
    const mag = await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('attacker', '装セイバー'), opt('target', 'Mage'), opt('status', 'mag')] });
    expect(ephemeral(mag)).toBe(true);
    expect(embedText(answerOf(mag))).toMatch(/has no magic skill/);
    // The NP's 固定値 攻撃力+10 without typing weapon:.
    const np = await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('attacker', '装セイバー'), opt('target', 'Mage'), opt('status', 'np')] });
    expect(embedText(answerOf(np))).toMatch(/Weapon 10 from the sheet \(\(例\)約束の剣\)/);
    expect((await fightState(channelId)).pending!.weapon).toBe(10);
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });

    // A magic attack on Saber: the defense adds 対魔力's dice (4d6≤4) to END (8d6≤4); heroic armor counts (L1110).
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Mage'), opt('target', '装セイバー'), opt('magical', true), opt('ranged', true)] });
    const defended = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('defend', [opt('status', 'end'), opt('skills', '対魔力')]) });
    expect(embedText(answerOf(defended))).toMatch(/`8d6<=4\+4d6<=4`/);
    expect(embedText(answerOf((await h.fake.command({ name: 'combat', channelId, user: player, options: sub('resolve') }))))).toMatch(/\(armor 4\)/);
    // The armored master: a magic attack ignores 対物 armor, a physical one meets it.
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Imp'), opt('target', '鎧・魔術師'), opt('magical', true), opt('ranged', true)] });
    await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
    expect(embedText(answerOf((await h.fake.button({ customId: 'attack:resolve', channelId, user: player }))))).toMatch(/\(armor 0\)/);
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Imp'), opt('target', '鎧・魔術師'), opt('ranged', true)] });
    const physical = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('defend', [opt('status', 'agi')]) });
    expect(ephemeral(physical)).toBe(false);
    expect(embedText(answerOf((await h.fake.command({ name: 'combat', channelId, user: player, options: sub('resolve') }))))).toMatch(/\(armor 3\)/);
  });
});

describe('a faction of two players (issue 10 #8; seed 001 L49)', () => {
  it('the master’s player joins with another player’s servant; both are members; a stranger is refused, the GM is not', async () => {
    const { gm, player, player2, moderator } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'pair' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'P')]) });
    const servant = fixture('saber.txt').replaceAll('セイバー', '組セイバー');
    const master = fixture('master.txt').replaceAll('例・魔術師', '組・魔術師').replace('【サーヴァント】セイバー', '【サーヴァント】組セイバー');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'm.txt', content: master }))]) });
    await h.fake.command({ name: 'sheet', channelId, user: player2, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 's.txt', content: servant }))]) });
    const stranger = await h.fake.command({ name: 'war', channelId, user: moderator, options: sub('join', [opt('master', '組・魔術師'), opt('servant', '組セイバー')]) });
    expect(ephemeral(stranger)).toBe(true);
    const joined = await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', '組・魔術師'), opt('servant', '組セイバー'), opt('faction', 'Pair')]) });
    expect(ephemeral(joined)).toBe(false);
    const faction = await row(h.store, 'factions', (f) => eq(f.name, 'Pair'));
    expect([...(faction.members as string[])].sort()).toEqual([player.id, player2.id].sort());

    // The GM may join a pair for the players (the refusal said so).
    const other = fixture('saber.txt').replaceAll('セイバー', '組ランサー');
    const otherMaster = fixture('master.txt').replaceAll('例・魔術師', '組・神父').replace('【サーヴァント】セイバー', '【サーヴァント】組ランサー');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'm2.txt', content: otherMaster }))]) });
    await h.fake.command({ name: 'sheet', channelId, user: player2, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 's2.txt', content: other }))]) });
    const byGm = await h.fake.command({ name: 'war', channelId, user: gm, options: sub('join', [opt('master', '組・神父'), opt('servant', '組ランサー'), opt('faction', 'ByGm')]) });
    expect(ephemeral(byGm)).toBe(false);
    expect([...((await row(h.store, 'factions', (f) => eq(f.name, 'ByGm'))).members as string[])].sort()).toEqual([player.id, player2.id].sort());
  });
});

describe('a +5/+5 seal split kept for a later check of the same battle (issue 10; seed 001 L288)', () => {
  it('one +5 now, the other on a later check in the fight; gone once the fight ends', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'split' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '分・魔術師', '分セイバー');
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    const checkId = async () => (await row(h.store, 'rolls', (r) => eq(r.channelId, channelId), 'newest')).id;
    await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', '分・魔術師')] });
    const first = await checkId();
    const firstValue = (await rollRow(first)).value;
    await sealApproved(channelId, player, [opt('effect', '+5/+5'), opt('master', '分・魔術師'), opt('roll', first)]);
    expect((await rollRow(first)).value).toBe(firstValue + 5);
    expect(await runtime('分・魔術師')).toMatchObject({ sealsRemaining: 2, sealBank: { amount: 5 } });
    const shown = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('show', [opt('name', '分・魔術師')]) });
    expect(embedText(answerOf(shown))).toMatch(/seal \+5 kept for this battle/);

    await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'str'), opt('character', '分セイバー')] });
    const second = await checkId();
    const secondValue = (await rollRow(second)).value;
    const used = await h.fake.command({ name: 'seal', channelId, user: player, options: [opt('effect', 'rest'), opt('master', '分・魔術師'), opt('roll', second)] });
    expect(embedText(answerOf(used))).toMatch(/kept Command Seal \+5/);
    expect((await rollRow(second)).value).toBe(secondValue + 5);
    expect((await runtime('分・魔術師')).sealBank).toBeUndefined();
    expect((await runtime('分・魔術師')).sealsRemaining).toBe(2);

    // A bank outlives its battle only as a refusal.
    await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', '分・魔術師')] });
    await sealApproved(channelId, player, [opt('effect', '+5/+5'), opt('master', '分・魔術師'), opt('roll', await checkId())]);
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
    const late = await h.fake.command({ name: 'seal', channelId, user: player, options: [opt('effect', 'rest'), opt('master', '分・魔術師')] });
    expect(ephemeral(late)).toBe(true);
    expect(embedText(answerOf(late))).toMatch(/no kept \+5/);
  });
});

describe('wealth points (issue 10; seed 001 L959–961)', () => {
  it('a master spends 3 of 社会D × 2 = 4; each day end gives one back, shown on the sheet', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'wealth' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'W')]) });
    await importPair(channelId, player, '財・魔術師', '財セイバー');
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', '財・魔術師'), opt('servant', '財セイバー'), opt('faction', 'Rich')]) });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    const spent = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('wealth', [opt('amount', 3), opt('name', '財・魔術師')]), until: (e) => e.followUps.length > 0 });
    // The spend is public; the points left are the player's (an ephemeral aside, seed 001 L50).
    expect(embedText(answerOf(spent))).not.toMatch(/wealth 1\/4/);
    expect(embedText(spent.followUps[0])).toMatch(/wealth 1\/4/);
    const tooMuch = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('wealth', [opt('amount', 2), opt('name', '財・魔術師')]) });
    expect(ephemeral(tooMuch)).toBe(true);
    const reports: string[] = [];
    for (let i = 0; i < 4; i++) reports.push(embedText(answerOf((await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') })))));
    expect(reports.slice(0, 3).join('\n')).not.toMatch(/wealth point back/);
    expect(reports[3]).toMatch(/財・魔術師 gets a wealth point back at the day end → 2\/4/);
    expect((await runtime('財・魔術師')).wealthSpent).toBe(2);
    const shown = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('show', [opt('name', '財・魔術師')]), until: (e) => e.followUps.length > 0 });
    // During a war the pools are the faction's (seed 001 L50): the owner reads them in an ephemeral aside.
    expect(embedText(answerOf(shown))).not.toMatch(/wealth 2\/4/);
    expect(embedText(shown.followUps[0])).toMatch(/wealth 2\/4/);
  });
});

describe('escape from a fight (issue 10; seed 001 L520–524)', () => {
  it('opposed: every character rolls AGI and the best decides; a rearguard lets the rest go without a roll', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'escape' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '逃・魔術師', '逃セイバー');
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', '逃セイバー'), opt('side', 'us')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'Slow'), opt('side', 'them'), opt('hp', 10), opt('iv', 1), opt('pool', '1d6<=1')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'Other'), opt('side', 'third'), opt('hp', 10), opt('iv', 1), opt('pool', '2d6<=3')]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    const notGm = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('escape', [opt('side', 'us')]) });
    expect(ephemeral(notGm)).toBe(true);

    const ex = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('escape', [opt('side', 'us')]) });
    const text = embedText(answerOf(ex));
    expect(ephemeral(ex)).toBe(false);
    const rounds = [...text.matchAll(/AGI roll-off: escaping ([\d, ]+) vs pursuing ([\d, ]+)/g)];
    expect(rounds.length).toBeGreaterThan(0);
    const last = rounds.at(-1)!;
    const best = Math.max(...last[1]!.split(', ').map(Number));
    const chase = Math.max(...last[2]!.split(', ').map(Number));
    expect(best).not.toBe(chase); // ties are rerolled (L523)
    const saber = (await fightState(channelId)).combatants.find((c) => c.name === '逃セイバー')!;
    expect(saber.escaped).toBe(best > chase);
    expect(text).toMatch(best > chase ? /Escaped/ : /Caught/);

    // L524: a rearguard — the third side leaves for certain, no roll.
    const held = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('escape', [opt('side', 'third'), opt('rearguard', true)]) });
    expect(embedText(answerOf(held))).toMatch(/rearguard holds the enemy/);
    expect((await fightState(channelId)).combatants.find((c) => c.name === 'Other')!.escaped).toBe(true);
    await h.fake.waitFor(async () => (await tracker(channelId)).includes('escaped'));
  });
});

describe('the IV-tie winner may yield first place (issue 10; seed 001 L198)', () => {
  it('/combat yield swaps the current actor with the next one of the same IV; refused otherwise', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'yield' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    for (const [who, iv] of [['X', 7], ['Y', 7], ['Z', 3]] as const) {
      await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', who), opt('side', who === 'Z' ? 'b' : 'a'), opt('hp', 10), opt('iv', iv), opt('pool', '4d6<=3')]) });
    }
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    const names = async () => {
      const s = await fightState(channelId);
      return s.order.map((k) => s.combatants.find((c) => c.key === k)!.name);
    };
    const [winner, loser] = await names();
    expect([winner, loser].sort()).toEqual(['X', 'Y']);
    const yielded = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('yield') });
    expect(embedText(answerOf(yielded))).toMatch(/First place yielded/);
    expect(await names()).toEqual([loser, winner, 'Z']);
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    const refused = await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('yield') });
    expect(ephemeral(refused)).toBe(true); // Z has no one of IV 3 after it
  });
});
