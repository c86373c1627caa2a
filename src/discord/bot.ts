// The real discord.js client: only the Guilds intent (interactions arrive without any intent; DMs
// are sent over REST), REST base from DISCORD_API so a proxy or the test fake can stand in.
// With SHARD_COUNT/SHARD_IDS it holds only those gateway shards; other processes (on other machines,
// sharing one PostgreSQL database) hold the rest, and Discord sends each guild to one shard only.
import { Client, Events, GatewayIntentBits, REST, Routes, type ClientOptions } from 'discord.js';
import type { Logger } from 'pino';
import { findCommand } from '../../commands/index.js';
import { CommandGate } from '../services/gate.js';
import { resolveShards, type ShardPlan } from '../config.js';
import type { RandomSource } from '../core/random.js';
import type { Store } from '../store/db.js';
import type { CardLookup } from '../scryfall/client.js';
import { createDispatcher, type DispatchDeps } from './dispatcher.js';

export interface BotOptions {
  token: string;
  api: string;
  store: Store;
  rng: RandomSource;
  log: Logger;
  now?: () => Date;
  cards?: CardLookup;
  /** SHARD_COUNT / SHARD_IDS; absent → one shard. */
  shards?: ShardPlan | null;
  /** Tests: a table view in the wrong language is sent as an error (see dispatcher.ts). */
  strictAudience?: boolean;
  onAudienceViolation?: DispatchDeps['onAudienceViolation'];
}

export interface Bot {
  client: Client;
  /** Stops taking commands, waits for those in flight, then disconnects. The caller closes the store. */
  stop(): Promise<void>;
  /** Resolves once no command is in flight, their DMs, posts and board edits sent (the two-worlds fuzzer's quiescence). */
  idle(): Promise<void>;
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const sharding = options.shards ? await resolveShards(options.shards, () => recommendedShards(options.api, options.token)) : null;
  const client = newClient({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: options.api },
    ...(sharding ? { shards: sharding.ids, shardCount: sharding.count } : {}),
  });
  const gate = new CommandGate();
  const dispatch = createDispatcher({ client, commands: findCommand, gate, ...options });
  client.on(Events.InteractionCreate, (interaction) => {
    dispatch(interaction).catch((error: unknown) => options.log.error({ err: error }, 'interaction handler crashed'));
  });
  client.on(Events.Error, (error) => options.log.error({ err: error }, 'discord client error'));
  client.on(Events.ShardDisconnect, (event, shard) => options.log.warn({ code: event.code, shard }, 'gateway disconnected'));

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(options.token);
  await ready;
  options.log.info({ user: client.user?.tag, shards: client.options.shards, shardCount: client.options.shardCount }, 'connected to Discord');

  return {
    client,
    async stop() {
      await gate.drain();
      await client.destroy();
    },
    idle: () => gate.idle(),
  };
}

/** GET /gateway/bot's `shards`: how many shards Discord recommends for this bot now. */
async function recommendedShards(api: string, token: string): Promise<number> {
  const info = (await new REST({ api }).setToken(token).get(Routes.gatewayBot())) as { shards: number };
  return info.shards;
}

/**
 * discord.js reads SHARD_COUNT and SHARDS from the environment (its ShardingManager's variables) when
 * the options leave them at their defaults, and would take SHARD_COUNT=auto as NaN: our config has
 * already validated them, so they are hidden while the client is built.
 */
function newClient(options: ClientOptions): Client {
  const saved = { SHARD_COUNT: process.env.SHARD_COUNT, SHARDS: process.env.SHARDS };
  delete process.env.SHARD_COUNT;
  delete process.env.SHARDS;
  try {
    return new Client(options);
  } finally {
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
  }
}
