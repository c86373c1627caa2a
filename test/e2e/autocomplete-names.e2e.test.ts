// Issue 19 §2 "Every name can be picked", through the real discord.js client: every option that names
// a character, combatant, side, skill, combo part, item or faction autocompletes from `せい`, `ｾｲ` and
// `セイ` alike; a list completes its last item; two sheets called セイバー show their owners and carry
// values the command tells apart; a player is never offered another player's sheet where the command
// acts on one's own, nor a hidden shadow's skills.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import type { FakeUser } from './fake-discord/index.js';
import { fixture, opt, sub, type Opt } from './fate-driver.js';
import { embedText, EPHEMERAL, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
const channels = { fate: '', persona: '', war: '' };
const ids = { mine: 0, theirs: 0 };
const INPUTS = ['せい', 'ｾｲ', 'セイ'] as const;

type Choice = { name: string; value: string };
type Who = 'player' | 'player2' | 'gm';

/** The choices Discord would show `who` typing `typed` into `/command [sub] option`, other options already filled. */
async function complete(who: Who, channel: keyof typeof channels, command: string, subName: string | null, option: string, typed: string, others: Opt[] = []): Promise<Choice[]> {
  const focused = [...others, { name: option, value: typed, focused: true }];
  const options = subName ? [{ name: subName, type: 1, options: focused }] : focused;
  const ex = await h.fake.autocomplete({ name: command, channelId: channels[channel], user: h.fake.users[who], options });
  return answerOf(ex).choices as Choice[];
}
const values = (choices: Choice[]) => choices.map((c) => c.value).sort();

// Sheets: a servant セイバー with the skill セイント勇気 (renamed from 勇気), its master with セイ魔術・宝石.
const servantSheet = fixture('saber.txt').replace('勇気:E', 'セイント勇気:E');
const masterSheet = (name: string) => fixture('master.txt').replaceAll('例・魔術師', name).replace('魔術・宝石:C', 'セイ魔術・宝石:C');

async function importSheet(user: FakeUser, channelId: string, file: string, content: string) {
  const ex = await h.fake.command({ name: 'sheet', channelId, user, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: file, content }))]) });
  expect((answerOf(ex).flags ?? 0) & EPHEMERAL, embedText(answerOf(ex))).toBe(EPHEMERAL);
}

