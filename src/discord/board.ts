// Keeps one live board message per war (and one tracker per combat): edited on every change, posted
// anew when it was deleted (the edit fails) or when the GM asks for a re-post. Only the message id is
// stored. Several processes may update the same board at once (shards on several machines), so:
// - what is shown is rendered from the database after the write, not from the command's own copy;
// - after an edit lands, the state is read again and, if it changed meanwhile, the edit is redone:
//   whichever edit reaches Discord last was checked against the state after it, so none is lost
//   (a process that holds every shard is the only one that changes boards: its own changes wait in
//   the board's lane, so it skips that read: issue 32 §1, two or three statements and a render an edit);
// - a new message id is claimed with a conditional update; the loser deletes its message and edits
//   the winner's, so a war never keeps two boards.
// Under load (issue 32 §1) a board is edited at most once a window (./board-lanes.ts): the updates
// asked for meanwhile become one edit, an edit whose board is already waiting for a newer one is not
// sent, and an unchanged board or picture is not sent again.
import { createHash } from 'node:crypto';
import { DiscordAPIError, RESTJSONErrorCodes, type Client } from 'discord.js';
import type { Logger } from 'pino';
import { boardMessageId, claimBoardMessage } from '../store/boards.js';
import type { Store, Tx } from '../store/db.js';
import type { BoardUpdate, View } from '../views/view.js';
import { sendableChannel } from './channels.js';
import { pictureOf, toBoardEdit, toMessage } from './render.js';
import { drawnPicture, type RenderedPicture } from '../pictures/index.js';
import { forAudience } from '../views/audience.js';
import { tableSettings } from '../store/settings.js';
import { UnreachableChannel } from './failure.js';
import { Lanes } from './board-lanes.js';

/** Board edits of one message within this long become one (the last state wins). */
export const BOARD_WINDOW_MS = 1_000;
/** How long a board's edit waits for its picture to be drawn before the text goes alone (the picture follows). */
const PICTURE_WAIT_MS = 500;

/** Rounds of render → edit → re-check before giving up on a board that keeps changing under us. */
const MAX_ROUNDS = 5;

/**
 * Which picture each board message shows (hash and file name), so an unchanged state is not uploaded
 * again. Per process: another process that edits the board only costs one upload.
 */
const shownPictures = new Map<string, { hash: string; name: string }>();
const MAX_SHOWN = 5_000;

function rememberPicture(messageId: string, picture: RenderedPicture | null): void {
  if (shownPictures.size >= MAX_SHOWN) shownPictures.clear();
  if (picture) shownPictures.set(messageId, { hash: picture.hash, name: picture.name });
  else shownPictures.delete(messageId);
}

/** What each board message shows (a hash of its view), so an edit that would change nothing is not sent. */
const shownViews = new Map<string, string>();
const viewHash = (view: View) => createHash('sha1').update(JSON.stringify(view)).digest('base64');

function rememberView(messageId: string, view: View | null): void {
  if (shownViews.size >= MAX_SHOWN) shownViews.clear();
  if (view) shownViews.set(messageId, viewHash(view));
  else shownViews.delete(messageId);
}

const withinMs = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);

/**
 * Edits the board, once: text and picture together when the picture is drawn within PICTURE_WAIT_MS
 * (drawn here, after the command's reply went out: never on the interaction's 3-second path); else the
 * text goes with the old picture and the new one follows in a second edit, unless a newer edit of the
 * board is already waiting (it brings its own). Nothing is sent when the board shows this view already.
 */
async function editBoard(channel: { messages: { edit(id: string, body: ReturnType<typeof toBoardEdit>): Promise<unknown> } }, messageId: string, view: View, superseded: () => boolean): Promise<void> {
  const shown = shownPictures.get(messageId) ?? null;
  const unchanged = shownViews.get(messageId) === viewHash(view);
  if (!view.picture) {
    if (unchanged && !shown) return;
    await channel.messages.edit(messageId, toBoardEdit(view, null));
    rememberPicture(messageId, null);
    rememberView(messageId, view);
    return;
  }
  const drawing = pictureOf(view);
  const ready = drawnPicture(view.picture) ?? (await withinMs(drawing, PICTURE_WAIT_MS));
  if (ready !== undefined) {
    if (unchanged && (ready?.hash ?? null) === (shown?.hash ?? null)) return;
    // an unchanged picture is not uploaded again: the message keeps its attachment
    await channel.messages.edit(messageId, ready && ready.hash === shown?.hash ? toBoardEdit(view, null, shown) : toBoardEdit(view, ready));
    rememberPicture(messageId, ready);
    rememberView(messageId, view);
    return;
  }
  await channel.messages.edit(messageId, toBoardEdit(view, null, shown));
  rememberView(messageId, view);
  const drawn = await drawing;
  if (superseded() || !drawn || drawn.hash === shown?.hash) return;
  await channel.messages.edit(messageId, toBoardEdit(view, drawn));
  rememberPicture(messageId, drawn);
}

interface Snapshot {
  messageId: string | null;
  view: View | null;
}

/** How an update ended when it did not throw: a tracker posted but not pinned says why. */
export interface BoardOutcome {
  pinError?: unknown;
}

