// A guild channel by id, for a post or a board edit, whether or not this process has its guild in
// cache: with shards split across processes, a DM button handled by shard 0's process may post to a
// guild that only another process receives from the gateway. discord.js refuses such a channel
// unless asked (allowUnknownGuild); REST does not care which shard we are.
import type { Client, SendableChannels } from 'discord.js';

export async function sendableChannel(client: Client, channelId: string): Promise<SendableChannels | null> {
  const channel = await client.channels.fetch(channelId, { allowUnknownGuild: true });
  return channel?.isSendable() ? channel : null;
}
