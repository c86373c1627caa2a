// Hot statements (every /roll writes a roll and an event and reads the channel's GM) are built once:
// drizzle's query builder and SQLite's prepare cost more than running the statement (npm run bench).
// On SQLite one connection serves every transaction, so a statement is prepared once per store. On
// PostgreSQL each pooled connection keeps its drizzle (./postgres.ts), so a statement is built once per
// connection, and named: node-postgres parses it once per connection too. A drizzle made for one call
// (a single statement or a read outside a transaction) keeps none.
import { getTableColumns, getTableName, sql, type Column, type Table } from 'drizzle-orm';
import type { PortableDb, RawSqlite, Tx } from './db.js';

interface Preparable<P> {
  prepare(name: string): P;
}

const cache = new WeakMap<PortableDb, Map<string, unknown>>();

/** A drizzle that outlives its transaction (one per pooled PostgreSQL connection): its statements are kept. */
export function keepPrepared(db: PortableDb): void {
  if (!cache.has(db)) cache.set(db, new Map());
}

export function prepared<P>(tx: Tx, key: string, build: (tx: Tx) => Preparable<P>): P {
  let statements = cache.get(tx.db);
  if (!statements) {
    if (tx.dialect !== 'sqlite') return build(tx).prepare(key);
    cache.set(tx.db, (statements = new Map()));
  }
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

type RawRun = (values: readonly unknown[]) => number;
const rawCache = new WeakMap<RawSqlite, Map<string, RawRun>>();

/**
 * An INSERT of the given columns straight on SQLite's connection, `values` in the order of `names`,
 * each mapped as its drizzle column maps it (ids, times, JSON, booleans): drizzle's prepared query
 * still builds and maps a result row per call, a quarter of a /roll's store time (npm run bench).
 * Returns the new row's id. On PostgreSQL (no raw connection) the caller uses its drizzle statement.
 */
export function rawInsert(tx: Tx, key: string, table: Table, names: readonly string[]): RawRun | null {
  if (!tx.sqlite) return null;
  let statements = rawCache.get(tx.sqlite);
  if (!statements) rawCache.set(tx.sqlite, (statements = new Map()));
  let run = statements.get(key);
  if (!run) {
    const all = getTableColumns(table) as Record<string, Column>;
    const columns = names.map((n) => all[n]!);
    const tableName = getTableName(table);
    const statement = tx.sqlite.prepare(`INSERT INTO "${tableName}" (${columns.map((c) => `"${c.name}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    // one array per call, filled in place: this runs twice for every roll
    run = (values) => {
      const bound = new Array<unknown>(columns.length);
      for (let i = 0; i < columns.length; i++) {
        const v = values[i];
        bound[i] = v === null || v === undefined ? null : columns[i]!.mapToDriverValue(v);
      }
      return Number(statement.run(...bound).lastInsertRowid);
    };
    statements.set(key, run);
  }
  return run;
}
