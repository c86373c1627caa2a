// Conditions in every Fate roll (issue 20, "Conditions in every roll"; seed 001 L247, L249, L215–217,
// L430, L1152), through the real discord.js client, in session order where state crosses commands:
// a master who sleeps at /war makes no escape roll in the fight; an all-nighter's −1 reaches cover and
// escape; an escape roll takes Luck and the escape is settled again; 仕切り直し adds its dice to an
// escape; an impediment of the fight lowers /check. Also the board's sleeping faction and /attack np:.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState } from '../../src/services/war/state.js';
import { row } from '../helpers/db.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { buttonIds, ephemeral, fateDriver, fixture, opt, sub, type Opt } from './fate-driver.js';

let h: Harness;
const { rollRow, fightState, combatant, tracker, gmCombat, importPair, sealApproved } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('fate-conditions');
});
afterAll(async () => {
  await h?.close();
});

/** A Fate war in a new channel with one player faction (a master + servant pair), on day 1. */
async function warDay1(name: string, master: string, servant: string, statuses: { master?: string; servant?: string } = {}): Promise<string> {
  const { gm, player } = h.fake.users;
  const channelId = h.fake.createTextChannel({ name });
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', name)]) });
  await importPair(channelId, player, master, servant, statuses);
  await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', master), opt('servant', servant), opt('faction', `${name}-team`)]) });
  await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, options: sub('advance') }); // the summoning phase ends: day 1
  return channelId;
}

const escape = async (channelId: string, options: Opt[]) => await gmCombat(channelId, 'escape', options);

describe('a master asleep at /war makes no roll in the fight that follows (seed 001 L249)', () => {
  let channelId = '';
  it('the board says only "declared" (sleep is hidden: L57, L246, L249); the GM\'s declarations name the sleeper', async () => {
    const { gm, player } = h.fake.users;
    channelId = await warDay1('sleep-escape', '眠・魔術師', '眠セイバー');
    const slept = await h.fake.command({ name: 'war', channelId, user: player, options: sub('sleep') });
    expect(ephemeral(slept)).toBe(true);
    const war = await row(h.store, 'wars', (w) => eq(w.channelId, channelId));
    const board = async () => {
      const m = h.fake.message(war.boardMessageId!)!;
      return embedText(m.edits.at(-1) ?? m.body);
    };
    await h.fake.waitFor(async () => /sleep-escape-team\** — declared/.test(await board()));
    expect(await board()).not.toMatch(/asleep|sleep(s|ing)/i);
    const faction = await row(h.store, 'factions', (f) => eq(f.name, 'sleep-escape-team'));
    expect((faction.state as FactionState).fate!.sleptThisTurn).toBe(true);
    const listed = await h.fake.command({ name: 'war', channelId, user: gm, options: sub('declarations') });
    expect(ephemeral(listed)).toBe(true);
    expect(embedText(answerOf(listed))).toMatch(/sleep-escape-team\*\* — asleep this action turn/);
    expect(embedText(answerOf(listed))).not.toMatch(/Not declared yet: sleep-escape-team/);
  });

  it('L249: the sleeping master rolls no AGI for an escape: its side cannot get away, and it cannot stop one', async () => {
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '眠・魔術師'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Prowler'), opt('side', 'them'), opt('hp', 20), opt('iv', 1), opt('pool', '2d6<=1')]);
    await gmCombat(channelId, 'next');

    const ran = await escape(channelId, [opt('side', 'us')]);
    const text = embedText(answerOf(ran));
    expect(ephemeral(ran)).toBe(false);
    expect(text).toMatch(/眠・魔術師 rolls nothing \(0\): 眠・魔術師 is asleep this action turn and makes no checks/);
    expect(text).toMatch(/No one on the escaping side can make a check: the escape fails/);
    expect((await combatant(channelId, '眠・魔術師')).escaped).toBe(false);
    // Only the NPC's roll was stored for this escape; the sleeper has none (rollId null).
    const last = (await fightState(channelId)).escape!;
    expect(last.escapers).toEqual([expect.objectContaining({ rollId: null, expression: '0' })]);
    expect(last.chasers[0]!.rollId).toBeGreaterThan(0);

    // The other way round: the sleeper is the only one who could stop the Prowler (L249 "対抗判定を行えません").
    const fled = await escape(channelId, [opt('side', 'them')]);
    expect(embedText(answerOf(fled))).toMatch(/No one on the other sides can make a check: nobody stops the escape, it succeeds/);
    expect((await combatant(channelId, 'Prowler')).escaped).toBe(true);
  });

  it('L249: nor can the sleeping master cover its servant (庇う is a defense check, L471–474)', async () => {
    const { gm, player } = h.fake.users;
    await gmCombat(channelId, 'add', [opt('who', '眠セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Ambusher'), opt('side', 'them'), opt('hp', 30), opt('iv', 1), opt('pool', '30d6<=6'), opt('servant', true)]);
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('attacker', 'Ambusher'), opt('target', '眠セイバー'), opt('weapon', 1)] });
    expect((await fightState(channelId)).pending).not.toBeNull();
    await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
    const cover = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('cover', [opt('who', '眠・魔術師'), opt('status', 'agi'), opt('means', 'magic')]) });
    expect(ephemeral(cover)).toBe(true);
    expect(embedText(answerOf(cover))).toMatch(/眠・魔術師 is asleep this action turn and makes no checks/);
    expect((await fightState(channelId)).pending!.cover).toBeUndefined();
  });
});

