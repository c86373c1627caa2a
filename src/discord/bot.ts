// The real discord.js client: the Guilds intent (interactions arrive without any intent; DMs are sent
// over REST), and, for rolls typed in chat (issue 30 §2), Guild Messages with the privileged Message
// Content intent unless DISCORD_MESSAGE_CONTENT=off. An application that lacks Message Content gets
// its session closed with 4014 (Disallowed intents): the bot then starts without it, says so in the
// log, and /gm chatrolls tells the GM how to switch it on. REST base from DISCORD_API so a proxy or
// the test fake can stand in.
// With SHARD_COUNT/SHARD_IDS it holds only those gateway shards; other processes (on other machines,
// sharing one PostgreSQL database) hold the rest, and Discord sends each guild to one shard only.
import { Client, Events, GatewayCloseCodes, GatewayIntentBits, REST, Routes, type ClientOptions } from 'discord.js';
import type { Logger } from 'pino';
import { findCommand } from '../../commands/index.js';
import { CommandGate } from '../services/gate.js';
import { resolveShards, type ShardPlan } from '../config.js';
import type { RandomSource } from '../core/random.js';
import type { Store } from '../store/db.js';
import type { CardLookup } from '../scryfall/client.js';
import { cacheOptions, findDmsByRecipient, REST_HANDLER_SWEEP_MS } from './cache.js';
import { chatRolls, type ChatDeps } from './chat.js';
import { createDispatcher, type DispatchDeps } from './dispatcher.js';
import { startSweeper } from './outbox.js';
import { exemptInteractionWebhooks } from './interaction-rest.js';

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
  /**
   * Outbox: how long this process holds its saved effects, and how often it sweeps for undelivered ones
   * (src/discord/outbox.ts); board edits of one message within `boardWindowMs` become one (src/discord/board.ts).
   */
  outbox?: { leaseMs?: number; sweepMs?: number; boardWindowMs?: number };
  /** DISCORD_MESSAGE_CONTENT: ask for the Message Content intent (default 'auto', falling back without it) or not. */
  messageContent?: 'auto' | 'off';
  /** Tests: how each message the bot read ended (src/discord/chat.ts). */
  onChat?: ChatDeps['onChat'];
}

export interface Bot {
  client: Client;
  /** The session reads message content: rolls typed in chat can be answered. */
  messageContent: boolean;
  /** Stops taking commands, waits for those in flight, then disconnects. The caller closes the store. */
  stop(): Promise<void>;
  /** Resolves when no command is running: each one's reply, DMs, posts and board edits done (tests wait on it). */
  idle(): Promise<void>;
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const sharding = options.shards ? await resolveShards(options.shards, () => recommendedShards(options.api, options.token)) : null;
  const gate = new CommandGate();
  let client: Client;
  let messageContent = options.messageContent !== 'off';
  try {
    client = await connect(options, sharding, gate, messageContent);
  } catch (error) {
    if (!(error instanceof DisallowedIntents)) throw error;
    messageContent = false;
    options.log.warn(
      'Discord refused the Message Content intent (4014 Disallowed intents): starting without it. Slash commands work; rolls typed in chat stay unanswered until it is switched on in the Discord Developer Portal (the application → Bot → Privileged Gateway Intents → Message Content Intent) and the bot restarted. DISCORD_MESSAGE_CONTENT=off stops asking for it.',
    );
    client = await connect(options, sharding, gate, false);
  }
  options.log.info({ user: client.user?.tag, shards: client.options.shards, shardCount: client.options.shardCount, messageContent }, 'connected to Discord');
  // Effects a process (this one before a restart, or another sharing the database) saved but did not deliver.
  const sweeper = startSweeper(
    { client, store: options.store, log: options.log, rng: options.rng, now: options.now ?? (() => new Date()), ...(options.outbox?.leaseMs ? { leaseMs: options.outbox.leaseMs } : {}), ...(options.outbox?.boardWindowMs !== undefined ? { boardWindowMs: options.outbox.boardWindowMs } : {}), boardsShared: boardsShared(sharding) },
    options.outbox?.sweepMs,
  );

  return {
    client,
    messageContent,
    idle: () => gate.idle(),
    async stop() {
      await gate.drain();
      await sweeper.stop();
      await client.destroy();
    },
  };
}

/**
 * Whether another process may change this one's boards: only when the shards are shared out among
 * processes (Discord sends a server's interactions to its shard, DMs to shard 0). A process holding
 * every shard receives every interaction, so its board lanes see every change (src/discord/board.ts).
 */
export function boardsShared(sharding: { ids: number[]; count: number } | null): boolean {
  return sharding !== null && new Set(sharding.ids.filter((id) => id >= 0 && id < sharding.count)).size < sharding.count;
}

/** Discord closed the session: the application lacks a privileged intent it asked for. */
class DisallowedIntents extends Error {}

/** A logged-in client, ready; with `messageContent`, it reads server messages for rolls typed in chat. */
async function connect(options: BotOptions, sharding: { ids: number[]; count: number } | null, gate: CommandGate, messageContent: boolean): Promise<Client> {
  const client = newClient({
    intents: messageContent ? [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent] : [GatewayIntentBits.Guilds],
    rest: { api: options.api, handlerSweepInterval: REST_HANDLER_SWEEP_MS },
    // Only what the bot reads is cached (no message, no user but itself, …): memory follows the guilds, not the day's users.
    ...cacheOptions(),
    ...(sharding ? { shards: sharding.ids, shardCount: sharding.count } : {}),
  });
  // an interaction's follow-ups and edits never wait behind the bot's other requests (./interaction-rest.ts)
  exemptInteractionWebhooks(client);
  findDmsByRecipient(client);
  const deps: ChatDeps = {
    client,
    commands: findCommand,
    gate,
    ...options,
    ...(options.outbox?.leaseMs ? { outboxLeaseMs: options.outbox.leaseMs } : {}),
    ...(options.outbox?.boardWindowMs !== undefined ? { boardWindowMs: options.outbox.boardWindowMs } : {}),
    boardsShared: boardsShared(sharding),
    messageContent: () => messageContent,
  };
  const dispatch = createDispatcher(deps);
  client.on(Events.InteractionCreate, (interaction) => {
    dispatch(interaction).catch((error: unknown) => options.log.error({ err: error }, 'interaction handler crashed'));
  });
  if (messageContent) client.on(Events.MessageCreate, chatRolls(deps));
  let refused = false;
  client.on(Events.Error, (error) => options.log.error({ err: error }, 'discord client error'));
  client.on(Events.ShardDisconnect, (event, shard) => {
    if (event.code === GatewayCloseCodes.DisallowedIntents) refused = true;
    else options.log.warn({ code: event.code, shard }, 'gateway disconnected');
  });

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(options.token);
    await ready;
  } catch (error) {
    if (!refused && !/disallowed intents/i.test(error instanceof Error ? error.message : '')) throw error;
    await client.destroy();
    throw new DisallowedIntents('Disallowed intent(s)', { cause: error });
  }
  return client;
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
