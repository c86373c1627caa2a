// The session's log (issue 30 §4), through the real discord.js client against the fake Discord: /log
// export merges the bot's events, the characters' posts (/say's events, from test/helpers/character-posts.ts
// until §3 lands) and — with the Message Content intent — the players' messages read back from
// GET /channels/{id}/messages, in time order, unrevealed secrets withheld, as Ccfolia's log HTML
// (plus text and JSON) in the channel's language, every person's text escaped; from:/to: bound it;
// too many messages or too large a log are refused in the exporter's language. The HTML, opened in
// headless Chromium, is compared with a reference screenshot (test/fixtures/log/ccfolia-log-ja.png).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_BITS } from './fake-discord/index.js';
import type { FakeUser, InteractionExchange, RecordedMessage } from './fake-discord/types.js';
import { EPHEMERAL, embedText, replyFiles, startHarness, type Harness, answerOf } from './harness.js';
import { deleteCharacterPost, editCharacterPost, insertCharacterPost, type PostFixture } from '../helpers/character-posts.js';
import { CHROMIUM, CHROMIUM_REQUIRED, chromiumAvailable, dumpDom, screenshot } from '../helpers/chromium.js';

const REFERENCE = 'test/fixtures/log/ccfolia-log-ja.png';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Apart by a few milliseconds: the log orders by time. */
const step = () => sleep(5);

let h: Harness;
let channelId: string;
const said: Record<string, RecordedMessage> = {};
let saber: PostFixture;

const exportLog = (user: FakeUser, options: { name: string; value: string }[] = [], locale = 'ja', where = channelId) =>
  h.fake.command({ name: 'log', user, locale, channelId: where, options: [{ name: 'export', type: 1, options }] });
const filesOf = (ex: InteractionExchange) => Object.fromEntries(ex.callbackFiles.map((f) => [f.name.split('.').pop()!, f.data.toString('utf8')])) as { html: string; txt: string; json: string };
const roll = (user: FakeUser, expression: string, where = channelId) => h.fake.command({ name: 'roll', user, channelId: where, options: [{ name: 'expression', value: expression }] });
const link = (m: RecordedMessage) => `https://discord.com/channels/${h.fake.guildId}/${m.channelId}/${m.id}`;

/** What a Ccfolia log reader takes from the page: per <p>, its colour and three spans (tab, name, text). */
function ccfoliaRead(html: string): { color: string; tab: string; name: string; text: string }[] {
  const decode = (s: string) => s.replace(/<br>/g, '\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return [...html.matchAll(/<p style="color:(#[0-9a-f]{6});">\n {2}<span> \[([^\]<]*)\]<\/span>\n {2}<span>([^<]*)<\/span> :\n {2}<span>\n {4}(.*)\n {2}<\/span>\n<\/p>/g)].map((m) => ({
    color: m[1]!,
    tab: decode(m[2]!),
    name: decode(m[3]!),
    text: decode(m[4]!),
  }));
}

