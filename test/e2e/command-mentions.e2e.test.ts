// Commands named inside messages, in the reader's language (issue 31, "Language" §3): a line named a
// localized command with an English subcommand (「先に /聖杯戦争 join」) or English throughout in a
// Japanese or Korean line (「/war irregular で振り直せます」「/sheet import 로 가져오거나」). Every catalog
// line now writes `{/war irregular}` and reads the names the reader's Discord client shows
// (src/i18n/commands.ts, from the deployed definitions' name_localizations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';
import { fixture } from './fate-driver.js';
import type { InteractionExchange } from './fake-discord/types.js';

let h: Harness;
const opt = (name: string, value: unknown) => ({ name, value });
const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }];
/** what the reader reads: the reply (or its deferred edit) and every follow-up */
const said = (ex: InteractionExchange) => [embedText(ex.edits.at(-1) ?? answerOf(ex)), ...ex.followUps.map(embedText)].join('\n');

beforeAll(async () => {
  h = await startHarness('command-mentions');
});
afterAll(async () => {
  await h?.close();
});

describe('command mentions in the reader’s language (issue 31)', () => {
  it('ko: no character yet → 「/시트 가져오기로 가져오거나 /시트 사용으로」, not 「/sheet import 로」', async () => {
    const { guildId, channelId } = h.fake.createGuild({ name: '한국 서버', locale: 'ko' });
    const ex = await h.fake.command({ name: 'check', channelId, guildId, user: h.fake.users.player, locale: 'ko', options: [opt('status', 'str')] as never });
    const text = said(ex);
    expect(text).toContain('/시트 가져오기로 가져오거나 /시트 사용으로 선택하세요');
    expect(text).not.toMatch(/\/sheet/);
  });

  it('ja: the GM’s Irregular roll says 「/聖杯戦争 イレギュラー で振り直せます」, not 「/war irregular」 (seed 001 L76–86)', async () => {
    const { guildId, channelId } = h.fake.createGuild({ name: '日本サーバー', locale: 'ja' });
    const gm = h.fake.users.gm;
    await h.fake.command({ name: 'gm', channelId, guildId, user: gm, locale: 'ja', options: sub('claim') as never });
    const ex = await h.fake.command({ name: 'war', channelId, guildId, user: gm, locale: 'ja', options: sub('start', [opt('ruleset', 'fate'), opt('name', '冬木')]) as never });
    const text = said(ex);
    expect(text).toContain('/聖杯戦争 イレギュラー で振り直せます');
    expect(text).not.toMatch(/\/war\b/);
  });

  it('ja: a summoning check before joining says 「先に /聖杯戦争 参戦 してください」, not 「/聖杯戦争 join」 (seed 001 L113)', async () => {
    const { guildId, channelId } = h.fake.createGuild({ name: '日本サーバー2', locale: 'ja' });
    const { gm, player } = h.fake.users;
    await h.fake.command({ name: 'gm', channelId, guildId, user: gm, locale: 'ja', options: sub('claim') as never });
    await h.fake.command({ name: 'war', channelId, guildId, user: gm, locale: 'ja', options: sub('start', [opt('ruleset', 'fate'), opt('name', '冬木')]) as never });
    await h.fake.command({ name: 'sheet', channelId, guildId, user: player, locale: 'ja', options: sub('import', [opt('file', h.fake.uploadAttachment({ filename: 'm.txt', content: fixture('master.txt') }))]) as never });
    const ex = await h.fake.command({ name: 'war', channelId, guildId, user: player, locale: 'ja', options: sub('summon', [opt('method', 'solo')]) as never });
    const text = said(ex);
    expect(text).toContain('先に /聖杯戦争 参戦 してください');
    expect(text).not.toMatch(/join/);
  });
});