describe('the all-nighter −1 reaches cover and escape (seed 001 L247 「あらゆる判定が達成値マイナス1」)', () => {
  it('after four awake turns the master\'s cover and escape rolls carry −1; the servant\'s do not', async () => {
    const { gm, player } = h.fake.users;
    const channelId = await warDay1('all-nighter', '徹・魔術師', '徹セイバー');
    for (let i = 0; i < 4; i++) await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    const faction = await row(h.store, 'factions', (f) => eq(f.name, 'all-nighter-team'));
    expect((faction.state as FactionState).fate!.allNighter).toBe(1);

    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '徹セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', '徹・魔術師'), opt('side', 'us'), opt('row', 'back')]);
    await gmCombat(channelId, 'add', [opt('who', 'Brute'), opt('side', 'them'), opt('hp', 60), opt('iv', 40), opt('pool', '30d6<=6'), opt('servant', true)]);
    await gmCombat(channelId, 'next');

    // Brute's 30 beats any defense; the master covers its servant with a ranged AGI cover (L471–482).
    await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', '徹セイバー'), opt('weapon', 1), opt('ranged', true), opt('magical', true)] });
    await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
    const covered = await h.fake.command({ name: 'combat', channelId, user: player, options: sub('cover', [opt('who', '徹・魔術師'), opt('status', 'agi'), opt('means', 'magic')]) });
    const coverText = embedText(answerOf(covered));
    expect(coverText).toMatch(/All-nighter: −1 to this check/);
    const coverId = (await fightState(channelId)).pending!.cover!.rollId;
    const coverRoll = await rollRow(coverId);
    expect(coverRoll.normalized).toMatch(/-\d+$/);
    // L215: the cover roll offers Luck as a defense does, to the coverer's player.
    expect(buttonIds(covered)).toContain(`luck:reroll:${coverId}`);
    expect(coverRoll.userId).toBe(player.id);
    await h.fake.button({ customId: 'attack:resolve', channelId, user: player });

    const ran = await escape(channelId, [opt('side', 'us')]);
    const lines = embedText(answerOf(ran)).split('\n');
    const master = lines.find((l) => l.includes('徹・魔術師') && l.includes('AGI'))!;
    const servant = lines.find((l) => l.includes('徹セイバー') && l.includes('AGI'))!;
    expect(master).toMatch(/AGI 4d6<=2-1 → \d+/); // 敏捷D, −1 (L247)
    expect(master).toMatch(/All-nighter: −1/);
    expect(servant).toMatch(/AGI 8d6<=4 → \d+/); // a servant does not sleep: no all-nighter
    expect(servant).not.toMatch(/All-nighter/);
    // Brute's 30 automatic successes stop them.
    expect(embedText(answerOf(ran))).toMatch(/Caught/);
  });
});

