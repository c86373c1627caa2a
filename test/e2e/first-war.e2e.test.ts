// The way in (issue 30 §1), through the real discord.js client: from a new server to the end of a first
// war turn with /setup and its buttons, counting what each person typed; a player joining with the
// sheets they imported (it answered "/sheet import first"), or with a form for both; the board saying
// what each faction owes (seed 001 L108–110 summoning, L238–240 and L246 one action or a sleep per
// action turn) and nothing where nothing is owed; /setup's language, time zone and permission check.
import { eq } from 'drizzle-orm';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_PERMISSIONS, permissionBits } from '../../src/discord/invite.js';
import type { FactionState } from '../../src/services/war/state.js';
import { row, rows } from '../helpers/db.js';
import type { FakeUser, InteractionExchange } from './fake-discord/types.js';
import { buttonIds, ephemeral, fateDriver, fixture, opt, sub, type Opt } from './fate-driver.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
const { importPair } = fateDriver(() => h);
const said = (ex: InteractionExchange) => embedText(answerOf(ex));
/** The text of the ephemeral follow-ups (asides, notices) of an exchange. */
const followUps = (ex: InteractionExchange) => ex.followUps.map((f: any) => embedText(f) || String(f.content ?? '')).join('\n');

beforeAll(async () => {
  h = await startHarness('first-war');
});
afterAll(async () => {
  await h?.close();
});

/** A master + servant pair's sheets as text, renamed (the fixtures saber.txt and master.txt). */
function pairTexts(master: string, servant: string): { master: string; servant: string } {
  return {
    servant: fixture('saber.txt').replaceAll('セイバー', servant),
    master: fixture('master.txt').replaceAll('例・魔術師', master).replace('【サーヴァント】セイバー', `【サーヴァント】${servant}`),
  };
}

const warOf = async (channelId: string) => await row(h.store, 'wars', (w) => eq(w.channelId, channelId));
const boardText = async (channelId: string) => {
  const m = h.fake.message((await warOf(channelId)).boardMessageId!)!;
  return embedText(m.edits.at(-1) ?? m.body);
};

describe('the board says what each faction owes this turn, and nothing where nothing is owed (issue 30; seed 001 L108–110, L238–240, L246)', () => {
  it('a Fate war’s summoning phase shows each master’s summoning check, never 「未宣言」; day 1 asks each faction for its action', async () => {
    const { gm, player, player2 } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'owed' });
    const command = (user: FakeUser, name: string, options: Opt[] = []) => h.fake.command({ name: 'war', channelId, user, options: sub(name, options) });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('language', [opt('language', 'ja')]) });
    await command(gm, 'start', [opt('ruleset', 'fate'), opt('name', '冬木')]);
    await importPair(channelId, player, 'O・魔術師', 'Oセイバー');
    await importPair(channelId, player2, 'P・魔術師', 'Pセイバー');
    await command(player, 'join', [opt('master', 'O・魔術師'), opt('servant', 'Oセイバー'), opt('faction', 'Oteam')]);
    await command(player2, 'join', [opt('master', 'P・魔術師'), opt('servant', 'Pセイバー'), opt('faction', 'Pteam')]);
    await h.fake.waitFor(async () => (await boardText(channelId)).includes('Pteam'));
    // Nothing is declared before day 1 (/act refuses it): what is owed is the summoning check.
    let board = await boardText(channelId);
    expect(board).not.toContain('未宣言');
    expect(board).toMatch(/Oteam\** — 召喚判定：未/);
    await command(player, 'summon', [opt('method', 'solo')]);
    await h.fake.waitFor(async () => /Oteam\** — 召喚判定：単独召喚 \d+/.test(await boardText(channelId)));
    board = await boardText(channelId);
    expect(board).not.toContain('未宣言');
    expect(board).toMatch(/Pteam\** — 召喚判定：未/);
    // Day 1: each faction owes its action (or its master's sleep) this turn.
    await command(gm, 'advance');
    await h.fake.waitFor(async () => (await boardText(channelId)).includes('1日目'));
    board = await boardText(channelId);
    expect(board).toMatch(/Oteam\** — 未宣言/);
    expect(board).toMatch(/Pteam\** — 未宣言/);
    await command(player2, 'sleep');
    await h.fake.waitFor(async () => /Pteam\** — 宣言済み/.test(await boardText(channelId)));
  });
});

