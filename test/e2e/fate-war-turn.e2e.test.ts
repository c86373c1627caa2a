// A war's action turn as the table plays it (issue 31): who may sleep, when the war is down to its last
// servant, supplying MP for a named master, what /act offers in a Fate war, the master's MAG at join,
// and familiars still to be decided at /war advance — through the real discord.js client.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactionState } from '../../src/services/war/state.js';
import { row, rows } from '../helpers/db.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { ephemeral, fateDriver, opt, sub, type Opt } from './fate-driver.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
const { runtime, importPair, tracker } = fateDriver(() => h);
const said = (ex: InteractionExchange) => embedText(answerOf(ex));
const fateOf = async (name: string) => ((await row(h.store, 'factions', (f) => eq(f.name, name))).state as FactionState).fate!;

beforeAll(async () => {
  h = await startHarness('fate-war-turn');
});
afterAll(async () => {
  await h?.close();
});

/** A claimed channel with a Fate war; `pairs` import and join, then day 1 begins. */
async function fateWar(name: string, pairs: { user: 'player' | 'player2' | 'gm'; master: string; servant: string; faction: string }[]): Promise<string> {
  const { gm } = h.fake.users;
  const channelId = h.fake.createTextChannel({ name });
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', name)]) });
  for (const p of pairs) {
    const user = h.fake.users[p.user];
    await importPair(channelId, user, p.master, p.servant);
    const joined = await h.fake.command({ name: 'war', channelId, user, options: sub(p.user === 'gm' ? 'npc' : 'join', [opt('master', p.master), opt('servant', p.servant), opt('faction', p.faction)]) });
    expect(ephemeral(joined)).toBe(false);
  }
  return channelId;
}

const war = (channelId: string, user: 'player' | 'player2' | 'gm', name: string, options: Opt[] = []) => h.fake.command({ name: 'war', channelId, user: h.fake.users[user], options: sub(name, options) });

/** The GM's fight in which `target` (a master) is attacked to kill (seed 001 L204). */
async function killInFight(channelId: string, target: string, defender: 'player' | 'player2' = 'player') {
  const { gm } = h.fake.users;
  const player = h.fake.users[defender];
  await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
  await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', target), opt('side', 'us')]) });
  await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', 'K'), opt('side', 'them'), opt('hp', 10), opt('iv', 99), opt('pool', '20d6<=6'), opt('servant', true)]) });
  await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
  await h.fake.command({ name: 'attack', channelId, user: gm, options: [opt('target', target), opt('weapon', 50), opt('intent', 'kill')] });
  await h.fake.button({ customId: 'attack:defend:agi', channelId, user: player });
  const resolved = await h.fake.button({ customId: 'attack:resolve', channelId, user: player });
  expect(await runtime(target)).toMatchObject({ dead: true });
  await h.fake.waitFor(async () => (await tracker(channelId)).includes('dead'));
  await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('end') });
  return resolved;
}

describe('a dead master does not sleep (issue 31; seed 001 L204, L246)', () => {
  it('/war sleep for a faction whose master died is refused, saying why, in the reader’s language', async () => {
    const channelId = await fateWar('dead-sleep', [{ user: 'player', master: 'D・魔術師', servant: 'Dセイバー', faction: 'Dead' }]);
    await war(channelId, 'gm', 'advance'); // summoning → day 1 morning
    await killInFight(channelId, 'D・魔術師');
    const refused = await war(channelId, 'player', 'sleep');
    expect(ephemeral(refused)).toBe(true);
    expect(said(refused)).toContain('D・魔術師 is dead: the dead do not sleep');
    expect((await fateOf('Dead')).sleptThisTurn).toBe(false);
    const ja = await h.fake.command({ name: 'war', channelId, user: h.fake.users.player, locale: 'ja', options: sub('sleep') });
    expect(said(ja)).toContain('D・魔術師は死亡しています');
  });
});

