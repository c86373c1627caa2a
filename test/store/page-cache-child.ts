// A process of its own for test/store/sqlite-page-cache.test.ts: on a new SQLite file (argv[2]), writes
// argv[3] MB of rows through the store's connection (argv[4] = store) or a plain better-sqlite3 one
// (plain: its 16 MB cache, the instrument's control), and prints how much malloc's main arena (the
// [heap] mapping, where the main thread's native allocations go: SQLite's page cache among them) grew
// meanwhile, in bytes. One connection a process: what the first left free in the arena would otherwise
// take the second's pages without growing it.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/sqlite.js';

function mainArena(): number {
  let rss = 0;
  let inHeap = false;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inHeap = line.endsWith('[heap]');
    else if (inHeap && line.startsWith('Rss:')) rss += Number(line.split(/\s+/)[1]) * 1024;
  }
  return rss;
}

const rows = (Number(process.argv[3]) * 1024 * 1024) / 800;

function grewWriting(db: Database.Database): number {
  const before = mainArena();
  db.exec('CREATE TABLE pad (id INTEGER PRIMARY KEY, body BLOB)');
  const insert = db.prepare('INSERT INTO pad (body) VALUES (randomblob(800))');
  const batch = db.transaction((n: number) => {
    for (let i = 0; i < n; i++) insert.run();
  });
  for (let done = 0; done < rows; done += 1_000) batch(Math.min(1_000, rows - done));
  // and every page read back once
  db.prepare('SELECT sum(length(body)) FROM pad').get();
  return mainArena() - before;
}

if (process.argv[4] === 'plain') {
  const plain = new Database(process.argv[2]!);
  plain.pragma('journal_mode = WAL');
  process.stdout.write(JSON.stringify(grewWriting(plain)));
  plain.close();
} else {
  const store = openSqliteStore(process.argv[2]!);
  process.stdout.write(JSON.stringify(grewWriting(store.sqlite)));
  await store.close();
}
