import type { ChatInputCommandInteraction } from 'discord.js';
import type { CommandOptions } from '../command/types.js';

/** discord.js's typed option getters behind the adapter-neutral interface. */
export function discordOptions(interaction: ChatInputCommandInteraction): CommandOptions {
  const o = interaction.options;
  return {
    subcommand: () => o.getSubcommand(false),
    string: (name) => o.getString(name),
    integer: (name) => o.getInteger(name),
    boolean: (name) => o.getBoolean(name),
    user: (name) => {
      const user = o.getUser(name);
      if (!user) return null;
      const member = o.getMember(name);
      const display = member && 'displayName' in member ? member.displayName : (user.globalName ?? user.username);
      return { id: user.id, name: display };
    },
  };
}
