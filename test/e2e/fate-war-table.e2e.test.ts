// Fate/roll dice outside the fight (issue 10, fate-war): opposed checks between two characters
// (seed 001 L41), the summoning phase as a war step (L108–114), forced sleep counting "−" marks
// (L247, L904–905), wealth points on a check (L959–963) — through the real discord.js client.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRecord } from '../../src/services/rolls.js';
import type { FactionState } from '../../src/services/war/state.js';
import { row, rows } from '../helpers/db.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { buttonIds, ephemeral, fateDriver, opt, sub } from './fate-driver.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
const { runtime, character, rollRow, importPair } = fateDriver(() => h);
const said = (ex: InteractionExchange) => embedText(answerOf(ex));

beforeAll(async () => {
  h = await startHarness('fate-war');
});
afterAll(async () => {
  await h?.close();
});

describe('an opposed check between two characters (issue 10; seed 001 L41)', () => {
  let channelId = '';
  it('both sides roll from their own sheets, both rolls shown; a tie without a war is a draw', async () => {
    const { gm, player, player2 } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'opposed' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    // Luck EX on both servants: 14 automatic successes each (L867), a tie every time.
    await importPair(channelId, player, 'O・魔術師', 'Oセイバー', { servant: '筋力A 耐久B 敏捷B 魔力C 幸運EX 宝具A' });
    await importPair(channelId, player2, 'P・魔術師', 'Pセイバー', { servant: '筋力A 耐久B 敏捷B 魔力C 幸運EX 宝具A' });
    const ex = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'luk'), opt('character', 'Oセイバー'), opt('against', 'Pセイバー')] });
    expect(ephemeral(ex)).toBe(false);
    const text = said(ex);
    expect(text).toContain('Opposed check: Oセイバー vs Pセイバー');
    expect(text).toContain('Oセイバー 14 vs Pセイバー 14');
    expect(text).toContain('Tie: draw.');
    expect(text).toContain('Result: a draw.');
    // Each roll is stored under its character and its owner (so each owner may spend Luck on it).
    const [active, passive] = (await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId))).slice(-2);
    expect(active!.characterId).toBe((await character('Oセイバー')).id);
    expect(passive).toMatchObject({ characterId: (await character('Pセイバー')).id, userId: player2.id, normalized: '14d6<=6', value: 14 });
    expect((passive!.check as CheckRecord).opposed).toMatchObject({ otherRollId: active!.id, side: 'passive', tie: 'draw' });
  });

  it('only the GM names the tie reading: passive or active side wins the tie (L41)', async () => {
    const { gm, player } = h.fake.users;
    const refused = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'luk'), opt('character', 'Oセイバー'), opt('against', 'Pセイバー'), opt('tie', 'active')] });
    expect(ephemeral(refused)).toBe(true);
    expect(said(refused)).toMatch(/Only the GM decides how a tie ends/);
    const active = await h.fake.command({ name: 'check', channelId, user: gm, options: [opt('status', 'luk'), opt('character', 'Oセイバー'), opt('against', 'Pセイバー'), opt('tie', 'active')] });
    expect(said(active)).toContain('Result: Oセイバー wins on the tie.');
    const passive = await h.fake.command({ name: 'check', channelId, user: gm, options: [opt('status', 'luk'), opt('character', 'Oセイバー'), opt('against', 'Pセイバー'), opt('tie', 'passive')] });
    expect(said(passive)).toContain('Result: Pセイバー wins on the tie.');
    const noAgainst = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'luk'), opt('character', 'Oセイバー'), opt('against_status', 'agi')] });
    expect(ephemeral(noAgainst)).toBe(true);
  });

  it('"both reroll until one wins": every round before the last is a tie, the last one decides (L41)', async () => {
    const { gm } = h.fake.users;
    let text = '';
    // Luck E against Luck E (2d6≤1 each) ties about half the time; play until a tie is rerolled.
    for (let i = 0; i < 30 && !text.includes('Reroll 2'); i++) {
      text = said(await h.fake.command({ name: 'check', channelId, user: gm, options: [opt('status', 'luk'), opt('character', 'O・魔術師'), opt('against', 'P・魔術師'), opt('tie', 'reroll')] }));
    }
    expect(text).toContain('Tie: both reroll until one wins.');
    const first = /O・魔術師 (\d+) vs P・魔術師 (\d+)/.exec(text)!;
    expect(first[1]).toBe(first[2]);
    const rounds = [...text.matchAll(/Reroll \d+: (\d+) vs (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    const last = rounds.at(-1)!;
    for (const r of rounds.slice(0, -1)) expect(r[0]).toBe(r[1]);
    expect(last[0]).not.toBe(last[1]);
    expect(text).toContain(`Result: ${last[0] > last[1] ? 'O・魔術師' : 'P・魔術師'} wins (by ${Math.abs(last[0] - last[1])}).`);
  });

  it('the passive side’s owner spends Luck on its own roll; the opposed check is settled again (L41, L215)', async () => {
    const { gm, player, player2 } = h.fake.users;
    // A check where the passive master failed some dice (2d6≤1 usually does).
    let passiveId = 0;
    for (let i = 0; i < 20 && passiveId === 0; i++) {
      const ex = await h.fake.command({ name: 'check', channelId, user: gm, options: [opt('status', 'luk'), opt('character', 'O・魔術師'), opt('against', 'P・魔術師'), opt('tie', 'draw')] });
      const id = (await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId))).at(-1)!.id;
      if (buttonIds(ex).includes(`luck:reroll:${id}`)) passiveId = id;
    }
    expect(passiveId).toBeGreaterThan(0);
    const notYours = await h.fake.button({ customId: `luck:reroll:${passiveId}`, channelId, user: player });
    expect(ephemeral(notYours)).toBe(true);
    const rerolled = await h.fake.button({ customId: `luck:reroll:${passiveId}`, channelId, user: player2 });
    expect((await runtime('P・魔術師')).luckUsedToday).toBe(1);
    const passive = await rollRow(passiveId);
    const active = await rollRow((passive.check as CheckRecord).opposed!.otherRollId);
    const text = said(rerolled);
    expect(text).toContain(`O・魔術師 ${active.value} vs P・魔術師 ${passive.value}`);
    const expected = active.value === passive.value ? 'Result: a draw.' : `Result: ${active.value > passive.value ? 'O・魔術師' : 'P・魔術師'} wins (by ${Math.abs(active.value - passive.value)}).`;
    expect(text).toContain(expected);
  });

  it('the GM sets the war’s tie reading; the board shows it and checks follow it (L41)', async () => {
    const { gm, player } = h.fake.users;
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Opp')]) });
    const playerTie = await h.fake.command({ name: 'war', channelId, user: player, options: sub('tie', [opt('rule', 'passive')]) });
    expect(ephemeral(playerTie)).toBe(true);
    const set = await h.fake.command({ name: 'war', channelId, user: gm, options: sub('tie', [opt('rule', 'passive')]) });
    expect(said(set)).toContain('Ties in this war’s opposed checks: the passive side wins.'.replace('’', "'"));
    const war = await row(h.store, 'wars', (w) => eq(w.channelId, channelId));
    await h.fake.waitFor(() => {
      const m = h.fake.message(war.boardMessageId!);
      return !!m && embedText(m.edits.at(-1) ?? m.body).includes('Opposed-check ties: the passive side wins');
    });
    const ex = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'luk'), opt('character', 'Oセイバー'), opt('against', 'Pセイバー')] });
    expect(said(ex)).toContain('Result: Pセイバー wins on the tie.');
  });
});

