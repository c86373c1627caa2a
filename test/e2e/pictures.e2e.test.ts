// Pictures through the real discord.js client (issue 22 "Must show"): the live tracker carries a PNG
// that is replaced after an attack and left alone (no re-upload) after a no-op; the percentage war's
// board shows the GM's territory map; /stats answers with a PNG; /gm images off leaves text only.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FateCombatState } from '../../src/services/combat/state.js';
import type { PersonaCombatState } from '../../src/services/combat/persona.js';
import { row } from '../helpers/db.js';
import type { RecordedMessage } from './fake-discord/types.js';
import { EPHEMERAL, embedText, replyEmbeds, replyFiles, startHarness, type Harness, answerOf } from './harness.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];
let h: Harness;

beforeAll(async () => {
  h = await startHarness('pictures-e2e');
});
afterAll(async () => {
  await h?.close();
});

/** The message's PNG attachments, downloaded as Discord would serve them. */
async function pngs(m: RecordedMessage): Promise<{ id: string; name: string; png: PNG; bytes: number }[]> {
  const out = [];
  for (const a of m.attachments.filter((x: any) => String(x.filename).endsWith('.png'))) {
    const data = Buffer.from(await (await fetch(a.url)).arrayBuffer());
    // PICTURES_OUT=dir keeps a copy to look at.
    if (process.env.PICTURES_OUT) fs.writeFileSync(path.join(process.env.PICTURES_OUT, String(a.filename)), data);
    out.push({ id: String(a.id), name: String(a.filename), png: PNG.sync.read(data), bytes: data.length });
  }
  return out;
}

function bounded(p: { png: PNG; bytes: number }): void {
  expect(p.png.width).toBeGreaterThan(300);
  expect(p.png.width).toBeLessThanOrEqual(1600);
  expect(p.bytes).toBeLessThanOrEqual(1024 * 1024);
}

function pixelsDiffer(a: PNG, b: PNG): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  return pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.1 });
}

const lastEmbed = (m: RecordedMessage) => (m.edits.at(-1)?.embeds ?? m.embeds)?.[0];

