// Proves the fake Discord works with a bare discord.js 14 client (not the product bot).
import zlib from 'node:zlib';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

let fake: FakeDiscord;
let client: Client;
const handlerErrors: unknown[] = [];
const seen: Record<string, unknown> = {};

async function handle(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = String(interaction.options.getFocused());
    await interaction.respond(['saber', 'archer', 'lancer'].filter((c) => c.startsWith(typed)).map((c) => ({ name: c, value: c })));
    return;
  }
  if (interaction.isButton()) {
    if (interaction.customId === 'confirm') await interaction.update({ content: 'confirmed', components: [] });
    return;
  }
  if (interaction.isStringSelectMenu()) {
    await interaction.deferUpdate();
    await interaction.editReply({ content: `picked ${interaction.values.join(',')}`, components: [] });
    return;
  }
  if (interaction.isModalSubmit()) {
    if (interaction.customId === 'servant-form') {
      await interaction.reply({ content: `name=${interaction.fields.getTextInputValue('servant')}`, flags: MessageFlags.Ephemeral });
    } else {
      const { fields } = interaction;
      await interaction.reply(`${fields.getTextInputValue('master')}|${fields.getStringSelectValues('class').join(',')}`);
    }
    return;
  }
  if (!interaction.isChatInputCommand()) return;
  switch (interaction.commandName) {
    case 'ping':
      await interaction.reply('pong');
      return;
    case 'secret':
      await interaction.reply({ content: 'shh', flags: MessageFlags.Ephemeral });
      return;
    case 'slow':
      await interaction.deferReply();
      await new Promise((r) => setTimeout(r, 20));
      await interaction.editReply('done');
      await interaction.followUp({ content: 'and one more', flags: MessageFlags.Ephemeral });
      return;
    case 'dm':
      try {
        await interaction.user.send('hello by DM');
        await interaction.reply({ content: 'sent', flags: MessageFlags.Ephemeral });
      } catch (error) {
        const code = error instanceof DiscordAPIError ? error.code : 'other';
        await interaction.reply({ content: `dm failed ${code}`, flags: MessageFlags.Ephemeral });
      }
      return;
    case 'buttons':
      await interaction.reply({
        content: 'sure?',
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId('confirm').setLabel('Yes').setStyle(ButtonStyle.Success),
          ),
        ],
      });
      return;
    case 'game': {
      const sub = interaction.options.getSubcommand();
      const target = interaction.options.getUser('target', true);
      const member = interaction.options.getMember('target');
      seen['game'] = {
        inCachedGuild: interaction.inCachedGuild(),
        guildName: interaction.guild?.name,
        channelName: interaction.channel && 'name' in interaction.channel ? interaction.channel.name : null,
        manageChannels: interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels),
        hasMember: member !== null,
        locale: interaction.locale,
      };
      await interaction.reply(`${sub} ${interaction.options.getString('title', true)} gm=${target.username} n=${interaction.options.getInteger('players')}`);
      return;
    }
    case 'form':
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId('servant-form')
          .setTitle('Summon')
          .addComponents(
            new ActionRowBuilder<TextInputBuilder>().addComponents(
              new TextInputBuilder().setCustomId('servant').setLabel('Servant').setStyle(TextInputStyle.Short),
            ),
          ),
      );
      return;
    case 'file':
      await interaction.reply({ content: 'sheet', files: [{ attachment: Buffer.from('hp,10\n'), name: 'sheet.csv' }] });
      return;
    case 'withresponse': {
      const res = await interaction.reply({ content: 'tracked', withResponse: true });
      seen['withResponse'] = res.resource?.message?.id;
      return;
    }
    case 'label-form':
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId('label-form')
          .setTitle('Contract')
          .addLabelComponents(
            new LabelBuilder()
              .setLabel('Master')
              .setTextInputComponent(new TextInputBuilder().setCustomId('master').setStyle(TextInputStyle.Short)),
            new LabelBuilder()
              .setLabel('Class')
              .setStringSelectMenuComponent(
                new StringSelectMenuBuilder()
                  .setCustomId('class')
                  .addOptions({ label: 'Saber', value: 'saber' }, { label: 'Archer', value: 'archer' }),
              ),
          ),
      );
      return;
    case 'select':
      await interaction.reply({
        content: 'pick',
        components: [
          new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
            new StringSelectMenuBuilder().setCustomId('pick').addOptions({ label: 'A', value: 'a' }, { label: 'B', value: 'b' }),
          ),
        ],
      });
      return;
    case 'channel-ops': {
      const channel = await client.channels.fetch(interaction.channelId);
      if (!channel?.isSendable()) throw new Error('channel not sendable');
      const posted = await channel.send('posted');
      await posted.pin();
      await posted.edit('edited');
      const created = await interaction.guild?.channels.create({ name: 'game-1', topic: 'Fuyuki' });
      seen['created'] = created?.id;
      await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
      seen['fetched'] = (await interaction.fetchReply()).content;
      await interaction.deleteReply();
      return;
    }
    case 'upload': {
      // `/upload file:<attachment>` or `/upload import file:<attachment>`
      const attachment = interaction.options.getAttachment('file', true);
      seen['upload'] = {
        sub: interaction.options.getSubcommand(false),
        name: attachment.name,
        size: attachment.size,
        contentType: attachment.contentType,
        ephemeral: attachment.ephemeral,
      };
      if (attachment.size > 256 * 1024) {
        await interaction.reply({ content: `too big: ${attachment.size}`, flags: MessageFlags.Ephemeral });
        return;
      }
      const res = await fetch(attachment.url);
      if (!res.ok) {
        await interaction.reply({ content: `download failed ${res.status}`, flags: MessageFlags.Ephemeral });
        return;
      }
      await interaction.reply(`${attachment.name}: ${await res.text()}`);
      return;
    }
    case 'where':
      seen['where'] = {
        inGuild: interaction.inGuild(),
        inRawGuild: interaction.inRawGuild(),
        guildId: interaction.guildId,
        hasMember: interaction.member !== null,
        channelCached: interaction.channel !== null,
      };
      await interaction.reply('here');
      return;
  }
}

