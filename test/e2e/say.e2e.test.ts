// Issue 30 §3, speaking as the character, end to end through the real discord.js client against the
// fake Discord (which models channel webhooks and the CDN's expiring links strictly): /say posts
// through one webhook per channel with the character's name and face (created on first use, reused,
// created anew when deleted); an attached face keeps showing after Discord's link to it expired; a
// servant's hidden true name (seed 001 L297–314: secret until identified) never becomes the posts'
// name; a palette RP line and a chat message with the player's prefix go through the webhook too;
// players edit and delete their own posts only; without Manage Webhooks the bot posts its own embed
// and says why. Every post, edit and delete is an event /log export can merge.
import fs from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, replyFiles, startHarness, type Harness, answerOf } from './harness.js';
import { PERMISSION_BITS, type CommandOption, type InteractionExchange, type RecordedMessage } from './fake-discord/index.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const sub = (name: string, options: CommandOption[] = []): CommandOption[] => [{ name, type: 1, options }];
const reply = (ex: InteractionExchange) => [embedText(answerOf(ex)), ...ex.edits.map((e) => embedText(e)), ...ex.followUps.map((f) => embedText(f))].join('\n');
const PNG = (tag: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`face ${tag}`)]);
const DAY = 24 * 60 * 60_000;

let h: Harness;
const clock = { skew: 0 };

/** The bot's webhook posts in a channel, oldest first. */
const hookPosts = (channelId: string): RecordedMessage[] => h.fake.channelMessages(channelId).filter((m) => m.source === 'webhook' && !m.deleted);
const events = async (type: string) => await rows(h.store, 'events', (e) => eq(e.type, type));
const bytesAt = async (url: string): Promise<{ status: number; body: Buffer }> => {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  h = await startHarness('say', { now: () => new Date(Date.now() + clock.skew), discordNow: () => Date.now() + clock.skew });
  await h.fake.command({ name: 'gm', user: h.fake.users.gm, options: sub('claim') });
  await h.fake.command({ name: 'sheet', options: sub('import') });
  await h.fake.modalSubmit({ customId: 'sheet:import:pc', fields: { text: fixture('saber.txt') } });
});
afterAll(async () => {
  await h?.close();
});

