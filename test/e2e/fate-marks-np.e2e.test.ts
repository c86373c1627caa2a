// Marks and Noble Phantasms in a Fate/roll dice fight (issue 20), through the real discord.js client,
// in session order: the "+"/EX/"−" choices /check offers are offered by /attack and /combat defend at
// the same prices (seed 001 L867–869, L897–909); an NP attack adds its dice-plus and pays its MP on the
// character, which /sheet show and the tracker then show (L1064, L1087–1093, L872); the first attack
// roll has a luck button (L215–217); cover's −N, a negative attack and a one-die NPC pool print right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedDiceCount } from '../../src/core/dice/index.js';
import { storedResult } from '../../src/services/rolls.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { buttonIds, ephemeral, fateDriver, fixture, opt, sub, SERVANT_STATUSES } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fightState, tracker, gmCombat } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('fate-marks-np');
});
afterAll(async () => {
  await h?.close();
});

const NAME = '印セイバー';

describe('marks and Noble Phantasms in a fight (issue 20; seed 001 L867–869, L897–909, L1064, L1087–1093)', () => {
  const channelId = () => channel;
  let channel = '';
  let start: { hp: number; mp: number };
  const as = (who: 'gm' | 'player', name: string, options: object[], locale?: string) =>
    h.fake.command({ name, channelId: channelId(), user: h.fake.users[who], options: options as any, ...(locale ? { locale } : {}) });
  const pendingAttack = async () => (await fightState(channelId())).pending!;
  const settle = async (defender: 'gm' | 'player' = 'gm') => {
    await h.fake.button({ customId: 'attack:defend:end', channelId: channelId(), user: h.fake.users[defender] });
    await h.fake.button({ customId: 'attack:resolve', channelId: channelId(), user: h.fake.users[defender] });
  };

  it('setup: a servant with 筋力EX, 耐久B−, 敏捷A+ and an A 対城 NP (MP消費:15) against NPCs', async () => {
    channel = h.fake.createTextChannel({ name: 'marks-np' });
    await as('gm', 'gm', sub('claim'));
    const sheet = fixture('saber.txt').replaceAll('セイバー', NAME).replace(SERVANT_STATUSES, '筋力EX 耐久B− 敏捷A+ 魔力C 幸運C 宝具A');
    await as('player', 'sheet', sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'marks.txt', content: sheet }))]));
    start = { hp: (await runtime(NAME)).hp, mp: (await runtime(NAME)).mp };
    // L871: MP = (魔力C 3 × 3 + 幸運C 3) × 2 + RL 10 = 34; marks do not change it (L912).
    expect(start.mp).toBe(34);
    await gmCombat(channelId(), 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId(), 'add', [opt('who', NAME), opt('side', 'us')]);
    await gmCombat(channelId(), 'add', [opt('who', 'Ally'), opt('side', 'us'), opt('hp', 30), opt('iv', 0), opt('pool', '2d6<=1')]);
    await gmCombat(channelId(), 'add', [opt('who', 'Ghoul'), opt('side', 'them'), opt('hp', 300), opt('iv', 1), opt('pool', '10d6<=6')]);
    await gmCombat(channelId(), 'add', [opt('who', 'Imp'), opt('side', 'them'), opt('hp', 30), opt('iv', 0), opt('pool', '1d6<=1')]);
    await gmCombat(channelId(), 'add', [opt('who', 'Wisp'), opt('side', 'them'), opt('hp', 30), opt('iv', 0), opt('pool', '2d6<=1-5')]);
    const next = await gmCombat(channelId(), 'next');
    expect(embedText(answerOf(next))).toContain(NAME);
  });

  it('L897–902: /attack marks:true rolls A+ as 20d6≤5 for 10 MP; the attack roll offers luck, and the reroll keeps the defenses (L215–217)', async () => {
    const attack = await as('player', 'attack', [opt('target', 'Ghoul'), opt('status', 'agi'), opt('ranged', true), opt('marks', true)]);
    expect(ephemeral(attack)).toBe(false);
    const text = embedText(answerOf(attack));
    expect(text).toMatch(/`20d6<=5`/);
    expect(text).toMatch(/Paid for the marks: 0 HP, 10 MP/);
    expect((await runtime(NAME)).mp).toBe(start.mp - 10);
    // The player's own MP reaches the player alone, beside the public roll.
    await h.fake.waitFor(() => attack.followUps.length > 0);
    expect(ephemeral({ callback: { data: attack.followUps[0] } } as any)).toBe(true);
    expect(embedText(attack.followUps[0])).toMatch(/MP 24\/34/);
    // The tracker shows the price at once, from the character row (before any defense).
    await h.fake.waitFor(async () => /MP \S+ 24\/34/.test(await tracker(channelId())));
    const rollId = (await pendingAttack()).rollId;
    // This seed's 20 dice have failures, so the luck button is there (it is offered only then).
    expect(failedDiceCount(storedResult(await rollRow(rollId)))).toBeGreaterThan(0);
    expect(buttonIds(attack)).toEqual([`luck:reroll:${rollId}`, 'attack:defend:end', 'attack:defend:agi', 'attack:defend:mag']);
    const rerolled = await h.fake.button({ customId: `luck:reroll:${rollId}`, channelId: channelId(), user: h.fake.users.player });
    expect(rerolled.callback.type).toBe(7);
    expect(buttonIds(rerolled)).toEqual(expect.arrayContaining(['attack:defend:end', 'attack:defend:agi', 'attack:defend:mag']));
    expect((await runtime(NAME)).luckUsedToday).toBe(1);
    await settle();
  });

  it('L904–909: /combat defend rolls 耐久B− as 4 dice with a note; no_minus + pay:hp rolls 8 dice for 4 HP', async () => {
    await as('gm', 'attack', [opt('attacker', 'Ghoul'), opt('target', NAME)]);
    const minus = await as('player', 'combat', sub('defend', [opt('status', 'end')]));
    expect(embedText(answerOf(minus))).toMatch(/`4d6<=4`/);
    expect(embedText(answerOf(minus))).toMatch(/Endurance "−"×1: 4 fewer dice/); // the status in the reader's language (issue 31)
    await h.fake.button({ customId: 'attack:resolve', channelId: channelId(), user: h.fake.users.player });

    // A one-die NPC pool is a success count, not "Roll 3 > 1: Failure".
    const imp = await as('gm', 'attack', [opt('attacker', 'Imp'), opt('target', NAME)]);
    expect((await rollRow((await pendingAttack()).rollId)).normalized).toBe('1d6<=1+0');
    expect(embedText(answerOf(imp))).not.toMatch(/Failure|Success/);
    const hp = (await runtime(NAME)).hp;
    const paid = await as('player', 'combat', sub('defend', [opt('status', 'end'), opt('no_minus', true), opt('pay', 'hp')]));
    expect(embedText(answerOf(paid))).toMatch(/`8d6<=4`/);
    expect(embedText(answerOf(paid))).toMatch(/Paid for the marks: 4 HP, 0 MP/);
    expect((await runtime(NAME)).hp).toBe(hp - 4);
    await h.fake.button({ customId: 'attack:resolve', channelId: channelId(), user: h.fake.users.player });
    // Marks on an ad-hoc NPC's roll: it has no sheet, refused in words, and nothing is pending.
    const gmNpcMarks = await as('gm', 'attack', [opt('attacker', 'Imp'), opt('target', NAME), opt('marks', true)]);
    expect(ephemeral(gmNpcMarks)).toBe(true);
    expect(embedText(answerOf(gmNpcMarks))).toMatch(/Imp has no sheet, so no "\+" or "−" marks/);
    expect((await fightState(channelId())).pending).toBeNull();
  });

  it('digest §1.7 / L38: a negative attack says it counts as 0', async () => {
    const wisp = await as('gm', 'attack', [opt('attacker', 'Wisp'), opt('target', NAME)]);
    expect(embedText(answerOf(wisp))).toMatch(/counts as 0/);
    await settle('player');
  });

  it('L867–868: EX takes +14 for 14 MP on /attack; an all-success roll offers no luck', async () => {
    const ex = await as('player', 'attack', [opt('target', 'Ghoul'), opt('marks', true)]);
    expect(embedText(answerOf(ex))).toMatch(/`14d6<=6\+14`/);
    expect(embedText(answerOf(ex))).toMatch(/\*\*28\*\*/);
    expect(buttonIds(ex).some((id) => id.startsWith('luck:'))).toBe(false);
    expect((await runtime(NAME)).mp).toBe(start.mp - 24);
    await settle();
  });

  it('L474: the cover roll prints its −1 in the sum, and that sum is the cover at resolve', async () => {
    await as('gm', 'attack', [opt('attacker', 'Ghoul'), opt('target', 'Ally')]);
    await h.fake.button({ customId: 'attack:defend:end', channelId: channelId(), user: h.fake.users.gm });
    // 敏捷A (5) − 筋力EX (6): ceil(1/2) = 1.
    const cover = await as('player', 'combat', sub('cover', [opt('who', NAME), opt('status', 'agi')]));
    expect(embedText(answerOf(cover))).toMatch(/= −1 on this roll/);
    const coverRoll = await rollRow((await pendingAttack()).cover!.rollId);
    expect(coverRoll.normalized).toMatch(/^10d6<=5-1$/);
    expect((await pendingAttack()).cover!.penalty).toBe(0);
    const resolved = await gmCombat(channelId(), 'resolve');
    expect(embedText(answerOf(resolved))).toContain(`cover (${Math.max(0, storedResult(coverRoll).value)})`);
  });

  it('L1064, L1089, L872: an NP attack short of MP is refused (en, ja); with allow_hp it adds 20d6≤5 and 攻撃力 10 and pays 10 MP + 5 HP', async () => {
    expect((await runtime(NAME)).mp).toBe(10);
    const short = await as('player', 'attack', [opt('target', 'Ghoul'), opt('np', '約束の剣')]);
    expect(ephemeral(short)).toBe(true);
    expect(embedText(answerOf(short))).toMatch(/needs 15 MP for \(例\)約束の剣 but has 10 MP/);
    const shortJa = await as('player', 'attack', [opt('target', 'Ghoul'), opt('np', '約束の剣')], 'ja');
    expect(embedText(answerOf(shortJa))).toMatch(/MP15点が必要ですが、MPは10点/);
    expect((await fightState(channelId())).pending).toBeNull();
    expect((await runtime(NAME)).mp).toBe(10);
    const unknown = await as('player', 'attack', [opt('target', 'Ghoul'), opt('np', 'エクスカリバー')]);
    expect(embedText(answerOf(unknown))).toMatch(/no Noble Phantasm "エクスカリバー".*約束の剣/);

    const hp = (await runtime(NAME)).hp;
    const np = await as('player', 'attack', [opt('target', 'Ghoul'), opt('np', '約束の剣'), opt('allow_hp', true)]);
    const text = embedText(answerOf(np));
    // STR (EX, 14 automatic) + the NP's 単体攻撃時 20d6≤5 (対城 against one, L1089).
    expect(text).toMatch(/`14d6<=6\+20d6<=5`/);
    expect(text).toMatch(/uses \(例\)約束の剣: dice-plus 20d6≤5, attack value 10; 15 MP paid \(the sheet’s MP消費, ×1.5 for its target class already in it\)\. \(10 from MP, 5 from HP\)/);
    expect((await pendingAttack()).weapon).toBe(10);
    expect(await runtime(NAME)).toMatchObject({ mp: 0, hp: hp - 5 });
    await settle();
  });

  it('one source of truth: /sheet show and the tracker show the MP the NP took, /combat undo gives it back; status:np asks for the same NP', async () => {
    const shown = await as('player', 'sheet', sub('show', [opt('name', NAME)]));
    expect(embedText(answerOf(shown))).toMatch(/0\/34/);
    await h.fake.waitFor(async () => /MP \S+ 0\/34/.test(await tracker(channelId())));
    // /combat undo takes back the resolve, the defense, then the NP attack with its price.
    for (let i = 0; i < 3; i++) await gmCombat(channelId(), 'undo');
    expect((await runtime(NAME)).mp).toBe(10);
    expect((await fightState(channelId())).pending).toBeNull();
    // status:np is the sheet's only NP: the same 15 MP, refused with the 10 MP left.
    const again = await as('player', 'attack', [opt('target', 'Ghoul'), opt('status', 'np')]);
    expect(ephemeral(again)).toBe(true);
    expect(embedText(answerOf(again))).toMatch(/needs 15 MP for \(例\)約束の剣 but has 10 MP/);
  });
});
