// The fake models messages typed by users as strictly as Discord (issue 30 §2), proven with bare
// discord.js clients: privileged intents an application was not granted close the session with 4014;
// MESSAGE_CREATE reaches only sessions with GUILD_MESSAGES, with content only under a granted
// MESSAGE_CONTENT (or a mention, or a DM); REST hides content the same way; deleting another's
// message needs Manage Messages in that channel; a reply must point at a message of its channel.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { Client, DiscordAPIError, Events, GatewayIntentBits, Routes, type Message } from 'discord.js';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSION_BITS, startFakeDiscord, type FakeDiscord, type PrivilegedIntents } from './fake-discord/index.js';

const opened: { fake: FakeDiscord; clients: Client[] }[] = [];
afterEach(async () => {
  for (const { fake, clients } of opened.splice(0)) {
    for (const client of clients) await client.destroy();
    await fake.close();
  }
});

async function world(privilegedIntents: PrivilegedIntents): Promise<FakeDiscord> {
  const fake = await startFakeDiscord({ privilegedIntents });
  opened.push({ fake, clients: [] });
  return fake;
}

/** A logged-in bare client; `messages` collects what MESSAGE_CREATE gave it. */
async function connect(fake: FakeDiscord, intents: number[]): Promise<{ client: Client; messages: Message[] }> {
  const client = new Client({ intents, rest: { api: fake.apiBase } });
  opened.find((o) => o.fake === fake)!.clients.push(client);
  const messages: Message[] = [];
  client.on(Events.MessageCreate, (m) => messages.push(m));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(fake.token);
  await ready;
  return { client, messages };
}

const { Guilds, GuildMessages, MessageContent, GuildMembers } = GatewayIntentBits;