describe('/war join takes the player’s own sheets, or asks for them in a form (issue 30 §1)', () => {
  it('both sheets imported: a plain /war join joins with them (it answered “/sheet import first”)', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'join-imported' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Imported')]) });
    await importPair(channelId, player, 'I・魔術師', 'Iセイバー');
    const joined = await h.fake.command({ name: 'war', channelId, user: player, options: sub('join') });
    expect(ephemeral(joined)).toBe(false);
    expect(said(joined)).toContain('I・魔術師 & Iセイバー** joins the war');
    const warId = (await warOf(channelId)).id;
    const [faction] = await rows(h.store, 'factions', (f) => eq(f.warId, warId));
    const master = await row(h.store, 'characters', (c) => eq(c.name, 'I・魔術師'));
    expect(faction).toMatchObject({ masterId: master.id, members: [player.id] });
    // The next step is a button: the summoning check, for this faction's master.
    expect(buttonIds(joined)).toEqual([`war:summon:solo:${faction!.id}`, `war:summon:catalyst:${faction!.id}`]);
  });

  it('nothing imported: /war join opens a form for both sheets; sent back, it imports them and joins', async () => {
    const { gm, player2 } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'join-form' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Form')]) });
    const opened = await h.fake.command({ name: 'war', channelId, user: player2, locale: 'ja', options: sub('join', [opt('faction', 'Formers')]) });
    expect(opened.callback.type).toBe(9);
    const inputs = answerOf(opened).components.map((r: any) => r.components[0]);
    expect(inputs.map((i: any) => i.custom_id)).toEqual(['master', 'servant', 'faction']);
    expect(inputs[0].label).toBe('マスターのシート（テキストを貼り付け）');
    expect(inputs[2].value).toBe('Formers');
    // A servant's sheet in the master's field is refused, saying where each goes.
    const texts = pairTexts('F・魔術師', 'Fセイバー');
    const swapped = await h.fake.modalSubmit({ customId: 'war:join', user: player2, locale: 'ja', channelId, fields: { master: texts.servant, servant: texts.master, faction: 'Formers' } });
    expect(ephemeral(swapped)).toBe(true);
    expect(said(swapped)).toContain('マスターのシートはマスター欄に');
    expect(await rows(h.store, 'characters', (c) => eq(c.name, 'Fセイバー'))).toHaveLength(0);
    const joined = await h.fake.modalSubmit({ customId: 'war:join', user: player2, locale: 'ja', channelId, fields: { master: texts.master, servant: texts.servant, faction: 'Formers' } });
    expect(ephemeral(joined)).toBe(false);
    expect(said(joined)).toContain('**Formers** joins the war');
    // What the import read is the player's, aside.
    expect(followUps(joined)).toContain('Fセイバー');
    const warId = (await warOf(channelId)).id;
    const [faction] = await rows(h.store, 'factions', (f) => eq(f.warId, warId));
    expect(faction).toMatchObject({ name: 'Formers', members: [player2.id] });
    expect((await row(h.store, 'characters', (c) => eq(c.name, 'Fセイバー'))).ownerId).toBe(player2.id);
  });

  it('one kind imported: the form asks only for the other; several of a kind: the player is asked which, by name', async () => {
    const { gm, player } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'join-half' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Half')]) });
    const texts = pairTexts('H・魔術師', 'Hセイバー');
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'h.txt', content: texts.master }))]) });
    const opened = await h.fake.command({ name: 'war', channelId, user: player, options: sub('join') });
    expect(answerOf(opened).components.map((r: any) => r.components[0].custom_id)).toEqual(['servant', 'faction']);
    // A second master sheet of the player's: which one is theirs to say.
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'h2.txt', content: pairTexts('H2・魔術師', 'H2セイバー').master }))]) });
    const which = await h.fake.command({ name: 'war', channelId, user: player, options: sub('join') });
    expect(ephemeral(which)).toBe(true);
    expect(said(which)).toMatch(/several master sheets \((H・魔術師, H2・魔術師|H2・魔術師, H・魔術師)\): name the one that joins with master:/);
    const joined = await h.fake.modalSubmit({ customId: 'war:join', user: player, channelId, fields: { servant: texts.servant } });
    // The form sent back without a master named: still two to choose from.
    expect(said(joined)).toContain('several master sheets');
  });
});

const GUIDE_BUTTONS = ['gm:claim:fate', 'war:start:fate', 'war:join', 'war:summon:solo', 'war:summon:catalyst', 'war:advance:day1'];