describe('stealth and the opinion check fix their statuses and ties (issue 10; seed 001 L444–445, L466–469)', () => {
  let channelId = '';
  it('stealth: AGI or MAG against Luck (default), MAG or rank; a tie rerolls whatever the war says (L445)', async () => {
    const { gm, player, player2 } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'stealth' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, 'T・魔術師', 'Tセイバー', { servant: '筋力A 耐久B 敏捷EX 魔力C 幸運C 宝具A' });
    await importPair(channelId, player2, 'U・魔術師', 'Uセイバー', { servant: '筋力A 耐久B 敏捷B 魔力C 幸運EX 宝具A' });
    const str = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'str'), opt('character', 'Tセイバー'), opt('against', 'Uセイバー'), opt('kind', 'stealth')] });
    expect(ephemeral(str)).toBe(true);
    expect(said(str)).toContain('In a stealth, Tセイバー rolls Agility / Magic.');
    // AGI EX against Luck EX: 14 against 14 every time — rerolled (not a draw), until the GM has to decide.
    const hidden = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'agi'), opt('character', 'Tセイバー'), opt('against', 'Uセイバー'), opt('kind', 'stealth')] });
    const text = said(hidden);
    expect(text).toContain('Tセイバー 14 vs Uセイバー 14');
    expect(text).toContain('Tie: both reroll until one wins.');
    expect(text).toContain('Still tied after every reroll: the GM decides.');
    const passive = (await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId))).at(-1)!;
    expect(passive.normalized).toBe('14d6<=6'); // Luck EX, the default perception status
  });

  it('opinion: only a master and a servant; Luck uses are not shared there, though they are elsewhere (L466–469)', async () => {
    const { player } = h.fake.users;
    const luck = (id: number) => h.fake.command({ name: 'luck', channelId, user: player, options: sub('reroll', [opt('roll', id)]) });
    const failing = async (options: { name: string; value: any }[], pick: 'last' | 'active' = 'last') => {
      for (let i = 0; i < 20; i++) {
        await h.fake.command({ name: 'check', channelId, user: player, options });
        const all = await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId));
        const r = pick === 'last' ? all.at(-1)! : all.at(-2)!;
        if (r.faces.split(',').length > r.value) return r;
      }
      throw new Error('no failed die in 20 checks');
    };
    const servants = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'rank'), opt('character', 'Tセイバー'), opt('against', 'Uセイバー'), opt('kind', 'opinion')] });
    expect(said(servants)).toMatch(/between a master and a servant/);
    // Master and servant agree to share Luck (L217).
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('use', [opt('name', 'T・魔術師')]) });
    await h.fake.command({ name: 'luck', channelId, user: player, options: sub('share', [opt('partner', 'Tセイバー')]) });
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('use', [opt('name', 'Tセイバー')]) });
    await h.fake.command({ name: 'luck', channelId, user: player, options: sub('share', [opt('partner', 'T・魔術師')]) });
    // The master's one use (Luck E) goes on a plain check.
    const plain = await failing([opt('status', 'luk'), opt('character', 'T・魔術師')]);
    await luck(plain.id);
    expect((await runtime('T・魔術師')).luckUsedToday).toBe(1);
    // Opinion check: the master's roll cannot draw on the servant's uses.
    const opinion = await failing([opt('status', 'mag'), opt('character', 'T・魔術師'), opt('against', 'Tセイバー'), opt('kind', 'opinion')], 'active');
    expect((opinion.check as CheckRecord).opposed).toMatchObject({ kind: 'opinion', tie: 'reroll', side: 'active' });
    expect((await rollRow((opinion.check as CheckRecord).opposed!.otherRollId)).normalized).toBe('8d6<=4'); // the servant's rank level by default (RL 10 − 6 = 4, L878)
    const refused = await luck(opinion.id);
    expect(ephemeral(refused)).toBe(true);
    expect(said(refused)).toMatch(/No Luck rerolls are left/);
    expect((await runtime('Tセイバー')).luckUsedToday).toBe(0);
    // Outside the opinion check the shared use is there.
    const again = await failing([opt('status', 'luk'), opt('character', 'T・魔術師')]);
    const shared = await luck(again.id);
    expect(said(shared)).toMatch(/shared by Tセイバー/);
    expect((await runtime('Tセイバー')).luckUsedToday).toBe(1);
  });
});

