// Hot statements (every /roll writes a roll and an event and reads the channel's GM) are built once:
// drizzle's query builder and SQLite's prepare cost more than running the statement (npm run bench).
// On SQLite one connection serves every transaction, so a statement is prepared once per store; on
// PostgreSQL the statement is named, and node-postgres parses it once per pooled connection.
import { sql, type Column } from 'drizzle-orm';
import type { PortableDb, Tx } from './db.js';

interface Preparable<P> {
  prepare(name: string): P;
}

const cache = new WeakMap<PortableDb, Map<string, unknown>>();

export function prepared<P>(tx: Tx, key: string, build: (tx: Tx) => Preparable<P>): P {
  if (tx.dialect !== 'sqlite') return build(tx).prepare(key);
  let statements = cache.get(tx.db);
  if (!statements) cache.set(tx.db, (statements = new Map()));
  let statement = statements.get(key) as P | undefined;
  if (statement === undefined) statements.set(key, (statement = build(tx).prepare(key)));
  return statement;
}

/**
 * A placeholder compared with `column`, its value mapped as the column maps values (drizzle maps a bare
 * placeholder in a condition only as the driver's raw value: a Discord id would not meet its blob).
 */
export function slot(name: string, column: Column) {
  return sql.param(sql.placeholder(name), column);
}
