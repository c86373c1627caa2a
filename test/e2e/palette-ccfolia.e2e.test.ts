// Palettes that live with the character (issue 21 §2 and its "Must show"), through the real discord.js
// client: a realistic Ccfolia clipboard character (a CoC investigator as charasheet sites export it)
// imported by attachment creates the character; its `:HP-5` line lowers the character's HP on /sheet
// show and on the fight's tracker; `{SAN}` reads the value as it is now; an RP line is said as text
// (through the channel's webhook, as the character: issue 30 §3);
// the palette is a select menu (issue 19 §2); /palette list; a counter says it clamped.
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterRuntime } from '../../src/core/fate/character.js';
import { row, rows } from '../helpers/db.js';
import type { CommandOption, RecordedMessage } from './fake-discord/types.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf, isEphemeralAnswer as ephemeral } from './harness.js';

let h: Harness;
let channelId = '';
beforeAll(async () => {
  h = await startHarness('palette-ccfolia');
  channelId = h.fake.createTextChannel({ name: 'investigation' });
  await h.fake.command({ name: 'gm', channelId, user: h.fake.users.gm, options: sub('claim') });
});
afterAll(async () => {
  await h?.close();
});

const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'ccfolia-coc.json'), 'utf8');
const NAME = '佐倉 透';
const sub = (name: string, options: CommandOption[] = []): CommandOption[] => [{ name, type: 1, options }];
const components = (data: any): any[] => (data?.components ?? []).flatMap((r: any) => r.components);
const menuOf = (data: any) => components(data).find((c) => c.type === 3);
const character = async () => await row(h.store, 'characters', (c) => and(eq(c.name, NAME), eq(c.ownerId, h.fake.users.player.id)));
const runtime = async () => (await character()).state as CharacterRuntime;
const lastRoll = async () => await row(h.store, 'rolls', undefined, 'newest');
const fight = async () => await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest');
const tracker = async () => {
  const m = h.fake.message((await fight()).trackerMessageId!)!;
  return embedText(m.edits.at(-1) ?? m.body);
};

let palette: RecordedMessage;
/** Chooses a palette line by its text, from the palette message's select menu. */
const choose = async (line: string) => {
  const menu = menuOf(palette.body);
  const option = menu.options.find((o: { label: string }) => o.label.endsWith(`. ${line}`));
  expect(option, line).toBeDefined();
  return await h.fake.select({ customId: menu.custom_id, values: [option.value], message: palette, channelId, user: h.fake.users.player });
};

