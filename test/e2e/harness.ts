// Starts the product bot (real discord.js client, a real database: SQLite file or PostgreSQL) against the fake Discord.
import { pino, type Logger } from 'pino';
import { seededRandom, type RandomSource } from '../../src/core/random.js';
import { startBot, type Bot } from '../../src/discord/bot.js';
import { deployCommands } from '../../src/discord/deploy.js';
import { loadConfig } from '../../src/config.js';
import { openStore, type Store } from '../../src/store/db.js';
import { scryfallClient } from '../../src/scryfall/client.js';
import { testDatabase } from '../helpers/backend.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';
import type { InteractionExchange, PrivilegedIntents, RecordedFile, RecordedMessage, UserMessageInput } from './fake-discord/types.js';
import type { ChatOutcome } from '../../src/discord/chat.js';

export interface Harness {
  fake: FakeDiscord;
  bot: Bot;
  store: Store;
  /** DATABASE_URL of this harness: a SQLite file or a PostgreSQL database. */
  dbUrl: string;
  /** Table views the bot built in another language than the table's (each is also sent as an error). */
  violations: string[];
  /** How each message the bot read ended (rolls typed in chat), by message id. */
  chatOutcomes: Map<string, ChatOutcome>;
  /** A user types a message; resolves once the bot has finished with it (answered or ignored). */
  chat(input: UserMessageInput): Promise<{ message: RecordedMessage; outcome: ChatOutcome }>;
  /** Stops the bot and closes the database, then starts both again on the same file. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(
  seed = 'e2e',
  options: {
    scryfall?: string;
    strictAudience?: boolean;
    /** `boardWindowMs`: board edits within it become one (default here 0: a test's steps follow each other faster than a table's) */
    outbox?: { leaseMs?: number; sweepMs?: number; boardWindowMs?: number };
    heartbeatIntervalMs?: number;
    /** the bot's dice instead of seededRandom(seed) (the two-worlds fuzzer keys them per step) */
    rng?: RandomSource;
    /** the bot's clock (default: the real one) */
    now?: () => Date;
    /** the fake Discord's clock: interaction deadlines and the CDN's link expiry (default: the real one) */
    discordNow?: () => number;
    /** the application's privileged intents on the fake (default: Message Content granted) */
    privilegedIntents?: PrivilegedIntents;
    /** the bot's DISCORD_MESSAGE_CONTENT (default auto) */
    messageContent?: 'auto' | 'off';
    /** the bot's logger (default: silent) */
    log?: Logger;
  } = {},
): Promise<Harness> {
  const database = await testDatabase('e2e');
  const fake = await startFakeDiscord({
    ...(options.heartbeatIntervalMs ? { heartbeatIntervalMs: options.heartbeatIntervalMs } : {}),
    privilegedIntents: options.privilegedIntents ?? { messageContent: true },
    ...(options.discordNow ? { now: options.discordNow } : {}),
  });
  const chatOutcomes = new Map<string, ChatOutcome>();
  // Registered as deploy-commands does, so the fake checks every command's options against the real
  // definitions (required, choices, max_length, min/max_value), as Discord's client does.
  await deployCommands(loadConfig({ DISCORD_TOKEN: fake.token, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_API: fake.apiBase }));
  const log = options.log ?? pino({ level: 'silent' });
  const rng = options.rng ?? seededRandom(seed);
  const violations: string[] = [];
  const boot = async () => {
    const store = await openStore(database.url);
    const cards = options.scryfall ? scryfallClient(options.scryfall, log) : undefined;
    const bot = await startBot({
      token: fake.token,
      api: fake.apiBase,
      store,
      rng,
      log,
      ...(options.now ? { now: options.now } : {}),
      ...(cards ? { cards } : {}),
      strictAudience: options.strictAudience ?? true,
      outbox: { boardWindowMs: 0, ...options.outbox },
      ...(options.messageContent ? { messageContent: options.messageContent } : {}),
      onChat: (id, outcome) => chatOutcomes.set(id, outcome),
      onAudienceViolation: (v) => violations.push(`${v.command} ${v.where} in ${v.got}, table ${v.expected}: ${v.title ?? ''}`),
    });
    return { store, bot };
  };
  const harness: Harness = {
    fake,
    dbUrl: database.url,
    violations,
    chatOutcomes,
    ...(await boot()),
    async chat(input) {
      const message = fake.userMessage(input);
      // Without the intents the bot never sees it: wait a while, then it is ignored as far as anyone can tell.
      const outcome = harness.bot.messageContent
        ? await fake.waitFor(() => chatOutcomes.get(message.id), 5000)
        : await new Promise<ChatOutcome>((resolve) => setTimeout(() => resolve(chatOutcomes.get(message.id) ?? 'ignored'), 300));
      await harness.bot.idle();
      return { message, outcome };
    },
    async restart() {
      await harness.bot.stop();
      await harness.store.close();
      Object.assign(harness, await boot());
    },
    async close() {
      await harness.bot.stop(); // before the fake closes, or discord.js keeps reconnecting
      await harness.store.close();
      await fake.close();
      await database.drop();
      // A message Discord would refuse (400 / 50035) is a product bug even when no test looked at it
      // (a board edit, a DM): fail the file loudly.
      const refused = fake.rejections().map((r) => `${r.request.method} ${r.request.path}: ${r.reasons.join('; ')}`);
      if (refused.length) throw new Error(`Discord would have refused ${refused.length} request(s):\n${refused.join('\n')}`);
    },
  };
  // Every interaction a test makes returns once the bot has finished with it — its reply and then its
  // DMs, posts and board edits — so the next step never races a delivery still under way (a loaded
  // machine takes longer than the fake's quiet period between a reply and a board edit).
  for (const name of ['command', 'button', 'select', 'modalSubmit'] as const) {
    const send = fake[name].bind(fake) as (input: never) => Promise<InteractionExchange>;
    // not async: what the fake refuses before dispatching (a command the client does not offer) still throws at once
    (fake as unknown as Record<string, unknown>)[name] = (input: never) => send(input).finally(() => harness.bot.idle());
  }
  return harness;
}

