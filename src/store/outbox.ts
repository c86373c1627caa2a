// The outbox: effects a command decided (DMs, channel posts, board edits), written in the command's own
// transaction and delivered after it commits (src/discord/outbox.ts). A row is taken for delivery by
// a conditional update that sets a lease (`claimedUntil`); whoever holds an unexpired lease delivers
// it, and a process that died leaves it to the next one once the lease is past.
import { and, asc, eq, inArray, isNull, lte, lt, or } from 'drizzle-orm';
import type { Tx } from './db.js';
import type { Tables } from './schema/index.js';

export type OutboxRow = Tables['outbox']['$inferSelect'];
export type NewOutboxRow = Omit<Tables['outbox']['$inferInsert'], 'id' | 'status' | 'attempts' | 'claimedUntil' | 'lastError'>;

/** Saves the effects, already claimed by this process until `leaseUntil` (it delivers them right after the commit). */
export async function enqueueEffects(tx: Tx, rows: NewOutboxRow[], leaseUntil: Date): Promise<number[]> {
  if (rows.length === 0) return [];
  const { outbox } = tx.t;
  const saved = await tx.db
    .insert(outbox)
    .values(rows.map((r) => ({ ...r, status: 'pending' as const, attempts: 0, claimedUntil: leaseUntil })))
    .returning({ id: outbox.id });
  return saved.map((r) => r.id);
}

/** Pending rows that are due and whose lease (if any) has run out: a sweeper's work, oldest first. */
export async function dueEffects(tx: Tx, now: Date, limit: number): Promise<OutboxRow[]> {
  const { outbox } = tx.t;
  return tx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAt, now), or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, now))))
    .orderBy(asc(outbox.nextAt), asc(outbox.id))
    .limit(limit);
}

/** Takes one row for delivery until `leaseUntil`, only if it is still pending and nobody holds it. The row as claimed, or undefined. */
export async function claimEffect(tx: Tx, id: number, now: Date, leaseUntil: Date): Promise<OutboxRow | undefined> {
  const { outbox } = tx.t;
  const free = or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, now));
  const [row] = await tx.db.update(outbox).set({ claimedUntil: leaseUntil }).where(and(eq(outbox.id, id), eq(outbox.status, 'pending'), free)).returning();
  return row;
}

/** Delivered: the rows go (what they said is in Discord now, and in the events); one statement. */
export async function effectsDelivered(tx: Tx, ids: number[]): Promise<void> {
  const { outbox } = tx.t;
  if (ids.length) await tx.db.delete(outbox).where(inArray(outbox.id, ids));
}

/** A transient failure: tried again at `nextAt` by whichever process sweeps first. */
export async function effectRetryLater(tx: Tx, id: number, attempts: number, nextAt: Date, error: string): Promise<void> {
  const { outbox } = tx.t;
  await tx.db.update(outbox).set({ attempts, nextAt, claimedUntil: null, lastError: error.slice(0, 500) }).where(eq(outbox.id, id));
}

/** A failure that trying again cannot mend (closed DMs, no access): kept with its cause. */
export async function effectFailed(tx: Tx, id: number, attempts: number, error: string): Promise<void> {
  const { outbox } = tx.t;
  await tx.db.update(outbox).set({ status: 'failed', attempts, claimedUntil: null, lastError: error.slice(0, 500) }).where(eq(outbox.id, id));
}

/** Private messages that could not reach this reader (final failures), oldest first: their inbox. */
export async function undeliveredFor(tx: Tx, userId: string, guildId: string): Promise<OutboxRow[]> {
  const { outbox } = tx.t;
  return tx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'dm'), eq(outbox.status, 'failed'), eq(outbox.target, userId), eq(outbox.guildId, guildId)))
    .orderBy(asc(outbox.id))
    .limit(50);
}

/** Read by their reader (shown in the channel, ephemerally): they go. */
export async function dismissEffects(tx: Tx, ids: number[]): Promise<void> {
  const { outbox } = tx.t;
  if (ids.length) await tx.db.delete(outbox).where(inArray(outbox.id, ids));
}