describe('/setup: the table’s language, time zone and rule set, the bot’s permissions, and the first war in order (issue 30 §1)', () => {
  it('in a new server (Discord reports English), /setup language:ja sets the table’s language; the permission check names what the bot lacks here and why, in the GM’s language', async () => {
    const { guildId, channelId, owner } = h.fake.createGuild({ name: 'Setup table' });
    // The fake's bot role has no Pin Messages; here Embed Links is denied too.
    h.fake.setBotChannelPermissions(channelId, { deny: PermissionFlagsBits.EmbedLinks.toString() });
    const setup = await h.fake.command({ name: 'setup', guildId, channelId, user: owner, locale: 'ja', options: [opt('language', 'ja'), opt('timezone', 'Asia/Tokyo'), opt('ruleset', 'fate')] });
    expect(ephemeral(setup)).toBe(false);
    const text = said(setup);
    expect(text).toContain('言語：**日本語**（このチャンネルに設定しました）');
    expect(text).toContain('**Asia/Tokyo**');
    expect(text).toContain('ルール：**Fate/roll dice**');
    expect(text).toContain('GM：まだいません');
    expect(text).toContain('✅ **1. セットアップ**');
    expect(text).toContain('▫️ **2. GMになる**');
    expect(buttonIds(setup)).toEqual(GUIDE_BUTTONS);
    // The check is the GM's alone, in the GM's language: each missing permission with why the bot asks for it.
    const check = followUps(setup);
    expect(check).toContain('足りない権限');
    expect(check).toContain('✖ **埋め込みリンク** — ボード・トラッカーなどチャンネルへの投稿は埋め込み');
    expect(check).toContain('✖ **メッセージをピン留め** — 戦闘トラッカーをピン留め');
    expect(check).not.toContain('メッセージを送信');
    expect(setup.followUps.every((f: any) => (f.flags & 64) === 64)).toBe(true);
    // The table's language is stored for the channel: a war started here has a Japanese board.
    await h.fake.button({ customId: 'gm:claim:fate', guildId, channelId, user: owner, locale: 'ja', message: setup.original! });
    await h.fake.button({ customId: 'war:start:fate', guildId, channelId, user: owner, locale: 'ja', message: setup.original! });
    await h.fake.waitFor(async () => (await boardText(channelId)).includes('召喚フェイズ'));
    // Once the bot has what it asks for, /setup says so; the settings are confirmed, not changed.
    h.fake.setBotChannelPermissions(channelId, { allow: permissionBits(INVITE_PERMISSIONS).toString() });
    const again = await h.fake.command({ name: 'setup', guildId, channelId, user: owner, locale: 'en' });
    expect(said(again)).toContain('言語：**日本語**（このチャンネルで選択済み）');
    expect(said(again)).toContain('このチャンネルでは戦争 **聖杯戦争**（Fate/roll dice）が進行中です');
    expect(said(again)).toContain('✅ **3. 戦争を始める**');
    expect(followUps(again)).toContain('The bot has every permission it asks for in');
  });

  it('without language:, a server Discord reports in English is named as the server’s, with how to change it; a player may not change the table', async () => {
    const { guildId, channelId, owner } = h.fake.createGuild({ name: 'English server' });
    const shown = await h.fake.command({ name: 'setup', guildId, channelId, user: owner });
    expect(said(shown)).toContain('Language: **English** (the server’s). Not your table’s? `/setup language:` sets it');
    const refused = await h.fake.command({ name: 'setup', guildId, channelId, user: h.fake.users.player2, locale: 'ko', options: [opt('language', 'ja')] });
    expect(ephemeral(refused)).toBe(true);
    expect(said(refused)).toMatch(/GM|채널 관리/);
    expect(said(shown)).not.toContain('日本語');
  });

  it('/help topic:start: the steps in order with a button to each, in the reader’s language, done ones marked', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'help-start' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    const help = await h.fake.command({ name: 'help', channelId, user: h.fake.users.player2, locale: 'ko', options: [opt('topic', 'start')] });
    expect(ephemeral(help)).toBe(true);
    const text = said(help);
    expect(text).toContain('첫 전쟁, 단계별로');
    expect(text.indexOf('1. 셋업')).toBeLessThan(text.indexOf('2. GM 맡기'));
    expect(text).toContain('✅ **2. GM 맡기**');
    expect(text).toContain('▫️ **3. 전쟁 시작**');
    expect(buttonIds(help)).toEqual(GUIDE_BUTTONS);
  });

  it('the GM’s buttons refuse anyone else, in that person’s language; a summoning button acts only for its faction’s player', async () => {
    const { gm, player2 } = h.fake.users;
    const player = h.fake.createUser({ username: 'walker' }); // no sheets from the tests before
    const channelId = h.fake.createTextChannel({ name: 'guide-who' });
    const setup = await h.fake.command({ name: 'setup', channelId, user: gm, options: [opt('ruleset', 'fate')] });
    const claimed = await h.fake.button({ customId: 'gm:claim:fate', channelId, user: gm, message: setup.original! });
    expect(said(claimed)).toContain('is now the GM of this channel');
    expect(buttonIds(claimed)).toEqual(['war:start:fate']);
    // A player pressing the GM's start (from the same /setup message) is refused, in Korean, privately.
    const notGm = await h.fake.button({ customId: 'war:start:fate', channelId, user: player2, locale: 'ko', message: setup.original! });
    expect(ephemeral(notGm)).toBe(true);
    expect(said(notGm)).toContain('이 채널의 GM');
    expect(await rows(h.store, 'wars', (w) => eq(w.channelId, channelId))).toHaveLength(0);
    // Another claim while a GM holds the table is refused too.
    const twice = await h.fake.button({ customId: 'gm:claim:fate', channelId, user: player, message: setup.original! });
    expect(ephemeral(twice)).toBe(true);
    await h.fake.button({ customId: 'war:start:fate', channelId, user: gm, message: claimed.original! });
    await importPair(channelId, player, 'W・魔術師', 'Wセイバー');
    const joined = await h.fake.command({ name: 'war', channelId, user: player, options: sub('join') });
    const [solo] = buttonIds(joined);
    // player2 has no faction: their press of player's summoning button is refused, naming whose it is.
    const theirs = await h.fake.button({ customId: solo!, channelId, user: player2, locale: 'ja', message: joined.original! });
    expect(ephemeral(theirs)).toBe(true);
    expect(said(theirs)).toContain('W・魔術師');
    const fate = async () => ((await row(h.store, 'factions', (f) => eq(f.name, 'W・魔術師 & Wセイバー'))).state as FactionState).fate!;
    expect((await fate()).summon).toBeUndefined();
    // The guide's own summoning button (no faction in it) is the presser's faction's: player2 has none.
    const none = await h.fake.button({ customId: 'war:summon:solo', channelId, user: player2, message: setup.original! });
    expect(said(none)).toContain('no faction in this war');
    // The GM's day 1 is refused to the player, and to the GM too until it is the summoning phase's end.
    const early = await h.fake.button({ customId: 'war:advance:day1', channelId, user: player, message: setup.original! });
    expect(said(early)).toContain('Only the GM');
    const rolled = await h.fake.button({ customId: solo!, channelId, user: player, message: joined.original! });
    expect(ephemeral(rolled)).toBe(false);
    expect((await fate()).summon?.method).toBe('solo');
    // The last summoning check of the phase offers the GM day 1.
    expect(buttonIds(rolled)).toContain('war:advance:day1');
    expect(said(rolled)).toContain('Every master has rolled');
  });
});