describe('a seal on the master’s own opposed check; achievement below 0 (issue 10; seed 001 L38, L41, L288, L294)', () => {
  it('seal +10 on the master’s own roll of an opposed check: the post settles the opposed check again', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'opposed-seal' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, 'Q・魔術師', 'Qセイバー');
    await importPair(channelId, h.fake.users.player2, 'R・魔術師', 'Rセイバー');
    // MAG B (8d6≤4) against Luck E (2d6≤1): the master's own check (L294), opposed (L41).
    await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', 'Q・魔術師'), opt('against', 'R・魔術師'), opt('against_status', 'luk')] });
    const [active, passive] = (await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId))).slice(-2);
    expect(passive!.normalized).toBe('2d6<=1');
    const before = h.fake.dms(gm.id).length;
    await h.fake.command({ name: 'seal', channelId, user: player, options: [opt('effect', '+10'), opt('master', 'Q・魔術師')] });
    const dm = await h.fake.waitFor(() => h.fake.dms(gm.id).slice(before).find((m) => m.components.length > 0));
    const approve = dm.components.flatMap((r: any) => r.components).find((b: any) => String(b.custom_id).startsWith('seal:approve:'));
    await h.fake.button({ customId: approve.custom_id, user: gm, guildId: null, message: dm });
    expect((await rollRow(active!.id)).value).toBe(active!.value + 10);
    expect((await runtime('Q・魔術師')).sealsRemaining).toBe(2);
    const post = await h.fake.waitFor(() => h.fake.channelMessages(channelId).find((m) => embedText(m.body).includes(`#${active!.id}`) && embedText(m.body).includes('Result:')));
    const text = embedText(post.body);
    expect(text).toContain(`Q・魔術師 ${active!.value + 10} vs R・魔術師 ${passive!.value}`);
    expect(text).toContain(`Result: Q・魔術師 wins (by ${active!.value + 10 - passive!.value}).`);
  });

  it('an achievement below 0 is said to count as 0 (L38)', async () => {
    const { player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'below-zero' });
    await importPair(channelId, player, 'Z・魔術師', 'Zセイバー');
    const ex = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'luk'), opt('character', 'Z・魔術師'), opt('minus', 5)] });
    expect(said(ex)).toContain('2d6<=1-5');
    expect(said(ex)).toMatch(/An achievement of -\d counts as 0/);
  });
});