beforeAll(async () => {
  h = await startHarness('log-session');
  const { gm, player, player2 } = h.fake.users;
  channelId = h.fake.createTextChannel({ name: 'session' });
  await h.fake.command({ name: 'gm', user: gm, channelId, options: [{ name: 'claim', type: 1 }] });
  await h.fake.command({ name: 'gm', user: gm, channelId, options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'ja' }] }] });
  await roll(player, '2D6>=7 先制');
  await step();
  said.first = h.fake.userMessage({ channelId, user: player, content: 'いざ、参る！' });
  await step();
  // /say as it will post: the webhook's message, and the event that records it (then edited)
  const webhook = h.fake.userMessage({ channelId, content: '我が剣を見よ', webhook: { name: 'セイバー' } });
  saber = { guildId: h.fake.guildId, channelId, actorId: player.id, messageId: webhook.id, characterId: 7, name: 'セイバー', avatarUrl: 'https://example.com/saber.png', text: '我が剣を見よ' };
  await insertCharacterPost(h.store, saber);
  await step();
  await editCharacterPost(h.store, saber, '我が剣の輝きを見よ');
  await step();
  // a post its player deleted (the webhook's copy still in the channel: it stays out as well)
  const gone = h.fake.userMessage({ channelId, content: '消える台詞', webhook: { name: 'セイバー' } });
  const goneFixture = { ...saber, messageId: gone.id, text: '消える台詞' };
  await insertCharacterPost(h.store, goneFixture);
  await step();
  await deleteCharacterPost(h.store, goneFixture);
  await step();
  said.second = h.fake.userMessage({ channelId, user: player2, content: 'セイバー、後ろだ！' });
  await step();
  // people's text that must reach the page as text: a display name and a message carrying markup
  const mallory = h.fake.createUser({ username: 'mallory', globalName: '<img src=x onerror=alert(1)>' });
  said.markup = h.fake.userMessage({ channelId, user: mallory, content: '</span><script>alert("x")</script> & <b>太字</b>' });
  await step();
  const rider = { ...saber, messageId: h.fake.userMessage({ channelId, content: '"><i>騎乗</i>', webhook: { name: 'ライダー' } }).id, characterId: 8, name: '"><i>ライダー</i>', text: '<a href="javascript:alert(1)">宝具</a>' };
  await insertCharacterPost(h.store, rider);
  await step();
  said.last = h.fake.userMessage({ channelId, user: player, content: '以上！' });
  await step();
  // after the screenshot's range: a secret roll (its commitment's hash differs every run) and a last roll
  await h.fake.command({ name: 'roll', user: player, channelId, options: [{ name: 'expression', value: 'S1d100<=50 hidden-plan-alpha' }] });
  await step();
  await roll(player2, '1d6 締め');
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('/log export: events, character posts and the players’ messages in one log', () => {
  it('holds them in time order as Ccfolia’s log HTML in the table’s language, the posts as they stand, no copy of the bot’s or the webhook’s messages, no secret', async () => {
    const ex = await exportLog(h.fake.users.player2, [], 'ko');
    expect(answerOf(ex).flags & EPHEMERAL).toBe(EPHEMERAL);
    // the reply is the exporter's (Korean); the files are the table's (Japanese)
    expect(embedText(answerOf(ex))).toContain('채널에 입력된 메시지 4개를 포함합니다');
    const { html, txt, json } = filesOf(ex);

    // Ccfolia's page: its title on its own line where line-based readers look (line 7)
    expect(html.split('\n')[6]).toBe('    <title>ccfolia - logs</title>');
    const read = ccfoliaRead(html);
    const main = read.filter((l) => l.tab === 'メイン');
    expect(main.map((l) => [l.name, l.text.split('\n')[0]])).toEqual([
      ['Player One', expect.stringMatching(/^先制 (✓ 成功|× 失敗)$/)],
      ['Player One', 'いざ、参る！'],
      ['セイバー', '我が剣の輝きを見よ'],
      ['Player Two', 'セイバー、後ろだ！'],
      ['<img src=x onerror=alert(1)>', '</span><script>alert("x")</script> & <b>太字</b>'],
      ['"><i>ライダー</i>', '<a href="javascript:alert(1)">宝具</a>'],
      ['Player One', '以上！'],
      ['Player Two', '締め'],
    ]);
    // the bot's own record speaks as Ccfolia's "system", in the info tab: the secret's commitment, hash only
    expect(read.filter((l) => l.tab === '情報').map((l) => [l.name, l.text.split('\n')[0]])).toEqual([['system', expect.stringMatching(/^シークレット #\d+ をコミット$/)]]);
    // one speaker, one colour; Ccfolia's grey for the system
    const colors = new Map(main.map((l) => [l.name, l.color]));
    for (const l of main) expect(l.color).toBe(colors.get(l.name));
    expect(read.find((l) => l.name === 'system')!.color).toBe('#888888');

    for (const file of [html, txt, json]) {
      expect(file).not.toContain('hidden-plan-alpha');
      expect(file).not.toContain('我が剣を見よ'); // the post as it stands now: edited
      expect(file).not.toContain('消える台詞'); // deleted by its player
      expect(file).not.toContain('騎乗'); // the webhook's copy of a post is the post, not a message
    }
    // text and JSON hold the same lines, with times
    expect(txt).toMatch(/\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] \[メイン\] セイバー: 我が剣の輝きを見よ/);
    const data = JSON.parse(json) as { timeZone: string; lines: { kind: string; speaker: string | null; text: string; edited?: boolean; avatarUrl?: string; at: string }[] };
    expect(data.timeZone).toBe('Asia/Tokyo');
    expect(data.lines.map((l) => l.kind)).toEqual(['roll', 'message', 'post', 'message', 'message', 'post', 'message', 'commit', 'roll']);
    expect(data.lines[2]).toMatchObject({ speaker: 'セイバー', edited: true, avatarUrl: 'https://example.com/saber.png' });
    const times = data.lines.map((l) => Date.parse(l.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('escapes every person’s text: names and messages reach the browser as text, never as elements', async () => {
    const { html } = filesOf(await exportLog(h.fake.users.player));
    expect(html).toContain('<span>&lt;img src=x onerror=alert(1)&gt;</span> :');
    expect(html).toContain('&lt;/span&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;太字&lt;/b&gt;');
    expect(html).toContain('<span>&quot;&gt;&lt;i&gt;ライダー&lt;/i&gt;</span> :');
    expect(html).not.toMatch(/<(script|img|b|i|a)[\s>]/);
  });

  it('from:/to: bound it to a part: message links or ids, or times in the table’s zone', async () => {
    const { player } = h.fake.users;
    const part = ccfoliaRead(filesOf(await exportLog(player, [{ name: 'from', value: link(said.first!) }, { name: 'to', value: said.second!.id }])).html);
    expect(part.map((l) => l.text)).toEqual(['いざ、参る！', '我が剣の輝きを見よ', 'セイバー、後ろだ！']);

    // times, read in the table's zone (Asia/Tokyo): from the second the first message was typed in
    const tokyo = (ms: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date(ms));
    const everything = ccfoliaRead(filesOf(await exportLog(player, [{ name: 'from', value: '2000-01-01 00:00' }, { name: 'to', value: '２０９９－１２－３１　２３：５９' }])).html);
    expect(everything).toHaveLength(9);
    const nothing = ccfoliaRead(filesOf(await exportLog(player, [{ name: 'from', value: tokyo(Date.now() + 3_600_000) }])).html);
    expect(nothing).toEqual([]);
    // up to the second before the first roll's: in Tokyo's zone that is nothing; read as UTC it would be all
    const firstRoll = (await h.store.transaction((tx) => tx.db.select().from(tx.t.rolls))).find((r) => r.channelId === channelId)!;
    const before = ccfoliaRead(filesOf(await exportLog(player, [{ name: 'to', value: tokyo(firstRoll.createdAt.getTime() - 1000) }])).html);
    expect(before).toEqual([]);
  });

  it('refuses a point it cannot read, another channel’s link and a reversed range, in the exporter’s language', async () => {
    const { player } = h.fake.users;
    const bad = await exportLog(player, [{ name: 'from', value: '昨日の夜' }], 'ko');
    expect(embedText(answerOf(bad))).toContain('“昨日の夜”는 메시지 링크도, 메시지 ID도');
    expect(bad.callbackFiles).toHaveLength(0);
    const elsewhere = await exportLog(player, [{ name: 'from', value: `https://discord.com/channels/${h.fake.guildId}/${h.fake.channelId}/${said.first!.id}` }], 'ja');
    expect(embedText(answerOf(elsewhere))).toContain('別のチャンネル');
    const reversed = await exportLog(player, [{ name: 'from', value: said.second!.id }, { name: 'to', value: said.first!.id }], 'en');
    expect(embedText(answerOf(reversed))).toContain('The start comes after the end');
  });
});

describe('/log export in a Korean table', () => {
  it('names the tabs and the bot’s lines in Korean', async () => {
    const { gm, player } = h.fake.users;
    const ko = h.fake.createTextChannel({ name: 'session-ko' });
    await h.fake.command({ name: 'gm', user: gm, channelId: ko, options: [{ name: 'claim', type: 1 }] });
    await h.fake.command({ name: 'gm', user: gm, channelId: ko, options: [{ name: 'language', type: 1, options: [{ name: 'language', value: 'ko' }] }] });
    await roll(player, '2d6 선제', ko);
    await step();
    h.fake.userMessage({ channelId: ko, user: player, content: '가자!' });
    await step();
    const post = h.fake.userMessage({ channelId: ko, content: '검을 받아라', webhook: { name: '세이버' } });
    await insertCharacterPost(h.store, { ...saber, channelId: ko, messageId: post.id, name: '세이버', text: '검을 받아라' });
    await step();
    await h.fake.command({ name: 'roll', user: player, channelId: ko, options: [{ name: 'expression', value: 'S2d6 비밀-작전' }] });
    const ex = await exportLog(player, [], 'ja', ko);
    expect(embedText(answerOf(ex))).toContain('メッセージ 1 件'); // the exporter's language
    const { html } = filesOf(ex);
    expect(html).toContain('<html lang="ko">');
    expect(html).toContain('<h1>#session-ko 세션 로그</h1>');
    expect(ccfoliaRead(html).map((l) => [l.tab, l.name, l.text.split('\n')[0]])).toEqual([
      ['메인', 'Player One', '선제'],
      ['메인', 'Player One', '가자!'],
      ['메인', '세이버', '검을 받아라'],
      ['정보', 'system', expect.stringMatching(/^비밀 #\d+ 커밋$/)],
    ]);
    expect(html).not.toContain('비밀-작전');
  });
});

describe('/log export: what it may read, and its bounds', () => {
  it('without Read Message History the players’ messages are left out and the exporter is told why', async () => {
    const { gm, player } = h.fake.users;
    const closed = h.fake.createTextChannel({ name: 'closed' });
    await h.fake.command({ name: 'gm', user: gm, channelId: closed, options: [{ name: 'claim', type: 1 }] });
    h.fake.userMessage({ channelId: closed, user: player, content: 'ここは読めない' });
    const post = h.fake.userMessage({ channelId: closed, content: '届く台詞', webhook: { name: 'セイバー' } });
    await insertCharacterPost(h.store, { ...saber, channelId: closed, messageId: post.id, text: '届く台詞' });
    h.fake.setBotChannelPermissions(closed, { deny: PERMISSION_BITS.ReadMessageHistory.toString() });
    const ex = await exportLog(player, [], 'en', closed);
    expect(embedText(answerOf(ex))).toContain('may not read this channel’s history (Read Message History)');
    const { html } = filesOf(ex);
    expect(html).toContain('届く台詞');
    expect(html).not.toContain('ここは読めない');
  });

  it(`refuses more than 2000 messages between the points, read 100 a page, in the exporter's language`, async () => {
    const { gm, player } = h.fake.users;
    const busy = h.fake.createTextChannel({ name: 'busy' });
    await h.fake.command({ name: 'gm', user: gm, channelId: busy, options: [{ name: 'claim', type: 1 }] });
    const typed = Array.from({ length: 2001 }, (_, i) => h.fake.userMessage({ channelId: busy, user: player, content: `#${i}` }));
    const seen = h.fake.requests.length;
    const ex = await exportLog(player, [], 'ja', busy);
    expect(embedText(answerOf(ex))).toContain('2000 件を超えています');
    expect(ex.callbackFiles).toHaveLength(0);
    const pages = h.fake.requests.slice(seen).filter((r) => r.route === 'GET /channels/:channelId/messages' && r.path.includes(busy));
    expect(pages).toHaveLength(21);
    expect(pages.every((r) => r.query['limit'] === '100' && r.query['after'] !== undefined)).toBe(true);
    // a part of it fits: the last 100, from the 1901st message's link
    const part = await exportLog(player, [{ name: 'from', value: link(typed[1901]!) }], 'ja', busy);
    expect(ccfoliaRead(filesOf(part).html).map((l) => l.text)).toEqual(Array.from({ length: 100 }, (_, i) => `#${1901 + i}`));
  }, 60_000);

  it('a slow history read is acknowledged privately first, and the files follow in the reply', async () => {
    h.fake.delayNext('GET', new RegExp(`^/channels/${channelId}/messages$`), 2500);
    const ex = await exportLog(h.fake.users.player);
    expect(ex.callback.type).toBe(5);
    expect(ex.callback.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    const html = replyFiles(ex).find((f) => f.name.endsWith('.html'))!.data.toString('utf8');
    expect(ccfoliaRead(html).map((l) => l.text)).toContain('セイバー、後ろだ！');
  });

  it('one the gateway delivers 1.8 s late is acknowledged by 2 s after Discord made it, not 1.5 s after receipt (3.3 s: failed)', async () => {
    h.fake.lagNextInteraction(1800);
    h.fake.delayNext('GET', new RegExp(`^/channels/${channelId}/messages$`), 2000);
    const ex = await exportLog(h.fake.users.player);
    expect(ex.callback.type).toBe(5);
    expect(ex.callback.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    const html = replyFiles(ex).find((f) => f.name.endsWith('.html'))!.data.toString('utf8');
    expect(ccfoliaRead(html).map((l) => l.text)).toContain('セイバー、後ろだ！');
  });

  it('refuses a log larger than one export holds (8 MB), in the exporter’s language', async () => {
    const { gm, player } = h.fake.users;
    const long = h.fake.createTextChannel({ name: 'long' });
    await h.fake.command({ name: 'gm', user: gm, channelId: long, options: [{ name: 'claim', type: 1 }] });
    for (let i = 0; i < 500; i++) h.fake.userMessage({ channelId: long, user: player, content: 'あ'.repeat(2000) });
    const ex = await exportLog(player, [], 'ko', long);
    expect(embedText(answerOf(ex))).toMatch(/이 로그는 [\d.]+ MB가 되어 한 번에 내보낼 수 있는 양\(8 MB\)을 넘습니다/);
    expect(ex.callbackFiles).toHaveLength(0);
  }, 60_000);
});

describe('the exported log in a browser', () => {
  it('headless Chromium shows it as the reference screenshot, and builds no element from anyone’s text', async (ctx) => {
    if (!chromiumAvailable()) {
      if (CHROMIUM_REQUIRED) throw new Error(`${CHROMIUM} not found: apt-get install chromium (CI=true / REQUIRE_CHROMIUM=1 need it)`);
      console.warn(`\n⚠ ${CHROMIUM} not found: the log's screenshot comparison is skipped (apt-get install chromium)\n`);
      ctx.skip();
    }
    // From the start to the last message before the secret roll: every line here is the same every run.
    const { html } = filesOf(await exportLog(h.fake.users.player, [{ name: 'to', value: link(said.last!) }]));
    const dom = await dumpDom(html);
    expect(dom).toContain('<title>ccfolia - logs</title>');
    expect(dom.match(/<p style=/g)).toHaveLength(7);
    expect(dom).not.toMatch(/<(script|img|b|i|a)[\s>]/);

    const shot = PNG.sync.read(await screenshot(html, 900, 520));
    if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(REFERENCE)) {
      if (CHROMIUM_REQUIRED && !existsSync(REFERENCE)) throw new Error(`${REFERENCE} is missing`);
      mkdirSync(dirname(REFERENCE), { recursive: true });
      writeFileSync(REFERENCE, PNG.sync.write(shot));
    }
    const reference = PNG.sync.read(readFileSync(REFERENCE));
    expect([shot.width, shot.height]).toEqual([reference.width, reference.height]);
    const diff = new PNG({ width: shot.width, height: shot.height });
    const differing = pixelmatch(shot.data, reference.data, diff.data, shot.width, shot.height, { threshold: 0.1 });
    // a font renderer's antialiasing may move a few edge pixels between Chromium builds; a changed line moves thousands
    if (differing > shot.width * shot.height * 0.002) writeFileSync('/tmp/ccfolia-log-diff.png', PNG.sync.write(diff));
    expect(differing).toBeLessThanOrEqual(shot.width * shot.height * 0.002);
  }, 120_000);
});

describe('/log export without the Message Content intent', () => {
  it('still merges the character posts, leaves the players’ messages out, and tells the exporter how to switch the intent on', async () => {
    const off = await startHarness('log-session-no-intent', { privilegedIntents: { messageContent: false } });
    try {
      expect(off.bot.messageContent).toBe(false);
      const { gm, player } = off.fake.users;
      const where = off.fake.createTextChannel({ name: 'no-intent' });
      await off.fake.command({ name: 'gm', user: gm, channelId: where, options: [{ name: 'claim', type: 1 }] });
      off.fake.userMessage({ channelId: where, user: player, content: '読まれない言葉' });
      const post = off.fake.userMessage({ channelId: where, content: '届く台詞', webhook: { name: 'セイバー' } });
      await insertCharacterPost(off.store, { ...saber, guildId: off.fake.guildId, channelId: where, messageId: post.id, text: '届く台詞' });
      const ex = await off.fake.command({ name: 'log', user: player, locale: 'ja', channelId: where, options: [{ name: 'export', type: 1 }] });
      expect(embedText(answerOf(ex))).toContain('Message Content インテントがありません');
      const html = ex.callbackFiles.find((f) => f.name.endsWith('.html'))!.data.toString('utf8');
      expect(ccfoliaRead(html).map((l) => [l.name, l.text])).toEqual([['セイバー', '届く台詞']]);
      // not read at all: without the intent Discord would give the words blank
      expect(off.fake.requests.some((r) => r.route === 'GET /channels/:channelId/messages')).toBe(false);
    } finally {
      await off.close();
    }
  }, 60_000);
});
