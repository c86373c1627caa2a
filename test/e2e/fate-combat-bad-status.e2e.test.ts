// Bad statuses in a Fate/roll dice fight (issue 10; seed 001 L424–437): inflicted by the GM, shown on
// the tracker in the reader's language, ticked and resisted by /combat next, through the real client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, fixture, opt, sub } from './fate-driver.js';

let h: Harness;
const { runtime, rollRow, fightState, combatant, tracker } = fateDriver(() => h);

async function gm(channelId: string, name: string, options: { name: string; value: any }[] = [], locale?: string) {
  return await h.fake.command({ name: 'combat', channelId, user: h.fake.users.gm, options: sub(name, options), ...(locale ? { locale } : {}) });
}

beforeAll(async () => {
  h = await startHarness('fate-combat-bad-status');
});
afterAll(async () => {
  await h?.close();
});

describe('continuous damage (seed 001 L427, L432–435)', () => {
  let channelId = '';
  it('from a hit: the first tick at once, on the sheet; then the END resistance; the tracker names it in Japanese', async () => {
    const { player } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'poison' });
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
    // A Japanese table (issue 18): the GM sets the channel's language; the tracker and public replies follow.
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('language', [opt('language', 'ja')]) });
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 's.txt', content: fixture('saber.txt').replaceAll('セイバー', '毒セイバー') }))]) });
    await gm(channelId, 'start', [opt('ruleset', 'fate')]);
    await gm(channelId, 'add', [opt('who', '毒セイバー'), opt('side', 'us')]);
    await gm(channelId, 'add', [opt('who', 'Viper'), opt('side', 'them'), opt('hp', 50), opt('iv', 1), opt('pool', '20d6<=6'), opt('servant', true)]);
    await gm(channelId, 'next');
    // Lv20 poison: END B (8 dice) can never reach 20, so each resistance fails and each tick lands.
    const given = await gm(channelId, 'inflict', [opt('fighter', '毒セイバー'), opt('kind', 'continuous'), opt('strength', 20), opt('source', '毒'), opt('nature', 'physical')], 'ja');
    const text = embedText(answerOf(given));
    expect(text).toMatch(/毒：HPに継続ダメージ20点/);
    expect(text).toMatch(/毒セイバーは毒への抵抗に失敗（耐久 `8d6<=4` → \d、強度Lv20）/);
    expect((await runtime('毒セイバー')).hp).toBe(28); // the sheet is the truth (48 − 20)
    // /combat undo takes back the BS and its tick on the sheet together; the GM inflicts it again.
    await gm(channelId, 'undo');
    expect((await runtime('毒セイバー')).hp).toBe(48);
    expect((await fightState(channelId)).combatants[0]!.bs ?? []).toEqual([]);
    await gm(channelId, 'inflict', [opt('fighter', '毒セイバー'), opt('kind', 'continuous'), opt('strength', 20), opt('source', '毒'), opt('nature', 'physical')], 'ja');
    expect((await runtime('毒セイバー')).hp).toBe(28);
    const shown = await tracker(channelId);
    expect(shown).toMatch(/⚠ 1\. 毒 \(継続ダメージ Lv20 · HP · 物理的\)/);
    expect(shown).toMatch(/28\/48/);

    // "以後次以降のターン発生時に" (L427): the next round resists first (L433), fails, then ticks.
    await gm(channelId, 'next');
    const round2 = await gm(channelId, 'next');
    expect((await fightState(channelId)).round).toBe(2);
    expect(ephemeral(round2)).toBe(false); // the table sees the roll and the damage, in the table's language
    expect(embedText(answerOf(round2))).toMatch(/毒セイバーは毒への抵抗に失敗（耐久 `8d6<=4` → \d、強度Lv20）/);
    expect((await runtime('毒セイバー')).hp).toBe(8);
    // The GM gives the channel back to the server's language (English): the table reads English again.
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('language', [opt('language', 'server')]) });
    // Round 3 takes the last 8: HP 0, incapacitated (never below 0).
    await gm(channelId, 'next');
    const round3 = await gm(channelId, 'next');
    expect(embedText(answerOf(round3))).toMatch(/毒セイバー is down \(HP 0\)/);
    expect(await runtime('毒セイバー')).toMatchObject({ hp: 0, incapacitated: true });
  });

  it('not from an attack: the resistance comes first, and a success keeps it off (L432); a hit resisted ends after its first tick', async () => {
    await gm(channelId, 'add', [opt('who', 'Tough'), opt('side', 'us'), opt('hp', 30), opt('iv', 0), opt('pool', '10d6<=6')]);
    const gas = await gm(channelId, 'inflict', [opt('fighter', 'Tough'), opt('kind', 'continuous'), opt('strength', 5), opt('source', 'Gas'), opt('by_attack', false)]);
    expect(embedText(answerOf(gas))).toMatch(/Tough resists Gas \(Endurance `10d6<=6` → 10 vs Lv5\): it ends/);
    expect((await combatant(channelId, 'Tough')).hp).toBe(30);
    expect((await combatant(channelId, 'Tough')).bs ?? []).toEqual([]);
    const hit = await gm(channelId, 'inflict', [opt('fighter', 'Tough'), opt('kind', 'continuous'), opt('strength', 4), opt('source', 'Curse'), opt('nature', 'magical'), opt('target', 'mp')]);
    expect(embedText(answerOf(hit))).toMatch(/Curse: 4 continuous damage to MP/);
    expect(embedText(answerOf(hit))).toMatch(/Tough resists Curse \(Magic/);
    expect((await combatant(channelId, 'Tough')).bs ?? []).toEqual([]);
    // L432 says "上回った": with must_exceed an equal achievement is not enough.
    await gm(channelId, 'add', [opt('who', 'Even'), opt('side', 'us'), opt('hp', 30), opt('iv', 0), opt('pool', '3d6<=6')]);
    const even = await gm(channelId, 'inflict', [opt('fighter', 'Even'), opt('kind', 'continuous'), opt('strength', 3), opt('source', 'Acid'), opt('by_attack', false)]);
    expect(embedText(answerOf(even))).toMatch(/Even resists Acid/); // 3 vs Lv3: the example L435
    const strict = await gm(channelId, 'inflict', [opt('fighter', 'Even'), opt('kind', 'continuous'), opt('strength', 3), opt('source', 'Acid'), opt('by_attack', false), opt('must_exceed', true)]);
    expect(embedText(answerOf(strict))).toMatch(/Even fails to resist Acid/);
    expect((await combatant(channelId, 'Even')).hp).toBe(27);
  });

  it('the same BS twice stands apart; with 重複時合計 it sums (L435); a mental continuous damage is refused (L431)', async () => {
    await gm(channelId, 'add', [opt('who', 'Sponge'), opt('side', 'us'), opt('hp', 99), opt('iv', 0), opt('pool', '1d6<=1-5')]);
    for (let i = 0; i < 2; i++) await gm(channelId, 'inflict', [opt('fighter', 'Sponge'), opt('kind', 'continuous'), opt('strength', 3), opt('source', 'Venom')]);
    for (let i = 0; i < 2; i++) await gm(channelId, 'inflict', [opt('fighter', 'Sponge'), opt('kind', 'continuous'), opt('strength', 3), opt('source', 'Hex'), opt('nature', 'magical'), opt('sum', true)]);
    const list = (await combatant(channelId, 'Sponge')).bs!;
    expect(list.map((b) => `${b.source}${b.strength}`)).toEqual(['Venom3', 'Venom3', 'Hex6']);
    expect((await combatant(channelId, 'Sponge')).hp).toBe(99 - 12);
    expect(await tracker(channelId)).toMatch(/3\. Hex \(continuous damage Lv6 · HP · magical\)/);
    const mental = await gm(channelId, 'inflict', [opt('fighter', 'Sponge'), opt('kind', 'continuous'), opt('strength', 1), opt('source', 'Fear'), opt('nature', 'mental')]);
    expect(ephemeral(mental)).toBe(true);
    // The GM ends one (a situation over, L434) or all of them.
    await gm(channelId, 'cure', [opt('fighter', 'Sponge'), opt('number', 3)]);
    expect((await combatant(channelId, 'Sponge')).bs!.map((b) => b.source)).toEqual(['Venom', 'Venom']);
    await gm(channelId, 'cure', [opt('fighter', 'Sponge')]);
    expect((await combatant(channelId, 'Sponge')).bs).toEqual([]);
    const none = await gm(channelId, 'cure', [opt('fighter', 'Sponge'), opt('number', 1)]);
    expect(ephemeral(none)).toBe(true);
    // Players cannot inflict.
    const byPlayer = await h.fake.command({ name: 'combat', channelId, user: h.fake.users.player, options: sub('inflict', [opt('fighter', 'Sponge'), opt('kind', 'other'), opt('strength', 1), opt('source', 'x')]) });
    expect(ephemeral(byPlayer)).toBe(true);
  });
});