describe('from a new server to the end of a first war turn (issue 30 §1, must show)', () => {
  it('the GM sets up and runs the war with /setup, buttons and one /war advance; each player joins and acts with at most two commands', async () => {
    const typed = new Map<string, number>();
    const pressed = new Map<string, number>();
    const forms = new Map<string, number>();
    const bump = (m: Map<string, number>, u: FakeUser) => m.set(u.id, (m.get(u.id) ?? 0) + 1);
    const { guildId, channelId, owner: gm } = h.fake.createGuild({ name: 'First war' });
    // Invited with `npm run invite`'s permissions.
    h.fake.setBotChannelPermissions(channelId, { allow: permissionBits(INVITE_PERMISSIONS).toString() });
    const ja = h.fake.createUser({ username: 'rin', globalName: 'Rin' });
    const ko = h.fake.createUser({ username: 'seoyeon', globalName: 'Seoyeon' });
    const command = (user: FakeUser, locale: string, name: string, options: any[] = []) => {
      bump(typed, user);
      return h.fake.command({ name, guildId, channelId, user, locale, options });
    };
    const press = (user: FakeUser, locale: string, customId: string, from: InteractionExchange) => {
      bump(pressed, user);
      return h.fake.button({ customId, guildId, channelId, user, locale, message: from.original! });
    };
    const form = (user: FakeUser, locale: string, fields: Record<string, string>) => {
      bump(forms, user);
      return h.fake.modalSubmit({ customId: 'war:join', guildId, channelId, user, locale, fields });
    };

    // The GM: one command, then the guide's buttons.
    const setup = await command(gm, 'ja', 'setup', [opt('language', 'ja'), opt('ruleset', 'fate')]);
    expect(followUps(setup)).toContain('求める権限をすべて持っています');
    const claimed = await press(gm, 'ja', 'gm:claim:fate', setup);
    const started = await press(gm, 'ja', 'war:start:fate', claimed);
    expect(ephemeral(started)).toBe(true); // the Irregular table is the GM's
    const post = await h.fake.waitFor(() => h.fake.channelMessages(channelId).find((m) => JSON.stringify(m.components).includes('"war:join"') && m.id !== setup.original!.id));
    expect(embedText(post.body)).toContain('参戦する');

    // Rin joins by the button: a form for both sheets. Seoyeon types /war join: the same form.
    const rinSheets = pairTexts('遠坂・魔術師', 'アーチャー');
    const opened = await h.fake.button({ customId: 'war:join', guildId, channelId, user: ja, locale: 'ja', message: post });
    bump(pressed, ja);
    expect(opened.callback.type).toBe(9);
    const rinJoined = await form(ja, 'ja', { master: rinSheets.master, servant: rinSheets.servant, faction: '遠坂陣営' });
    expect(said(rinJoined)).toContain('**遠坂陣営** が参戦しました');
    const seoSheets = pairTexts('서연・마술사', '랜서');
    const seoOpened = await command(ko, 'ko', 'war', sub('join'));
    expect(answerOf(seoOpened).title).toBe('참전: 시트 입력');
    const seoJoined = await form(ko, 'ko', { master: seoSheets.master, servant: seoSheets.servant, faction: '서연 진영' });
    // The table's answer is the table's language (ja) whoever joined.
    expect(said(seoJoined)).toContain('**서연 진영** が参戦しました');

    // Summoning from the buttons on each join.
    await press(ja, 'ja', buttonIds(rinJoined)[0]!, rinJoined);
    const lastSummon = await press(ko, 'ko', buttonIds(seoJoined)[1]!, seoJoined);
    expect(said(lastSummon)).toContain('全マスターが召喚判定を終えました');
    let board = await boardText(channelId);
    expect(board).not.toContain('未宣言');

    // Day 1 from the button the last summoning offered; each faction declares; the GM ends the turn.
    await press(gm, 'ja', 'war:advance:day1', lastSummon);
    await h.fake.waitFor(async () => (await boardText(channelId)).includes('1日目・朝'));
    board = await boardText(channelId);
    expect(board).toMatch(/遠坂陣営\** — 未宣言/);
    const rinAct = await command(ja, 'ja', 'act', [opt('action', 'preparation'), opt('text', '宝石の準備')]);
    expect(said(rinAct)).toContain('遠坂陣営 の宣言');
    await command(ko, 'ko', 'act', [opt('action', 'infoGathering')]);
    await h.fake.waitFor(async () => /遠坂陣営\** — 宣言済み/.test(await boardText(channelId)) && /서연 진영\** — 宣言済み/.test(await boardText(channelId)));
    const ended = await command(gm, 'ja', 'war', sub('advance', [opt('pending', 'resolve')]));
    expect(said(ended)).toContain('1日目・昼');
    await h.fake.waitFor(async () => (await boardText(channelId)).includes('1日目・昼'));
    const war = await warOf(channelId);
    expect({ day: war.day, turn: war.turn }).toEqual({ day: 1, turn: 1 });

    const count = (u: FakeUser) => ({ commands: typed.get(u.id) ?? 0, buttons: pressed.get(u.id) ?? 0, forms: forms.get(u.id) ?? 0 });
    const counts = { gm: count(gm), rin: count(ja), seoyeon: count(ko) };
    console.log(`first war, new server → end of turn 1: ${JSON.stringify(counts)}`);
    expect(counts.gm.commands).toBeLessThanOrEqual(6);
    expect(counts.rin.commands).toBeLessThanOrEqual(2);
    expect(counts.seoyeon.commands).toBeLessThanOrEqual(2);
    expect(h.violations).toEqual([]);
  });
});