describe('/mp supply names its master (issue 31; seed 001 L231)', () => {
  it('playing the servant, the player supplies from the master named by master: (autocompleted, own masters only); another player’s master is refused', async () => {
    const { player, player2 } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'supply' });
    await importPair(channelId, player, 'Y・魔術師', 'Yセイバー');
    await importPair(channelId, player2, 'Z・魔術師', 'Zセイバー');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('use', [opt('name', 'Yセイバー')]) });
    await h.fake.command({ name: 'mp', channelId, user: player, options: sub('spend', [opt('amount', 10), opt('character', 'Yセイバー')]) });
    const masterBefore = await runtime('Y・魔術師');
    const servantBefore = await runtime('Yセイバー');
    // The master option is offered like the other character options: the caller's own characters.
    const ac = await h.fake.autocomplete({ name: 'mp', channelId, user: player, options: [{ name: 'supply', type: 1, options: [opt('amount', 5), opt('servant', 'Yセイバー'), { name: 'master', value: 'Y', focused: true }] }] });
    const offered = (answerOf(ac).choices as { value: string }[]).map((c) => c.value);
    expect(offered).toContain('Y・魔術師');
    expect(offered).not.toContain('Z・魔術師');
    const supplied = await h.fake.command({ name: 'mp', channelId, user: player, options: sub('supply', [opt('amount', 5), opt('servant', 'Yセイバー'), opt('master', 'Y・魔術師')]) });
    expect(ephemeral(supplied)).toBe(false);
    expect(said(supplied)).toContain('Y・魔術師 supplies Yセイバー: 5 MP given');
    expect((await runtime('Y・魔術師')).mp).toBe(masterBefore.mp - 5);
    expect((await runtime('Yセイバー')).mp).toBe(servantBefore.mp + 5);
    // Ownership as everywhere: another player's master gives nothing.
    const zBefore = (await runtime('Z・魔術師')).mp;
    const theirs = await h.fake.command({ name: 'mp', channelId, user: player, options: sub('supply', [opt('amount', 5), opt('servant', 'Yセイバー'), opt('master', 'Z・魔術師')]) });
    expect(ephemeral(theirs)).toBe(true);
    expect(said(theirs)).toMatch(/Z・魔術師/);
    expect((await runtime('Z・魔術師')).mp).toBe(zBefore);
    // A servant is no master.
    const notMaster = await h.fake.command({ name: 'mp', channelId, user: player, options: sub('supply', [opt('amount', 5), opt('servant', 'Yセイバー'), opt('master', 'Yセイバー')]) });
    expect(ephemeral(notMaster)).toBe(true);
  });
});

describe('/war join mag: is never replaced without a word (issue 31; seed 000 L35, L37; seed 001 L108–109)', () => {
  it('percentage war: a mag: that the master’s statuses contradict is refused, saying the master’s MAG is its MAG status; the same number is accepted', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'mag-percent' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await war(channelId, 'gm', 'start', [opt('ruleset', 'percent'), opt('name', 'Mag')]);
    // Master Lv 40: 120 points (L29), MAG 30 in the STR END AGI MAG LUK NP order.
    const join = (mag: number) => war(channelId, 'player', 'join', [opt('faction', 'Magi'), opt('level', 50), opt('master_level', 40), opt('master_statuses', '20 20 20 30 15 15'), opt('mag', mag)]);
    const refused = await join(12);
    expect(ephemeral(refused)).toBe(true);
    expect(said(refused)).toContain('mag:12 and the MAG in master_statuses: (30) disagree');
    expect(said(refused)).toContain('seed 000 L35, L37');
    const ko = await h.fake.command({ name: 'war', channelId, user: player, locale: 'ko', options: sub('join', [opt('faction', 'Magi'), opt('level', 50), opt('master_level', 40), opt('master_statuses', '20 20 20 30 15 15'), opt('mag', 12)]) });
    expect(said(ko)).toContain('마스터의 마는 하나의 수치');
    const joined = await join(30);
    expect(ephemeral(joined)).toBe(false);
    const magi = (await row(h.store, 'factions', (f) => eq(f.name, 'Magi'))).state as FactionState;
    expect(magi.percent).toMatchObject({ masterMag: 30, mana: 160 });
  });

  it('Fate war: mag: (or any percentage-war number) is refused, naming it — the master’s MAG is its sheet’s', async () => {
    const channelId = h.fake.createTextChannel({ name: 'mag-fate' });
    const { gm, player } = h.fake.users;
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await war(channelId, 'gm', 'start', [opt('ruleset', 'fate'), opt('name', 'MagFate')]);
    await importPair(channelId, player, 'M2・魔術師', 'M2セイバー');
    const refused = await war(channelId, 'player', 'join', [opt('master', 'M2・魔術師'), opt('servant', 'M2セイバー'), opt('mag', 12)]);
    expect(ephemeral(refused)).toBe(true);
    expect(said(refused)).toContain('mag: belong to the percentage war');
    const ja = await h.fake.command({ name: 'war', channelId, user: player, locale: 'ja', options: sub('join', [opt('master', 'M2・魔術師'), opt('servant', 'M2セイバー'), opt('mag', 12), opt('level', 50)]) });
    expect(said(ja)).toContain('レベル:, 魔力: はパーセンテージ戦争の項目です');
    const warId = (await row(h.store, 'wars', (w) => eq(w.channelId, channelId))).id;
    expect(await rows(h.store, 'factions', (f) => eq(f.warId, warId))).toHaveLength(0);
    const joined = await war(channelId, 'player', 'join', [opt('master', 'M2・魔術師'), opt('servant', 'M2セイバー')]);
    expect(ephemeral(joined)).toBe(false);
  });
});