describe('a Ccfolia character and its palette', () => {
  it('imported by attachment, it creates the character (HP/MP with max, SAN, params, initiative) and shows the palette as a select menu', async () => {
    const file = h.fake.uploadAttachment({ filename: 'ccfolia.json', content: fixture });
    const imported = await h.fake.command({ name: 'palette', channelId, user: h.fake.users.player, options: sub('import', [{ name: 'file', value: file }]) });
    expect(ephemeral(imported)).toBe(true);
    const shown = embedText(answerOf(imported));
    expect(shown).toContain(`Created the character **${NAME}** from Ccfolia`);
    expect(shown).toContain('HP 11/11 · MP 13/13 · SAN 65/99');
    expect(shown).toContain('1d100<=65 【SANチェック】'); // {SAN} filled from the character
    expect(shown).toContain('CCB<=13\\*5 【STR × 5】'); // {STR} from the params (Markdown escaped)

    const c = await character();
    expect(c.sheet).toMatchObject({ origin: 'ccfolia' });
    expect(await runtime()).toMatchObject({ hp: 11, mp: 13, accepted: { hp: 11, mp: 13 }, ccfolia: { status: [{ label: 'SAN', value: 65, max: 99 }], initiative: 14 } });
    expect((await runtime()).ccfolia!.params).toContainEqual({ label: 'DB', value: '+0' });
    const linked = await row(h.store, 'palettes', (p) => eq(p.name, NAME));
    expect(linked.characterId).toBe(c.id);
    expect(linked.variables).toEqual({}); // no snapshot of SAN/HP: the character holds them

    // 15 lines: more than a few, so a select menu (its own row), one option per line.
    const menu = menuOf(answerOf(imported));
    expect(menu.custom_id).toMatch(/^palette:pick:\d+:0$/);
    expect(menu.options).toHaveLength(15);
    expect(menu.options[0]).toMatchObject({ label: '1. 1d100<={SAN} 【SANチェック】', value: '0', description: '1d100<=65 【SANチェック】' });
    expect(components(answerOf(imported)).filter((x) => x.type === 2)).toEqual([]);
    palette = imported.original!;
  });

  it('the select menu rolls a line, as the character, with {SAN} as it is now', async () => {
    const rolled = await choose('1d100<={SAN} 【SANチェック】');
    expect(ephemeral(rolled)).toBe(false);
    expect(embedText(answerOf(rolled))).toContain(NAME);
    expect(await lastRoll()).toMatchObject({ normalized: '1d100<=65', comment: '【SANチェック】', characterId: (await character()).id });
  });

  it('its `:HP-5` line lowers the character’s HP on /sheet show and on the fight’s tracker, with one event', async () => {
    await h.fake.command({ name: 'combat', channelId, user: h.fake.users.gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: '廃病院' }]) });
    await h.fake.waitFor(async () => (await fight()).trackerMessageId);
    await h.fake.command({ name: 'combat', channelId, user: h.fake.users.player, options: sub('join', [{ name: 'side', value: 'us' }]) });
    await h.fake.waitFor(async () => (await tracker()).includes(NAME));
    expect(await tracker()).toMatch(/HP \S* 11\/11/);

    const hit = await choose(':HP-5');
    expect(ephemeral(hit)).toBe(false); // outside a war HP loss is the table's, as /hp
    expect(embedText(answerOf(hit))).toContain('HP 11 → 6/11');
    expect((await runtime()).hp).toBe(6);
    const event = await row(h.store, 'events', (e) => eq(e.type, 'palette.status'), 'newest');
    expect(event).toMatchObject({ subject: `character:${(await character()).id}`, actorId: h.fake.users.player.id });
    expect((event.before as { state: CharacterRuntime }).state.hp).toBe(11);

    const sheet = await h.fake.command({ name: 'sheet', channelId, user: h.fake.users.player2, options: sub('show', [{ name: 'name', value: NAME }]) });
    const onSheet = embedText(answerOf(sheet));
    expect(onSheet).toContain('HP 6/11 · MP 13/13 · SAN 65/99');
    expect(onSheet).toContain('STR 13');
    expect(onSheet).toContain('initiative 14');
    expect(onSheet).not.toMatch(/筋力-/); // the blank Fate sheet under it is not shown
    const listed = await h.fake.command({ name: 'sheet', channelId, user: h.fake.users.player, options: sub('list') });
    expect(embedText(answerOf(listed))).toContain(`**${NAME}** (Ccfolia)`);
    await h.fake.waitFor(async () => /HP \S* 6\/11/.test(await tracker()));
  });

  it('a status change past the bar’s bounds says it clamped; `:SAN-1` moves SAN and the next {SAN} roll reads it; undo puts it back', async () => {
    const mp = await choose(':MP+2');
    expect(embedText(answerOf(mp))).toContain('MP 13 → 13/13 (clamped: 15 is out of range)');

    const san = await choose(':SAN-1 【正気度減少】');
    const sanText = embedText(answerOf(san));
    expect(sanText).toContain('SAN 65 → 64/99');
    expect(sanText).toContain('【正気度減少】');
    await choose('1d100<={SAN} 【SANチェック】');
    expect(await lastRoll()).toMatchObject({ normalized: '1d100<=64' });

    const undoId = components(answerOf(san)).find((x) => x.type === 2)!.custom_id as string;
    expect(undoId).toMatch(/^palette:undo:\d+:/);
    const stranger = await h.fake.button({ customId: undoId, message: san.original!, channelId, user: h.fake.users.player2 });
    expect(ephemeral(stranger)).toBe(true);
    expect((await runtime()).ccfolia!.status[0]!.value).toBe(64);
    const undone = await h.fake.button({ customId: undoId, message: san.original!, channelId, user: h.fake.users.player });
    expect(embedText(answerOf(undone))).toContain('Undone');
    expect((await runtime()).ccfolia!.status[0]!.value).toBe(65);
    // Once undone it is no longer the latest change: a second press is refused, the value stays.
    const again = await h.fake.button({ customId: undoId, message: san.original!, channelId, user: h.fake.users.player });
    expect(ephemeral(again)).toBe(true);
    expect((await runtime()).hp).toBe(6);
  });

  it('an RP line (no command) is said as the character’s text, not refused as a roll — through the channel’s webhook, as the character (issue 30 §3)', async () => {
    const rolls = (await lastRoll()).id;
    const said = await choose('【RP】よろしくお願いします！');
    expect(said.callback.type).toBe(7); // the palette stays; the words are the character's post
    expect(embedText(answerOf(said))).not.toMatch(/cannot|Cannot|使えない/);
    const post = h.fake.channelMessages(channelId).filter((m) => m.source === 'webhook').at(-1)!;
    expect(post.body).toMatchObject({ username: NAME, content: '【RP】よろしくお願いします！' });
    expect((await lastRoll()).id).toBe(rolls); // nothing rolled
  });

  it('/palette list names the palettes with their character, and its menu opens one', async () => {
    const listed = await h.fake.command({ name: 'palette', channelId, user: h.fake.users.player, locale: 'ja', options: sub('list') });
    expect(ephemeral(listed)).toBe(true);
    expect(embedText(answerOf(listed))).toContain(`**${NAME}** — 15行・${NAME}`);
    const menu = menuOf(answerOf(listed));
    expect(menu.custom_id).toBe('palette:open');
    const opened = await h.fake.select({ customId: 'palette:open', values: [menu.options[0].value], message: listed.original!, channelId, user: h.fake.users.player });
    expect(embedText(answerOf(opened))).toContain('HP 6/11');
    // Someone else's list is theirs alone, and a forged value is stale, not an internal error.
    const other = await h.fake.command({ name: 'palette', channelId, user: h.fake.users.player2, options: sub('list') });
    expect(embedText(answerOf(other))).toMatch(/no palettes/);
    const forged = await h.fake.select({ customId: 'palette:open', values: ['x'], message: listed.original!, channelId, user: h.fake.users.player });
    expect(embedText(answerOf(forged))).toMatch(/no longer valid/);
  });

  it('a status line with dice (`:HP+1d3`, Ccfolia’s first aid) rolls the amount, then heals', async () => {
    const healed = await choose(':HP+1d3 【応急手当】');
    const shown = embedText(answerOf(healed));
    const rolled = Number(/1d3 → (\d)/.exec(shown)?.[1]);
    expect(rolled).toBeGreaterThanOrEqual(1);
    expect(shown).toContain(`HP 6 → ${6 + rolled}/11`);
    expect((await runtime()).hp).toBe(6 + rolled);
  });

  it('in a war the HP change of a faction’s character is the owner’s alone (seed 001 L50), as /hp: an ephemeral reply, no HP on the public sheet', async () => {
    const warRoom = h.fake.createTextChannel({ name: 'war-room' });
    await h.fake.command({ name: 'gm', channelId: warRoom, user: h.fake.users.gm, options: sub('claim') });
    // Secrecy is the character's, not the channel's (issue 27): the Ccfolia character joins a war's
    // faction (a percent-rules war needs no Fate sheet).
    await h.fake.command({ name: 'war', channelId: warRoom, user: h.fake.users.gm, options: sub('start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Fuyuki' }]) });
    const joined = await h.fake.command({ name: 'war', channelId: warRoom, user: h.fake.users.player, options: sub('join', [{ name: 'servant', value: NAME }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'mag', value: 5 }]) });
    expect(ephemeral(joined)).toBe(false);
    const before = (await runtime()).hp;
    const shown = await h.fake.command({ name: 'palette', channelId: warRoom, user: h.fake.users.player, options: sub('show', [{ name: 'name', value: NAME }]) });
    const menu = menuOf(answerOf(shown));
    const option = menu.options.find((o: { label: string }) => o.label.endsWith('. :HP-5'));
    const hit = await h.fake.select({ customId: menu.custom_id, values: [option.value], message: shown.original!, channelId: warRoom, user: h.fake.users.player });
    expect(ephemeral(hit)).toBe(true);
    expect((await runtime()).hp).toBe(before - 5);
    const sheet = await h.fake.command({ name: 'sheet', channelId: warRoom, user: h.fake.users.player2, options: sub('show', [{ name: 'name', value: NAME }]) });
    expect(embedText(answerOf(sheet))).not.toMatch(/HP \d/);
  });

  it('a second import of the same clipboard updates that character and palette, never a second one', async () => {
    const { id } = await character();
    const file = h.fake.uploadAttachment({ filename: 'ccfolia.json', content: fixture });
    const again = await h.fake.command({ name: 'palette', channelId, user: h.fake.users.player, options: sub('import', [{ name: 'file', value: file }]) });
    expect(embedText(answerOf(again))).toContain(`Updated the character **${NAME}** from Ccfolia`);
    expect((await character()).id).toBe(id);
    expect(await runtime()).toMatchObject({ hp: 11, accepted: { hp: 11 } }); // the clipboard's values
    const palettes = await rows(h.store, 'palettes', (p) => eq(p.ownerId, h.fake.users.player.id));
    expect(palettes.map((p) => p.name)).toEqual([NAME]);
  });

  it('a status line of a palette of no character is refused clearly, in the reader’s language', async () => {
    await h.fake.command({ name: 'palette', channelId, user: h.fake.users.player2, options: sub('edit', [{ name: 'name', value: 'loose' }]) });
    const saved = await h.fake.modalSubmit({ customId: 'palette:edit', channelId, user: h.fake.users.player2, fields: { name: 'loose', character: '', lines: ':HP-1\n2d6', variables: '' } });
    const button = components(answerOf(saved)).find((x) => x.type === 2)!;
    const refused = await h.fake.button({ customId: button.custom_id, message: saved.original!, channelId, user: h.fake.users.player2, locale: 'ko' });
    expect(ephemeral(refused)).toBe(true);
    expect(embedText(answerOf(refused))).toContain('연결된 캐릭터가 없어서');
  });
});