describe('summoning before day 1 (issue 10; seed 001 L108–114)', () => {
  let channelId = '';
  const board = async () => {
    const war = await row(h.store, 'wars', (w) => eq(w.channelId, channelId));
    const m = h.fake.message(war.boardMessageId!)!;
    return embedText(m.edits.at(-1) ?? m.body);
  };
  const summonOf = async (name: string) => ((await row(h.store, 'factions', (f) => eq(f.name, name))).state as FactionState).fate!.summon!;

  it('each master rolls solo (LUK + MAG) or catalyst (MAG + SOC), a magic skill adding dice; the board shows it (L108–109)', async () => {
    const { gm, player, player2 } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'summon' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Summon')]) });
    // MAG EX and SOC EX: a catalyst total of 28 every time (L867), so these two tie and Luck (E) decides.
    const rich = '筋力E 耐久E 敏捷D 魔力EX 幸運E 社会EX';
    await importPair(channelId, player, 'S1・魔術師', 'S1セイバー');
    await importPair(channelId, player2, 'S2・魔術師', 'S2セイバー', { master: rich });
    await importPair(channelId, gm, 'S3・魔術師', 'S3セイバー', { master: rich });
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', 'S1・魔術師'), opt('servant', 'S1セイバー'), opt('faction', 'One')]) });
    await h.fake.command({ name: 'war', channelId, user: player2, options: sub('join', [opt('master', 'S2・魔術師'), opt('servant', 'S2セイバー'), opt('faction', 'Two')]) });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('npc', [opt('master', 'S3・魔術師'), opt('servant', 'S3セイバー'), opt('faction', 'Three')]) });

    const solo = await h.fake.command({ name: 'war', channelId, user: player, options: sub('summon', [opt('method', 'solo'), opt('skills', '魔術・宝石'), opt('master', 'S1・魔術師')]) });
    expect(ephemeral(solo)).toBe(false);
    expect(said(solo)).toContain('Summoning check (solo)');
    const one = await summonOf('One');
    expect((await rollRow(one.rollId)).normalized).toBe('2d6<=1+3d6<=3+8d6<=4'); // 幸運E + 魔術・宝石C, 魔力B
    // Playing the servant: its master summons.
    await h.fake.command({ name: 'sheet', channelId, user: player2, options: sub('use', [opt('name', 'S2セイバー')]) });
    const catalyst = await h.fake.command({ name: 'war', channelId, user: player2, options: sub('summon', [opt('method', 'catalyst')]) });
    expect(said(catalyst)).toContain('Summoning check (catalyst)');
    expect(await summonOf('Two')).toMatchObject({ method: 'catalyst', total: 28, masterId: (await character('S2・魔術師')).id });
    const again = await h.fake.command({ name: 'war', channelId, user: player2, options: sub('summon', [opt('method', 'solo')]) });
    expect(ephemeral(again)).toBe(true);
    expect(said(again)).toMatch(/already made the summoning check/);
    // /war undo takes the summoning check back; the master may roll again.
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('undo') });
    expect(((await row(h.store, 'factions', (f) => eq(f.name, 'Two'))).state as FactionState).fate!.summon).toBeUndefined();
    await h.fake.command({ name: 'war', channelId, user: player2, options: sub('summon', [opt('method', 'catalyst')]) });
    expect((await summonOf('Two')).total).toBe(28);
    await h.fake.waitFor(async () => (await board()).includes('summoning: catalyst 28'));
    expect(await board()).toMatch(/Three.*summoning: not rolled/);
    expect(await board()).toContain(`summoning: solo ${one.total}`);
  });

  it('Luck rerolls the summoning check (L113) and the board follows', async () => {
    const { player } = h.fake.users;
    const one = await summonOf('One');
    expect((await rollRow(one.rollId)).value).toBeLessThan(13); // 13 dice: some failed, so Luck has something to reroll
    await h.fake.command({ name: 'luck', channelId, user: player, options: sub('reroll', [opt('roll', one.rollId)]) });
    const value = (await rollRow(one.rollId)).value;
    expect((await summonOf('One')).total).toBe(value);
    expect((await runtime('S1・魔術師')).luckUsedToday).toBe(1);
    await h.fake.waitFor(async () => (await board()).includes(`summoning: solo ${value}`));
  });

  it('day 1: solo first, then catalyst by total, the 28–28 tie broken by Luck until one wins; luck comes back (L110–114)', async () => {
    const { gm } = h.fake.users;
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('summon', [opt('method', 'catalyst'), opt('master', 'S3・魔術師')]) });
    const advanced = await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    const text = said(advanced);
    expect(text).toContain('Summoning order (solo first, then catalyst; ties by Luck):');
    expect(text).toMatch(/1\. One — solo \d+/);
    const two = await summonOf('Two');
    const three = await summonOf('Three');
    expect((await summonOf('One')).place).toBe(1);
    expect([two.place, three.place].sort()).toEqual([2, 3]);
    // Luck rolled again while equal: all earlier rounds tie, the last differs, the higher goes first.
    const a = two.luckRolls!;
    const b = three.luckRolls!;
    expect(a.length).toBe(b.length);
    expect(a.length).toBeGreaterThan(0);
    for (let i = 0; i < a.length - 1; i++) expect(a[i]).toBe(b[i]);
    expect(a.at(-1)).not.toBe(b.at(-1));
    expect(two.place).toBe(a.at(-1)! > b.at(-1)! ? 2 : 3);
    expect(text).toContain(`${two.place}. Two — catalyst 28, Luck ${a.join(', ')}`);
    // L114: once the summoning is over, Luck uses come back as if a day had passed.
    expect(text).toMatch(/luck/i);
    expect((await runtime('S1・魔術師')).luckUsedToday).toBe(0);
    await h.fake.waitFor(async () => (await board()).includes('summoned #1'));
    const late = await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, options: sub('summon', [opt('method', 'solo'), opt('master', 'S1・魔術師')]) });
    expect(said(late)).toMatch(/summoning phase is over/);
  });

  it('a sleeping master cannot oppose: the active side wins without a roll from it (L249)', async () => {
    const { player, player2 } = h.fake.users;
    await h.fake.command({ name: 'war', channelId, user: player2, options: sub('sleep') });
    const s2 = (await character('S2・魔術師')).id;
    const rollsOfS2 = async () => (await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId))).filter((r) => r.characterId === s2).length;
    const before = await rollsOfS2();
    const ex = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'agi'), opt('character', 'S1・魔術師'), opt('against', 'S2・魔術師')] });
    const text = said(ex);
    expect(text).toContain('**S2・魔術師** — S2・魔術師 is asleep');
    expect(text).toMatch(/Result: S1・魔術師 wins/);
    expect(await rollsOfS2()).toBe(before); // nothing rolled for the sleeper
  });
});

