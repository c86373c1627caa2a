// The local console: the same command modules, options checks and views as Discord, typed in a
// terminal by one person who can play several users (/as) in several channels (/channel).
import type { Logger } from 'pino';
import { findCommand } from '../../commands/index.js';
import { UserError } from '../services/errors.js';
import { errorReply, runCommand, runHandler } from '../services/run.js';
import type { CommandContext, CommandModule, Invoker } from '../services/types.js';
import type { ModalView, Reply } from '../views/view.js';
import type { RandomSource } from '../core/random.js';
import { LOCALES, translator, type Locale } from '../i18n/index.js';
import type { Store } from '../store/db.js';
import type { CardLookup } from '../scryfall/client.js';
import { parseConsoleOptions } from './parse.js';
import { renderConsole } from './render.js';
import { resolveTable } from '../services/table.js';
import { forAudience } from '../views/audience.js';
import { channelGm } from '../store/gms.js';
import { consoleSpeech } from './speech.js';

const CONSOLE_GUILD = 'console';
/** The first console user owns the pretend server, so /gm set and take-overs can be tried. */
const OWNER = 'you';

export interface ConsoleDeps {
  store: Store;
  rng: RandomSource;
  log: Logger;
  locale: Locale;
  now?: () => Date;
  cards?: CardLookup;
}

export interface ConsoleSession {
  /** Handles one typed line; returns what to print, or null when the user asked to quit. */
  handle(line: string): Promise<string | null>;
  prompt(): string;
}

