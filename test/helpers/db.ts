// Reading the store from tests, the same on SQLite and PostgreSQL: a table by name, an optional
// condition on its columns, rows in id order (newest first with `newest`).
import { asc, desc, type SQL } from 'drizzle-orm';
import type { Store } from '../../src/store/db.js';
import type { TableName, Tables } from '../../src/store/schema/index.js';

type Row<K extends TableName> = Tables[K]['$inferSelect'];

export async function rows<K extends TableName>(
  store: Store,
  table: K,
  where?: (columns: Tables[K]) => SQL | undefined,
  order: 'oldest' | 'newest' = 'oldest',
): Promise<Row<K>[]> {
  return store.transaction(async (tx) => {
    const t = tx.t[table] as any;
    let query = tx.db.select().from(t).$dynamic();
    const condition = where?.(tx.t[table]);
    if (condition) query = query.where(condition);
    if ('id' in t) query = query.orderBy(order === 'newest' ? desc(t.id) : asc(t.id));
    return (await query) as Row<K>[];
  });
}

/** The first row (newest first with `newest`); fails the test when there is none. */
export async function row<K extends TableName>(
  store: Store,
  table: K,
  where?: (columns: Tables[K]) => SQL | undefined,
  order: 'oldest' | 'newest' = 'oldest',
): Promise<Row<K>> {
  const found = (await rows(store, table, where, order))[0];
  if (!found) throw new Error(`no ${table} row matches`);
  return found;
}
