// The table's language (issue 18 §1): in a `guild_locale: ja` server a Korean player's public roll
// reads Japanese (the table's), their secret roll and its aside read Korean (their own); the GM sets
// the channel to Korean and the next public posts follow; `server` gives the server's language back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPHEMERAL, embedText, startHarness, type Harness } from './harness.js';

let h: Harness;
let channelId = '';
let guildId = '';
const KANA = /[\u3040-\u30ff]/;
const HANGUL = /[\uac00-\ud7a3]/;
const isEphemeral = (ex: { callback: { data?: { flags?: number } } }) => ((ex.callback.data?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

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
    const publicText = embedText(open.callback.data);
    expect(publicText).toMatch(KANA);
    expect(publicText).not.toMatch(HANGUL);
    const secret = await roll('ko', [{ name: 'expression', value: '2d6' }, { name: 'secret', value: true }]);
    expect(isEphemeral(secret)).toBe(true);
    expect(embedText(secret.callback.data)).toMatch(HANGUL);
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
    expect(embedText(set.callback.data)).toMatch(HANGUL);
    const next = await roll('ja', [{ name: 'expression', value: '8d6<=4' }]);
    expect(embedText(next.callback.data)).toMatch(HANGUL);
    expect(embedText(next.callback.data)).not.toMatch(KANA);
    const back = await h.fake.command({ name: 'gm', channelId, guildId: guildOf(), user: gm, locale: 'ja', options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'server' }] }] as never });
    expect(embedText(back.callback.data)).toMatch(KANA);
    const after = await roll('ko', [{ name: 'expression', value: '8d6<=4' }]);
    expect(embedText(after.callback.data)).toMatch(KANA);
    expect(h.violations).toEqual([]);
  });

  it('a player cannot set the table’s language', async () => {
    const refused = await h.fake.command({ name: 'gm', channelId, guildId: guildOf(), user: h.fake.users.player, locale: 'ko', options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'en' }] }] as never });
    expect(isEphemeral(refused)).toBe(true);
    expect(embedText(refused.callback.data)).toMatch(HANGUL);
  });
});