describe('a familiars decision still open at the turn end (issue 31; seed 000 L4 「주사위 굴림 후 사용」)', () => {
  let channelId = '';
  const percentOf = async () => ((await row(h.store, 'factions', (f) => eq(f.name, 'Seer'))).state as FactionState).percent!;
  const clock = async () => { const w = await row(h.store, 'wars', (x) => eq(x.channelId, channelId)); return [w.day, w.turn]; };
  const act = (options: Opt[]) => h.fake.command({ name: 'act', channelId, user: h.fake.users.player, options });
  /** Gathers until a failure the held familiars would save; returns the GM's /war resolve reply and the offer DM. */
  const failedGathering = async () => {
    for (let i = 0; i < 20; i++) {
      const offers = h.fake.dms(h.fake.users.player.id).filter((m) => m.components.length > 0).length;
      await act([opt('action', 'infoGathering'), opt('mode', 'locate')]);
      const resolved = await war(channelId, 'gm', 'resolve');
      const offer = h.fake.dms(h.fake.users.player.id).filter((m) => m.components.length > 0)[offers];
      if (offer) return { resolved, offer };
      await war(channelId, 'gm', 'advance');
    }
    throw new Error('no failed gathering in 20 turns');
  };

  it('the GM is told at /war resolve; /war advance waits, naming the faction; the player keeps the failure by a button and the turn ends', async () => {
    channelId = h.fake.createTextChannel({ name: 'familiars' });
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
    await war(channelId, 'gm', 'start', [opt('ruleset', 'percent'), opt('name', 'Fam')]);
    await war(channelId, 'player', 'join', [opt('faction', 'Seer'), opt('level', 50), opt('mag', 50)]);
    await war(channelId, 'player2', 'join', [opt('faction', 'Other'), opt('level', 50), opt('mag', 20)]);
    await war(channelId, 'gm', 'advance'); // day 1
    // MAG 50 × 2 = 100 %: familiars are made for certain (L3); three save any failure of a 50 % roll.
    while (((await percentOf()).items?.familiar ?? 0) < 3) {
      await act([opt('action', 'mysticCode'), opt('item', 'familiar'), opt('creator', 'master')]);
      await war(channelId, 'gm', 'resolve');
      await war(channelId, 'gm', 'advance');
    }
    const { resolved, offer } = await failedGathering();
    expect(said(resolved)).toContain(`**Seer** may still spend familiars after the roll: <@${h.fake.users.player.id}> decides`);
    const at = await clock();
    const waiting = await war(channelId, 'gm', 'advance');
    expect(ephemeral(waiting)).toBe(true);
    expect(said(waiting)).toContain('Seer can still spend familiars on a failed information gathering');
    expect(said(waiting)).toContain('force:true');
    expect(await clock()).toEqual(at);
    // In the GM's language too.
    const ja = await h.fake.command({ name: 'war', channelId, user: h.fake.users.gm, locale: 'ja', options: sub('advance') });
    expect(said(ja)).toContain('Seer は失敗した情報収集にまだ使い魔を使えます');
    const gmDms = h.fake.dms(h.fake.users.gm.id).length;
    const decline = offer.components[0].components.find((b: any) => String(b.custom_id).startsWith('act:familiars:decline:'));
    const kept = await h.fake.button({ customId: decline.custom_id, user: h.fake.users.player, guildId: null, message: offer });
    expect(kept.callback.type).toBe(7);
    expect(said(kept)).toContain('You keep the failure');
    expect((await percentOf()).items?.familiar).toBe(3);
    // The GM last spoke Japanese: the DM is in Japanese.
    await h.fake.waitFor(() => h.fake.dms(h.fake.users.gm.id).slice(gmDms).find((m) => embedText(m.body).includes('Seer は情報収集を失敗のままにしました')));
    const advanced = await war(channelId, 'gm', 'advance');
    expect(said(advanced)).not.toContain('familiars');
    expect(await clock()).not.toEqual(at);
  });

  it('force:true lets an open offer lapse: the GM’s report and the faction say so, and the button is too late', async () => {
    const { offer } = await failedGathering();
    const dms = h.fake.dms(h.fake.users.player.id).length;
    const forced = await war(channelId, 'gm', 'advance', [opt('force', true)]);
    expect(said(forced)).toContain('The familiars offer lapsed unanswered (turn ended by the GM): Seer.');
    await h.fake.waitFor(() => h.fake.dms(h.fake.users.player.id).slice(dms).find((m) => embedText(m.body).includes('the familiars offer has lapsed')));
    const spend = offer.components[0].components.find((b: any) => !String(b.custom_id).includes('decline'));
    const late = await h.fake.button({ customId: spend.custom_id, user: h.fake.users.player, guildId: null, message: offer });
    expect(said(late)).toContain('Too late');
    expect((await percentOf()).items?.familiar).toBe(3);
  });
});