describe('Luck on an escape roll, and 仕切り直し (seed 001 L215–217, L523, L1152)', () => {
  it('仕切り直し adds its dice; each roller gets a Luck button; a reroll settles the escape again', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'escape-luck' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    // 敏捷E (2d6<=1) fails dice often; 仕切り直し:C adds 3d6<=3 to escape rolls only.
    const servant = fixture('saber.txt').replaceAll('セイバー', '逃ランサー').replace('筋力A 耐久B 敏捷B', '筋力A 耐久B 敏捷E').replace('勇気:E', '勇気:E\n:精神的な達成値マイナスを1点打ち消す。\n仕切り直し:C');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'lancer.txt', content: servant }))]) });
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '逃ランサー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Guard'), opt('side', 'them'), opt('hp', 20), opt('iv', 1), opt('pool', '6d6<=3')]);
    await gmCombat(channelId, 'next');

    // An attack roll does not get 仕切り直し (escape only).
    const attack = await h.fake.command({ name: 'attack', channelId, user: player, options: [opt('target', 'Guard'), opt('status', 'agi')] });
    expect(embedText(answerOf(attack))).not.toMatch(/仕切り直し/);
    await gmCombat(channelId, 'undo');

    // Escape until the roll has a failed die to reroll (the seeded dice decide; each try is undone).
    let ran = await escape(channelId, [opt('side', 'us')]);
    for (let i = 0; i < 5 && !buttonIds(ran).some((id) => id.startsWith('luck:reroll:')); i++) {
      await gmCombat(channelId, 'undo');
      ran = await escape(channelId, [opt('side', 'us')]);
    }
    const text = embedText(answerOf(ran));
    expect(text).toMatch(/逃ランサー\*\* AGI 2d6<=1\+3d6<=3 → \d+/);
    expect(text).toMatch(/仕切り直し: dice-plus on the escape roll/);
    const state = (await fightState(channelId)).escape!;
    const rollId = state.escapers[0]!.rollId!;
    expect(buttonIds(ran)).toContain(`luck:reroll:${rollId}`);
    const before = await rollRow(rollId);
    expect(before.userId).toBe(player.id);

    // Only the roll's owner may press it; the player spends a use and the escape is settled again.
    const notMine = await h.fake.button({ customId: `luck:reroll:${rollId}`, channelId, user: h.fake.users.player2 });
    expect(ephemeral(notMine)).toBe(true);
    const rerolled = await h.fake.button({ customId: `luck:reroll:${rollId}`, channelId, user: player });
    const after = await rollRow(rollId);
    expect(after.value).toBeGreaterThanOrEqual(before.value);
    const settled = embedText(answerOf(rerolled)) + (rerolled.followUps ?? []).map(embedText).join('\n');
    const rounds = [...settled.matchAll(/AGI roll-off: escaping ([\d, ]+) vs pursuing ([\d, ]+)/g)];
    expect(rounds.length).toBeGreaterThan(0);
    expect(Number(rounds[0]![1])).toBe(Math.max(0, after.value)); // the first round reads the rerolled roll
    const last = rounds.at(-1)!;
    const escaped = Number(last[1]) > Number(last[2]);
    expect((await combatant(channelId, '逃ランサー')).escaped).toBe(escaped);
    expect(settled).toMatch(escaped ? /Escaped/ : /Caught/);

    // The next turn closes the escape: a later Luck reroll of that roll no longer moves anyone.
    if (escaped) await gmCombat(channelId, 'undo');
    await gmCombat(channelId, 'next');
    expect((await fightState(channelId)).escape).toBeUndefined();
  });
});