describe('a long palette (issue 19 §2: Discord shows at most 25 options a menu)', () => {
  it('pages its select menu 25 lines at a time, with page buttons that update the message', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `${i + 1}d6 line${i + 1}`).join('\n');
    await h.fake.command({ name: 'palette', channelId, user: h.fake.users.player2, options: sub('edit', [{ name: 'name', value: 'long' }]) });
    const saved = await h.fake.modalSubmit({ customId: 'palette:edit', channelId, user: h.fake.users.player2, fields: { name: 'long', character: '', lines, variables: '' } });
    const first = menuOf(answerOf(saved));
    expect(first.options).toHaveLength(25);
    expect(first.placeholder).toBe('Choose a line (1–25 of 30)');
    const next = components(answerOf(saved)).find((x) => x.type === 2)!;
    expect(next.label).toBe('Next ▶');
    const paged = await h.fake.button({ customId: next.custom_id, message: saved.original!, channelId, user: h.fake.users.player2 });
    expect(paged.callback.type).toBe(7); // the palette message is updated in place
    const second = menuOf(answerOf(paged));
    expect(second.options.map((o: { value: string }) => o.value)).toEqual(['25', '26', '27', '28', '29']);
    await h.fake.select({ customId: second.custom_id, values: ['29'], message: saved.original!, channelId, user: h.fake.users.player2 });
    expect(await lastRoll()).toMatchObject({ normalized: '30d6', comment: 'line30' });
  });
});

