import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { RandomSource } from '../core/random.js';
import type { Locale, Translate } from '../i18n/index.js';
import type { Store } from '../store/db.js';
import type { CardLookup } from '../scryfall/client.js';
import type { Reply } from '../views/view.js';

export interface Invoker {
  id: string;
  name: string;
}

/** The table's language (./table.ts): channel posts, public replies, boards and trackers use it. */
export interface TableContext {
  locale: Locale;
  t: Translate;
}

/** Everything a handler may know about the request: the same in Discord and in the console. */
export interface CommandContext {
  user: Invoker;
  guildId: string | null;
  channelId: string;
  /** The channel's name where the adapter knows it (the session log's title). */
  channelName?: string;
  /** The actor's language: ephemeral replies and anything only they read. */
  locale: Locale;
  t: Translate;
  /** The table's language (the channel's): see forTable() in ./table.ts. */
  table: TableContext;
  /** Set by forTable(): the actor's own language, for the lines only the actor reads (their DMs, asides). */
  actor?: TableContext;
  /** The member may manage this channel (Discord's Manage Channels, owner or admin). */
  canManageChannel: boolean;
  /** The user owns this server (may delete its data). */
  isGuildOwner?: boolean;
  store: Store;
  rng: RandomSource;
  now: () => Date;
  /** Card data for MTG decklists (Scryfall in production, a local fake in tests). */
  cards?: CardLookup;
  /** What the bot can do here, where the adapter knows it (Discord; the console has no chat). */
  bot?: BotAbilities;
  /** The channel's messages as Discord keeps them; only with the Message Content intent (else their words are blank). */
  history?: ChannelHistory;
  /**
   * The permissions the bot is invited with (src/discord/invite.ts) that it lacks in this channel, read
   * from the interaction's app_permissions; absent where the adapter cannot know (the console).
   */
  permissionsMissing?: readonly string[];
}

/** A message read back from a channel (GET /channels/{id}/messages), its words included. */
export interface HistoryMessage {
  id: string;
  at: Date;
  authorId: string;
  /** The name Discord shows on it: a webhook's own name, else the author's global or user name. */
  authorName: string;
  /** Posted by this bot itself: its meaning is already in the events. */
  own: boolean;
  /** Another bot, or a webhook (a character post of Tupperbox, PluralKit, or ours). */
  bot: boolean;
  webhook: boolean;
  content: string;
  /** File names of what it carried. */
  attachments: string[];
}

export type HistoryResult = { messages: HistoryMessage[] } | { over: true } | { unreadable: true };

export interface ChannelHistory {
  /**
   * The channel's messages with `after < id < before` (ids are snowflakes: times), oldest first;
   * `over` as soon as more than `max` are there; `unreadable` when the bot may not read the history.
   */
  read(query: { channelId: string; after: string; before: string | null; max: number }): Promise<HistoryResult>;
}

export interface BotAbilities {
  /** The gateway session has the Message Content intent: messages typed in chat can be read. */
  messageContent: boolean;
  /** The bot may delete others' messages in this channel (Manage Messages); null when unknown. */
  manageMessages: boolean | null;
}

/** An uploaded file option; read() refuses files over maxBytes before downloading them. */
export interface AttachmentOption {
  name: string;
  size: number;
  contentType: string | null;
  read(maxBytes: number): Promise<Buffer>;
}

/** Typed access to the options the user gave, whichever adapter parsed them. */
export interface CommandOptions {
  subcommand(): string | null;
  string(name: string): string | null;
  integer(name: string): number | null;
  boolean(name: string): boolean | null;
  /** `notMember`: a user option naming someone who is not a member of this server (Discord resolves no member). */
  user(name: string): (Invoker & { notMember?: true }) | null;
  attachment(name: string): AttachmentOption | null;
}

export interface Choice {
  name: string;
  value: string;
}

export interface CommandModule {
  /** The slash command as registered with Discord (names, localizations, option limits). */
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** Catalog key of a one-line example for /help. */
  helpKey: string;
  execute(ctx: CommandContext, options: CommandOptions): Reply | Promise<Reply>;
  /**
   * A button of this command was pressed, or one of its select menus chosen (customId starts with
   * `<command name>:`); `values` holds a select menu's chosen values and is absent for a button.
   */
  component?(ctx: CommandContext, customId: string, values?: string[]): Reply | Promise<Reply>;
  /** A form of this command was submitted. */
  modal?(ctx: CommandContext, customId: string, fields: Record<string, string>): Reply | Promise<Reply>;
  /**
   * Work that may take longer than Discord's three seconds (network lookups): the adapter
   * acknowledges first, with the visibility given here, and sends the reply when it is ready.
   * `given.attachment`: the command came with a file (a form cannot follow an acknowledgement).
   */
  defer?(subcommand: string | null, via: 'command' | 'modal', given?: { attachment: boolean }): 'ephemeral' | 'public' | null;
  /**
   * 'after': the handler is not held in one transaction with its effects (a plain roll, whose only
   * effect is its reply: one statement, no transaction); any DM it returns is saved after it ran.
   */
  effects?: 'after';
  /**
   * 'wars': its handlers write a war's rows (factions, declarations, the turn); their transaction
   * takes the war lock first (store/db.ts TransactionOptions).
   */
  lock?: 'wars';
  /** Suggestions while the user types the focused option (at most 25). */
  autocomplete?(ctx: CommandContext, focused: { name: string; value: string }, options: CommandOptions): Choice[] | Promise<Choice[]>;
}
