// Runs one command for either adapter: handler errors become localized ephemeral replies, and every
// command leaves one structured log line (no option values: they may be secret).
import type { Logger } from 'pino';
import { translator } from '../i18n/index.js';
import type { Reply } from '../views/view.js';
import { rememberLocale } from './locales.js';
import { refusalText } from './refusals.js';
import type { CommandContext, CommandModule, CommandOptions } from './types.js';

export type Outcome = 'ok' | 'refused' | 'error';

export function runCommand(
  module: CommandModule,
  ctx: CommandContext,
  options: CommandOptions,
  log: Logger,
): Promise<{ reply: Reply; outcome: Outcome }> {
  return runHandler(module.definition.name, ctx, log, () => module.execute(ctx, options), () => safeSubcommand(options));
}

/** Runs any handler (command, button, form) with the same error handling and log line. */
export async function runHandler(
  command: string,
  ctx: CommandContext,
  log: Logger,
  handler: () => Reply | Promise<Reply>,
  subcommand: () => string | null = () => null,
  options: RunOptions = {},
): Promise<{ reply: Reply; outcome: Outcome }> {
  const started = process.hrtime.bigint();
  let reply: Reply;
  let outcome: Outcome = 'ok';
  const remembering = options.remember !== false ? rememberUser(ctx, log) : undefined;
  if (remembering) await remembering;
  try {
    reply = await handler();
  } catch (error) {
    if (options.rethrow?.(error)) throw error;
    const refusal = refusalText(error, ctx.locale);
    if (refusal !== null) {
      outcome = 'refused';
      reply = errorReply(ctx.locale, 'error.text', { text: refusal });
    } else {
      outcome = 'error';
      log.error({ err: error, command }, 'command failed');
      reply = errorReply(ctx.locale, 'error.internal');
    }
  }
  log.info(
    {
      command,
      subcommand: subcommand(),
      guild: ctx.guildId,
      channel: ctx.channelId,
      user: ctx.user.id,
      durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
      outcome,
    },
    'command',
  );
  return { reply, outcome };
}

export interface RunOptions {
  /** The caller runs the handler inside its own transaction: errors it must see itself (a serialization failure to retry). */
  rethrow?: (error: unknown) => boolean;
  /** false: the caller remembered the user already (outside its transaction). */
  remember?: boolean;
}

/**
 * Remembered for DMs others cause later; a failure here must not cost the user the command. Undefined
 * when there was nothing new to remember (most commands: no promise to wait for).
 */
export function rememberUser(ctx: CommandContext, log: Logger): Promise<void> | undefined {
  return rememberLocale(ctx)?.catch((error: unknown) => log.warn({ err: error }, 'could not store the user locale'));
}

export function errorReply(locale: CommandContext['locale'], key: string, params: Record<string, string | number> = {}): Reply {
  const t = translator(locale);
  return {
    view: { locale, tone: 'error', title: t('error.title'), blocks: [{ kind: 'text', text: t(key, params) }], ephemeral: true },
    dms: [],
  };
}

function safeSubcommand(options: CommandOptions): string | null {
  try {
    return options.subcommand();
  } catch {
    return null;
  }
}