describe('counters say when a change was clamped (issue 21 §2)', () => {
  it('amount:-5 on 2 of 0–3 → 0 (clamped), in each language', async () => {
    const counter = h.fake.createTextChannel({ name: 'counters' });
    const run = (options: CommandOption[], locale?: string) => h.fake.command({ name: 'counter', channelId: counter, user: h.fake.users.player, options, ...(locale ? { locale } : {}) });
    await run(sub('create', [{ name: 'name', value: '弾' }, { name: 'max', value: 3 }, { name: 'value', value: 2 }]));
    const clamped = await run(sub('add', [{ name: 'name', value: '弾' }, { name: 'amount', value: -5 }]));
    expect(embedText(answerOf(clamped))).toContain('**弾**: 0/3 (clamped: -3 is out of range)');
    const plain = await run(sub('add', [{ name: 'name', value: '弾' }, { name: 'amount', value: 2 }]));
    expect(embedText(answerOf(plain))).not.toContain('clamped');
    // The table's language decides a public counter line: a Japanese server reads Japanese.
    const { guildId, channelId: jaChannel } = h.fake.createGuild({ locale: 'ja' });
    const jaRun = (options: CommandOption[]) => h.fake.command({ name: 'counter', guildId, channelId: jaChannel, user: h.fake.users.player, locale: 'ja', options });
    await jaRun(sub('create', [{ name: 'name', value: '弾' }, { name: 'max', value: 3 }]));
    const ja = await jaRun(sub('add', [{ name: 'name', value: '弾' }, { name: 'amount', value: 9 }]));
    expect(embedText(answerOf(ja))).toContain('（範囲外の 12 を補正）');
  });
});
