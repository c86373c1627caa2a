// Keeps one live board message per war: edited on every change, posted anew when it was deleted
// (the edit fails) or when the GM asks for a re-post. Only the message id is stored.
import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Store } from '../store/db.js';
import { getCombat, updateCombat } from '../store/combats.js';
import { getWar, updateWar } from '../store/wars.js';
import type { BoardUpdate } from '../views/view.js';
import { toMessage } from './render.js';

export async function updateBoard(client: Client, store: Store, log: Logger, board: BoardUpdate): Promise<void> {
  const channel = await client.channels.fetch(board.channelId).catch(() => null);
  if (!channel?.isSendable() || !('messages' in channel)) {
    log.warn({ channel: board.channelId }, 'board channel not reachable');
    return;
  }
  const payload = toMessage(board.view);
  const combat = board.kind === 'combat';
  const current = await store.transaction(async (tx) => (combat ? (await getCombat(tx, board.warId))?.trackerMessageId : (await getWar(tx, board.warId))?.boardMessageId) ?? null);
  if (current && !board.repost) {
    try {
      await channel.messages.edit(current, { embeds: payload.embeds ?? [], components: [], allowedMentions: { parse: [] } });
      return;
    } catch (error) {
      log.info({ err: error, message: current }, 'board message gone; posting a new one');
    }
  }
  const message = await channel.send(payload);
  await store.transaction(async (tx) => (combat ? await updateCombat(tx, board.warId, { trackerMessageId: message.id }) : await updateWar(tx, board.warId, { boardMessageId: message.id })));
  // The combat tracker is pinned so the table finds it; a missing pin permission only costs the pin.
  if (combat) await message.pin().catch((error: unknown) => log.info({ err: error }, 'could not pin the tracker'));
}
