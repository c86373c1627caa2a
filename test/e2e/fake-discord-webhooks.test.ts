// The fake models channel webhooks and the CDN's expiring links as strictly as Discord (issue 30 §3),
// proven with a bare discord.js client: create/list/delete need Manage Webhooks; 15 a channel; names
// 1–80 without "clyde"/"discord"; execute with username/avatar_url/content limits, `wait=true`
// returning the message, allowed_mentions; edits and deletes of its own messages only, through its
// token; 10015 once deleted; attachment links expire after a day and a message read anew is signed
// anew. Every request the client sends is also checked against Discord's OpenAPI description.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { Client, DiscordAPIError, Events, GatewayIntentBits, Routes, TextChannel, type Message } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSION_BITS, startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

const opened: { fake: FakeDiscord; client: Client }[] = [];
afterEach(async () => {
  for (const { fake, client } of opened.splice(0)) {
    await client.destroy();
    await fake.close();
  }
});

/** A fake whose clock a test may move (`clock.skew`), and a bare client reading messages. */
async function world(): Promise<{ fake: FakeDiscord; client: Client; channel: TextChannel; clock: { skew: number }; messages: Message[] }> {
  const clock = { skew: 0 };
  const fake = await startFakeDiscord({ privilegedIntents: { messageContent: true }, now: () => Date.now() + clock.skew });
  const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent], rest: { api: fake.apiBase } });
  opened.push({ fake, client });
  const messages: Message[] = [];
  client.on(Events.MessageCreate, (m) => messages.push(m));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(fake.token);
  await ready;
  const channel = (await client.channels.fetch(fake.channelId)) as TextChannel;
  return { fake, client, channel, clock, messages };
}

const code = async (p: Promise<unknown>): Promise<number | string> => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return error instanceof DiscordAPIError ? error.code : String(error);
  }
};

