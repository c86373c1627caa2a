import { and, eq, sql } from 'drizzle-orm';
import type { ChannelGmRow, CombatRow } from './schema/index.js';
import type { Tx } from './db.js';
import { prepared, slot } from './prepared.js';
import { first } from './rows.js';

// Every step of a fight reads it with its GM and writes its state back, and its tracker reads it again
// when it is edited: built once (./prepared.ts), not by drizzle's builder and SQLite's prepare each time.
const withGmStatement = ({ db, t: { combats, channelGms } }: Tx) =>
  db
    .select({ combat: combats, gm: channelGms })
    .from(combats)
    .leftJoin(channelGms, eq(channelGms.channelId, combats.channelId))
    .where(and(eq(combats.channelId, slot('channelId', combats.channelId)), eq(combats.status, 'active')));
const byIdStatement = ({ db, t: { combats } }: Tx) => db.select().from(combats).where(eq(combats.id, slot('id', combats.id)));
const stateStatement = ({ db, t: { combats } }: Tx) => db.update(combats).set({ state: sql.placeholder('state') }).where(eq(combats.id, slot('id', combats.id)));

export async function activeCombat(tx: Tx, channelId: string): Promise<CombatRow | undefined> {
  const { combats } = tx.t;
  return first(tx.db.select().from(combats).where(and(eq(combats.channelId, channelId), eq(combats.status, 'active'))));
}

/**
 * The channel's active fight and the channel's GM, in one statement: every step of a fight reads both
 * (who may move it), and on PostgreSQL each read is a round trip inside the command's transaction.
 */
export async function activeCombatWithGm(tx: Tx, channelId: string): Promise<{ combat: CombatRow; gm: ChannelGmRow | null } | undefined> {
  return first(prepared(tx, 'combat_with_gm', withGmStatement).execute({ channelId }));
}

export async function getCombat(tx: Tx, id: number): Promise<CombatRow | undefined> {
  return first(prepared(tx, 'combat_by_id', byIdStatement).execute({ id }));
}

export async function insertCombat(tx: Tx, row: Omit<CombatRow, 'id'>): Promise<number> {
  const { combats } = tx.t;
  const [inserted] = await tx.db.insert(combats).values(row).returning({ id: combats.id });
  return inserted!.id;
}

/** A fight's new state (every step). */
export async function updateCombatState(tx: Tx, id: number, state: unknown): Promise<void> {
  await prepared(tx, 'combat_state', stateStatement).execute({ id, state });
}

export async function updateCombat(tx: Tx, id: number, changes: Partial<Omit<CombatRow, 'id'>>): Promise<void> {
  const { combats } = tx.t;
  await tx.db.update(combats).set(changes).where(eq(combats.id, id));
}