describe('a Command Seal +10 on an escape roll settles the escape again (seed 001 L288, L522–523)', () => {
  it('caught at ≤8 against 9, the seal\'s +10 makes the escapers\' best win: they leave the fight, the tracker says so', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'escape-seal' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '封・魔術師', '封セイバー');
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '封セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Wall'), opt('side', 'them'), opt('hp', 20), opt('iv', 1), opt('pool', '9d6<=6')]);
    await gmCombat(channelId, 'next');
    // 敏捷B: 8d6<=4 is at most 8, the Wall's 9 automatic successes always stop it.
    const ran = await escape(channelId, [opt('side', 'us')]);
    expect(embedText(answerOf(ran))).toMatch(/Caught/);
    const rollId = (await fightState(channelId)).escape!.escapers[0]!.rollId!;
    expect((await combatant(channelId, '封セイバー')).escaped).toBe(false);

    await sealApproved(channelId, player, [opt('effect', '+10'), opt('master', '封・魔術師'), opt('roll', rollId)]);
    expect((await rollRow(rollId)).value).toBeGreaterThanOrEqual(10);
    expect((await combatant(channelId, '封セイバー')).escaped).toBe(true);
    const posted = h.fake.channelMessages(channelId).map((m) => embedText(m.body)).join('\n');
    expect(posted).toMatch(/With the changed roll, side "us" escapes/);
    await h.fake.waitFor(async () => (await tracker(channelId)).includes('escaped'));
  });
});

describe('an impediment of the fight lowers /check and opposed checks too (seed 001 L430, L41)', () => {
  it('a body impediment of strength 2 on the servant: /check AGI, and its side of an opposed check, carry −2 with its note', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'impeded-check' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '阻・魔術師', '阻セイバー');
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '阻セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Webber'), opt('side', 'them'), opt('hp', 20), opt('iv', 1), opt('pool', '2d6<=3')]);
    await gmCombat(channelId, 'next');
    await gmCombat(channelId, 'inflict', [opt('fighter', '阻セイバー'), opt('kind', 'impediment'), opt('checks', 'body'), opt('strength', 2), opt('source', 'Web'), opt('resistible', false), opt('by_attack', false)]);
    const checked = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'agi'), opt('character', '阻セイバー')] });
    expect(embedText(answerOf(checked))).toMatch(/8d6<=4-2/);
    expect(embedText(answerOf(checked))).toMatch(/Impediment: −2/);
    // MAG is not a body check: no penalty.
    const mag = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', '阻セイバー')] });
    expect(embedText(answerOf(mag))).not.toMatch(/Impediment/);
    // The passive side of an opposed check (L41) takes the same conditions: its AGI carries −2.
    const opposed = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'agi'), opt('character', '阻・魔術師'), opt('against', '阻セイバー'), opt('against_status', 'agi')] });
    const text = embedText(answerOf(opposed));
    expect(text).toMatch(/8d6<=4-2/);
    expect(text.slice(text.indexOf('**阻セイバー**'))).toMatch(/Impediment: −2/);
    // The active character's bad statuses come with it, in the same read (issue 32 §1): the same −2.
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('use', [opt('name', '阻セイバー')]) });
    const active = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'agi')] });
    expect(embedText(answerOf(active))).toMatch(/8d6<=4-2/);
    expect(embedText(answerOf(active))).toMatch(/Impediment: −2/);
  });
});

describe('/attack np: autocompletes the attacker\'s Noble Phantasms (seed 001 L1064)', () => {
  it('the sheet\'s NP names for its player and the GM; nothing for another player', async () => {
    const { gm, player, player2 } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'np-complete' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, '宝・魔術師', '宝セイバー');
    await gmCombat(channelId, 'start', [opt('ruleset', 'fate')]);
    await gmCombat(channelId, 'add', [opt('who', '宝セイバー'), opt('side', 'us')]);
    await gmCombat(channelId, 'add', [opt('who', 'Target'), opt('side', 'them'), opt('hp', 20), opt('iv', 1), opt('pool', '2d6<=3')]);
    await gmCombat(channelId, 'next');
    const complete = async (user: typeof player, typed: string) =>
      answerOf((await h.fake.autocomplete({ name: 'attack', channelId, user, options: [{ name: 'target', value: 'Target' }, { name: 'np', value: typed, focused: true }] }))).choices as { name: string; value: string }[];
    expect((await complete(player, '約束')).map((c) => c.value)).toEqual(['(例)約束の剣']);
    expect((await complete(player, '')).map((c) => c.value)).toEqual(['(例)約束の剣']);
    expect((await complete(gm, '剣')).map((c) => c.value)).toEqual(['(例)約束の剣']); // the GM acts for anyone
    expect(await complete(player2, '')).toEqual([]);
  });
});