describe('forced sleep counts "−" marks (issue 10; seed 001 L247, L904–905)', () => {
  it('a master whose weakest status is MAG B−− (3 dice) falls asleep at −3, not at C’s 6', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'minus' });
    const advance = () => h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    const fate = async () => ((await row(h.store, 'factions', (f) => eq(f.name, 'Minus'))).state as FactionState).fate!;
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'M')]) });
    await importPair(channelId, player, 'M・魔術師', 'Mセイバー', { master: '筋力C 耐久C 敏捷C 魔力B−− 幸運C 社会C' });
    const mag = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', 'M・魔術師')] });
    expect(said(mag)).toContain('3d6<=4'); // ceil(8 ÷ 3) = 3 dice (L905)
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', 'M・魔術師'), opt('servant', 'Mセイバー'), opt('faction', 'Minus')]) });
    await advance(); // summoning → day 1 morning
    for (let i = 0; i < 5; i++) await advance(); // −1 at the 4th awake turn, −2 at the 5th
    expect(await fate()).toMatchObject({ allNighter: 2, sleptThisTurn: false });
    const sixth = await advance();
    expect(said(sixth)).toMatch(/M・魔術師 cannot stay awake any longer/);
    expect(await fate()).toMatchObject({ allNighter: 3, sleptThisTurn: true });
  });
});