describe('/say through the channel’s webhook', () => {
  it('posts with the character’s display name and face; the webhook is made once and reused; the post is recorded for /log export', async () => {
    const setup = await h.fake.command({ name: 'say', options: sub('setup', [{ name: 'name', value: '剣の英霊' }, { name: 'url', value: 'https://example.com/saber.png' }]) });
    expect(answerOf(setup).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply(setup)).toContain('Name on posts: **剣の英霊**');

    const said = await h.fake.command({ name: 'say', options: sub('post', [{ name: 'text', value: '問おう、あなたが私のマスターか' }]) });
    expect(answerOf(said).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply(said)).toContain('Posted as **剣の英霊**.');
    const [post] = hookPosts(h.fake.channelId);
    expect(post!.body).toMatchObject({ username: '剣の英霊', avatar_url: 'https://example.com/saber.png', content: '問おう、あなたが私のマスターか', allowed_mentions: { parse: ['users'] } });
    expect(h.fake.webhooks()).toEqual([expect.objectContaining({ name: 'Grail War characters', applicationId: h.fake.applicationId })]);

    await h.fake.command({ name: 'say', options: sub('post', [{ name: 'text', value: '二度目' }]) });
    expect(hookPosts(h.fake.channelId).map((m) => m.content)).toEqual(['問おう、あなたが私のマスターか', '二度目']);
    expect(h.fake.webhooks()).toHaveLength(1);
    expect(h.fake.requests.filter((r) => r.route === 'POST /channels/:channelId/webhooks')).toHaveLength(1);

    // the contract with /log export: every post an event with its message id, name, face and words
    const saber = await row(h.store, 'characters', (c) => eq(c.name, 'セイバー'));
    const [recorded] = await events('character.post');
    expect(recorded).toMatchObject({ channelId: h.fake.channelId, actorId: h.fake.users.player.id, subject: `post:${post!.id}` });
    expect(recorded!.after).toMatchObject({ messageId: post!.id, channelId: h.fake.channelId, characterId: saber.id, name: '剣の英霊', avatarUrl: 'https://example.com/saber.png', text: '問おう、あなたが私のマスターか' });
  });

  // Issue 30 "Must show": the same post in the log — /log export (its Ccfolia HTML) holds it under the
  // character's name, once (the webhook's copy in the channel is not counted again).
  it('the post is in /log export under the character’s name, once', async () => {
    const ex = await h.fake.command({ name: 'log', options: [{ name: 'export', type: 1 }] });
    const html = replyFiles(ex).find((f) => f.name.endsWith('.html'))!.data.toString('utf8');
    const lines = [...html.matchAll(/<span>([^<]*)<\/span> :\n {2}<span>\n {4}(.*)\n/g)].map((m) => [m[1], m[2]]);
    expect(lines.filter(([, text]) => text === '問おう、あなたが私のマスターか')).toEqual([['剣の英霊', '問おう、あなたが私のマスターか']]);
  });

  it('a name Discord refuses for webhooks (“discord”, “clyde”, over 80 characters) is made acceptable, not refused', async () => {
    await h.fake.command({ name: 'say', options: sub('setup', [{ name: 'name', value: 'Discord Knight of Clyde' }]) });
    await h.fake.command({ name: 'say', options: sub('post', [{ name: 'text', value: 'hm' }]) });
    const name = hookPosts(h.fake.channelId).at(-1)!.body.username as string;
    expect(name.replace(/\u200b/g, '')).toBe('Discord Knight of Clyde');
    expect(name.toLowerCase()).not.toMatch(/discord|clyde/);
    await h.fake.command({ name: 'say', options: sub('setup', [{ name: 'name', value: '剣の英霊' }]) });
  });

  it('after a restart the bot finds its webhook in the channel’s list instead of making another', async () => {
    const made = h.fake.requests.filter((r) => r.route === 'POST /channels/:channelId/webhooks').length;
    await h.restart();
    await h.fake.command({ name: 'say', options: sub('post', [{ name: 'text', value: '再起動後' }]) });
    expect(h.fake.requests.filter((r) => r.route === 'POST /channels/:channelId/webhooks')).toHaveLength(made);
    expect(h.fake.requests.some((r) => r.route === 'GET /channels/:channelId/webhooks')).toBe(true);
    expect(h.fake.webhooks()).toHaveLength(1);
    expect(hookPosts(h.fake.channelId).at(-1)!.content).toBe('再起動後');
  });

  it('a webhook someone deleted is made anew on the next post (10015 Unknown Webhook)', async () => {
    const [old] = h.fake.webhooks();
    h.fake.deleteWebhook(old!.id);
    const said = await h.fake.command({ name: 'say', options: sub('post', [{ name: 'text', value: '三度目' }]) });
    expect(reply(said)).toContain('Posted as');
    const [now] = h.fake.webhooks();
    expect(now!.id).not.toBe(old!.id);
    expect(hookPosts(h.fake.channelId).at(-1)).toMatchObject({ content: '三度目', webhookId: now!.id });
  });

  it('no text: a form for longer words, posted the same way', async () => {
    const open = await h.fake.command({ name: 'say', options: sub('post') });
    expect(open.callback.type).toBe(9);
    const customId = answerOf(open).custom_id as string;
    await h.fake.modalSubmit({ customId, fields: { text: '一行目\n二行目' } });
    expect(hookPosts(h.fake.channelId).at(-1)!.content).toBe('一行目\n二行目');
  });
});

