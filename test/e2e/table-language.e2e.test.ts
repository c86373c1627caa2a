// The table's language (issue 18 §1): in a `guild_locale: ja` server a Korean player's public roll
// reads Japanese (the table's), their secret roll and its aside read Korean (their own); the GM sets
// the channel to Korean and the next public posts follow; `server` gives the server's language back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
let channelId = '';
let guildId = '';
const KANA = /[\u3040-\u30ff]/;
const HANGUL = /[\uac00-\ud7a3]/;
const isEphemeral = (ex: InteractionExchange) => ((answerOf(ex)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

beforeAll(async () => {
  h = await startHarness('table-language');
  const guild = h.fake.createGuild({ name: '聖杯戦争卓', locale: 'ja' });
  channelId = guild.channelId;
  guildId = guild.guildId;
});
afterAll(async () => {
  await h?.close();
});

const roll = (locale: string, options: { name: string; value: unknown }[]) =>
  h.fake.command({ name: 'roll', channelId, guildId: guildOf(), user: h.fake.users.player, locale, options: options as never });
const guildOf = () => guildId;

describe('the table reads the channel’s language; a person reads their own', () => {
  it('a Korean player’s public roll in a ja server is Japanese; their secret roll is Korean', async () => {
    const open = await roll('ko', [{ name: 'expression', value: '8d6<=4' }]);
    expect(isEphemeral(open)).toBe(false);
    const publicText = embedText(answerOf(open));
    expect(publicText).toMatch(KANA);
    expect(publicText).not.toMatch(HANGUL);
    const secret = await roll('ko', [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }]);
    expect(isEphemeral(secret)).toBe(true);
    expect(embedText(answerOf(secret))).toMatch(HANGUL);
    // The commitment in the channel is the table's.
    const commitment = h.fake.channelMessages(channelId).at(-1)!;
    expect(embedText(commitment.body)).toMatch(KANA);
    expect(embedText(commitment.body)).not.toMatch(HANGUL);
    expect(h.violations).toEqual([]);
  });

  it('the GM sets the channel to Korean: the announcement and the next public posts follow; `server` undoes it', async () => {
    const gm = h.fake.users.gm;
    await h.fake.command({ name: 'gm', channelId, guildId: guildOf(), user: gm, locale: 'ja', options: [{ name: 'claim', type: 1, options: [] }] as never });
    const set = await h.fake.command({ name: 'gm', channelId, guildId: guildOf(), user: gm, locale: 'ja', options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'ko' }] }] as never });
    expect(embedText(answerOf(set))).toMatch(HANGUL);
    const next = await roll('ja', [{ name: 'expression', value: '8d6<=4' }]);
    expect(embedText(answerOf(next))).toMatch(HANGUL);
    expect(embedText(answerOf(next))).not.toMatch(KANA);
    const back = await h.fake.command({ name: 'gm', channelId, guildId: guildOf(), user: gm, locale: 'ja', options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'server' }] }] as never });
    expect(embedText(answerOf(back))).toMatch(KANA);
    const after = await roll('ko', [{ name: 'expression', value: '8d6<=4' }]);
    expect(embedText(answerOf(after))).toMatch(KANA);
    expect(h.violations).toEqual([]);
  });

  it('a player cannot set the table’s language', async () => {
    const refused = await h.fake.command({ name: 'gm', channelId, guildId: guildOf(), user: h.fake.users.player, locale: 'ko', options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'en' }] }] as never });
    expect(isEphemeral(refused)).toBe(true);
    expect(embedText(answerOf(refused))).toMatch(HANGUL);
  });
});