beforeAll(async () => {
  h = await startHarness('autocomplete-names');
  const { gm, player, player2 } = h.fake.users;

  // A Fate table: two players each own a sheet called セイバー; the GM adds player one's by its id form.
  channels.fate = h.fake.createTextChannel({ name: 'fate-names' });
  const fate = channels.fate;
  await h.fake.command({ name: 'gm', channelId: fate, user: gm, options: sub('claim') });
  await importSheet(player, fate, 'saber.txt', servantSheet);
  await importSheet(player, fate, 'master.txt', masterSheet('マスター壱'));
  await importSheet(player2, fate, 'saber.txt', servantSheet);
  await importSheet(player2, fate, 'master.txt', masterSheet('マスター弐'));
  ids.mine = (await row(h.store, 'characters', (c) => eq(c.ownerId, player.id), 'oldest')).id;
  ids.theirs = (await row(h.store, 'characters', (c) => eq(c.ownerId, player2.id), 'oldest')).id;
  const gmCombat = (name: string, options: Opt[]) => h.fake.command({ name: 'combat', channelId: fate, user: gm, options: sub(name, options) });
  await gmCombat('start', [opt('ruleset', 'fate')]);
  await gmCombat('add', [opt('who', `セイバー#${ids.mine}`), opt('side', 'セイバー陣営')]);
  const fight = (await row(h.store, 'combats', (c) => eq(c.channelId, fate))).state as { combatants: { name: string; characterId: number | null }[] };
  expect(fight.combatants).toEqual([expect.objectContaining({ name: 'セイバー', characterId: ids.mine })]);
  await gmCombat('add', [opt('who', 'ダミー'), opt('side', '敵'), opt('hp', 200), opt('iv', 1), opt('pool', '6d6<=3'), opt('servant', true)]);
  await gmCombat('next', []);
  // the GM's NPC attacks セイバー: a defense is pending for player one
  await h.fake.command({ name: 'attack', channelId: fate, user: gm, options: [opt('attacker', 'ダミー'), opt('target', 'セイバー'), opt('ranged', true)] });
  await h.fake.command({ name: 'counter', channelId: fate, user: player, options: sub('create', [opt('name', 'セイ回数'), opt('max', 3)]) });
  await h.fake.command({ name: 'palette', channelId: fate, user: player, options: sub('edit', [opt('name', 'セイバー攻撃'), opt('character', 'セイバー')]) });
  await h.fake.modalSubmit({ customId: 'palette:edit', channelId: fate, user: player, fields: { name: 'セイバー攻撃', character: 'セイバー', lines: '1d100<=70 攻撃', variables: '' } });

  // A Persona fight: セイバー (player one, fastest), セイジ (player two), a hidden shadow セイレーン.
  channels.persona = h.fake.createTextChannel({ name: 'persona-names' });
  const persona = channels.persona;
  await h.fake.command({ name: 'gm', channelId: persona, user: gm, options: sub('claim') });
  await h.fake.command({ name: 'combat', channelId: persona, user: gm, options: sub('start', [opt('ruleset', 'persona')]) });
  const blocks: Array<[string, Opt[]]> = [
    ['セイバー pc HP40 SP30 DEX20 luck5 db1D6 mdb1D6\nskill セイントブレード physical slash 2db auto', [opt('player', player)]],
    ['セイジ pc HP40 SP30 DEX10 luck5 db1D6 mdb1D6\nskill セイントアロー physical slash 1db auto', [opt('player', player2)]],
    ['セイレーン npc HP60 SP30 DEX5 luck3 db1D6 mdb1D6\nskill セイレーンソング magic fire 1db auto', [opt('hidden', true)]],
  ];
  for (const [block, extra] of blocks) await h.fake.command({ name: 'persona', channelId: persona, user: gm, options: sub('add', [opt('block', block), ...extra]) });
  await h.fake.command({ name: 'combat', channelId: persona, user: gm, options: sub('next') });
  const state = (await row(h.store, 'combats', (c) => eq(c.channelId, persona))).state as { combat: { slot: { ownerId: string } | null; combatants: { id: string; name: string }[] } };
  expect(state.combat.combatants.find((c) => c.id === state.combat.slot?.ownerId)?.name).toBe('セイバー');

  // A percent war: factions セイバー組 and ランサー組.
  channels.war = h.fake.createTextChannel({ name: 'war-names' });
  const war = (user: FakeUser, name: string, options: Opt[]) => h.fake.command({ name: 'war', channelId: channels.war, user, options: sub(name, options) });
  await h.fake.command({ name: 'gm', channelId: channels.war, user: gm, options: sub('claim') });
  await war(gm, 'start', [opt('ruleset', 'percent'), opt('name', 'Names')]);
  await war(player, 'join', [opt('faction', 'セイバー組'), opt('class', 'saber'), opt('level', 50), opt('statuses', '27 27 27 27 26 26'), opt('mag', 30)]);
  await war(player2, 'join', [opt('faction', 'ランサー組'), opt('class', 'lancer'), opt('level', 50), opt('statuses', '27 27 27 27 26 26'), opt('mag', 20)]);
  await war(gm, 'map', [opt('name', 'セイ教会'), opt('grade', 'medium')]);
});
afterAll(async () => {
  await h?.close();
});

// [label, who, channel, command, subcommand, option, other options, the values offered]
type Row = [string, Who, keyof typeof channels, string, string | null, string, () => Opt[], () => string[]];
const none = () => [];
const saberMine = () => ['セイバー'];
const threeNames = () => ['セイジ', 'セイバー', 'セイレーン'];
const skill = () => ['セイント勇気'];