/** The embed text a user sees: title, description, fields, footer. */
export function embedText(body: { embeds?: Array<Record<string, any>> } | undefined): string {
  const embed = body?.embeds?.[0];
  if (!embed) return '';
  const fields = (embed.fields ?? []).map((f: { name: string; value: string }) => `${f.name}\n${f.value}`);
  return [embed.title, embed.description, ...fields, embed.footer?.text].filter(Boolean).join('\n');
}

export const EPHEMERAL = 1 << 6;

/**
 * The files a reply carries now: a reply's picture follows its first response in an edit (the first
 * response never waits for a drawing), so read the message as it stands, not the callback alone.
 */
export function replyFiles(ex: InteractionExchange): RecordedFile[] {
  const m = ex.original;
  if (!m) return ex.callbackFiles;
  const attached = new Set(m.attachments.map((a: { filename?: string }) => String(a.filename)));
  const latest = new Map<string, RecordedFile>();
  for (const f of m.files) if (attached.has(f.name)) latest.set(f.name, f);
  return [...latest.values()];
}

/**
 * The answer a user reads for an interaction, however it came. A command still running at its
 * acknowledgement time is acknowledged first and answered after (src/discord/ack-deadline.ts), which a
 * loaded machine can make happen to any command, so tests read this, not the raw callback, unless the
 * acknowledgement itself is what they test:
 * - answered at once (4, 7), a form (9), choices (8): the callback's data;
 * - acknowledged first (5): the deferred message as edited since, or — a public answer after a private
 *   acknowledgement — the follow-up message it became (the placeholder is deleted);
 * - a component acknowledged first (6): its message's update (an edit), or a new follow-up message.
 */
export function answerOf(ex: InteractionExchange): any {
  const { type, data } = ex.callback;
  // the message as it stands, with what its requests said beside it (allowed_mentions)
  const asBody = (m: RecordedMessage) => ({ ...m.body, ...Object.assign({}, ...m.edits), content: m.content, embeds: m.embeds, components: m.components, flags: m.flags & ~128, attachments: m.attachments });
  if (type === 5) {
    const original = ex.original;
    if (original && !original.deleted) return original.edits.length ? asBody(original) : (data ?? {});
    const own = ex.followUpMessages.find((m) => m !== original && !m.deleted);
    return own ? asBody(own) : (data ?? {});
  }
  if (type === 6) return ex.edits[0] ?? ex.followUps[0] ?? data ?? {};
  return data ?? {};
}

/** Whether the answer a user reads (answerOf) is private to them. */
export const isEphemeralAnswer = (ex: InteractionExchange): boolean => ((answerOf(ex)?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

/** The follow-ups beyond the one that became the answer (see answerOf): asides, later messages. */
export function followUpsBeyondAnswer(ex: InteractionExchange): any[] {
  const { type } = ex.callback;
  if (type === 5) {
    const original = ex.original;
    const answer = original && !original.deleted ? original : ex.followUpMessages.find((m) => m !== original && !m.deleted);
    return ex.followUps.filter((_, i) => ex.followUpMessages[i] !== answer);
  }
  if (type === 6 && ex.edits.length === 0) return ex.followUps.slice(1);
  return ex.followUps;
}

/** Whether the interaction was answered, the answer still there: at once, or acknowledged first and answered after (see answerOf). */
export function answered(ex: InteractionExchange): boolean {
  const { type } = ex.callback;
  if (type === 4 || type === 7) return true;
  if (type === 6) return ex.edits.length > 0 || ex.followUps.length > 0;
  if (type !== 5) return false;
  const original = ex.original;
  if (original && !original.deleted) return original.edits.length > 0;
  return ex.followUpMessages.some((m) => m !== original && !m.deleted);
}

/** The reply's embeds as they stand now (after the edit that brought its picture, if any). */
export const replyEmbeds = (ex: InteractionExchange): any[] => ex.original?.embeds ?? ex.callback.data?.embeds ?? [];