describe('wealth points on a check (issue 10; seed 001 L959–963)', () => {
  it('SOC D gives 4; wealth:2 adds +2 to a SOC check, or later to its roll; other statuses and overspending are refused', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'wealth' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, 'W・魔術師', 'Wセイバー');
    const soc = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'soc'), opt('character', 'W・魔術師'), opt('wealth', 2)], until: (e) => e.followUps.length > 0 });
    expect(said(soc)).toContain('4d6<=2+2');
    expect(said(soc)).toContain('Wealth points: +2.');
    // The points left are the player's own (seed 001 L50): an ephemeral aside, not the public check.
    expect(said(soc)).not.toContain('wealth 2/4');
    expect(soc.followUps[0].flags & 64).toBe(64);
    expect(embedText(soc.followUps[0])).toContain('wealth 2/4');
    expect((await runtime('W・魔術師')).wealthSpent).toBe(2);
    const rank = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'rank'), opt('character', 'W・魔術師'), opt('wealth', 1)] });
    expect(ephemeral(rank)).toBe(false);
    const str = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'str'), opt('character', 'W・魔術師'), opt('wealth', 1)] });
    expect(ephemeral(str)).toBe(true);
    expect(said(str)).toMatch(/only to a SOC or a rank-level check/);
    const over = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'soc'), opt('character', 'W・魔術師'), opt('wealth', 2)] });
    expect(ephemeral(over)).toBe(true);
    expect((await runtime('W・魔術師')).wealthSpent).toBe(3);
    // "判定後" (L963): added after the roll, to a SOC or rank-level check only.
    await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'str'), opt('character', 'W・魔術師')] });
    const strRoll = (await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId))).at(-1)!;
    const late = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('wealth', [opt('amount', 1), opt('name', 'W・魔術師'), opt('roll', strRoll.id)]) });
    expect(ephemeral(late)).toBe(true);
    const socRoll = (await rows(h.store, 'rolls', (r) => eq(r.channelId, channelId))).find((r) => r.normalized === '4d6<=2+2')!;
    const after = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('wealth', [opt('amount', 1), opt('name', 'W・魔術師'), opt('roll', socRoll.id)]) });
    expect(ephemeral(after)).toBe(false);
    expect((await rollRow(socRoll.id)).value).toBe(socRoll.value + 1);
    expect(said(after)).toContain('Wealth points: +1.');
    const shown = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('show', [opt('name', 'W・魔術師')]) });
    expect(said(shown)).toContain('wealth 0/4');
  });
});

describe('day-end recovery lifts incapacitation (issue 10 friction; seed 001 L204, L241)', () => {
  it('a master at HP 0 cannot check; after a day with a sleep turn she recovers 2d6 HP and checks again', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'recover' });
    const advance = () => h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Rec')]) });
    await importPair(channelId, player, 'K・魔術師', 'Kセイバー');
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('join', [opt('master', 'K・魔術師'), opt('servant', 'Kセイバー'), opt('faction', 'Rec')]) });
    await advance(); // day 1 morning
    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [opt('amount', 11), opt('character', 'K・魔術師')]) });
    expect(await runtime('K・魔術師')).toMatchObject({ hp: 0, incapacitated: true });
    const refused = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', 'K・魔術師')] });
    expect(ephemeral(refused)).toBe(true);
    for (let i = 0; i < 3; i++) await advance();
    await h.fake.command({ name: 'war', channelId, user: player, options: sub('sleep') });
    const dayEnd = said(await advance());
    const gained = Number(/K・魔術師 recovers (\d+) HP/.exec(dayEnd)![1]);
    expect(gained).toBeGreaterThanOrEqual(2);
    expect(await runtime('K・魔術師')).toMatchObject({ hp: gained, mp: 29, incapacitated: false });
    const rolled = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('character', 'K・魔術師')] });
    expect(ephemeral(rolled)).toBe(false);
  });
});