const rows: Row[] = [
  // Fate fight (seed 001): combatants, sides and the acting combatant's skills
  ['/attack target', 'player', 'fate', 'attack', null, 'target', none, saberMine],
  ['/attack attacker', 'gm', 'fate', 'attack', null, 'attacker', none, saberMine],
  ['/attack skills (the attacker’s, L208)', 'player', 'fate', 'attack', null, 'skills', () => [opt('attacker', 'セイバー')], skill],
  ['/combat defend skills (the pending defender’s, L208–213)', 'player', 'fate', 'combat', 'defend', 'skills', () => [opt('status', 'end')], skill],
  ['/combat cover who', 'player', 'fate', 'combat', 'cover', 'who', none, saberMine],
  ['/combat cover skills (the coverer’s, L471–482)', 'player', 'fate', 'combat', 'cover', 'skills', () => [opt('who', 'セイバー')], skill],
  ['/combat priority skill (L220–225)', 'player', 'fate', 'combat', 'priority', 'skill', () => [opt('fighter', 'セイバー')], skill],
  ['/combat priority fighter', 'player', 'fate', 'combat', 'priority', 'fighter', none, saberMine],
  ['/combat inflict fighter', 'gm', 'fate', 'combat', 'inflict', 'fighter', none, saberMine],
  ['/combat inflict resist_skills (L424–437)', 'gm', 'fate', 'combat', 'inflict', 'resist_skills', () => [opt('fighter', 'セイバー')], skill],
  ['/combat cure fighter', 'gm', 'fate', 'combat', 'cure', 'fighter', none, saberMine],
  ['/combat fly fighter', 'gm', 'fate', 'combat', 'fly', 'fighter', none, saberMine],
  ['/combat remove who', 'gm', 'fate', 'combat', 'remove', 'who', none, saberMine],
  ['/combat escape side', 'player', 'fate', 'combat', 'escape', 'side', none, () => ['セイバー陣営']],
  ['/combat add side', 'gm', 'fate', 'combat', 'add', 'side', none, () => ['セイバー陣営']],
  ['/combat join side', 'player', 'fate', 'combat', 'join', 'side', none, () => ['セイバー陣営']],
  ['/combat add who (two sheets called セイバー: both by id)', 'gm', 'fate', 'combat', 'add', 'who', none, () => [`セイバー#${ids.mine}`, `セイバー#${ids.theirs}`]],
  // Fate sheets: skills of the named (or active) sheet
  ['/check skills', 'player', 'fate', 'check', null, 'skills', () => [opt('character', 'セイバー')], skill],
  ['/check skills (the active sheet: the master imported last)', 'player', 'fate', 'check', null, 'skills', none, () => ['セイ魔術・宝石']],
  ['/check against_skills (the opponent’s, L41)', 'player', 'fate', 'check', null, 'against_skills', () => [opt('against', `セイバー#${ids.theirs}`)], skill],
  ['/sheet wealth skill', 'player', 'fate', 'sheet', 'wealth', 'skill', () => [opt('name', 'セイバー')], skill],
  ['/sheet set field (a skill of the sheet)', 'player', 'fate', 'sheet', 'set', 'field', () => [opt('name', 'セイバー')], () => ['skill:セイント勇気']],
  ['/war summon skills (the master’s, L108–114)', 'player', 'fate', 'war', 'summon', 'skills', () => [opt('master', 'マスター壱')], () => ['セイ魔術・宝石']],
  ['/war join skills', 'player', 'fate', 'war', 'join', 'skills', () => [opt('servant', 'セイバー')], skill],
  ['/war npc skills', 'gm', 'fate', 'war', 'npc', 'skills', () => [opt('servant', `セイバー#${ids.theirs}`)], skill],
  // character names: one's own where the command acts on it, anyone's where it only names them
  ['/sheet show name (anyone’s; one’s own plain)', 'player', 'fate', 'sheet', 'show', 'name', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/sheet use name (one’s own)', 'player', 'fate', 'sheet', 'use', 'name', none, saberMine],
  ['/sheet item target (anyone’s)', 'player', 'fate', 'sheet', 'item', 'target', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/check character (one’s own)', 'player', 'fate', 'check', null, 'character', none, saberMine],
  ['/check against (anyone’s)', 'player', 'fate', 'check', null, 'against', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/stats character', 'player2', 'fate', 'stats', null, 'character', none, () => ['セイバー', `セイバー#${ids.mine}`]],
  ['/seal master (one’s own)', 'player', 'fate', 'seal', null, 'master', none, saberMine],
  ['/seal target', 'player', 'fate', 'seal', null, 'target', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/hp damage character (one’s own)', 'player2', 'fate', 'hp', 'damage', 'character', none, saberMine],
  ['/mp supply servant', 'player', 'fate', 'mp', 'supply', 'servant', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/luck share partner', 'player', 'fate', 'luck', 'share', 'partner', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/palette edit character', 'player', 'fate', 'palette', 'edit', 'character', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/palette show name', 'player', 'fate', 'palette', 'show', 'name', none, () => ['セイバー攻撃']],
  ['/counter add name', 'player', 'fate', 'counter', 'add', 'name', none, () => ['セイ回数']],
  ['/war join servant (one’s own)', 'player', 'fate', 'war', 'join', 'servant', none, saberMine],
  ['/war npc servant (the GM: every sheet)', 'gm', 'fate', 'war', 'npc', 'servant', none, () => [`セイバー#${ids.mine}`, `セイバー#${ids.theirs}`]],
  ['/hp heal character', 'player', 'fate', 'hp', 'heal', 'character', none, saberMine],
  ['/hp set character', 'player', 'fate', 'hp', 'set', 'character', none, saberMine],
  ['/mp spend character', 'player', 'fate', 'mp', 'spend', 'character', none, saberMine],
  ['/mp gain character', 'player', 'fate', 'mp', 'gain', 'character', none, saberMine],
  ['/mp set character', 'player2', 'fate', 'mp', 'set', 'character', none, saberMine],
  ['/mp support servant', 'player', 'fate', 'mp', 'support', 'servant', none, () => ['セイバー', `セイバー#${ids.theirs}`]],
  ['/sheet export name', 'player', 'fate', 'sheet', 'export', 'name', none, saberMine],
  ['/sheet set name', 'player', 'fate', 'sheet', 'set', 'name', none, saberMine],
  ['/sheet delete name', 'player', 'fate', 'sheet', 'delete', 'name', none, saberMine],
  ['/sheet wealth name', 'player', 'fate', 'sheet', 'wealth', 'name', none, saberMine],
  ['/sheet item name', 'player', 'fate', 'sheet', 'item', 'name', none, saberMine],
  ['/sheet accept name (the GM: every sheet)', 'gm', 'fate', 'sheet', 'accept', 'name', none, () => [`セイバー#${ids.mine}`, `セイバー#${ids.theirs}`]],
  ['/palette edit name', 'player', 'fate', 'palette', 'edit', 'name', none, () => ['セイバー攻撃']],
  ['/palette export name', 'player', 'fate', 'palette', 'export', 'name', none, () => ['セイバー攻撃']],
  ['/palette show name (not another player’s palette)', 'player2', 'fate', 'palette', 'show', 'name', none, none],
  ['/counter set name', 'player', 'fate', 'counter', 'set', 'name', none, () => ['セイ回数']],
  ['/counter delete name', 'player2', 'fate', 'counter', 'delete', 'name', none, () => ['セイ回数']],
  // percent war factions (seed 000)
  ['/war set faction', 'gm', 'war', 'war', 'set', 'faction', none, () => ['セイバー組']],
  ['/war faction_view faction', 'player2', 'war', 'war', 'faction_view', 'faction', none, () => ['セイバー組']],
  ['/battle theirs', 'player2', 'war', 'battle', null, 'theirs', none, () => ['セイバー組']],
  ['/act targets', 'player2', 'war', 'act', null, 'targets', none, () => ['セイバー組']],
  ['/act faction', 'gm', 'war', 'act', null, 'faction', none, () => ['セイバー組']],
  ['/act to (a territory of the GM’s map)', 'player', 'war', 'act', null, 'to', none, () => ['セイ教会']],
  ['/battle ours', 'player', 'war', 'battle', null, 'ours', none, () => ['セイバー組']],
  ['/battle our_ally', 'player2', 'war', 'battle', null, 'our_ally', none, () => ['セイバー組']],
  ['/battle their_ally', 'player2', 'war', 'battle', null, 'their_ally', none, () => ['セイバー組']],
  ['/war retreat faction', 'gm', 'war', 'war', 'retreat', 'faction', none, () => ['セイバー組']],
  ['/war retreat payer', 'gm', 'war', 'war', 'retreat', 'payer', none, () => ['セイバー組']],
  ['/war use faction', 'gm', 'war', 'war', 'use', 'faction', none, () => ['セイバー組']],
  ['/war intervene eater', 'player2', 'war', 'war', 'intervene', 'eater', none, () => ['セイバー組']],
  // Persona fight (seeds 002/003): the slot is セイバー's, player one's
  ['/persona attack skill (the slot’s)', 'player', 'persona', 'persona', 'attack', 'skill', none, () => ['セイントブレード']],
  ['/persona attack targets', 'player', 'persona', 'persona', 'attack', 'targets', none, threeNames],
  ['/persona combo skills (who:skill of the slot’s side, JA L456–500)', 'player', 'persona', 'persona', 'combo', 'skills', none, () => ['セイジ:セイントアロー', 'セイバー:セイントブレード']],
  ['/persona combo targets', 'player', 'persona', 'persona', 'combo', 'targets', none, threeNames],
  ['/persona escape with (the slot’s allies, JA L834–839)', 'player', 'persona', 'persona', 'escape', 'with', none, () => ['セイジ']],
  ['/persona allout target', 'player', 'persona', 'persona', 'allout', 'target', none, threeNames],
  ['/persona talk target', 'player', 'persona', 'persona', 'talk', 'target', none, threeNames],
  ['/persona analyze target', 'player', 'persona', 'persona', 'analyze', 'target', none, threeNames],
  ['/persona item targets', 'player', 'persona', 'persona', 'item', 'targets', none, threeNames],
  ['/persona cover target', 'player', 'persona', 'persona', 'cover', 'target', none, threeNames],
  ['/persona finish targets', 'player', 'persona', 'persona', 'finish', 'targets', none, threeNames],
  ['/persona add who (the GM’s stored blocks)', 'gm', 'persona', 'persona', 'add', 'who', none, threeNames],
  ['/persona add who (not a player’s)', 'player', 'persona', 'persona', 'add', 'who', none, none],
  ['/persona adjust who (the GM’s)', 'gm', 'persona', 'persona', 'adjust', 'who', none, threeNames],
  ['/persona adjust who (not a player’s)', 'player', 'persona', 'persona', 'adjust', 'who', none, none],
  ['/persona extra who', 'gm', 'persona', 'persona', 'extra', 'who', none, threeNames],
  ['/persona dodge who (one’s own)', 'player', 'persona', 'persona', 'dodge', 'who', none, saberMine],
  ['/persona cover who (one’s own)', 'player', 'persona', 'persona', 'cover', 'who', none, saberMine],
  ['/persona finish who (one’s own)', 'player', 'persona', 'persona', 'finish', 'who', none, saberMine],
  ['/persona first who (one’s own)', 'player2', 'persona', 'persona', 'first', 'who', none, () => ['セイジ']],
];

describe('every name option folds せい / ｾｲ / セイ (issue 19 §2)', () => {
  const cases = rows.flatMap((r) => INPUTS.map((typed) => [r[0], typed, r] as const));
  it.each(cases)('%s ← %s', async (_label, typed, [, who, channel, command, subName, option, others, expected]) => {
    const choices = await complete(who, channel, command, subName, option, typed, others());
    expect(values(choices)).toEqual(expected().sort());
    for (const c of choices) {
      expect(c.name.length).toBeLessThanOrEqual(100);
      expect(c.value.length).toBeLessThanOrEqual(100);
    }
  });
});

describe('lists, owners and what is not offered', () => {
  it('a list completes its last item and keeps the ones before (targets, skills)', async () => {
    const targets = await complete('player', 'persona', 'persona', 'attack', 'targets', 'セイジ、ｾｲ');
    expect(values(targets)).toEqual(['セイジ, セイバー', 'セイジ, セイレーン']);
    const skills = await complete('player', 'fate', 'check', null, 'skills', 'カリスマ, せい', [opt('character', 'セイバー')]);
    expect(skills).toEqual([{ name: 'カリスマ, セイント勇気', value: 'カリスマ, セイント勇気' }]);
    // a skill already in the list is not offered again
    expect(await complete('player', 'fate', 'check', null, 'skills', 'セイント勇気, せい', [opt('character', 'セイバー')])).toEqual([]);
  });

  it('two sheets called セイバー show their owners; the value picks the right one', async () => {
    const shown = await complete('gm', 'fate', 'sheet', 'show', 'name', 'ｾｲﾊﾞｰ');
    expect(shown).toEqual(
      expect.arrayContaining([
        { name: 'セイバー (Player One)', value: `セイバー#${ids.mine}` },
        { name: 'セイバー (Player Two)', value: `セイバー#${ids.theirs}` },
      ]),
    );
    // by the bare name the GM's /sheet show cannot choose; by the id form it can
    const bare = await h.fake.command({ name: 'sheet', channelId: channels.fate, user: h.fake.users.gm, options: sub('show', [opt('name', 'セイバー')]) });
    expect((answerOf(bare).flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    const picked = await h.fake.command({ name: 'sheet', channelId: channels.fate, user: h.fake.users.gm, options: sub('show', [opt('name', `セイバー#${ids.theirs}`)]) });
    expect((answerOf(picked).flags ?? 0) & EPHEMERAL).toBe(0);
    // player one's private view of player two's セイバー is refused: the id form named player two's sheet
    const notMine = await h.fake.command({ name: 'sheet', channelId: channels.fate, user: h.fake.users.player, options: sub('show', [opt('name', `セイバー#${ids.theirs}`), opt('private', true)]) });
    expect(embedText(answerOf(notMine))).toMatch(/Only the owner of セイバー/);
  });

  it('an item used in the fight is offered next time; a hidden shadow’s skills only to the GM', async () => {
    const used = await h.fake.command({ name: 'persona', channelId: channels.persona, user: h.fake.users.player, options: sub('item', [opt('name', 'セイスイ'), opt('amount', '1D4'), opt('targets', 'セイバー')]) });
    expect(embedText(answerOf(used))).toContain('セイスイ');
    for (const typed of INPUTS) expect(values(await complete('player2', 'persona', 'persona', 'item', 'name', typed))).toEqual(['セイスイ']);

    // on to the shadow's slot (player two's セイジ passes)
    const slotOwner = async () => {
      const s = (await row(h.store, 'combats', (c) => eq(c.channelId, channels.persona))).state as { combat: { slot: { ownerId: string } | null; combatants: { id: string; name: string }[] } };
      return s.combat.combatants.find((c) => c.id === s.combat.slot?.ownerId)?.name;
    };
    for (let i = 0; i < 4 && (await slotOwner()) !== 'セイレーン'; i++) await h.fake.command({ name: 'persona', channelId: channels.persona, user: h.fake.users.gm, options: sub('pass') });
    expect(await slotOwner()).toBe('セイレーン');
    for (const typed of INPUTS) {
      expect(await complete('player', 'persona', 'persona', 'attack', 'skill', typed)).toEqual([]);
      expect(values(await complete('gm', 'persona', 'persona', 'attack', 'skill', typed))).toEqual(['セイレーンソング']);
      // the hidden shadow is named as the tracker names it
      expect(values(await complete('player', 'persona', 'persona', 'analyze', 'target', typed))).toEqual(['セイジ', 'セイバー', 'セイレーン']);
    }
  });
});
