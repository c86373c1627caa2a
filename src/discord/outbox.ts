// Effects as data (issue 28 §1): a command's DMs, channel posts and board edits are saved in the
// command's transaction (src/store/outbox.ts) and delivered after the commit, here. A failed reply
// cancels none of them; a transient failure (Discord's 5xx, a timeout) is tried again with backoff by
// whichever process sweeps first; a message create carries a nonce with enforce_nonce, so a delivery
// repeated after a crash (the message reached Discord, the process died before noting it) cannot post
// twice. A process that dies between the commit and the delivery leaves its rows leased for a while;
// the next sweep after the lease (this process restarted, or another sharing the database) sends them.
import { randomBytes } from 'node:crypto';
import { DiscordAPIError, HTTPError, RateLimitError, type Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Locale } from '../i18n/index.js';
import type { RandomSource } from '../core/random.js';
import type { Store, Tx } from '../store/db.js';
import { claimEffect, dueEffects, effectsDelivered, effectFailed, effectRetryLater, enqueueEffects, type NewOutboxRow, type OutboxRow } from '../store/outbox.js';
import { boardFromRef, boardRef, type BoardRef } from '../services/live-boards.js';
import { mention, text, type BoardUpdate, type Reply, type View } from '../views/view.js';
import { tableOf } from '../services/table.js';
import type { TableContext } from '../services/types.js';
import { updateBoard, type BoardOutcome } from './board.js';
import { sendableChannel } from './channels.js';
import { UnreachableChannel } from './failure.js';
import { pictureOf, toMessage } from './render.js';

export interface OutboxDeps {
  client: Client;
  store: Store;
  log: Logger;
  rng: RandomSource;
  now: () => Date;
  /** How long a process holds the effects it saved before another may take them over (default 60 s). */
  leaseMs?: number;
  /** Board edits of one message within this long become one (default BOARD_WINDOW_MS, src/discord/board.ts). */
  boardWindowMs?: number;
  /** false: this process holds every shard, and no other changes its boards (src/discord/board.ts); default true. */
  boardsShared?: boolean;
}

export type Effect =
  /** `channelId`: where the command ran; a DM that cannot be delivered waits in its reader's inbox, with a nudge there */
  | { kind: 'dm'; userId: string; view: View; channelId?: string }
  | { kind: 'post'; channelId: string; view: View }
  | { kind: 'board'; board: BoardUpdate; ref: BoardRef };

/** One saved effect: its row id and nonce, for the delivery right after the commit. */
export interface Saved {
  id: number;
  nonce: string;
  effect: Effect;
}

type Body = { view: View; channelId?: string } | { ref: BoardRef };

const DEFAULT_LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;

/** The reply's effects, as the dispatcher addressed them (each view already worded for its reader). */
export function effectsOf(reply: Reply, guildId: string | null, locale: Locale, channelId?: string): Effect[] {
  return [
    ...reply.dms.map((dm): Effect => ({ kind: 'dm', userId: dm.userId, view: dm.view, ...(channelId ? { channelId } : {}) })),
    ...(reply.board ? [{ kind: 'board' as const, board: reply.board, ref: boardRef(reply.board, guildId, locale) }] : []),
    ...(reply.posts ?? []).map((p): Effect => ({ kind: 'post', channelId: p.channelId, view: p.view })),
  ];
}

/** Saves the effects in the command's transaction, leased to this process, which delivers them after the commit. */
export async function saveEffects(tx: Tx, effects: Effect[], guildId: string | null, now: Date, leaseMs = DEFAULT_LEASE_MS): Promise<Saved[]> {
  const rows: NewOutboxRow[] = effects.map((e) => ({
    createdAt: now,
    guildId,
    batch: tx.batch,
    kind: e.kind,
    target: e.kind === 'dm' ? e.userId : e.kind === 'post' ? e.channelId : e.ref.channelId,
    body: (e.kind === 'board' ? { ref: e.ref } : { view: e.view, ...(e.kind === 'dm' && e.channelId ? { channelId: e.channelId } : {}) }) satisfies Body,
    // Discord keeps a nonce of at most 25 characters; 16 random bytes in base64url are 22
    nonce: randomBytes(16).toString('base64url'),
    nextAt: now,
  }));
  const ids = await enqueueEffects(tx, rows, new Date(now.getTime() + leaseMs));
  return ids.map((id, i) => ({ id, nonce: rows[i]!.nonce, effect: effects[i]! }));
}

export type Delivery = { ok: true; outcome?: BoardOutcome } | { ok: false; error: unknown; final: boolean };

/** Sends one effect to Discord; never throws. */
export async function sendEffect(deps: OutboxDeps, effect: Effect, nonce: string): Promise<Delivery> {
  try {
    if (effect.kind === 'dm') {
      await deps.client.users.send(effect.userId, { ...toMessage(effect.view, await pictureOf(effect.view)), nonce, enforceNonce: true });
      return { ok: true };
    }
    if (effect.kind === 'post') {
      const channel = await sendableChannel(deps.client, effect.channelId).catch((error: unknown) => {
        throw new UnreachableChannel(error);
      });
      if (!channel) throw new UnreachableChannel();
      await channel.send({ ...toMessage(effect.view, await pictureOf(effect.view)), nonce, enforceNonce: true });
      return { ok: true };
    }
    return { ok: true, outcome: await updateBoard(deps.client, deps.store, deps.log, effect.board, deps.boardWindowMs, deps.boardsShared ?? true) };
  } catch (error) {
    return { ok: false, error, final: !transient(error) };
  }
}