describe('an attached face keeps showing after Discord’s link to it expired', () => {
  it('the image is kept by the bot, hosted in its DM with the owner, and its link read anew once expired', async () => {
    const channelId = h.fake.createTextChannel({ name: 'face' });
    const notImage = await h.fake.command({ name: 'say', channelId, options: sub('setup', [{ name: 'character', value: 'セイバー' }, { name: 'image', value: h.fake.uploadAttachment({ filename: 'face.png', content: 'not really a png' }) }]) });
    expect(reply(notImage)).toContain('face.png is not a PNG, JPEG, WebP or GIF image.');

    const upload = h.fake.uploadAttachment({ filename: 'face.png', content: PNG('one') });
    await h.fake.command({ name: 'say', channelId, options: sub('setup', [{ name: 'character', value: 'セイバー' }, { name: 'image', value: upload }]) });
    await h.fake.command({ name: 'say', channelId, options: sub('post', [{ name: 'text', value: '顔つき' }, { name: 'character', value: 'セイバー' }]) });
    const first = hookPosts(channelId).at(-1)!.body.avatar_url as string;
    expect(first).not.toBe(upload.url); // not the player's upload link, which expires
    expect(await bytesAt(first)).toEqual({ status: 200, body: PNG('one') });
    const hosted = h.fake.dms(h.fake.users.player.id).at(-1)!;
    expect(hosted.content).toMatch(/keeps it here/);

    // a day and more later every link of then is dead: the player's upload and the face's first link
    clock.skew += DAY + 60_000;
    expect((await bytesAt(upload.url)).status).toBe(404);
    expect((await bytesAt(first)).status).toBe(404);
    await h.fake.command({ name: 'say', channelId, options: sub('post', [{ name: 'text', value: '翌日' }, { name: 'character', value: 'セイバー' }]) });
    const next = hookPosts(channelId).at(-1)!.body.avatar_url as string;
    expect(next).not.toBe(first);
    expect(await bytesAt(next)).toEqual({ status: 200, body: PNG('one') });
    expect(h.fake.dms(h.fake.users.player.id).at(-1)!.id).toBe(hosted.id); // read again, not posted again
  });

  it('with the owner’s DMs closed it is hosted in the channel; once that message is deleted, posted again from the kept bytes', async () => {
    const channelId = h.fake.createTextChannel({ name: 'face-closed' });
    h.fake.setDmsClosed(h.fake.users.player.id);
    try {
      await h.fake.command({ name: 'say', channelId, options: sub('setup', [{ name: 'character', value: 'セイバー' }, { name: 'image', value: h.fake.uploadAttachment({ filename: 'face.png', content: PNG('two') }) }]) });
      await h.fake.command({ name: 'say', channelId, options: sub('post', [{ name: 'text', value: 'ここに' }, { name: 'character', value: 'セイバー' }]) });
      const host = h.fake.channelMessages(channelId).find((m) => m.source === 'channel' && m.attachments.length === 1)!;
      expect(host.content).toMatch(/kept here/);
      expect(await bytesAt(hookPosts(channelId).at(-1)!.body.avatar_url)).toEqual({ status: 200, body: PNG('two') });
      host.deleted = true; // a moderator removed it
      clock.skew += DAY + 60_000;
      await h.fake.command({ name: 'say', channelId, options: sub('post', [{ name: 'text', value: 'まだここに' }, { name: 'character', value: 'セイバー' }]) });
      const url = hookPosts(channelId).at(-1)!.body.avatar_url as string;
      expect(await bytesAt(url)).toEqual({ status: 200, body: PNG('two') });
      expect(h.fake.channelMessages(channelId).filter((m) => m.source === 'channel' && m.attachments.length === 1 && !m.deleted)).toHaveLength(1);
    } finally {
      h.fake.setDmsClosed(h.fake.users.player.id, false);
    }
  });
});

