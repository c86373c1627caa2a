// The table's own random tables (issue 29 §3, BCDice's オリジナル表) through the real discord.js client:
// added from the form and from a file, rolled by name from /roll (public, secret, repeated) and from a
// palette line, a channel's own table shadowing the server's, a malformed table refused in Japanese
// with its line number, names autocompleted, and who may remove a table.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/random.js';
import { storedDice } from '../../src/services/rolls.js';
import { row, rows } from '../helpers/db.js';
import type { CommandOption, FakeUser } from './fake-discord/types.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
/** Faces the next dice show (then seeded ones): a table roll's entry is chosen by them. */
const faces: number[] = [];
const seeded = seededRandom('original-tables');

beforeAll(async () => {
  h = await startHarness('original-tables', { rng: { die: (sides) => faces.shift() ?? seeded.die(sides) } });
});
afterAll(async () => {
  await h?.close();
});

const SCENE = '2D6 シーン表\n2-6:静かな夜。*星*が出ている\n7:雨\\n冷たい\n8-12:嵐';
const sub = (name: string, options: CommandOption[] = []): CommandOption[] => [{ name, type: 1, options }];
const opt = (name: string, value: unknown): CommandOption => ({ name, value }) as CommandOption;
const isEphemeral = (data: { flags?: number }) => ((data.flags ?? 0) & EPHEMERAL) === EPHEMERAL;
const lastRoll = () => row(h.store, 'rolls', undefined, 'newest');

function roll(expression: string, channelId: string, user: FakeUser = h.fake.users.player, locale?: string) {
  return h.fake.command({ name: 'roll', channelId, user, ...(locale ? { locale } : {}), options: [opt('expression', expression)] });
}
function table(subcommand: string, options: CommandOption[], channelId: string, user: FakeUser = h.fake.users.player, locale?: string) {
  return h.fake.command({ name: 'table', channelId, user, ...(locale ? { locale } : {}), options: sub(subcommand, options) });
}
async function addByForm(text: string, channelId: string, user: FakeUser = h.fake.users.player, channel = false, locale?: string) {
  const open = await table('add', channel ? [opt('channel', true)] : [], channelId, user, locale);
  expect(open.callback.type).toBe(9); // the form
  const customId = answerOf(open).custom_id as string;
  expect(customId).toBe(channel ? 'table:add:channel' : 'table:add:server');
  return await h.fake.modalSubmit({ customId, channelId, user, ...(locale ? { locale } : {}), fields: { text } });
}

// One server: #scene (a Japanese table with a GM), #other (no GM, English).
const ch = { scene: '', other: '' };