describe('fake Discord: typed messages and privileged intents', () => {
  it('a privileged intent the application lacks closes the session with 4014 Disallowed intent(s); login fails', async () => {
    const fake = await world({});
    const client = new Client({ intents: [Guilds, GuildMessages, MessageContent], rest: { api: fake.apiBase } });
    opened[0]!.clients.push(client);
    const codes: number[] = [];
    client.on(Events.ShardDisconnect, (event) => codes.push(event.code));
    await expect(client.login(fake.token)).rejects.toThrow(/disallowed intents/i);
    expect(codes).toEqual([4014]);
    expect(fake.refusedIdentifies).toHaveLength(1);
    expect(fake.identifies).toHaveLength(0);
    // Server Members is privileged too; granting one does not grant the others
    fake.setPrivilegedIntents({ messageContent: true });
    const members = new Client({ intents: [Guilds, GuildMembers], rest: { api: fake.apiBase } });
    opened[0]!.clients.push(members);
    await expect(members.login(fake.token)).rejects.toThrow(/disallowed intents/i);
    // …and once granted, the same session is accepted
    const { client: ok } = await connect(fake, [Guilds, GuildMessages, MessageContent]);
    expect(ok.isReady()).toBe(true);
    expect(fake.identifies).toHaveLength(1);
    // a bit Discord defines no intent for: 4013 Invalid intent(s)
    const ws = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (raw: Buffer) => {
      if ((JSON.parse(raw.toString()) as { op: number }).op === 10) ws.send(JSON.stringify({ op: 2, d: { token: fake.token, intents: 1 << 23, properties: {} } }));
    });
    expect(await closed).toBe(4013);
  });

  it('MESSAGE_CREATE goes only to sessions with GUILD_MESSAGES; its content only with the granted MESSAGE_CONTENT', async () => {
    const fake = await world({ messageContent: true });
    const reader = await connect(fake, [Guilds, GuildMessages, MessageContent]);
    const blind = await connect(fake, [Guilds, GuildMessages]);
    const deaf = await connect(fake, [Guilds]);
    const typed = fake.userMessage({ content: '2d6 attack' });
    await fake.waitFor(() => reader.messages.length === 1 && blind.messages.length === 1);
    const [read] = reader.messages;
    expect(read!.id).toBe(typed.id);
    expect(read!.content).toBe('2d6 attack');
    expect(read!.author.id).toBe(fake.users.player.id);
    expect(read!.author.bot).toBe(false);
    expect(read!.guildId).toBe(fake.guildId);
    expect(read!.member?.id).toBe(fake.users.player.id);
    expect(blind.messages[0]!.content).toBe('');
    // a mention of the bot carries its content without the intent
    fake.userMessage({ content: `<@${fake.botUser.id}> 2d6` });
    await fake.waitFor(() => blind.messages.length === 2);
    expect(blind.messages[1]!.content).toBe(`<@${fake.botUser.id}> 2d6`);
    expect(deaf.messages).toHaveLength(0);
    // webhooks and other bots are marked as such
    const otherBot = fake.createUser({ username: 'dicebot', bot: true });
    fake.userMessage({ content: '1d6', user: otherBot });
    fake.userMessage({ content: 'hello', webhook: { name: 'Saber' } });
    await fake.waitFor(() => reader.messages.length === 4);
    expect(reader.messages[2]!.author.bot).toBe(true);
    expect(reader.messages[3]!.webhookId).toBeTruthy();
    expect(reader.messages[3]!.author.username).toBe('Saber');
    expect(() => fake.userMessage({ content: 'x'.repeat(2001) })).toThrow(/2000/);
  });

  it('without the granted intent, REST hides a user’s content too; the bot’s own messages stay readable', async () => {
    const fake = await world({});
    const { client } = await connect(fake, [Guilds]);
    const typed = fake.userMessage({ content: 'S2D6' });
    const fetched = (await client.rest.get(Routes.channelMessage(fake.channelId, typed.id))) as any;
    expect(fetched.content).toBe('');
    expect(fetched.author.id).toBe(fake.users.player.id);
    const own = (await client.rest.post(Routes.channelMessages(fake.channelId), { body: { content: 'mine' } })) as any;
    expect(((await client.rest.get(Routes.channelMessage(fake.channelId, own.id))) as any).content).toBe('mine');
    fake.setPrivilegedIntents({ messageContent: true });
    expect(((await client.rest.get(Routes.channelMessage(fake.channelId, typed.id))) as any).content).toBe('S2D6');
  });

  it('deleting another’s message needs Manage Messages in that channel (403 / 50013); MESSAGE_DELETE follows a delete', async () => {
    const fake = await world({ messageContent: true });
    const { client } = await connect(fake, [Guilds, GuildMessages, MessageContent]);
    client.on(Events.InteractionCreate, (i) => void (i.isChatInputCommand() && i.reply('ok')));
    const deleted: string[] = [];
    client.on(Events.MessageDelete, (m) => deleted.push(m.id));
    const channelId = fake.createTextChannel({ name: 'secret' });
    fake.setBotChannelPermissions(channelId, { deny: PERMISSION_BITS.ManageMessages.toString() });
    expect(BigInt(fake.botPermissionsIn(channelId)) & PERMISSION_BITS.ManageMessages).toBe(0n);
    // discord.js reads the same from the overwrite it received (CHANNEL_UPDATE)
    await fake.waitFor(() => {
      const channel = client.channels.cache.get(channelId);
      return channel && 'permissionsFor' in channel && channel.permissionsFor(client.user!)?.has(PERMISSION_BITS.ManageMessages) === false;
    });
    const typed = fake.userMessage({ content: 'S2D6', channelId });
    const refused = await client.rest.delete(Routes.channelMessage(channelId, typed.id)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect((refused as DiscordAPIError).status).toBe(403);
    expect((refused as DiscordAPIError).code).toBe(50013);
    expect(fake.message(typed.id)!.deleted).toBe(false);
    const asked = await fake.command({ name: 'ping', channelId });
    expect(BigInt(asked.payload.app_permissions) & PERMISSION_BITS.ManageMessages).toBe(0n);
    expect(BigInt((await fake.command({ name: 'ping' })).payload.app_permissions) & PERMISSION_BITS.ManageMessages).not.toBe(0n);
    // its own message it deletes freely
    const own = (await client.rest.post(Routes.channelMessages(channelId), { body: { content: 'mine' } })) as any;
    await client.rest.delete(Routes.channelMessage(channelId, own.id));
    // and with the permission back, another's too
    fake.setBotChannelPermissions(channelId, {});
    await client.rest.delete(Routes.channelMessage(channelId, typed.id));
    expect(fake.message(typed.id)!.deleted).toBe(true);
    await fake.waitFor(() => deleted.includes(typed.id) && deleted.includes(own.id));
  });

  it('a reply must reference a message of its channel, unless fail_if_not_exists is false', async () => {
    const fake = await world({ messageContent: true });
    const { client } = await connect(fake, [Guilds]);
    const typed = fake.userMessage({ content: '2d6' });
    const reply = (await client.rest.post(Routes.channelMessages(fake.channelId), { body: { content: '7', message_reference: { message_id: typed.id } } })) as any;
    expect(reply.type).toBe(19);
    expect(reply.message_reference.message_id).toBe(typed.id);
    const elsewhere = fake.createTextChannel({ name: 'elsewhere' });
    const refused = await client.rest.post(Routes.channelMessages(elsewhere), { body: { content: '7', message_reference: { message_id: typed.id } } }).catch((e: unknown) => e);
    expect((refused as DiscordAPIError).code).toBe(50035);
    expect(fake.rejections().map((r) => r.reasons.join()).join()).toMatch(/message_reference/);
    await client.rest.post(Routes.channelMessages(elsewhere), { body: { content: '7', message_reference: { message_id: typed.id, fail_if_not_exists: false } } });
  });
});
