// Keeps one live board message per war (and one tracker per combat): edited on every change, posted
// anew when it was deleted (the edit fails) or when the GM asks for a re-post. Only the message id is
// stored. Several processes may update the same board at once (shards on several machines), so:
// - what is shown is rendered from the database after the write, not from the command's own copy;
// - after an edit lands, the state is read again and, if it changed meanwhile, the edit is redone:
//   whichever edit reaches Discord last was checked against the state after it, so none is lost;
// - a new message id is claimed with a conditional update; the loser deletes its message and edits
//   the winner's, so a war never keeps two boards.
import { DiscordAPIError, RESTJSONErrorCodes, type Client, type Message } from 'discord.js';
import type { Logger } from 'pino';
import { boardMessageId, claimBoardMessage } from '../store/boards.js';
import type { Store } from '../store/db.js';
import type { BoardUpdate, View } from '../views/view.js';
import { sendableChannel } from './channels.js';
import { toMessage } from './render.js';
import { forAudience } from '../views/audience.js';

/** Rounds of render → edit → re-check before giving up on a board that keeps changing under us. */
const MAX_ROUNDS = 5;

interface Snapshot {
  messageId: string | null;
  view: View | null;
}

export async function updateBoard(client: Client, store: Store, log: Logger, board: BoardUpdate): Promise<void> {
  const channel = await sendableChannel(client, board.channelId).catch(() => null);
  if (!channel || !('messages' in channel)) {
    log.warn({ channel: board.channelId }, 'board channel not reachable');
    return;
  }
  const kind = board.kind ?? 'war';
  const read = (): Promise<Snapshot> =>
    store.transaction(async (tx) => ({
      messageId: (await boardMessageId(tx, kind, board.warId)) ?? null,
      view: tableView(board.render ? await board.render(tx) : board.view),
    }));

  let repost = board.repost === true;
  let snapshot = await read();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!snapshot.view) return; // the war or combat is gone
    const payload = toMessage(snapshot.view);
    let edited = false;
    if (snapshot.messageId && !repost) {
      try {
        await channel.messages.edit(snapshot.messageId, { embeds: payload.embeds ?? [], components: [], allowedMentions: { parse: [] } });
        edited = true;
      } catch (error) {
        // Only a deleted message is replaced; any other failure (Discord down after discord.js's
        // retries) would leave the old board standing beside a new one, so it is reported instead.
        if (!(error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage)) throw error;
        log.info({ message: snapshot.messageId }, 'board message gone; posting a new one');
      }
    }
    if (!edited) {
      const message = await channel.send(payload);
      const won = await store.transaction(async (tx) => await claimBoardMessage(tx, kind, board.warId, snapshot.messageId, message.id));
      if (!won) {
        // Another process posted (or re-posted) first: ours goes, and the next round edits theirs.
        await message.delete().catch((error: unknown) => log.warn({ err: error, message: message.id }, 'could not delete a duplicate board'));
        repost = false;
        snapshot = await read();
        continue;
      }
      repost = false;
      snapshot = { ...snapshot, messageId: message.id };
      // The combat tracker is pinned so the table finds it; a missing pin permission only costs the pin.
      if (kind === 'combat') await pin(message, log);
    }
    const after = await read();
    if (same(after, snapshot)) return;
    snapshot = after;
  }
  log.warn({ board: board.warId, kind }, 'board kept changing; the next update will catch up');
}

/** A board is the table's: private blocks never reach it, whoever rendered it. */
function tableView(view: View | null): View | null {
  return view && forAudience(view, { kind: 'table', locale: view.locale });
}

/** Same message and same rendering: nothing changed since it was shown. */
function same(a: Snapshot, b: Snapshot): boolean {
  return a.messageId === b.messageId && JSON.stringify(a.view && toMessage(a.view)) === JSON.stringify(b.view && toMessage(b.view));
}

async function pin(message: Message, log: Logger): Promise<void> {
  await message.pin().catch((error: unknown) => log.info({ err: error }, 'could not pin the tracker'));
}