describe('a servant’s hidden true name stays off its posts (seed 001 L297–314)', () => {
  const channelId = () => h.fake.createTextChannel({ name: 'true-name' });
  let here = '';

  it('a servant named by its true name posts as its class; a display name telling the true name is refused', async () => {
    here = channelId();
    const sheet = fixture('saber.txt').replace('【真名】(例)騎士王X', '【真名】アルトリア\n【名前】アルトリア');
    await h.fake.command({ name: 'sheet', channelId: here, user: h.fake.users.player2, options: sub('import') });
    await h.fake.modalSubmit({ customId: 'sheet:import:pc', channelId: here, user: h.fake.users.player2, fields: { text: sheet } });
    await row(h.store, 'characters', (c) => eq(c.name, 'アルトリア'));

    await h.fake.command({ name: 'say', channelId: here, user: h.fake.users.player2, options: sub('post', [{ name: 'text', value: '名は明かせぬ' }]) });
    const post = hookPosts(here).at(-1)!;
    expect(post.body.username).toBe('セイバー');
    expect(JSON.stringify(post.body)).not.toContain('アルトリア');
    expect((await events('character.post')).at(-1)!.after).toMatchObject({ name: 'セイバー' });

    const refused = await h.fake.command({ name: 'say', channelId: here, user: h.fake.users.player2, options: sub('setup', [{ name: 'name', value: 'ｱﾙﾄﾘｱ・ペンドラゴン' }]) });
    expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply(refused)).toContain('true name');
    const prefix = await h.fake.command({ name: 'say', channelId: here, user: h.fake.users.player2, options: sub('setup', [{ name: 'prefix', value: '!アルトリア' }]) });
    expect(reply(prefix)).toContain('true name');
    const setup = await h.fake.command({ name: 'say', channelId: here, user: h.fake.users.player2, options: sub('setup') });
    expect(reply(setup)).toContain('Name on posts: **セイバー**');
    expect(reply(setup)).toContain('Chat prefix: none');
  });

  it('its palette’s RP line goes through the webhook under the class name too (it was an embed titled by the true name)', async () => {
    await h.fake.command({ name: 'palette', channelId: here, user: h.fake.users.player2, options: sub('edit', [{ name: 'name', value: 'Arturia' }, { name: 'character', value: 'アルトリア' }]) });
    const saved = await h.fake.modalSubmit({ customId: 'palette:edit', channelId: here, user: h.fake.users.player2, fields: { name: 'Arturia', character: 'アルトリア', lines: '【RP】ここに誓おう', variables: '' } });
    const button = (answerOf(saved).components as any[]).flatMap((r) => r.components)[0];
    const pressed = await h.fake.component({ customId: button.custom_id, message: saved.original!, channelId: here, user: h.fake.users.player2 });
    expect(pressed.callback.type).toBe(7); // the palette stays as it was
    const post = hookPosts(here).at(-1)!;
    expect(post.body).toMatchObject({ username: 'セイバー', content: '【RP】ここに誓おう' });
    expect(h.fake.channelMessages(here).filter((m) => m.source !== 'webhook' && JSON.stringify(m.body).includes('アルトリア'))).toEqual([]);
    expect(answerOf(pressed).embeds[0].title).toBe('Palette: Arturia'); // the palette, shown to its owner alone as before
  });
});

describe('palette RP lines and chat prefixes go through the webhook', () => {
  it('a palette line in words is said as the linked character, with its name and face', async () => {
    const channelId = h.fake.createTextChannel({ name: 'palette' });
    const kept = async () => await rows(h.store, 'cardCache', (c) => like(c.key, 'face:%'));
    expect(await kept()).toHaveLength(1); // the image attached before
    await h.fake.command({ name: 'say', channelId, options: sub('setup', [{ name: 'character', value: 'セイバー' }, { name: 'url', value: 'https://example.com/saber2.png' }]) });
    expect(await kept()).toEqual([]); // a link now: the kept bytes are dropped
    await h.fake.command({ name: 'palette', channelId, options: sub('edit', [{ name: 'name', value: 'Saber' }, { name: 'character', value: 'セイバー' }]) });
    const saved = await h.fake.modalSubmit({ customId: 'palette:edit', channelId, fields: { name: 'Saber', character: 'セイバー', lines: '1d100<=50 目星\n【RP】よろしく', variables: '' } });
    const rp = (answerOf(saved).components as any[]).flatMap((r) => r.components).find((b: any) => b.label === '【RP】よろしく');
    await h.fake.component({ customId: rp.custom_id, message: saved.original!, channelId });
    expect(hookPosts(channelId).at(-1)!.body).toMatchObject({ username: '剣の英霊', avatar_url: 'https://example.com/saber2.png', content: '【RP】よろしく' });
  });

  it('a chat message starting with the player’s prefix is reposted as the character and the typed one deleted; others are left alone', async () => {
    const channelId = h.fake.createTextChannel({ name: 'prefix' });
    const setup = await h.fake.command({ name: 'say', channelId, options: sub('setup', [{ name: 'character', value: 'セイバー' }, { name: 'prefix', value: '!セイバー' }]) });
    expect(reply(setup)).toContain('Chat prefix: `!セイバー`');
    const { message, outcome } = await h.chat({ content: '!セイバー 問おう', channelId });
    expect(outcome).toBe('spoken');
    expect(hookPosts(channelId).at(-1)!.body).toMatchObject({ username: '剣の英霊', content: '問おう' });
    expect(h.fake.message(message.id)!.deleted).toBe(true);
    expect((await events('character.post')).at(-1)!.after).toMatchObject({ channelId, text: '問おう' });

    // another player's words, a longer word and no words at all stay as they are
    for (const [user, content] of [[h.fake.users.player2, '!セイバー 私が'], [h.fake.users.player, '!セイバーズ 違う'], [h.fake.users.player, '!セイバー']] as const) {
      const other = await h.chat({ content, channelId, user });
      expect(other.outcome, content).toBe('ignored');
      expect(h.fake.message(other.message.id)!.deleted).toBe(false);
    }
    // width and case folded: ！セイバー (full-width) speaks too
    expect((await h.chat({ content: '！セイバー\n二行目も', channelId })).outcome).toBe('spoken');
    expect(hookPosts(channelId).at(-1)!.content).toBe('二行目も');

    // without Manage Messages the post is made and the typed message stays
    h.fake.setBotChannelPermissions(channelId, { deny: PERMISSION_BITS.ManageMessages.toString() });
    const kept = await h.chat({ content: '!セイバー 残る', channelId });
    expect(kept.outcome).toBe('spoken');
    expect(h.fake.message(kept.message.id)!.deleted).toBe(false);
    expect(hookPosts(channelId).at(-1)!.content).toBe('残る');
  });
});

