// The SQLite connection keeps its compiled statements by text (src/store/sqlite-statements.ts): drizzle
// prepared each read anew, and compiling was ~300 ms of the bot's thread in 20 s of the evening of
// tables (issue 32 §1).
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keepStatements } from '../../src/store/sqlite-statements.js';

function counted(max?: number) {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
  sqlite.exec("INSERT INTO t (name) VALUES ('セイバー'), ('アーチャー')");
  let compiled = 0;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => (compiled++, prepare(source))) as typeof sqlite.prepare;
  keepStatements(sqlite, max);
  return { sqlite, compiled: () => compiled };
}

describe('kept SQLite statements', () => {
  it('compiles a text once, and hands the statement back as a fresh one reads (not raw)', () => {
    const { sqlite, compiled } = counted();
    expect(sqlite.prepare('SELECT id, name FROM t ORDER BY id').raw().all()).toEqual([[1, 'セイバー'], [2, 'アーチャー']]);
    expect(sqlite.prepare('SELECT id, name FROM t ORDER BY id').all()).toEqual([{ id: 1, name: 'セイバー' }, { id: 2, name: 'アーチャー' }]);
    expect(compiled()).toBe(1);
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const { sqlite, compiled } = counted(2);
    const read = (id: number) => sqlite.prepare(`SELECT name FROM t WHERE id = ${id}`).get();
    read(1);
    read(2);
    read(1); // 1 is the most recent now
    read(3); // 2 goes
    expect(compiled()).toBe(3);
    read(1);
    expect(compiled()).toBe(3);
    read(2);
    expect(compiled()).toBe(4);
  });
});