/** Each client's board lanes (a process may hold several clients: shards). */
const lanesOf = new WeakMap<Client, Lanes<BoardUpdate, BoardOutcome>>();

/**
 * Throws when the board could not be posted or edited (UnreachableChannel, a Discord error), so the actor is told why.
 * Resolves once an edit showing the state as it is now has reached Discord: at once, or at the end of the
 * board's window (`windowMs`) together with every other update asked for meanwhile. `shared`: another
 * process may change this board (shards held by several processes); false only for a process that
 * holds every shard, whose edits are then not read back.
 */
export function updateBoard(client: Client, store: Store, log: Logger, board: BoardUpdate, windowMs = BOARD_WINDOW_MS, shared = true): Promise<BoardOutcome> {
  let lanes = lanesOf.get(client);
  if (!lanes) {
    // the newest request's render (all render from the database at send time); a re-post if any asked for one
    lanes = new Lanes((waiting, next) => ({ ...next, ...(waiting.repost || next.repost ? { repost: true } : {}) }));
    lanesOf.set(client, lanes);
  }
  const key = `${board.kind ?? 'war'}:${board.warId}`;
  const lanesHere = lanes;
  return lanes.request(key, board, windowMs, (merged) => updateBoardNow(client, store, log, merged, () => lanesHere.superseded(key), shared));
}

async function updateBoardNow(client: Client, store: Store, log: Logger, board: BoardUpdate, superseded: () => boolean, shared: boolean): Promise<BoardOutcome> {
  const channel = await sendableChannel(client, board.channelId).catch((error: unknown) => {
    throw new UnreachableChannel(error);
  });
  if (!channel || !('messages' in channel)) throw new UnreachableChannel();
  const outcome: BoardOutcome = {};
  const kind = board.kind ?? 'war';
  // The server's picture setting (/gm images) is read with the board; a DM has no server.
  const guildId = 'guildId' in channel && typeof channel.guildId === 'string' ? channel.guildId : null;
  // Read outside a transaction (Store.reads): what it shows is read again after the edit. The table's
  // settings, read by the render and for the picture setting, are read once; the message id comes with
  // the render's own row (a board without a render reads it alone).
  const read = (): Promise<Snapshot> =>
    store.reads(async (reader) => {
      const tx: Tx = { ...reader, memo: new Map() };
      const rendered = board.render ? await board.render(tx) : { view: board.view, messageId: (await boardMessageId(tx, kind, board.warId)) ?? null };
      if (!rendered) return { messageId: null, view: null };
      return { messageId: rendered.messageId, view: tableView(rendered.view, (await tableSettings(tx, board.channelId, guildId)).images !== false) };
    });

  let repost = board.repost === true;
  let snapshot = await read();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!snapshot.view) return outcome; // the war or combat is gone
    let edited = false;
    if (snapshot.messageId && !repost) {
      try {
        await editBoard(channel, snapshot.messageId, snapshot.view, superseded);
        edited = true;
      } catch (error) {
        // Only a deleted message is replaced; any other failure (Discord down after discord.js's
        // retries) would leave the old board standing beside a new one, so it is reported instead.
        if (!(error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage)) throw error;
        log.info({ message: snapshot.messageId }, 'board message gone; posting a new one');
      }
    }
    if (!edited) {
      // A new board is posted whole, its picture drawn first (after the reply, off the 3-second path).
      const picture = await pictureOf(snapshot.view);
      const message = await channel.send(toMessage(snapshot.view, picture));
      rememberPicture(message.id, picture);
      rememberView(message.id, snapshot.view);
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
      if (kind === 'combat') {
        const error = await pin(channel, message.id, log);
        if (error !== undefined) outcome.pinError = error;
      }
    }
    // changed meanwhile: by a command of this process, whose update waits in the lane and will show it,
    // or by another process, whose edit may have reached Discord before ours: shown again here
    if (superseded() || !shared) return outcome;
    const after = await read();
    if (same(after, snapshot)) return outcome;
    snapshot = after;
  }
  log.warn({ board: board.warId, kind }, 'board kept changing; the next update will catch up');
  return outcome;
}

/** A board is the table's: private blocks never reach it, whoever rendered it; no picture where the server turned them off. */
function tableView(view: View, images: boolean): View {
  const table = forAudience(view, { kind: 'table', locale: view.locale });
  if (images || !table.picture) return table;
  const { picture: _picture, ...text } = table;
  return text;
}

/** Same message and same content (the picture is drawn from the view): nothing changed since it was shown. */
function same(a: Snapshot, b: Snapshot): boolean {
  return a.messageId === b.messageId && JSON.stringify(a.view) === JSON.stringify(b.view);
}

/**
 * Pinned through the channel we hold (fetched by REST if need be), not message.pin(), which needs the
 * channel in discord.js's cache and fails for a server this process has no cache of. A failure only
 * costs the pin; it is returned so the GM learns which permission is missing.
 */
async function pin(channel: { messages: { pin(id: string): Promise<unknown> } }, messageId: string, log: Logger): Promise<unknown> {
  try {
    await channel.messages.pin(messageId);
    return undefined;
  } catch (error) {
    log.info({ err: error }, 'could not pin the tracker');
    return error;
  }
}
