// Original tables (/table): a server's, and a channel's own, found by their folded names.
import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { TableEntry } from '../core/tables/original-table.js';
import type { Tx } from './db.js';
import type { Tables } from './schema/index.js';

export type OriginalTableRow = Omit<Tables['originalTables']['$inferSelect'], 'entries'> & { entries: TableEntry[] };
export type NewOriginalTable = Omit<OriginalTableRow, 'id'>;

const read = (row: Tables['originalTables']['$inferSelect']): OriginalTableRow => ({ ...row, entries: row.entries as TableEntry[] });

/** The server's tables and this channel's own (a channel table first where both have a name). */
const visibleHere = (tx: Tx, guildId: string, channelId: string) => {
  const { originalTables: t } = tx.t;
  return and(eq(t.guildId, guildId), or(isNull(t.channelId), eq(t.channelId, channelId)));
};

/** The tables reachable in a channel under any of `keys`: a channel's own before the server's. */
export async function tablesByKeys(tx: Tx, guildId: string, channelId: string, keys: readonly string[]): Promise<OriginalTableRow[]> {
  const { originalTables: t } = tx.t;
  if (keys.length === 0) return [];
  const rows = await tx.db.select().from(t).where(and(visibleHere(tx, guildId, channelId), inArray(t.key, [...keys])));
  return rows.map(read).sort(ownFirst);
}

const ownFirst = (a: OriginalTableRow, b: OriginalTableRow) => Number(a.channelId === null) - Number(b.channelId === null);

/** Every table reachable in the channel (the server's and the channel's own), by name, a channel's own first. */
export async function tablesHere(tx: Tx, guildId: string, channelId: string): Promise<OriginalTableRow[]> {
  const { originalTables: t } = tx.t;
  const rows = await tx.db.select().from(t).where(visibleHere(tx, guildId, channelId)).orderBy(asc(t.key), asc(t.id));
  return rows.map(read).sort((a, b) => (a.key === b.key ? ownFirst(a, b) : 0));
}

/** The table of that key in one scope: the server's (channelId null) or a channel's own. */
export async function tableInScope(tx: Tx, guildId: string, channelId: string | null, key: string): Promise<OriginalTableRow | undefined> {
  const { originalTables: t } = tx.t;
  const scope = channelId === null ? isNull(t.channelId) : eq(t.channelId, channelId);
  const [row] = await tx.db.select().from(t).where(and(eq(t.guildId, guildId), scope, eq(t.key, key)));
  return row ? read(row) : undefined;
}

export async function countGuildTables(tx: Tx, guildId: string): Promise<number> {
  const { originalTables: t } = tx.t;
  const [row] = await tx.db.select({ n: count() }).from(t).where(eq(t.guildId, guildId));
  return Number(row?.n ?? 0);
}

/** Inserts a table, or replaces the one given (same scope and key); returns its id. */
export async function saveTable(tx: Tx, row: NewOriginalTable, replacing?: OriginalTableRow): Promise<number> {
  const { originalTables: t } = tx.t;
  if (replacing) {
    await tx.db.update(t).set({ ...row, createdAt: replacing.createdAt }).where(eq(t.id, replacing.id));
    return replacing.id;
  }
  const [inserted] = await tx.db.insert(t).values(row).returning({ id: t.id });
  return inserted!.id;
}

export async function deleteTable(tx: Tx, id: number): Promise<void> {
  const { originalTables: t } = tx.t;
  await tx.db.delete(t).where(eq(t.id, id));
}