/**
 * Short, so heartbeats are seen soon, but not so short that a loaded machine (TEST_WORKERS=8) misses an
 * acknowledgement: at 150 ms, a stall of the client's event loop made discord.js close the connection
 * as a zombie and resume, and commands sent meanwhile found no live session.
 */
const HEARTBEAT_MS = 1_000;

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatIntervalMs: HEARTBEAT_MS });
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages],
    rest: { api: fake.apiBase },
  });
  client.on(Events.InteractionCreate, (interaction) => {
    handle(interaction).catch((error: unknown) => handlerErrors.push(error));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.token);
  await ready;
  await fake.waitForIdentify();
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe('fake Discord with a bare discord.js client', () => {
  it('logs in: gateway info, IDENTIFY, READY and GUILD_CREATE', async () => {
    expect(client.user?.id).toBe(fake.botUser.id);
    expect(client.application?.id).toBe(fake.applicationId);
    expect(client.guilds.cache.get(fake.guildId)?.channels.cache.has(fake.channelId)).toBe(true);
    expect(fake.identifies).toHaveLength(1);
    expect(fake.identifies[0].intents).toBe(GatewayIntentBits.Guilds | GatewayIntentBits.DirectMessages);
    expect(fake.identifies[0].compress).toBe(false);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/gateway/bot', authorized: true, status: 200 });
    // heartbeats are acknowledged
    await fake.waitFor(() => client.ws.ping >= 0);
  });

  it('records a plain reply (callback type 4)', async () => {
    const ex = await fake.command({ name: 'ping' });
    expect(ex.callback.type).toBe(4);
    expect(ex.callback.data.content).toBe('pong');
    expect(ex.callback.data.flags ?? 0).toBe(0);
    expect(ex.original?.content).toBe('pong');
    expect(ex.requests.map((r) => r.route)).toEqual(['POST /interactions/:interactionId/:token/callback']);
    expect(ex.requests[0]?.query).toEqual({ with_response: 'false' });
  });

  it('records an ephemeral reply (flags 64)', async () => {
    const ex = await fake.command({ name: 'secret' });
    expect(ex.callback).toMatchObject({ type: 4, data: { content: 'shh', flags: 64 } });
  });

  it('records defer + editReply + ephemeral followUp', async () => {
    const ex = await fake.command({ name: 'slow', until: (e) => e.followUps.length > 0 });
    expect(ex.callback).toEqual({ type: 5, data: { flags: 0 } });
    expect(ex.edits).toHaveLength(1);
    expect(ex.edits[0].content).toBe('done');
    expect(ex.original?.content).toBe('done');
    expect(ex.original?.flags).toBe(0);
    expect(ex.followUps[0]).toMatchObject({ content: 'and one more', flags: 64 });
    expect(ex.followUpMessages[0]?.flags).toBe(64);
  });

  it('sends a DM via user.send', async () => {
    const player = fake.users.player;
    const ex = await fake.command({ name: 'dm', user: player });
    expect(ex.callback.data.content).toBe('sent');
    expect(fake.dms(player.id).map((m) => m.content)).toEqual(['hello by DM']);
    expect(ex.messages.map((m) => m.content)).toEqual(['hello by DM']);
    expect(ex.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /users/@me/channels', `POST /channels/${fake.dmChannelId(player.id)}/messages`]),
    );
  });

  it('surfaces a 403 when the DM cannot be delivered', async () => {
    // closed DMs: Discord rejects the message POST with 50007
    const player = fake.users.player;
    fake.setDmsClosed(player.id);
    const closed = await fake.command({ name: 'dm', user: player });
    fake.setDmsClosed(player.id, false);
    expect(closed.callback.data.content).toBe('dm failed 50007');
    expect(closed.requests.find((r) => r.status === 403)?.injectedFailure).toBe(true);

    // failNext on opening the DM channel
    const other = fake.users.player2;
    fake.failNext('POST', /\/users\/@me\/channels/, 403, { code: 50007, message: 'Cannot send messages to this user' });
    const failed = await fake.command({ name: 'dm', user: other });
    expect(failed.callback.data.content).toBe('dm failed 50007');
    expect(fake.dms(other.id)).toEqual([]);
  });

  it('round-trips a button (UPDATE_MESSAGE callback)', async () => {
    const ask = await fake.command({ name: 'buttons' });
    expect(ask.callback.data.components[0].components[0].custom_id).toBe('confirm');
    const click = await fake.button({ customId: 'confirm' });
    expect(click.payload.message.id).toBe(ask.original?.id);
    expect(click.callback).toMatchObject({ type: 7, data: { content: 'confirmed', components: [] } });
    expect(ask.original?.content).toBe('confirmed');
    expect(ask.original?.components).toEqual([]);
  });

  it('builds sub-commands, resolved users and member permissions', async () => {
    const ex = await fake.command({
      name: 'game',
      user: fake.users.moderator,
      locale: 'ja',
      options: [
        { name: 'start', type: 1, options: [{ name: 'title', value: 'Fuyuki' }, { name: 'target', value: fake.users.gm }, { name: 'players', value: 7 }] },
      ],
    });
    expect(ex.callback.data.content).toBe('start Fuyuki gm=game_master n=7');
    expect(seen['game']).toEqual({
      inCachedGuild: true,
      guildName: 'Fake Grail War Server',
      channelName: 'general',
      manageChannels: true,
      hasMember: true,
      locale: 'ja',
    });
    const plain = await fake.command({ name: 'game', options: [{ name: 'start', options: [{ name: 'title', value: 'x' }, { name: 'target', value: fake.users.gm }] }] });
    expect(plain.callback.data.content).toBe('start x gm=game_master n=null');
    expect((seen['game'] as { manageChannels: boolean }).manageChannels).toBe(false);
  });

  it('answers autocomplete (type 8) and modal round trips (type 9 → MODAL_SUBMIT)', async () => {
    const ac = await fake.autocomplete({ name: 'summon', options: [{ name: 'class', value: 'sa', focused: true }] });
    expect(ac.callback).toEqual({ type: 8, data: { choices: [{ name: 'saber', value: 'saber' }] } });

    const form = await fake.command({ name: 'form' });
    expect(form.callback).toMatchObject({ type: 9, data: { custom_id: 'servant-form', title: 'Summon' } });
    const submit = await fake.modalSubmit({ customId: 'servant-form', fields: { servant: 'Saber' } });
    expect(submit.callback).toMatchObject({ type: 4, data: { content: 'name=Saber', flags: 64 } });
  });

  it('parses multipart bodies and honours with_response=true', async () => {
    const file = await fake.command({ name: 'file' });
    expect(file.callback.data.content).toBe('sheet');
    expect(file.callbackFiles).toHaveLength(1);
    expect(file.callbackFiles[0]).toMatchObject({ field: 'files[0]', name: 'sheet.csv' });
    expect(file.callbackFiles[0]?.data.toString()).toBe('hp,10\n');
    const url = file.original?.attachments[0]?.url as string;
    expect(await (await fetch(url)).text()).toBe('hp,10\n');

    const tracked = await fake.command({ name: 'withresponse' });
    expect(tracked.requests[0]?.query).toEqual({ with_response: 'true' });
    expect(seen['withResponse']).toBe(tracked.original?.id);
  });

  it('passes user-uploaded attachments as ATTACHMENT options and serves them like the CDN', async () => {
    const notes = fake.uploadAttachment({ filename: 'notes.txt', content: 'Saber\nArcher' });
    expect(notes).toMatchObject({ filename: 'notes.txt', size: 12, contentType: 'text/plain; charset=utf-8' });
    expect(notes.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ephemeral-attachments\/\d+\/\d+\/notes\.txt\?ex=/);

    const ex = await fake.command({ name: 'upload', options: [{ name: 'file', value: notes }] });
    expect(ex.callback.data.content).toBe('notes.txt: Saber\nArcher');
    expect(ex.payload.data.options).toEqual([{ name: 'file', type: 11, value: notes.id }]);
    expect(ex.payload.data.resolved.attachments[notes.id]).toEqual({
      id: notes.id,
      filename: 'notes.txt',
      size: 12,
      url: notes.url,
      proxy_url: notes.url,
      content_type: 'text/plain; charset=utf-8',
      ephemeral: true,
    });
    expect(seen['upload']).toEqual({ sub: null, name: 'notes.txt', size: 12, contentType: 'text/plain; charset=utf-8', ephemeral: true });
    const download = ex.requests.find((r) => r.method === 'GET' && r.path.endsWith(`/${notes.id}/notes.txt`));
    expect(download).toMatchObject({
      route: 'GET /ephemeral-attachments/:channelId/:attachmentId/:filename',
      status: 200,
      authorized: false,
    });
    expect(fake.requests).toContain(download);

    // inside a sub-command; a declared size larger than the bytes, to test a size refusal
    const big = fake.uploadAttachment({ filename: 'big.json', content: '{}', declaredSize: 300_000 });
    const refused = await fake.command({ name: 'upload', options: [{ name: 'import', options: [{ name: 'file', value: big }] }] });
    expect(refused.payload.data.options[0].options).toEqual([{ name: 'file', type: 11, value: big.id }]);
    expect(refused.payload.data.resolved.attachments[big.id]).toMatchObject({ size: 300_000, content_type: 'application/json; charset=utf-8' });
    expect(refused.callback.data.content).toBe('too big: 300000');
    expect((seen['upload'] as { sub: string }).sub).toBe('import');
    expect(fake.requests.some((r) => r.path.includes(big.id))).toBe(false);

    // failNext works on downloads too
    fake.failNext('GET', /^\/ephemeral-attachments\//, 500);
    const failed = await fake.command({ name: 'upload', options: [{ name: 'file', value: notes }] });
    expect(failed.callback.data.content).toBe('download failed 500');
  });

  it('registers commands, mirrors label modals, selects, channel sends, pins, channel creation', async () => {
    const global = await client.application?.commands.set([{ name: 'select', description: 'pick one' }]);
    const guild = await client.application?.commands.set([{ name: 'label-form', description: 'modal' }], fake.guildId);
    expect(fake.commandsRegistered('global')).toEqual([{ name: 'select', description: 'pick one' }]);
    expect(fake.commandsRegistered(fake.guildId)).toEqual([expect.objectContaining({ name: 'label-form' })]);

    const form = await fake.command({ name: 'label-form' });
    expect(form.payload.data).toMatchObject({ id: guild?.first()?.id, guild_id: fake.guildId });
    const submit = await fake.modalSubmit({ customId: 'label-form', fields: { master: 'Shirou', class: ['saber'] } });
    expect(submit.payload.data.components[0]).toEqual({ type: 18, component: { type: 4, custom_id: 'master', value: 'Shirou' } });
    expect(submit.callback.data.content).toBe('Shirou|saber');

    const ask = await fake.command({ name: 'select' });
    expect(ask.payload.data.id).toBe(global?.first()?.id);
    const pick = await fake.select({ customId: 'pick', values: ['b'] });
    expect(pick.callback).toEqual({ type: 6 });
    expect(pick.edits[0]).toMatchObject({ content: 'picked b', components: [] });
    expect(ask.original?.content).toBe('picked b');

    const ops = await fake.command({ name: 'channel-ops', until: (e) => e.deletes.length > 0 });
    // channels.fetch() is served from the cache filled by GUILD_CREATE: no GET /channels/:id
    expect(ops.requests.map((r) => r.route)).toEqual([
      'POST /channels/:channelId/messages',
      'PUT /channels/:channelId/messages/pins/:messageId',
      'PATCH /channels/:channelId/messages/:messageId',
      'POST /guilds/:guildId/channels',
      'POST /interactions/:interactionId/:token/callback',
      'GET /webhooks/:appId/:token/messages/:messageId',
      'DELETE /webhooks/:appId/:token/messages/:messageId',
    ]);
    expect(fake.channelMessages()).toEqual([expect.objectContaining({ content: 'edited', pinned: true, source: 'channel' })]);
    expect(ops.messages).toHaveLength(1);
    expect(seen['fetched']).toBe('ok');
    expect(ops.original?.deleted).toBe(true);
    expect(client.channels.cache.get(seen['created'] as string)?.toString()).toBe(`<#${String(seen['created'])}>`);
  });

  it('dispatches DM-context and uncached-guild interactions', async () => {
    const stranger = fake.createUser({ username: 'stranger' });
    const dm = await fake.command({ name: 'where', guildId: null, user: stranger });
    expect(dm.payload.user.id).toBe(stranger.id);
    expect(dm.payload.member).toBeUndefined();
    expect(dm.original?.channelId).toBe(fake.dmChannelId(stranger.id));
    // without Partials.Channel discord.js does not build the DM channel from the interaction
    expect(seen['where']).toEqual({ inGuild: false, inRawGuild: false, guildId: null, hasMember: false, channelCached: false });

    const otherGuild = '1300000000000000001';
    const raw = await fake.command({ name: 'where', guildId: otherGuild });
    expect(raw.callback.data.content).toBe('here');
    expect(seen['where']).toEqual({ inGuild: true, inRawGuild: true, guildId: otherGuild, hasMember: true, channelCached: false });
  });

  it('resumes after a gateway disconnect and keeps dispatching', async () => {
    // counted from before: a loaded machine may have made the client resume once already
    const resumed = fake.resumes.length;
    fake.disconnectClients(4000);
    await fake.waitFor(() => fake.resumes.length === resumed + 1, 3000);
    const ex = await fake.command({ name: 'ping' });
    expect(ex.callback.data.content).toBe('pong');
    expect(fake.identifies).toHaveLength(1);
  });

  it('rejects bad tokens, records unknown routes, speaks zlib-stream', async () => {
    const unauthorized = await fetch(`${fake.apiBase}/v10/users/@me`, { headers: { Authorization: 'Bot nope' } });
    expect(unauthorized.status).toBe(401);
    const before = fake.unknownRequests().length;
    const unknown = await fetch(`${fake.apiBase}/v10/nothing/here`, { headers: { Authorization: `Bot ${fake.token}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: '404: Not Found', code: 0 });
    expect(fake.unknownRequests()).toHaveLength(before + 1);

    const ws = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
    const inflate = zlib.createInflate();
    const hello = await new Promise<{ op: number; d: { heartbeat_interval: number } }>((resolve, reject) => {
      let text = '';
      inflate.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        try {
          resolve(JSON.parse(text));
        } catch {
          // wait for more
        }
      });
      ws.on('message', (data: Buffer) => inflate.write(data));
      ws.on('error', reject);
    });
    expect(hello.op).toBe(10);
    expect(hello.d.heartbeat_interval).toBe(HEARTBEAT_MS);
    ws.close();
    inflate.close();
  });

  it('hit only known routes and the handlers never threw', () => {
    expect(fake.unknownRequests().map((r) => r.path)).toEqual(['/nothing/here']);
    expect(handlerErrors).toEqual([]);
  });
});