describe('the table is told when one servant is left (issue 31; seed 001 L66)', () => {
  const lastPosts = (channelId: string) => h.fake.channelMessages(channelId).filter((m) => embedText(m.body).includes('one servant left'));

  it('a servant killed in a fight leaves one standing: the channel and the GM hear it once', async () => {
    const { gm } = h.fake.users;
    const channelId = await fateWar('last-servant', [
      { user: 'player', master: 'A・魔術師', servant: 'Aセイバー', faction: 'Alpha' },
      { user: 'player2', master: 'B・魔術師', servant: 'Bセイバー', faction: 'Beta' },
      { user: 'gm', master: 'C・魔術師', servant: 'Cセイバー', faction: 'Gamma' },
    ]);
    await war(channelId, 'gm', 'advance'); // day 1
    await war(channelId, 'gm', 'set', [opt('faction', 'Gamma'), opt('field', 'eliminated'), opt('value', 'true')]);
    expect(lastPosts(channelId)).toHaveLength(0); // two servants still stand
    const gmDms = h.fake.dms(gm.id).length;
    const killed = await killInFight(channelId, 'Bセイバー', 'player2');
    expect(said(killed)).toMatch(/dead|killed/i);
    const post = await h.fake.waitFor(() => lastPosts(channelId)[0]);
    expect(embedText(post.body)).toContain('last-servant: one servant left');
    expect(embedText(post.body)).toContain('Only the servant of **Alpha** still stands');
    expect(embedText(post.body)).toContain('seed 001 L66');
    await h.fake.waitFor(() => h.fake.dms(gm.id).slice(gmDms).find((m) => embedText(m.body).includes('Only the servant of **Alpha** still stands in')));
    // Once: the next turn end does not say it again.
    await war(channelId, 'gm', 'advance');
    await war(channelId, 'gm', 'advance');
    expect(lastPosts(channelId)).toHaveLength(1);
  });

  it('the GM marking the second-to-last faction eliminated tells the table, in its language; /war undo takes it back with the change', async () => {
    const { gm } = h.fake.users;
    const channelId = await fateWar('last-by-set', [
      { user: 'player', master: 'E・魔術師', servant: 'Eセイバー', faction: 'Epsilon' },
      { user: 'player2', master: 'F・魔術師', servant: 'Fセイバー', faction: 'Zeta' },
    ]);
    const posts = () => h.fake.channelMessages(channelId).filter((m) => embedText(m.body).includes('残るサーヴァントは一騎'));
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('language', [opt('language', 'ja')]) });
    await war(channelId, 'gm', 'advance');
    await war(channelId, 'gm', 'set', [opt('faction', 'Zeta'), opt('field', 'eliminated'), opt('value', 'true')]);
    const post = await h.fake.waitFor(() => posts()[0]);
    expect(embedText(post.body)).toContain('立っているサーヴァントは **Epsilon** のものだけです');
    await war(channelId, 'gm', 'undo');
    const config = (await row(h.store, 'wars', (w) => eq(w.channelId, channelId))).config as { lastServant?: unknown };
    expect(config.lastServant).toBeUndefined();
    await war(channelId, 'gm', 'set', [opt('faction', 'Zeta'), opt('field', 'eliminated'), opt('value', 'true')]);
    await h.fake.waitFor(() => posts().length === 2);
  });

  it('a masterless servant vanishing at the turn end leaves one standing: the advance tells the table (L244, L66)', async () => {
    const { player2 } = h.fake.users;
    const channelId = await fateWar('last-by-decay', [
      { user: 'player', master: 'G・魔術師', servant: 'Gセイバー', faction: 'Eta' },
      { user: 'player2', master: 'H・魔術師', servant: 'Hセイバー', faction: 'Theta' },
    ]);
    await war(channelId, 'gm', 'advance');
    await h.fake.command({ name: 'mp', channelId, user: player2, options: sub('set', [opt('amount', 0), opt('character', 'Hセイバー')]) });
    await h.fake.command({ name: 'hp', channelId, user: player2, options: sub('set', [opt('amount', 5), opt('character', 'Hセイバー')]) });
    await war(channelId, 'gm', 'set', [opt('faction', 'Theta'), opt('field', 'masterless'), opt('value', 'true')]);
    expect(lastPosts(channelId)).toHaveLength(0);
    await war(channelId, 'gm', 'advance'); // rank level 10 lost: Hセイバー vanishes (L244)
    const post = await h.fake.waitFor(() => lastPosts(channelId)[0]);
    expect(embedText(post.body)).toContain('Only the servant of **Eta** still stands');
  });
});