describe('action impediment (seed 001 L430–433)', () => {
  it('lowers the checks it names; resisted on the bearer’s turn; a failure uses the turn; a situation no roll beats stays', async () => {
    const { gm: gmUser } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'bind' });
    await h.fake.command({ name: 'gm', channelId, user: gmUser, options: sub('claim') });
    await gm(channelId, 'start', [opt('ruleset', 'fate')]);
    await gm(channelId, 'add', [opt('who', 'Hunter'), opt('side', 'them'), opt('hp', 50), opt('iv', 9), opt('pool', '20d6<=6')]);
    await gm(channelId, 'add', [opt('who', 'Bound'), opt('side', 'us'), opt('hp', 50), opt('iv', 5), opt('pool', '4d6<=3')]);
    await gm(channelId, 'add', [opt('who', 'Free'), opt('side', 'us'), opt('hp', 50), opt('iv', 1), opt('pool', '20d6<=6')]);
    await gm(channelId, 'next'); // Hunter
    const bind = await gm(channelId, 'inflict', [opt('fighter', 'Bound'), opt('kind', 'impediment'), opt('strength', 30), opt('source', 'Net'), opt('checks', 'body')]);
    expect(embedText(answerOf(bind))).toMatch(/Net: −30 on Strength, Endurance and Agility checks/);
    expect(await tracker(channelId)).toMatch(/1\. Net \(action impediment Lv30 · STR\/END\/AGI checks · physical\)/);
    // L430: a defense (END) of Bound is lowered by 30 (clamped at 0).
    await h.fake.command({ name: 'attack', channelId, user: gmUser, options: [opt('target', 'Bound'), opt('weapon', 0)] });
    const defended = await h.fake.button({ customId: 'attack:defend:end', channelId, user: gmUser });
    expect(embedText(answerOf(defended))).toMatch(/Impediment: −30/);
    expect((await rollRow((await fightState(channelId)).pending!.defenseRollId!)).normalized).toBe('4d6<=3-30');
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gmUser });
    expect((await combatant(channelId, 'Bound')).hp).toBe(30);
    // L433: Bound's turn: the resistance (4 dice vs Lv30) fails, the action is used, Free acts.
    const next = await gm(channelId, 'next');
    expect(embedText(answerOf(next))).toMatch(/Bound fails to resist Net/);
    expect(embedText(answerOf(next))).toMatch(/Bound loses this turn to the impediment/);
    expect(embedText(answerOf(next))).toMatch(/Round 1: \*\*Free\*\* acts/);
    const s = await fightState(channelId);
    expect(s.order[s.turn]).toBe(s.combatants.find((c) => c.name === 'Free')!.key);

    // A weak impediment is shaken off on the bearer's turn: it acts.
    await gm(channelId, 'cure', [opt('fighter', 'Bound')]);
    await gm(channelId, 'inflict', [opt('fighter', 'Free'), opt('kind', 'impediment'), opt('strength', 2), opt('source', 'Mud'), opt('checks', 'magic'), opt('by_attack', false), opt('resistible', false)]);
    expect((await combatant(channelId, 'Free')).bs!.map((b) => b.source)).toEqual(['Mud']);
    await gm(channelId, 'inflict', [opt('fighter', 'Free'), opt('kind', 'impediment'), opt('strength', 1), opt('source', 'Vines'), opt('nature', 'magical'), opt('checks', 'magic')]);
    // Vines (Lv1, magical) fell at once to the MAG resistance after its hit (20 successes − 3 impeded).
    expect((await combatant(channelId, 'Free')).bs!.map((b) => b.source)).toEqual(['Mud']);
    await gm(channelId, 'next'); // round 2: Hunter
    await gm(channelId, 'next'); // Bound, free again
    const freeTurn = await gm(channelId, 'next');
    // Mud is a situation no roll overcomes (L434): no roll, Free acts, Mud stays.
    expect(embedText(answerOf(freeTurn))).not.toMatch(/loses this turn|resist/);
    const st = await fightState(channelId);
    expect(st.order[st.turn]).toBe(st.combatants.find((c) => c.name === 'Free')!.key);
    expect((await combatant(channelId, 'Free')).bs!.map((b) => b.source)).toEqual(['Mud']);
    expect(await tracker(channelId)).toMatch(/Mud \(action impediment Lv2 · MAG checks · physical · no resistance\)/);
  });
});
