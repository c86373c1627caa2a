// The real discord.js client: only the Guilds intent (interactions arrive without any intent; DMs
// are sent over REST), REST base from DISCORD_API so a proxy or the test fake can stand in.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { Logger } from 'pino';
import { findCommand } from '../../commands/index.js';
import { CommandGate } from '../command/gate.js';
import type { RandomSource } from '../core/random.js';
import type { Store } from '../store/db.js';
import type { CardLookup } from '../scryfall/client.js';
import { createDispatcher } from './dispatcher.js';

export interface BotOptions {
  token: string;
  api: string;
  store: Store;
  rng: RandomSource;
  log: Logger;
  now?: () => Date;
  cards?: CardLookup;
}

export interface Bot {
  client: Client;
  /** Stops taking commands, waits for those in flight, then disconnects. The caller closes the store. */
  stop(): Promise<void>;
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: options.api } });
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
  options.log.info({ user: client.user?.tag }, 'connected to Discord');

  return {
    client,
    async stop() {
      await gate.drain();
      await client.destroy();
    },
  };
}