describe('players edit and delete their own character posts, nobody else’s', () => {
  let channelId = '';
  let postId = '';

  it('autocomplete offers the caller’s own recent posts here; another player’s edit and delete are refused', async () => {
    channelId = h.fake.createTextChannel({ name: 'edits' });
    await h.fake.command({ name: 'say', channelId, options: sub('post', [{ name: 'text', value: '最初の言葉' }, { name: 'character', value: 'セイバー' }]) });
    postId = hookPosts(channelId).at(-1)!.id;
    const mine = await h.fake.autocomplete({ name: 'say', channelId, options: [{ name: 'edit', type: 1, options: [{ name: 'post', value: '', focused: true }] }] });
    expect(answerOf(mine).choices).toEqual([{ name: '剣の英霊: 最初の言葉', value: postId }]);
    const theirs = await h.fake.autocomplete({ name: 'say', channelId, user: h.fake.users.player2, options: [{ name: 'edit', type: 1, options: [{ name: 'post', value: '', focused: true }] }] });
    expect(answerOf(theirs).choices).toEqual([]);

    const edit = await h.fake.command({ name: 'say', channelId, user: h.fake.users.player2, options: sub('edit', [{ name: 'post', value: postId }, { name: 'text', value: '乗っ取り' }]) });
    expect(answerOf(edit).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply(edit)).toMatch(/someone else’s/);
    const del = await h.fake.command({ name: 'say', channelId, user: h.fake.users.player2, locale: 'ja', options: sub('delete', [{ name: 'post', value: postId }]) });
    expect(reply(del)).toMatch(/他の人のもの/);
    expect(h.fake.message(postId)).toMatchObject({ content: '最初の言葉', deleted: false });
    const gm = await h.fake.command({ name: 'say', channelId, user: h.fake.users.gm, options: sub('delete', [{ name: 'post', value: postId }]) });
    expect(reply(gm)).toMatch(/someone else’s/);
  });

  it('the author edits (by form too) and deletes, through the webhook; each is recorded', async () => {
    const edit = await h.fake.command({ name: 'say', channelId, options: sub('edit', [{ name: 'post', value: postId }, { name: 'text', value: '言い直し' }]) });
    expect(reply(edit)).toContain('Edited **剣の英霊**’s post.');
    expect(h.fake.message(postId)!.content).toBe('言い直し');
    expect(h.fake.requests.some((r) => r.method === 'PATCH' && r.route === 'PATCH /webhooks/:appId/:token/messages/:messageId' && r.path.endsWith(postId))).toBe(true);
    expect((await events('character.postEdited')).at(-1)).toMatchObject({ before: { text: '最初の言葉' }, after: { messageId: postId, text: '言い直し' } });

    const open = await h.fake.command({ name: 'say', channelId, options: sub('edit', [{ name: 'post', value: postId }]) });
    expect(open.callback.type).toBe(9);
    expect(JSON.stringify(answerOf(open))).toContain('言い直し'); // the form starts from the words as they are
    await h.fake.modalSubmit({ customId: answerOf(open).custom_id, channelId, fields: { text: '三度目の正直' } });
    expect(h.fake.message(postId)!.content).toBe('三度目の正直');

    const del = await h.fake.command({ name: 'say', channelId, options: sub('delete', [{ name: 'post', value: postId }]) });
    expect(reply(del)).toContain('Deleted **剣の英霊**’s post.');
    expect(h.fake.message(postId)!.deleted).toBe(true);
    expect((await events('character.postDeleted')).at(-1)!.after).toMatchObject({ messageId: postId, channelId });
    const again = await h.fake.command({ name: 'say', channelId, options: sub('edit', [{ name: 'post', value: postId }, { name: 'text', value: 'x' }]) });
    expect(reply(again)).toMatch(/No character post of that id/);
    const gone = await h.fake.autocomplete({ name: 'say', channelId, options: [{ name: 'delete', type: 1, options: [{ name: 'post', value: '', focused: true }] }] });
    expect(answerOf(gone).choices).toEqual([]);
  });
});

