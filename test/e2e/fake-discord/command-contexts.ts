// Where Discord's client offers a command, so a test cannot invoke one where no user could see it.
// - A global command's `contexts` lists where it is offered (0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL);
//   when `contexts` is present Discord ignores the deprecated `dm_permission`; without it the default
//   is GUILD and BOT_DM, minus BOT_DM when `dm_permission` is false.
// - A guild command is offered only in its own guild, never in a DM.
// - An unregistered command goes unchecked (bare-client tests send some), as its options do.
// The fake's interactions are in a guild channel (guildId set) or in the user's DM with the bot (guildId null).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { ClientInputError } from './client-options.js';

export const CONTEXT_GUILD = 0;
export const CONTEXT_BOT_DM = 1;

/** The interaction contexts a registered command body is offered in. */
export function offeredContexts(body: any): number[] {
  if (Array.isArray(body?.contexts)) return body.contexts;
  return body?.dm_permission === false ? [CONTEXT_GUILD] : [CONTEXT_GUILD, CONTEXT_BOT_DM];
}

function describeRegistration(body: any): string {
  return Array.isArray(body?.contexts) ? `contexts ${JSON.stringify(body.contexts)}` : `dm_permission: ${JSON.stringify(body?.dm_permission)}`;
}

/**
 * Throws when the client would not offer command `name` where the test sends it.
 * `commands`: the registrations by scope ('global' or a guild id); `guildId`: null for the bot's DM;
 * `channelType`: the type of the channel the test named, if it exists (1 = DM).
 */
export function checkOffered(
  commands: ReadonlyMap<string, { bodies: any[] }>,
  name: string,
  guildId: string | null,
  channelType?: number,
): void {
  const find = (scope: string) => commands.get(scope)?.bodies.find((b) => b?.name === name);
  if (guildId !== null && channelType === 1) {
    throw new ClientInputError(name, 'a DM channel belongs to no guild: send it with guildId: null, or in a guild channel');
  }
  const global = find('global');
  if (guildId !== null) {
    if (find(guildId) || !global) return;
    if (!offeredContexts(global).includes(CONTEXT_GUILD)) {
      throw new ClientInputError(name, `registered with ${describeRegistration(global)}, the client does not offer it in a server`);
    }
    return;
  }
  if (global) {
    if (!offeredContexts(global).includes(CONTEXT_BOT_DM)) {
      throw new ClientInputError(name, `registered guild-only (${describeRegistration(global)}), the client does not offer it in a DM: send it in a guild channel`);
    }
    return;
  }
  const guilds = [...commands].filter(([scope]) => scope !== 'global' && find(scope)).map(([scope]) => scope);
  if (guilds.length) {
    throw new ClientInputError(name, `registered only as a command of guild ${guilds.join(', ')}, which the client never offers in a DM`);
  }
}