describe('fake Discord: channel webhooks', () => {
  it('create, list and delete need Manage Webhooks in the channel (403 / 50013 without)', async () => {
    const { fake, client, channel } = await world();
    fake.setBotChannelPermissions(fake.channelId, { deny: PERMISSION_BITS.ManageWebhooks.toString() });
    expect(await code(channel.createWebhook({ name: 'Grail' }))).toBe(50013);
    expect(await code(channel.fetchWebhooks())).toBe(50013);
    fake.setBotChannelPermissions(fake.channelId, {});
    const hook = await channel.createWebhook({ name: 'Grail' });
    expect(hook.token).toBeTruthy();
    expect(hook.applicationId).toBe(fake.applicationId);
    const listed = await channel.fetchWebhooks();
    expect([...listed.keys()]).toEqual([hook.id]);
    expect(listed.first()!.token).toBe(hook.token);
    expect(fake.webhooks().map((w) => w.name)).toEqual(['Grail']);
    // deleting by id with the bot's token needs the permission; with the webhook's own token it does not
    fake.setBotChannelPermissions(fake.channelId, { deny: PERMISSION_BITS.ManageWebhooks.toString() });
    expect(await code(client.rest.delete(Routes.webhook(hook.id)))).toBe(50013);
    fake.setBotChannelPermissions(fake.channelId, {});
    await client.rest.delete(Routes.webhook(hook.id));
    expect(await code(client.fetchWebhook(hook.id))).toBe(10015);
    const second = await channel.createWebhook({ name: 'Grail again' });
    fake.setBotChannelPermissions(fake.channelId, { deny: PERMISSION_BITS.ManageWebhooks.toString() });
    await second.delete(); // discord.js uses the token it holds
    fake.setBotChannelPermissions(fake.channelId, {});
    expect(await channel.fetchWebhooks()).toHaveProperty('size', 0);
  });

  it('names: 1–80 characters, never containing "clyde" or "discord"; at most 15 webhooks a channel (30007)', async () => {
    const { fake, channel } = await world();
    expect(await code(channel.createWebhook({ name: 'x'.repeat(81) }))).toBe(50035);
    expect(await code(channel.createWebhook({ name: 'My Discord hook' }))).toBe(50035);
    expect(await code(channel.createWebhook({ name: 'CLYDE' }))).toBe(50035);
    expect(fake.rejections().map((r) => r.reasons.join(' '))).toEqual([
      expect.stringMatching(/name\[BASE_TYPE_BAD_LENGTH\]/),
      expect.stringMatching(/name\[USERNAME_INVALID_CONTAINS\]/),
      expect.stringMatching(/name\[USERNAME_INVALID_CONTAINS\]/),
    ]);
    fake.createMemberWebhook({ name: 'Tupperbox' }); // a member's counts too
    for (let i = 0; i < 14; i++) await channel.createWebhook({ name: `hook ${i}` });
    expect(await code(channel.createWebhook({ name: 'one too many' }))).toBe(30007);
    expect(fake.webhooks()).toHaveLength(15);
  });

  it('execute: the name and face given, wait=true returns the message, allowed_mentions kept; limits refused', async () => {
    const { fake, client, channel, messages } = await world();
    const hook = await channel.createWebhook({ name: 'Grail' });
    const sent = await hook.send({ content: 'I ask you: are you my master?', username: 'Saber', avatarURL: 'https://example.com/saber.png', allowedMentions: { parse: [] } });
    expect(sent.id).toMatch(/^\d+$/); // discord.js asks with wait=true
    expect(sent.webhookId).toBe(hook.id);
    expect(sent.author.username).toBe('Saber');
    const posted = fake.message(sent.id)!;
    expect(posted.source).toBe('webhook');
    expect(posted.body).toMatchObject({ username: 'Saber', avatar_url: 'https://example.com/saber.png', allowed_mentions: { parse: [] } });
    // the gateway's MESSAGE_CREATE carries the webhook as author and no member
    const seen = await fake.waitFor(() => messages.find((m) => m.id === sent.id));
    expect(seen.webhookId).toBe(hook.id);
    expect(seen.member).toBeNull();
    // allowed_mentions decides who is pinged: users only here, never @everyone
    const player = fake.users.player;
    const ping = await hook.send({ content: `@everyone <@${player.id}> <@${fake.users.gm.id}>`, username: 'Saber', allowedMentions: { parse: ['users'] } });
    expect(ping.mentions.everyone).toBe(false);
    expect([...ping.mentions.users.keys()].sort()).toEqual([player.id, fake.users.gm.id].sort());
    const one = await hook.send({ content: `@everyone <@${player.id}> <@${fake.users.gm.id}>`, allowedMentions: { users: [player.id] } });
    expect([...one.mentions.users.keys()]).toEqual([player.id]);
    const all = await hook.send({ content: `@everyone hi` });
    expect(all.mentions.everyone).toBe(true);
    // without wait, 204 and no message body
    await client.rest.post(Routes.webhook(hook.id, hook.token!), { body: { content: 'quiet' }, auth: false });
    expect(fake.requests.at(-1)).toMatchObject({ route: 'POST /webhooks/:appId/:token', status: 204 });
    expect(fake.channelMessages().at(-1)!.content).toBe('quiet');
    expect(await code(hook.send({ content: 'x'.repeat(2001) }))).toBe(50035);
    expect(await code(hook.send({ content: 'hi', username: 'x'.repeat(81) }))).toBe(50035);
    expect(await code(hook.send({ content: 'hi', username: 'Discord Saber' }))).toBe(50035);
    expect(await code(hook.send({ content: 'hi', avatarURL: 'not a url' }))).toBe(50035);
    expect(await code(hook.send({ content: '' }))).toBe(50006);
    // a wrong token is 50027; the bot's own token does not execute
    expect(await code(client.rest.post(Routes.webhook(hook.id, 'wrong'), { body: { content: 'x' }, query: new URLSearchParams({ wait: 'true' }), auth: false }))).toBe(50027);
  });

  it('its own messages are edited and deleted through its token, nobody else’s; the bot may not PATCH them as a channel message', async () => {
    const { fake, channel } = await world();
    const hook = await channel.createWebhook({ name: 'Grail' });
    const other = await channel.createWebhook({ name: 'Other' });
    const sent = await hook.send({ content: 'first words', username: 'Saber' });
    const edited = await hook.editMessage(sent.id, { content: 'better words' });
    expect(edited.content).toBe('better words');
    expect(fake.message(sent.id)!.content).toBe('better words');
    expect(await code(other.editMessage(sent.id, { content: 'not mine' }))).toBe(10008);
    expect(await code(other.deleteMessage(sent.id))).toBe(10008);
    expect(await code(channel.messages.edit(sent.id, { content: 'as the bot' }))).toBe(50005);
    await hook.deleteMessage(sent.id);
    expect(fake.message(sent.id)!.deleted).toBe(true);
    expect(await code(hook.editMessage(sent.id, { content: 'gone' }))).toBe(10008);
  });

  it('a deleted webhook answers 10015 Unknown Webhook to execute, edits and reads', async () => {
    const { fake, client, channel } = await world();
    const hook = await channel.createWebhook({ name: 'Grail' });
    const sent = await hook.send({ content: 'before', username: 'Saber' });
    fake.deleteWebhook(hook.id);
    expect(await code(hook.send({ content: 'after', username: 'Saber' }))).toBe(10015);
    expect(await code(hook.editMessage(sent.id, { content: 'after' }))).toBe(10015);
    expect(await code(client.fetchWebhook(hook.id))).toBe(10015);
    expect(await code(client.fetchWebhook(hook.id, hook.token!))).toBe(10015);
    expect(fake.webhooks()).toEqual([]);
  });
});

describe('fake Discord: the CDN’s signed links expire', () => {
  it('a link is served for a day; after that 404, a tampered one at once; reading the message again signs it anew', async () => {
    const { fake, channel, clock } = await world();
    const sent = await channel.send({ content: 'face', files: [{ attachment: Buffer.from('GIF89a-bytes'), name: 'face.gif' }] });
    const url = sent.attachments.first()!.url;
    expect(url).toMatch(/[?&]ex=[0-9a-f]+&is=[0-9a-f]+&hm=[0-9a-f]+&$/);
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace(/hm=([0-9a-f])/, (_m, c: string) => `hm=${c === '0' ? '1' : '0'}`))).status).toBe(404);
    expect((await fetch(url.replace(/ex=[0-9a-f]+/, 'ex=ffffffff'))).status).toBe(404); // a longer life is not for the asking
    expect((await fetch(url.replace(/\?.*$/, ''))).status).toBe(404);
    clock.skew = 25 * 60 * 60_000;
    expect((await fetch(url)).status).toBe(404);
    const fresh = (await channel.messages.fetch({ message: sent.id, force: true })).attachments.first()!.url;
    expect(fresh).not.toBe(url);
    const body = await fetch(fresh);
    expect(body.status).toBe(200);
    expect(Buffer.from(await body.arrayBuffer()).toString()).toBe('GIF89a-bytes');
    // a user's upload for a command option expires the same way
    const upload = fake.uploadAttachment({ filename: 'me.png', content: 'png' });
    expect((await fetch(upload.url)).status).toBe(200);
    clock.skew += 25 * 60 * 60_000;
    expect((await fetch(upload.url)).status).toBe(404);
  });
});