describe('without Manage Webhooks the bot posts its own embed and says why', () => {
  it('in the actor’s language; the embed carries the name and words; edits still work; typed prefixes too', async () => {
    const channelId = h.fake.createTextChannel({ name: 'no-hooks' });
    h.fake.setBotChannelPermissions(channelId, { deny: PERMISSION_BITS.ManageWebhooks.toString() });
    const said = await h.fake.command({ name: 'say', channelId, locale: 'ja', options: sub('post', [{ name: 'text', value: '権限がない' }, { name: 'character', value: 'セイバー' }]) });
    expect(answerOf(said).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply(said)).toContain('代わりにボットが投稿しました');
    expect(reply(said)).toContain('ウェブフックの管理');
    expect(hookPosts(channelId)).toEqual([]);
    expect(h.fake.webhooks(channelId)).toEqual([]);
    const post = h.fake.channelMessages(channelId).at(-1)!;
    expect(post.source).toBe('channel');
    expect(embedText(post.body)).toContain('剣の英霊\n権限がない');
    expect(embedText(post.body)).toContain('Manage Webhooks'); // the table (English here) reads why in the footer
    expect((await events('character.post')).at(-1)!.after).toMatchObject({ messageId: post.id, webhookId: null, avatarUrl: null, name: '剣の英霊' });

    await h.fake.command({ name: 'say', channelId, options: sub('edit', [{ name: 'post', value: post.id }, { name: 'text', value: '直した' }]) });
    const edited = embedText({ embeds: h.fake.message(post.id)!.embeds });
    expect(edited).toContain('剣の英霊\n直した');
    expect(edited).toContain('Manage Webhooks'); // name and footer kept, the words changed

    await h.fake.command({ name: 'say', channelId, options: sub('setup', [{ name: 'character', value: 'セイバー' }, { name: 'prefix', value: 's:' }]) });
    const typed = await h.chat({ content: 's:声だけでも', channelId });
    expect(typed.outcome).toBe('spoken');
    expect(embedText(h.fake.channelMessages(channelId).at(-1)!.body)).toContain('声だけでも');
  });

  it('neither Manage Webhooks nor Send Messages: nothing goes out, and the actor is told both are missing', async () => {
    const channelId = h.fake.createTextChannel({ name: 'mute' });
    h.fake.setBotChannelPermissions(channelId, { deny: (PERMISSION_BITS.ManageWebhooks | PERMISSION_BITS.SendMessages).toString() });
    h.fake.failNext('POST', `/channels/${channelId}/messages`, 403, { code: 50013, message: 'Missing Permissions' }); // as Discord refuses the post
    const said = await h.fake.command({ name: 'say', channelId, options: sub('post', [{ name: 'text', value: '届かない' }, { name: 'character', value: 'セイバー' }]) });
    expect(reply(said)).toMatch(/did not go out: the bot lacks Send Messages, Manage Webhooks there/);
    expect(h.fake.channelMessages(channelId)).toEqual([]);
  });

  it('a channel whose 15 webhooks are all taken (Discord’s limit) gets the bot’s embed too, and the actor is told which', async () => {
    const channelId = h.fake.createTextChannel({ name: 'full' });
    for (let i = 0; i < 15; i++) h.fake.createMemberWebhook({ channelId, name: `Tupper ${i}` });
    const said = await h.fake.command({ name: 'say', channelId, options: sub('post', [{ name: 'text', value: '満員' }, { name: 'character', value: 'セイバー' }]) });
    expect(reply(said)).toContain('already has 15 webhooks');
    const post = h.fake.channelMessages(channelId).at(-1)!;
    expect(embedText(post.body)).toContain('満員');
    expect(embedText(post.body)).toContain('15 webhooks');
    expect(h.fake.webhooks(channelId)).toHaveLength(15);

  });
});