describe('a Fate war’s /act offers the Fate war’s actions (issue 31; seed 001 L239, L246)', () => {
  const choices = async (channelId: string, typed: string, locale?: string) => {
    const ex = await h.fake.autocomplete({ name: 'act', channelId, user: h.fake.users.player, ...(locale ? { locale } : {}), options: [{ name: 'action', value: typed, focused: true }] });
    return answerOf(ex).choices as { name: string; value: string }[];
  };
  const act = (channelId: string, options: Opt[], locale?: string) => h.fake.command({ name: 'act', channelId, user: h.fake.users.player, ...(locale ? { locale } : {}), options });

  it('the action menu is the Fate war’s, never the percentage war’s; a declaration points to the Fate commands without the Assassin note', async () => {
    const channelId = await fateWar('fate-act', [{ user: 'player', master: 'J・魔術師', servant: 'Jセイバー', faction: 'Jay' }]);
    await war(channelId, 'gm', 'advance'); // day 1
    const offered = await choices(channelId, '');
    expect(offered.map((c) => c.value)).toEqual(['infoGathering', 'preparation', 'recovery', 'contact', 'skill', 'other']);
    expect(offered.map((c) => c.name).join(' ')).not.toMatch(/mystic code|soul eating|rest\)/i);
    expect((await choices(channelId, '', 'ja')).map((c) => c.name)).toContain('装備の準備');
    const prepared = await act(channelId, [opt('action', 'preparation'), opt('text', 'Sharpen the blade')]);
    expect(ephemeral(prepared)).toBe(true);
    expect(said(prepared)).toContain('Jay declares: Prepare equipment');
    expect(said(prepared)).toContain('The GM plays this action out with the Fate/roll dice rules');
    expect(said(prepared)).toContain('/war sleep');
    const gathered = await act(channelId, [opt('action', 'infoGathering')]);
    expect(said(gathered)).toContain('Information gathering');
    expect(said(gathered)).not.toContain('the target\'s class'); // the percentage war's Assassin note
    // A name typed in the reader's language (as the console sends it) is read as the action.
    const typed = await act(channelId, [opt('action', '回復魔術・アイテムの使用（サーヴァントへも）')], 'ja');
    expect(said(typed)).toContain('Jay の宣言：回復魔術・アイテムの使用');
  });

  it('the percentage war’s actions and options are refused in a Fate war, naming what it offers', async () => {
    const channelId = (await row(h.store, 'wars', (w) => eq(w.name, 'fate-act'))).channelId;
    const code = await act(channelId, [opt('action', 'mysticCode')]);
    expect(ephemeral(code)).toBe(true);
    expect(said(code)).toContain('is not an action of a Fate/roll dice war');
    expect(said(code)).toContain('Prepare equipment');
    const mode = await act(channelId, [opt('action', 'infoGathering'), opt('mode', 'deep')]);
    expect(said(mode)).toContain('mode: belong to the percentage war’s menu');
  });

  it('a percentage war still offers its own menu', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'percent-act' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await war(channelId, 'gm', 'start', [opt('ruleset', 'percent'), opt('name', 'PctAct')]);
    expect((await choices(channelId, '')).map((c) => c.value)).toEqual(['mysticCode', 'rest', 'soulEating', 'moveBase', 'contact', 'infoGathering', 'other']);
    expect((await choices(channelId, '정보', 'ko')).map((c) => c.value)).toEqual(['infoGathering']);
  });
});