/**
 * Notes how deliveries ended, in one transaction after they were all sent (no database round trip
 * between two sends): delivered rows go, a transient failure waits for its next try, a final one stays
 * with its cause.
 */
export async function settle(deps: OutboxDeps, ended: { id: number; attempts: number; result: Delivery; effect: Effect; guildId: string | null }[]): Promise<number> {
  if (ended.length === 0) return 0;
  const delivered = ended.filter((e) => e.result.ok).map((e) => e.id);
  // All delivered (nearly always): their rows go in one statement, outside a transaction (PostgreSQL:
  // one round trip instead of BEGIN, a DELETE per row and COMMIT; issue 32 §1), which need not wait for
  // the disk: lost in a database crash, the effects are sent again, each create with its nonce.
  if (delivered.length === ended.length) {
    await deps.store.statement((tx) => effectsDelivered(tx, delivered), { durable: false });
    return 0;
  }
  return deps.store.transaction(async (tx) => {
    let nudges = 0;
    await effectsDelivered(tx, delivered);
    for (const { id, attempts, result, effect, guildId } of ended) {
      if (result.ok) {
        continue;
      } else if (result.final || attempts >= MAX_ATTEMPTS) {
        await effectFailed(tx, id, attempts, describe(result.error));
        // A private result its reader could not get by DM waits in their inbox; the channel where it
        // was decided says so, with a button only shows each presser their own.
        if (effect.kind === 'dm' && effect.channelId && guildId) {
          const table = await tableOf(tx, effect.channelId, guildId, 'en');
          await saveEffects(tx, [{ kind: 'post', channelId: effect.channelId, view: nudgeView(table, effect.userId) }], guildId, deps.now(), 0);
          nudges++;
        }
      } else {
        // 2 s, 4 s, 8 s … up to 5 minutes
        await effectRetryLater(tx, id, attempts, new Date(deps.now().getTime() + Math.min(300_000, 1000 * 2 ** attempts)), describe(result.error));
      }
    }
    return nudges;
  });
}

/** "@P1, a private result is waiting": public, in the channel's language, naming no content. */
function nudgeView(table: TableContext, userId: string): View {
  return {
    locale: table.locale,
    tone: 'info',
    blocks: [text(table.t('inbox.nudge', { user: mention(userId) }))],
    buttons: [{ customId: 'inbox:show', label: table.t('inbox.showMine'), style: 'primary' }],
    ephemeral: false,
  };
}

/** Delivers the rows a sweep found due: claimed first, so two processes never send one row at once. */
export async function sweep(deps: OutboxDeps, limit = 20): Promise<number> {
  const now = deps.now();
  const due = await deps.store.transaction((tx) => dueEffects(tx, now, limit));
  let sent = 0;
  for (const candidate of due) {
    const row = await deps.store.statement((tx) => claimEffect(tx, candidate.id, now, new Date(now.getTime() + (deps.leaseMs ?? DEFAULT_LEASE_MS))));
    if (!row) continue; // another process took it
    const effect = effectOfRow(row, deps);
    const result = await sendEffect(deps, effect, row.nonce);
    if (!result.ok) deps.log.warn({ err: result.error, outbox: row.id, kind: row.kind }, 'outbox delivery failed');
    await settle(deps, [{ id: row.id, attempts: row.attempts + 1, result, effect, guildId: row.guildId }]);
    if (result.ok) sent++;
  }
  return sent;
}

/** Sweeps every `everyMs` until stopped; a sweep's failure (the database away) is logged and the next one tries again. */
export function startSweeper(deps: OutboxDeps, everyMs = 2_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = sweep(deps).catch((error: unknown) => deps.log.warn({ err: error }, 'outbox sweep failed'));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick(); // what a previous process left undelivered, at start-up
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

function effectOfRow(row: OutboxRow, deps: OutboxDeps): Effect {
  const body = row.body as Body;
  if ('ref' in body) return { kind: 'board', board: boardFromRef(body.ref, deps), ref: body.ref };
  return row.kind === 'dm' ? { kind: 'dm', userId: row.target, view: body.view, ...(body.channelId ? { channelId: body.channelId } : {}) } : { kind: 'post', channelId: row.target, view: body.view };
}

/** Worth trying again: Discord's or the network's passing trouble, not a refusal. */
function transient(error: unknown): boolean {
  const cause = error instanceof UnreachableChannel && error.cause !== undefined ? error.cause : error;
  if (cause instanceof DiscordAPIError) return cause.status >= 500 || cause.status === 429;
  if (cause instanceof HTTPError) return cause.status >= 500 || cause.status === 429;
  if (cause instanceof RateLimitError) return true;
  if (error instanceof UnreachableChannel) return false;
  // a timeout, a reset connection, the REST queue aborted
  return true;
}

function describe(error: unknown): string {
  if (error instanceof DiscordAPIError) return `${error.status} ${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
