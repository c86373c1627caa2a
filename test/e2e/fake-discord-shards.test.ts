// The fake Discord's sharding, with bare discord.js clients (not the product bot): GET /gateway/bot
// recommends a count, IDENTIFY carries [id, count], and each guild's events reach only the connection
// of shard (guild_id >> 22) % count; DMs reach shard 0, as Discord documents.
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

let fake: FakeDiscord;
const clients: Client[] = [];
/** Which client (by its shard list) answered which interaction. */
const answeredBy = new Map<string, number[]>();

async function connect(shards: number[] | 'auto', shardCount?: number): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase }, shards, ...(shardCount ? { shardCount } : {}) });
  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    if (!interaction.isChatInputCommand()) return;
    answeredBy.set(interaction.id, [...(client.options.shards as number[])]);
    interaction.reply(`shard ${interaction.guild?.shardId ?? 'dm'}`).catch(() => undefined);
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  clients.push(client);
  await client.login(fake.token);
  await ready;
  return client;
}

beforeAll(async () => {
  fake = await startFakeDiscord({ shardCount: 2, heartbeatIntervalMs: 150 });
});
afterAll(async () => {
  for (const client of clients) await client.destroy();
  await fake?.close();
});

describe('fake Discord sharding', () => {
  it('recommends its shard count in GET /gateway/bot; shards "auto" identifies every shard with [id, count]', async () => {
    const info = (await (await fetch(`${fake.apiBase}/v10/gateway/bot`, { headers: { Authorization: `Bot ${fake.token}` } })).json()) as { shards: number };
    expect(info.shards).toBe(2);
    const client = await connect('auto');
    expect(fake.identifies.map((d) => d.shard).sort()).toEqual([[0, 2], [1, 2]]);
    expect(client.ws.shards.size).toBe(2);
    await client.destroy();
    clients.pop();
    await fake.waitFor(() => fake.connectedShards().length === 0);
  });

  it('routes each guild to the one process holding its shard, DMs to shard 0; READY lists only the shard\'s guilds', async () => {
    const g0 = fake.createGuild({ shard: 0 });
    const g1 = fake.createGuild({ shard: 1 });
    expect(fake.shardOf(g0.guildId)).toBe(0);
    expect(fake.shardOf(g1.guildId)).toBe(1);
    const zero = await connect([0], 2);
    const one = await connect([1], 2);
    expect(fake.connectedShards().sort()).toEqual([[0, 2], [1, 2]]);
    // Each client got GUILD_CREATE only for its own shard's guilds.
    expect(zero.guilds.cache.has(g0.guildId)).toBe(true);
    expect(zero.guilds.cache.has(g1.guildId)).toBe(false);
    expect(one.guilds.cache.has(g1.guildId)).toBe(true);
    expect(one.guilds.cache.has(g0.guildId)).toBe(false);

    const in0 = await fake.command({ name: 'where', guildId: g0.guildId });
    const in1 = await fake.command({ name: 'where', guildId: g1.guildId });
    const dm = await fake.command({ name: 'where', guildId: null });
    expect(answeredBy.get(in0.interactionId)).toEqual([0]);
    expect(answeredBy.get(in1.interactionId)).toEqual([1]);
    expect(answeredBy.get(dm.interactionId)).toEqual([0]);
    expect(in0.callback.data.content).toBe('shard 0');
    expect(in1.callback.data.content).toBe('shard 1');

    // A guild created while connected reaches its shard's client only.
    const late = fake.createGuild({ shard: 1 });
    await fake.waitFor(() => one.guilds.cache.has(late.guildId));
    expect(zero.guilds.cache.has(late.guildId)).toBe(false);
  });

  it('refuses to deliver to a guild whose shard has no connection, and closes an IDENTIFY with a bad shard (4010)', async () => {
    const g1 = fake.createGuild({ shard: 1 });
    const one = clients.find((c) => (c.options.shards as number[])[0] === 1)!;
    await one.destroy();
    await fake.waitFor(() => fake.connectedShards().length === 1);
    await expect(fake.command({ name: 'where', guildId: g1.guildId })).rejects.toThrow(/shard 1 of 2/);
    // shard 0 still answers its guilds and DMs
    const dm = await fake.command({ name: 'where', guildId: null });
    expect(dm.callback.data.content).toBe('shard dm');

    const ws = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (raw: Buffer) => {
      const { op } = JSON.parse(raw.toString()) as { op: number };
      if (op === 10) ws.send(JSON.stringify({ op: 2, d: { token: fake.token, intents: 1, properties: {}, shard: [2, 2] } }));
    });
    expect(await closed).toBe(4010);
  });
});
