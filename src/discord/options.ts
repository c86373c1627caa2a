import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import { UserError } from '../services/errors.js';
import { storeInteger } from '../services/integers.js';
import type { AttachmentOption, CommandOptions } from '../services/types.js';

type Plain = Pick<ChatInputCommandInteraction['options'], 'getSubcommand' | 'getString' | 'getInteger' | 'getBoolean'>;

/** The plain getters, the same for a command and for autocomplete. */
function plainOptions(o: Plain): Omit<CommandOptions, 'user' | 'attachment'> {
  return {
    subcommand: () => o.getSubcommand(false),
    string: (name) => o.getString(name),
    integer: (name) => storeInteger(name, o.getInteger(name)),
    boolean: (name) => o.getBoolean(name),
  };
}

/** discord.js's typed option getters behind the adapter-neutral interface. */
export function discordOptions(interaction: ChatInputCommandInteraction): CommandOptions {
  const o = interaction.options;
  return {
    ...plainOptions(o),
    user: (name) => {
      const user = o.getUser(name);
      if (!user) return null;
      const member = o.getMember(name);
      const display = member && 'displayName' in member ? member.displayName : (user.globalName ?? user.username);
      // In a server, Discord resolves a member for every member named; none for someone who is not one.
      return { id: user.id, name: display, ...(interaction.inGuild() && !member ? { notMember: true as const } : {}) };
    },
    attachment: (name) => {
      const file = o.getAttachment(name);
      if (!file) return null;
      return remoteAttachment(file.name, file.size, file.contentType, file.url);
    },
  };
}

/** While typing, only the plain options typed so far are known. */
export function autocompleteOptions(interaction: AutocompleteInteraction): CommandOptions {
  return {
    ...plainOptions(interaction.options),
    user: () => null,
    attachment: () => null,
  };
}

const DOWNLOAD_TIMEOUT_MS = 10_000;

/** A file on Discord's CDN: the declared size is checked first, then the bytes as they arrive. */
export function remoteAttachment(name: string, size: number, contentType: string | null, url: string): AttachmentOption {
  return {
    name,
    size,
    contentType,
    async read(maxBytes) {
      if (size > maxBytes) throw new UserError('error.fileTooLarge', { max: Math.floor(maxBytes / 1024) });
      const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) }).catch(() => null);
      if (!response?.ok || !response.body) throw new UserError('error.fileUnreadable', { name });
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body) {
        total += chunk.byteLength;
        if (total > maxBytes) throw new UserError('error.fileTooLarge', { max: Math.floor(maxBytes / 1024) });
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks);
    },
  };
}