describe('a Japanese GM and a Korean player at a Japanese table (issue 18 must-show)', () => {
  const opt = (name: string, value: unknown) => ({ name, value });
  const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }] as never;
  let warChannel = '';
  const cmd = (user: { id: string }, locale: string, name: string, options: unknown) =>
    h.fake.command({ name, channelId: warChannel, guildId, user: user as never, locale, options: options as never });
  const channelTexts = () => h.fake.channelMessages(warChannel).filter((m) => ((m.flags ?? 0) & EPHEMERAL) === 0).map((m) => [embedText(m.body), ...m.edits.map(embedText)].join('\n'));

  it('every post and board is Japanese; the Korean player’s replies, asides and DMs are wholly Korean', async () => {
    const { gm, player, player2 } = h.fake.users;
    warChannel = h.fake.createTextChannel({ name: 'fuyuki', guildId });
    await cmd(gm, 'ja', 'gm', sub('claim'));
    await cmd(gm, 'ja', 'war', sub('start', [opt('ruleset', 'percent'), opt('name', '冬木')]));
    const join = await cmd(player, 'ko', 'war', sub('join', [opt('faction', '토오사카'), opt('class', 'saber'), opt('level', 50), opt('statuses', '40 30 30 20 20 20'), opt('mag', 30)]));
    expect(isEphemeral(join)).toBe(false);
    expect(embedText(answerOf(join))).toMatch(KANA);
    expect(embedText(answerOf(join)).replace(/토오사카/g, '')).not.toMatch(HANGUL);
    await cmd(player2, 'ja', 'war', sub('join', [opt('faction', '間桐'), opt('class', 'rider'), opt('level', 50), opt('statuses', '27 27 27 27 26 26'), opt('mag', 20)]));
    await cmd(gm, 'ja', 'war', sub('advance'));
    const act = await cmd(player, 'ko', 'act', [opt('action', 'rest'), opt('text', '쉬자')]);
    expect(isEphemeral(act)).toBe(true);
    expect(embedText(answerOf(act))).toMatch(HANGUL);
    expect(embedText(answerOf(act))).not.toMatch(KANA);
    await cmd(player2, 'ja', 'act', [opt('action', 'rest'), opt('text', '休む')]);
    const dmsBefore = h.fake.dms(player.id).length;
    await cmd(gm, 'ja', 'war', sub('resolve'));
    await h.fake.waitFor(() => h.fake.dms(player.id).length > dmsBefore);
    for (const dm of h.fake.dms(player.id).slice(dmsBefore).map((m) => embedText(m.body))) {
      expect(dm.replace(/토오사카|間桐|冬木/g, '')).toMatch(HANGUL);
      expect(dm.replace(/間桐|冬木/g, '')).not.toMatch(KANA);
    }
    await h.fake.waitFor(() => channelTexts().length > 0);
    for (const post of channelTexts()) expect(post.replace(/토오사카/g, '')).not.toMatch(HANGUL);
    expect(channelTexts().join('\n')).toMatch(/冬木/);
    expect(h.violations).toEqual([]);
  });

  it('the GM switches the channel to Korean: the board and the next posts follow', async () => {
    const { gm } = h.fake.users;
    await cmd(gm, 'ja', 'gm', sub('language', [opt('language', 'ko')]));
    const board = await cmd(gm, 'ja', 'war', sub('board'));
    void board;
    await h.fake.waitFor(() => channelTexts().some((t) => /[\uac00-\ud7a3]/.test(t.replace(/토오사카/g, ''))));
    const last = channelTexts().at(-1)!;
    expect(last.replace(/토오사카/g, '')).toMatch(HANGUL);
    expect(last.replace(/間桐|冬木/g, '')).not.toMatch(KANA);
    expect(h.violations).toEqual([]);
  });
});

describe('a secret check: the roller reads it in Korean, the GM’s DM is wholly Japanese (issue 18)', () => {
  it('no line of the roller’s language in the GM’s copy', async () => {
    const { gm, player } = h.fake.users;
    const { fixture } = await import('./fate-driver.js');
    const room = h.fake.createTextChannel({ name: 'secret-check', guildId });
    const run = (user: typeof gm, locale: string, name: string, options: unknown) => h.fake.command({ name, channelId: room, guildId, user, locale, options: options as never });
    await run(gm, 'ja', 'gm', [{ name: 'claim', type: 1, options: [] }]);
    await run(player, 'ko', 'sheet', [{ name: 'import', type: 1, options: [{ name: 'file', value: h.fake.uploadAttachment({ filename: 's.txt', content: fixture('saber.txt') }) }] }]);
    const before = h.fake.dms(gm.id).length;
    const secret = await run(player, 'ko', 'check', [{ name: 'status', value: 'str' }, { name: 'character', value: 'セイバー' }, { name: 'secret', value: true }]);
    expect(isEphemeral(secret)).toBe(true);
    expect(embedText(answerOf(secret))).toMatch(HANGUL);
    await h.fake.waitFor(() => h.fake.dms(gm.id).length > before);
    const dm = h.fake.dms(gm.id).slice(before).map((m) => embedText(m.body)).join('\n');
    expect(dm).toMatch(KANA);
    expect(dm).not.toMatch(HANGUL);
    expect(dm).toMatch(/MP \d+\/\d+/); // the GM may read the roller's pools, in the GM's language
  });
});
