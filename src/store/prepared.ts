// Hot statements are built and prepared once per database: drizzle's query builder and SQLite's
// prepare cost far more than running a prepared statement (see npm run bench).
import type { Db } from './db.js';

const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) statements.set(key, (statement = build(db)));
  return statement;
}