describe('/table and rolling a table by its name', () => {
  it('adds a table from the form; /roll by its name answers the entry as written, framed in the channel’s language, stored as a roll the log replays', async () => {
    const { gm, player } = h.fake.users;
    ch.scene = h.fake.createTextChannel({ name: 'scene' });
    ch.other = h.fake.createTextChannel({ name: 'other' });
    await h.fake.command({ name: 'gm', user: gm, channelId: ch.scene, options: sub('claim') });
    await h.fake.command({ name: 'gm', user: gm, channelId: ch.scene, options: sub('language', [opt('language', 'ja')]) });

    const added = await addByForm(SCENE, ch.scene);
    expect(isEphemeral(answerOf(added))).toBe(true);
    expect(embedText(answerOf(added))).toContain('Added **シーン表** (2D6, 3 entries) for the whole server');

    // Width and case folded; a comment after a space; the player reads English, the table Japanese.
    faces.push(3, 4);
    const rolled = await roll('ｼｰﾝ表 夜の校舎', ch.scene, player, 'en-US');
    expect(isEphemeral(answerOf(rolled))).toBe(false);
    const shown = embedText(answerOf(rolled));
    expect(shown).toContain('夜の校舎');
    expect(shown).toContain('表「シーン表」（2D6）\n2d6 [3, 4] = **7**\n→ 雨\n冷たい');
    expect(shown).toContain('このサーバーのオリジナル表を振りました。');
    expect(h.violations).toEqual([]);

    const stored = await lastRoll();
    expect(stored).toMatchObject({ channelId: ch.scene, kind: 'sum', value: 7, outcome: null, comment: '夜の校舎', secret: false, normalized: 'シーン表' });
    expect(stored.result).toMatchObject({ type: 'table', name: 'シーン表', roll: '2D6', draws: [{ entry: '雨\n冷たい' }] });
    expect(storedDice(stored)).toEqual([{ sides: 6, face: 3 }, { sides: 6, face: 4 }]); // what /stats counts

    // The entry exactly as written: Markdown in it shows as typed.
    faces.push(1, 2);
    expect(embedText(answerOf((await roll('シーン表', ch.scene))))).toContain('→ 静かな夜。\\*星\\*が出ている');

    const exported = await h.fake.command({ name: 'log', user: player, channelId: ch.scene, options: sub('export') });
    const txt = exported.callbackFiles.map((f) => f.data.toString('utf8')).find((t) => !t.startsWith('<!DOCTYPE'))!;
    expect(txt).toContain('表「シーン表」（2D6）');
    expect(txt).toContain('→ 雨');
    expect(txt).toContain('→ 静かな夜。*星*が出ている');

    // /stats counts the table's dice with the others
    const stats = embedText(answerOf((await h.fake.command({ name: 'stats', user: player, channelId: ch.scene, options: [] }))));
    expect(stats).toContain('2 rolls');
  });

  it('adds a table from a file (UTF-8, or Shift_JIS) and repeats it with `x3 name`', async () => {
    const file = h.fake.uploadAttachment({ filename: 'encounter.txt', content: '1D100 遭遇表\n1-50:ゴブリン\n51-100:ドラゴン\n' });
    const added = await table('add', [opt('file', file)], ch.other);
    expect(embedText(answerOf(added))).toContain('Added **遭遇表** (1D100, 2 entries)');

    faces.push(10, 90, 51);
    const shown = embedText(answerOf((await roll('x3 遭遇表', ch.other))));
    expect(shown).toContain('Table “遭遇表” (1D100)\n#1 1d100 [10] = **10**\n→ ゴブリン\n#2 1d100 [90] = **90**\n→ ドラゴン\n#3 1d100 [51] = **51**\n→ ドラゴン');
    expect(await lastRoll()).toMatchObject({ value: 10, normalized: 'x3 遭遇表' });
    expect(storedDice(await lastRoll()).map((d) => d.face)).toEqual([10, 90, 51]);

    // `1D6 あ` / `1-6:あ` saved by a Japanese Windows editor: あ is 82 A0 in Shift_JIS.
    const sjis = Buffer.concat([Buffer.from('1D6 '), Buffer.from([0x82, 0xa0]), Buffer.from('\n1-6:'), Buffer.from([0x82, 0xa0])]);
    const fromSjis = await table('add', [opt('file', h.fake.uploadAttachment({ filename: 'sjis.txt', content: sjis, contentType: 'text/plain' }))], ch.other);
    expect(embedText(answerOf(fromSjis))).toContain('Added **あ** (1D6, 1 entries)');
  });

  it('`Sシーン表` is a secret roll: the roller and the GM read the entry, the channel only the commitment', async () => {
    const { gm, player } = h.fake.users;
    const before = h.fake.channelMessages(ch.scene).length;
    faces.push(6, 6);
    const secret = await roll('Sシーン表 隠し', ch.scene);
    expect(isEphemeral(answerOf(secret))).toBe(true);
    expect(embedText(answerOf(secret))).toContain('→ 嵐');
    expect(await lastRoll()).toMatchObject({ secret: true, value: 12, comment: '隠し' });
    const dm = await h.fake.waitFor(() => h.fake.dms(gm.id).find((m) => embedText(m.body).includes('嵐')));
    expect(embedText(dm.body)).toContain('2d6 [6, 6] = **12**');
    expect(h.fake.dms(player.id)).toEqual([]);
    const posted = await h.fake.waitFor(() => (h.fake.channelMessages(ch.scene).length > before ? h.fake.channelMessages(ch.scene).slice(before) : null));
    const text = posted.map((m) => `${m.content}${embedText(m.body)}`).join('\n');
    expect(text).toMatch(/sha256:[0-9a-f]{64}/);
    expect(text).not.toContain('嵐');
    expect(text).not.toContain('隠し');

    // Revealed, the commitment holds the entry drawn (the table may change later).
    const secretId = Number(/#(\d+)/.exec(text)![1]);
    const revealed = embedText(answerOf((await h.fake.command({ name: 'reveal', user: player, channelId: ch.scene, options: [opt('id', secretId)] }))));
    expect(revealed).toMatch(/✅/);
    expect(revealed).toContain('"entries":["嵐"]');
  });

  it('a palette line naming a table rolls it', async () => {
    await h.fake.command({ name: 'palette', channelId: ch.other, options: sub('edit', [opt('name', 'GM表')]) });
    const saved = await h.fake.modalSubmit({ customId: 'palette:edit', channelId: ch.other, fields: { name: 'GM表', character: '', lines: 'シーン表 導入\n2d6', variables: '' } });
    const button = (answerOf(saved).components ?? []).flatMap((r: any) => r.components)[0] as { custom_id: string };
    faces.push(2, 3);
    const pressed = await h.fake.component({ customId: button.custom_id, channelId: ch.other, message: saved.original! });
    expect(isEphemeral(answerOf(pressed))).toBe(false);
    const shown = embedText(answerOf(pressed));
    expect(shown).toContain('Table “シーン表” (2D6)\n2d6 [2, 3] = **5**\n→ 静かな夜。\\*星\\*が出ている');
    expect(shown).toContain('導入');
    expect(await lastRoll()).toMatchObject({ value: 5, comment: '導入', channelId: ch.other });
  });

  it('a channel’s own table (GM only) shadows the server’s of the same name there, and nowhere else', async () => {
    const { gm, player } = h.fake.users;
    const refused = await table('add', [opt('channel', true), opt('file', h.fake.uploadAttachment({ filename: 't.txt', content: '2D6 シーン表\n2-12:x' }))], ch.scene, player);
    expect(isEphemeral(answerOf(refused))).toBe(true);
    expect(embedText(answerOf(refused))).toContain('Only this channel’s GM');

    // hiragana: the same folded name
    const added = await addByForm('2D6 しーん表\n2-12:チャンネルの夜', ch.scene, gm, true);
    expect(embedText(answerOf(added))).toContain('for this channel only');

    faces.push(4, 4);
    const here = embedText(answerOf((await roll('シーン表', ch.scene))));
    expect(here).toContain('→ チャンネルの夜');
    expect(here).toContain('このチャンネル専用のオリジナル表を振りました。');
    faces.push(4, 4);
    expect(embedText(answerOf((await roll('シーン表', ch.other))))).toContain('→ 嵐');

    const listed = embedText(answerOf((await table('list', [], ch.scene))));
    expect(listed).toContain('**しーん表** — 2D6, 1 entries, this channel only');
    expect(listed).toMatch(/~~\*\*シーン表\*\* — 2D6, 3 entries, the whole server, by <@\d+>~~ \(hidden here by this channel’s own table\)/);
    const listedElsewhere = embedText(answerOf((await table('list', [], ch.other))));
    expect(listedElsewhere).not.toContain('しーん表');
  });

  it('a malformed table is refused in Japanese with its line number and reason; nothing is stored', async () => {
    const count = (await rows(h.store, 'originalTables')).length;
    const refuse = async (text: string) => embedText(answerOf((await addByForm(text, ch.scene, h.fake.users.player, false, 'ja'))));
    expect(await refuse('2D6 壊れた表\n2-6:静か\n5-12:嵐')).toContain('3行目: 5–6 には 2行目ですでに項目があります。');
    expect(await refuse('2D6 壊れた表\n2-6:静か\n7-13:嵐')).toContain('3行目: 13 は 2D6 では出ません（出るのは 2～12）。');
    expect(await refuse('2D6 壊れた表\n2-6:静か\nなにか\n7-12:嵐')).toContain('3行目: 「なにか」が読めません。');
    expect(await refuse('壊れた表\n2-6:静か')).toContain('1行目: 見出し「壊れた表」が読めません。');
    expect(await refuse('2D6 壊れた表\n2-6:静か\n8:雨\n10-11:嵐')).toContain('7, 9, 12 の項目がありません。');
    expect(await refuse('2D6 2d6\n2-12:x')).toContain('1行目: 名前「2d6」はそれ自体がダイス式');
    expect(await refuse('1D6 choice[a,b]\n1-6:x')).toContain('BCDice が読むダイスコマンド');
    expect((await rows(h.store, 'originalTables')).length).toBe(count);
  });

  it('autocompletes the tables reachable here, folded for case, width and kana', async () => {
    for (const typed of ['しーん', 'ｼｰﾝ', 'シーン']) {
      const ex = await h.fake.autocomplete({ name: 'table', channelId: ch.other, options: sub('show', [{ name: 'name', value: typed, focused: true } as CommandOption]) });
      expect(answerOf(ex).choices).toEqual([{ name: 'シーン表', value: 'シーン表' }]);
    }
    const here = await h.fake.autocomplete({ name: 'table', channelId: ch.scene, options: sub('remove', [{ name: 'name', value: '', focused: true } as CommandOption]) });
    expect((answerOf(here).choices as { value: string }[]).map((c) => c.value)).toEqual(expect.arrayContaining(['しーん表', 'シーン表', '遭遇表']));
    const shown = embedText(answerOf((await table('show', [opt('name', 'シーン表')], ch.other))));
    expect(shown).toContain('2D6 シーン表\n2-6:静かな夜。*星*が出ている\n7:雨\\n冷たい\n8-12:嵐');
  });

  it('removes: the author, the channel’s GM (its own table) or a manager; not another player, not the GM a server table', async () => {
    const { gm, player, player2, moderator } = h.fake.users;
    const tables = () => rows(h.store, 'originalTables');
    const remove = (name: string, channelId: string, user: FakeUser) => table('remove', [opt('name', name)], channelId, user);

    expect(embedText(answerOf((await remove('シーン表', ch.other, player2))))).toContain('Only the author of “シーン表”');
    expect(embedText(answerOf((await remove('遭遇表', ch.scene, gm))))).toContain('Only the author of “遭遇表”');
    expect((await tables()).length).toBe(4);

    expect(embedText(answerOf((await remove('シーン表', ch.scene, gm))))).toContain('Removed **しーん表** (this channel only)');
    faces.push(4, 4);
    expect(embedText(answerOf((await roll('シーン表', ch.scene))))).toContain('→ 嵐'); // the server's again

    expect(embedText(answerOf((await remove('遭遇表', ch.other, moderator))))).toContain('Removed **遭遇表**');
    expect(embedText(answerOf((await remove('シーン表', ch.other, player))))).toContain('Removed **シーン表** (the whole server)');
    const gone = await roll('シーン表', ch.other);
    expect(isEphemeral(answerOf(gone))).toBe(true); // no such table any more: a refusal
    expect((await tables()).map((t) => t.name)).toEqual(['あ']);
    const events = (await rows(h.store, 'events')).filter((e) => e.type.startsWith('otable.'));
    expect(events.map((e) => e.type)).toEqual(['otable.saved', 'otable.saved', 'otable.saved', 'otable.saved', 'otable.removed', 'otable.removed', 'otable.removed']);
    expect(await row(h.store, 'events', (e) => and(eq(e.type, 'otable.removed'), eq(e.actorId, moderator.id)))).toMatchObject({ before: expect.objectContaining({ name: '遭遇表', authorId: player.id }) });
  });
});
