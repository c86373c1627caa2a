// drizzle prepares every statement it runs on better-sqlite3 anew (session.prepareQuery): SQLite
// compiles the same text again for each read of every command, ~300 ms of the bot's thread in 20 s of
// the evening of tables (issue 32 §1, a CPU profile). The connection keeps its compiled statements by
// text instead, the least recently used dropped past a bound (texts with IN lists of many lengths).
import type Database from 'better-sqlite3';

export const STATEMENTS_KEPT = 400;

export function keepStatements(sqlite: Database.Database, max = STATEMENTS_KEPT): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (statement) {
      kept.delete(source); // to the end: the most recently used
      // as a fresh one reads: drizzle turns raw mode on for the reads it maps itself
      if (statement.reader) statement.raw(false);
    } else {
      statement = prepare(source);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
    }
    kept.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}
