// Interaction → command → reply (+ DM copies). The reply always goes first: Discord gives us
// three seconds to answer; DMs follow, and a failed DM is reported to the invoker, ephemerally.
import { MessageFlags, PermissionFlagsBits, type ChatInputCommandInteraction, type Client, type Interaction } from 'discord.js';
import type { Logger } from 'pino';
import type { CommandGate } from '../command/gate.js';
import { errorReply, runCommand } from '../command/run.js';
import type { CommandContext, CommandModule } from '../command/types.js';
import type { RandomSource } from '../core/random.js';
import { toLocale, translator } from '../i18n/index.js';
import type { Store } from '../store/db.js';
import type { DirectMessage } from '../views/view.js';
import { discordOptions } from './options.js';
import { toInteractionReply, toMessage } from './render.js';

export interface DispatchDeps {
  client: Client;
  commands: (name: string) => CommandModule | undefined;
  store: Store;
  rng: RandomSource;
  gate: CommandGate;
  log: Logger;
  now?: () => Date;
}

export function createDispatcher(deps: DispatchDeps) {
  return async (interaction: Interaction): Promise<void> => {
    if (!interaction.isChatInputCommand()) return;
    const module = deps.commands(interaction.commandName);
    if (!module) return;
    const done = await deps.gate.run(() => handle(deps, module, interaction));
    if (done === undefined) {
      await interaction
        .reply(toInteractionReply(errorReply(toLocale(interaction.locale), 'error.shuttingDown').view))
        .catch((error: unknown) => deps.log.warn({ err: error }, 'could not refuse during shutdown'));
    }
  };
}

async function handle(deps: DispatchDeps, module: CommandModule, interaction: ChatInputCommandInteraction): Promise<true> {
  const locale = toLocale(interaction.locale);
  const ctx: CommandContext = {
    user: { id: interaction.user.id, name: displayName(interaction) },
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    locale,
    t: translator(locale),
    canManageChannel: interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
    store: deps.store,
    rng: deps.rng,
    now: deps.now ?? (() => new Date()),
  };
  const { reply } = await runCommand(module, ctx, discordOptions(interaction), deps.log);
  try {
    await interaction.reply(toInteractionReply(reply.view));
  } catch (error) {
    deps.log.error({ err: error, command: module.definition.name }, 'reply failed');
    return true;
  }
  await sendDms(deps, interaction, reply.dms);
  return true;
}

async function sendDms(deps: DispatchDeps, interaction: ChatInputCommandInteraction, dms: DirectMessage[]): Promise<void> {
  for (const dm of dms) {
    try {
      await deps.client.users.send(dm.userId, toMessage(dm.view));
    } catch (error) {
      deps.log.warn({ err: error, to: dm.userId }, 'DM failed');
      const t = translator(toLocale(interaction.locale));
      await interaction
        .followUp({ content: t('dm.failed', { user: `<@${dm.userId}>` }), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } })
        .catch((followUpError: unknown) => deps.log.warn({ err: followUpError }, 'DM-failure notice failed'));
    }
  }
}

function displayName(interaction: ChatInputCommandInteraction): string {
  const member = interaction.member;
  if (member && 'displayName' in member) return member.displayName;
  if (member && 'nick' in member && member.nick) return member.nick;
  return interaction.user.globalName ?? interaction.user.username;
}