describe('items bought with wealth points (issue 10; seed 001 L963 effects 3 and 4)', () => {
  it('2d6 HP items used on the servant; a +1 skill item on the master’s check; each used once', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'items' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await importPair(channelId, player, 'V・魔術師', 'Vセイバー');
    const bought = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('wealth', [opt('amount', 2), opt('item', 'hp'), opt('name', 'V・魔術師')]), until: (e) => e.followUps.length > 0 });
    expect(said(bought)).not.toContain('items HP×2'); // the holdings are the player's: an aside
    expect(embedText(bought.followUps[0])).toContain('items HP×2');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('wealth', [opt('amount', 1), opt('item', 'skill'), opt('skill', '魔術・宝石'), opt('name', 'V・魔術師')]) });
    expect(await runtime('V・魔術師')).toMatchObject({ wealthSpent: 3, wealthItems: { hp: 2, mp: 0, skills: { '魔術・宝石': 1 } } });

    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [opt('amount', 30), opt('character', 'Vセイバー')]) });
    const used = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('item', [opt('kind', 'hp'), opt('target', 'Vセイバー'), opt('count', 2), opt('name', 'V・魔術師')]) });
    const m = /uses 2 HP item\(s\) on Vセイバー: (\d)\+(\d), (\d)\+(\d) → \+(\d+) HP/.exec(said(used))!;
    const total = [1, 2, 3, 4].reduce((s, i) => s + Number(m[i]), 0);
    expect(Number(m[5])).toBe(Math.min(total, 30));
    expect((await runtime('Vセイバー')).hp).toBe(18 + Math.min(total, 30));
    expect((await runtime('V・魔術師')).wealthItems!.hp).toBe(0);
    const none = await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('item', [opt('kind', 'hp'), opt('name', 'V・魔術師')]) });
    expect(ephemeral(none)).toBe(true);

    const check = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('skills', '魔術・宝石'), opt('items', 1), opt('character', 'V・魔術師')] });
    expect(said(check)).toContain('8d6<=4+3d6<=3+1');
    expect(said(check)).toContain('Skill items: +1.');
    expect((await runtime('V・魔術師')).wealthItems!.skills).toEqual({});
    const again = await h.fake.command({ name: 'check', channelId, user: player, options: [opt('status', 'mag'), opt('skills', '魔術・宝石'), opt('items', 1), opt('character', 'V・魔術師')] });
    expect(ephemeral(again)).toBe(true);
  });
});

describe('the GM’s choice for an Irregular 5 or 9 (issue 10; seed 001 L79–85)', () => {
  it('re-rolled until a 5 or 9 shows, the GM chooses 4 and 10: two more teams, GM only; refused without a 5 or 9', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'irregular' });
    const war = async () => await row(h.store, 'wars', (w) => eq(w.channelId, channelId));
    const roll = () => h.fake.command({ name: 'war', channelId, user: gm, options: sub('irregular') });
    const choose = (value: string) => h.fake.command({ name: 'war', channelId, user: gm, options: sub('irregular', [opt('choose', value)]) });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Irr')]) });
    for (let i = 0; i < 60 && ((await war()).irregular as { gmChoice: boolean }).gmChoice; i++) await roll();
    const refused = await choose('4');
    expect(ephemeral(refused)).toBe(true);
    expect(said(refused)).toMatch(/no 5 or 9/);
    for (let i = 0; i < 60 && !((await war()).irregular as { gmChoice: boolean }).gmChoice; i++) await roll();
    expect(await choose('5')).toSatisfy(ephemeral);
    const chosen = await choose('4, 10');
    expect(ephemeral(chosen)).toBe(true);
    const text = said(chosen);
    expect(text).toContain('The GM\'s choice:');
    expect(text).toMatch(/\*\*4\*\*[\s\S]*\*\*10\*\*/);
    expect(text).toContain('Masters +2, servants +2.');
    expect((await war()).irregular).toMatchObject({ chosen: { values: [4, 10], mastersDelta: 2, servantsDelta: 2 } });
    const channelPosts = h.fake.channelMessages(channelId).map((m) => embedText(m.body)).join('\n');
    expect(channelPosts).not.toContain('The GM\'s choice');
  });
});