describe('pictures (issue 22)', () => {
  it('the Fate tracker carries a PNG: replaced after an attack, kept (not re-uploaded) after a no-op', async () => {
    const channelId = h.fake.createTextChannel({ name: 'bridge' });
    const { gm, player } = h.fake.users;
    const fight = async () => await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest');
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'sheet', channelId, user: player, options: sub('import', [{ name: 'file', value: h.fake.uploadAttachment({ filename: 'saber.txt', content: fixture('saber.txt') }) }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: '冬木大橋' }]) });
    await h.fake.command({ name: 'combat', channelId, user: player, options: sub('join', [{ name: 'side', value: 'us' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [{ name: 'who', value: 'Ghoul' }, { name: 'side', value: 'them' }, { name: 'hp', value: 40 }, { name: 'iv', value: 5 }, { name: 'pool', value: '2d6<=1' }]) });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    const trackerId = (await fight()).trackerMessageId!;
    const tracker = () => h.fake.message(trackerId)!;
    await h.fake.waitFor(async () => JSON.stringify(lastEmbed(tracker())).includes('Round 1'));
    const first = await pngs(tracker());
    expect(first).toHaveLength(1);
    bounded(first[0]!);
    // The embed shows the attached picture; the text stays in the embed.
    expect(lastEmbed(tracker()).image.url).toBe(`attachment://${first[0]!.name}`);
    expect(lastEmbed(tracker()).description).toMatch(/Ghoul/);

    // A no-op: /hp damage 0 leaves the same state: the tracker is not edited at all, nothing uploaded
    // (issue 32 §1: an edit the table would not see is not spent on Discord's global limit).
    const edits = tracker().edits.length;
    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [{ name: 'amount', value: 0 }]) });
    expect(tracker().edits.length).toBe(edits);
    const still = await pngs(tracker());
    expect(still.map((p) => p.id)).toEqual(first.map((p) => p.id));

    // An attack that lands (the ghoul defends with 2d6<=1) changes HP: a new picture replaces the old.
    const attack = await h.fake.command({ name: 'attack', channelId, user: player, options: [{ name: 'target', value: 'Ghoul' }, { name: 'status', value: 'str' }, { name: 'weapon', value: 4 }] });
    expect(answerOf(attack).flags & EPHEMERAL).toBe(0);
    const before = tracker().edits.length;
    await h.fake.button({ customId: 'attack:defend:end', channelId, user: gm });
    await h.fake.button({ customId: 'attack:resolve', channelId, user: gm });
    const ghoul = ((await fight()).state as FateCombatState).combatants.find((c) => c.name === 'Ghoul')!;
    expect(ghoul.hp).toBeLessThan(40);
    await h.fake.waitFor(async () => tracker().edits.length > before && (await pngs(tracker()))[0]?.id !== first[0]!.id);
    const after = await pngs(tracker());
    expect(after).toHaveLength(1); // replaced, not added
    bounded(after[0]!);
    expect(after[0]!.name).not.toBe(first[0]!.name);

    // The server turns pictures off: the next tracker edit drops the picture and keeps the text.
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.moderator, options: sub('images', [{ name: 'on', value: false }]) });
    const edited = tracker().edits.length;
    await h.fake.command({ name: 'hp', channelId, user: player, options: sub('damage', [{ name: 'amount', value: 0 }]) });
    await h.fake.waitFor(() => tracker().edits.length > edited);
    expect(await pngs(tracker())).toEqual([]);
    expect(lastEmbed(tracker()).image).toBeUndefined();
    expect(lastEmbed(tracker()).description).toMatch(/Ghoul/);
    await h.fake.command({ name: 'gm', channelId, user: h.fake.users.moderator, options: sub('images', [{ name: 'on', value: true }]) });
  });

  it('the Persona tracker carries a PNG; a hidden shadow’s HP change does not change it, a PC’s does', async () => {
    const channelId = h.fake.createTextChannel({ name: 'tartarus' });
    const { gm } = h.fake.users;
    const gmDo = (name: string, subName: string, options: { name: string; value: any }[] = []) => h.fake.command({ name, channelId, user: gm, options: sub(subName, options) });
    await gmDo('gm', 'claim');
    await gmDo('combat', 'start', [{ name: 'ruleset', value: 'persona' }, { name: 'name', value: '타르타로스' }]);
    await gmDo('combat', 'add', [{ name: 'who', value: 'アキ' }, { name: 'side', value: 'pc' }, { name: 'hp', value: 40 }, { name: 'iv', value: 20 }]);
    await gmDo('combat', 'add', [{ name: 'who', value: '섀도' }, { name: 'side', value: 'npc' }, { name: 'hp', value: 90 }, { name: 'iv', value: 1 }, { name: 'hidden', value: true }]);
    await gmDo('combat', 'next');
    const trackerId = await h.fake.waitFor(async () => (await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest')).trackerMessageId);
    const tracker = () => h.fake.message(trackerId!)!;
    await h.fake.waitFor(async () => (await pngs(tracker())).length === 1 && JSON.stringify(lastEmbed(tracker())).includes('アキ'));
    const first = (await pngs(tracker()))[0]!;
    bounded(first);
    // The GM wounds the hidden shadow a little: its numbers are neither drawn nor written on the
    // tracker, so the table's tracker is not even edited (issue 32 §1) and the picture stays.
    const edits = tracker().edits.length;
    await gmDo('persona', 'adjust', [{ name: 'who', value: '섀도' }, { name: 'hp', value: 85 }]);
    expect(tracker().edits.length).toBe(edits);
    const shadow = ((await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest')).state as PersonaCombatState).combat!.combatants.find((c) => c.name === '섀도')!;
    expect(shadow.hp).toBe(85);
    expect((await pngs(tracker()))[0]!.id).toBe(first.id);
    // The same for アキ: HP is drawn, so a new picture replaces the old.
    await gmDo('persona', 'adjust', [{ name: 'who', value: 'アキ' }, { name: 'hp', value: 35 }]);
    await h.fake.waitFor(async () => (await pngs(tracker()))[0]?.id !== first.id);
    expect(await pngs(tracker())).toHaveLength(1);
  });

  it('the percentage war board shows the GM’s territory map', async () => {
    const channelId = h.fake.createTextChannel({ name: 'war-map' });
    const { gm, player } = h.fake.users;
    const war = (user: typeof gm, name: string, options: { name: string; value: any }[] = []) => h.fake.command({ name: 'war', channelId, user, options: sub(name, options) });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await war(gm, 'start', [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: '第五次' }]);
    await war(player, 'join', [{ name: 'faction', value: 'Saber' }, { name: 'class', value: 'saber' }, { name: 'level', value: 50 }, { name: 'statuses', value: '27 27 27 27 26 26' }, { name: 'mag', value: 30 }, { name: 'territory', value: 'medium' }]);
    const boardId = (await row(h.store, 'wars', (w) => eq(w.channelId, channelId))).boardMessageId!;
    const board = () => h.fake.message(boardId)!;
    const withoutMap = (await pngs(board()))[0]!;
    for (const [name, grade] of [['柳洞寺', 'highest'], ['遠坂邸', 'large'], ['학교', 'small']]) await war(gm, 'map', [{ name: 'name', value: name }, { name: 'grade', value: grade }]);
    await war(gm, 'set', [{ name: 'faction', value: 'Saber' }, { name: 'field', value: 'base' }, { name: 'value', value: '柳洞寺' }]);
    await h.fake.waitFor(async () => (await pngs(board()))[0]?.id !== withoutMap.id);
    const withMap = (await pngs(board()))[0]!;
    bounded(withMap);
    // Three territories add a row of tiles under the factions.
    expect(withMap.png.height).toBeGreaterThan(withoutMap.png.height + 100);
    // The table's map never shows where a faction sits; the GM's own view (ephemeral) does (seed 000 L9).
    const gmView = await war(gm, 'faction_view');
    expect(answerOf(gmView).flags & EPHEMERAL).toBe(EPHEMERAL);
    const gmMap = replyFiles(gmView).find((f) => f.name.endsWith('.png'))!;
    if (process.env.PICTURES_OUT) fs.writeFileSync(path.join(process.env.PICTURES_OUT, `gm-${gmMap.name}`), gmMap.data);
    bounded({ png: PNG.sync.read(gmMap.data), bytes: gmMap.data.length });
    expect(gmMap.name).not.toBe(withMap.name);
    const saberBase = pixelsDiffer(PNG.sync.read(gmMap.data), withMap.png);
    expect(saberBase).toBeGreaterThan(50);
  });

  it('/stats answers with a PNG histogram; /gm images off leaves the text alone', async () => {
    const channelId = h.fake.createTextChannel({ name: 'dice' });
    const { player, moderator } = h.fake.users;
    for (const e of ['3d6', '1d100', '2d10', '1d100']) await h.fake.command({ name: 'roll', channelId, user: player, options: [{ name: 'expression', value: e }] });
    const ex = await h.fake.command({ name: 'stats', channelId, user: player });
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    // issue 32: the first response never waits for a drawing — the text goes first, and an edit of the
    // same message brings the picture once the picture worker drew it
    expect(ex.callbackFiles).toHaveLength(0);
    expect(embedText(answerOf(ex))).toMatch(/d6: \d+ dice/);
    expect(ex.edits.at(-1)?.embeds?.[0]?.image?.url).toMatch(/^attachment:\/\/histogram-/);
    const file = replyFiles(ex).find((f) => f.name.endsWith('.png'))!;
    const png = PNG.sync.read(file.data);
    if (process.env.PICTURES_OUT) fs.writeFileSync(path.join(process.env.PICTURES_OUT, file.name), file.data);
    bounded({ png, bytes: file.data.length });
    // d6, d100 (in tens) and d10: three charts
    expect(png.height).toBeGreaterThan(3 * 250);
    expect(replyEmbeds(ex)[0].image.url).toBe(`attachment://${file.name}`);

    // per channel: everyone's rolls here (player2's d20 joins)
    await h.fake.command({ name: 'roll', channelId, user: h.fake.users.player2, options: [{ name: 'expression', value: '1d20' }] });
    const channelWide = await h.fake.command({ name: 'stats', channelId, user: player, options: [{ name: 'channel', value: true }] });
    expect(embedText(answerOf(channelWide))).toMatch(/#dice[\s\S]*d20: 1 dice/);
    expect(replyFiles(channelWide).filter((f) => f.name.endsWith('.png'))).toHaveLength(1);

    // a server-wide setting: a player without Manage Channels is refused, in their language
    const refused = await h.fake.command({ name: 'gm', channelId, user: player, locale: 'ja', options: sub('images', [{ name: 'on', value: false }]) });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(refused))).toMatch(/画像表示を切り替えられるのは、チャンネル管理権限/);
    // the same picture again is drawn already: the first response carries it
    const again = await h.fake.command({ name: 'stats', channelId, user: player });
    expect(again.callbackFiles).toHaveLength(1);
    expect(again.edits).toHaveLength(0);
    await h.fake.command({ name: 'gm', channelId, user: moderator, options: sub('images', [{ name: 'on', value: false }]) });
    const off = await h.fake.command({ name: 'stats', channelId, user: player });
    expect(replyFiles(off)).toHaveLength(0);
    expect(answerOf(off).embeds[0].image).toBeUndefined();
    expect(answerOf(off).embeds[0].fields.length).toBeGreaterThan(0);
    await h.fake.command({ name: 'gm', channelId, user: moderator, options: sub('images', [{ name: 'on', value: true }]) });
  });
});