export function createConsoleSession(deps: ConsoleDeps): ConsoleSession {
  let user = OWNER;
  let channel = 'table';
  let locale = deps.locale;
  const userOf = (name: string): Invoker => ({ id: `console:${name}`, name });
  const nameOf = (id: string) => id.replace(/^console:/, '');
  const t = () => translator(locale);

  // A form being filled in: one input at a time, each ended by a line holding only '.'.
  let form: { module: CommandModule; modal: ModalView; index: number; values: Record<string, string>; lines: string[] } | null = null;

  const context = async (): Promise<CommandContext> => ({
    user: userOf(user),
    guildId: CONSOLE_GUILD,
    channelId: `console:${channel}`,
    channelName: channel,
    locale,
    t: t(),
    // The console's server has no Discord language: the table reads the console's starting language
    // until the GM sets one (/gm language).
    table: await resolveTable(deps.store, { channelId: `console:${channel}`, guildId: CONSOLE_GUILD }, deps.locale, (deps.now ?? (() => new Date()))()),
    canManageChannel: user === OWNER,
    isGuildOwner: user === OWNER,
    store: deps.store,
    rng: deps.rng,
    now: deps.now ?? (() => new Date()),
    ...(deps.cards ? { cards: deps.cards } : {}),
  });

  async function show(reply: Reply, module: CommandModule): Promise<string> {
    if (reply.modal) {
      form = { module, modal: reply.modal, index: 0, values: {}, lines: [] };
      return `${reply.modal.title}\n${askInput()}`;
    }
    // The same audiences as on Discord: what reaches the table or a DM loses what they may not read.
    const table = (view: Reply['view']) => forAudience(view, { kind: 'table', locale: view.locale });
    const me = userOf(user).id;
    const isGm = (await deps.store.transaction(async (tx) => channelGm(tx, `console:${channel}`)))?.userId === me;
    const actor = { kind: 'actor' as const, userId: me, ...(isGm ? { isGm: true } : {}) };
    const out = [renderConsole(reply.view.ephemeral ? forAudience(reply.view, actor) : table(reply.view), nameOf)];
    if (reply.aside) out.push(`── ${t()('console.onlyYou')} ──\n${renderConsole(forAudience(reply.aside, actor), nameOf)}`);
    for (const dm of reply.dms) out.push(`── ${t()('console.dm', { user: `@${nameOf(dm.userId)}` })} ──\n${renderConsole(forAudience(dm.view, { kind: 'person', userId: dm.userId, ...(dm.gm ? { isGm: true } : {}) }), nameOf)}`);
    if (reply.board) {
      // As Discord's delivery does (src/discord/board.ts): a board or tracker with render() is drawn from
      // the database, in the channel's language — the view a command built may be in its actor's (issue 30).
      const board = reply.board;
      const drawn = board.render ? (await deps.store.transaction(async (tx) => await board.render!(tx)))?.view : board.view;
      if (drawn) out.push(`── ${t()('console.board')} #${board.channelId.replace(/^console:/, '')} ──\n${renderConsole(table(drawn), nameOf)}`);
    }
    for (const post of reply.posts ?? []) out.push(`── #${post.channelId.replace(/^console:/, '')} ──\n${renderConsole(table(post.view), nameOf)}`);
    if (reply.speech) out.push(await consoleSpeech(deps.store, { guildId: CONSOLE_GUILD, actorId: me, at: (deps.now ?? (() => new Date()))() }, reply.speech));
    return out.join('\n\n');
  }

  function askInput(): string {
    const input = form!.modal.inputs[form!.index]!;
    return t()('console.formInput', { label: input.label, max: input.maxLength });
  }

  async function formLine(line: string): Promise<string> {
    const f = form!;
    if (line.trim() !== '.') {
      f.lines.push(line);
      return '';
    }
    const input = f.modal.inputs[f.index]!;
    f.values[input.customId] = f.lines.join('\n');
    f.lines = [];
    f.index += 1;
    if (f.index < f.modal.inputs.length) return askInput();
    form = null;
    const ctx = await context();
    const { reply } = await runHandler(`${f.module.definition.name}:modal`, ctx, deps.log, () => {
      if (!f.module.modal) throw new Error('no form handler');
      return f.module.modal(ctx, f.modal.customId, f.values);
    });
    return await show(reply, f.module);
  }

  /** `/press <id>` presses a button; `/press <id> <value>` chooses that value of a select menu. */
  async function press(arg: string): Promise<string> {
    const [customId = '', value] = arg.trim().split(/\s+/, 2);
    const module = findCommand(customId.split(':')[0] ?? '');
    if (!module?.component) return renderConsole(errorReply(locale, 'error.unknownCommand', { name: customId }).view, nameOf);
    const ctx = await context();
    const kind = value === undefined ? 'button' : 'select';
    const { reply, outcome } = await runHandler(`${module.definition.name}:${kind}`, ctx, deps.log, () =>
      value === undefined ? module.component!(ctx, customId) : module.component!(ctx, customId, [value]),
    );
    // As on Discord: a button its command cannot read is stale, not an internal error.
    return await show(outcome === 'error' ? errorReply(locale, 'error.staleButton') : reply, module);
  }

  async function command(line: string): Promise<string> {
    const [, name = '', rest = ''] = /^\/?(\S+)\s*(.*)$/s.exec(line) ?? [];
    const module = findCommand(name);
    if (!module) return renderConsole(errorReply(locale, 'error.unknownCommand', { name }).view, nameOf);
    const ctx = await context();
    let options;
    try {
      options = parseConsoleOptions(module.definition, rest, userOf);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      return renderConsole(errorReply(locale, error.key, error.params).view, nameOf);
    }
    const { reply } = await runCommand(module, ctx, options, deps.log);
    return await show(reply, module);
  }

  return {
    prompt: () => `${user}@#${channel}> `,
    async handle(input) {
      if (form) return formLine(input);
      const line = input.trim();
      if (!line) return '';
      const [word = '', arg = ''] = line.split(/\s+/, 2);
      switch (word.toLowerCase()) {
        case '/exit':
        case '/quit':
          return null;
        case '/as':
          if (arg) user = arg.replace(/^@/, '');
          return t()('console.as', { name: user });
        case '/lang':
          if ((LOCALES as readonly string[]).includes(arg)) locale = arg as Locale;
          return t()('console.lang', { locale });
        case '/channel':
          if (arg) channel = arg.replace(/^#/, '');
          return t()('console.channel', { channel });
        case '/whoami':
          return t()('console.whoami', { name: user, channel, locale });
        case '/press':
          return press(line.slice(word.length));
        default:
          // A bare expression is a roll: `8d6<=4` is the same as `/roll 8d6<=4`.
          return command(line.startsWith('/') ? line : `/roll ${line}`);
      }
    },
  };
}
