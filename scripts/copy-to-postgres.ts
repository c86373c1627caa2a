// `npm run db:copy-to-postgres -- <sqlite file> <postgres url>`: moves a group's SQLite database to
// PostgreSQL without losing its war. Every table is copied with its ids in one PostgreSQL transaction
// (all or nothing), identity sequences are moved past the copied ids, and every table's row count is
// compared before it commits. The target must be empty (a fresh database; migrations are applied here).
import { asc, count, getTableName, gt } from 'drizzle-orm';
import type { Store, Tx } from '../src/store/db.js';
import { openPostgresStore, resetSequences } from '../src/store/postgres.js';
import { tableNames, type TableName } from '../src/store/schema/index.js';
import { openSqliteStore } from '../src/store/sqlite.js';

const CHUNK = 500;

export interface CopyReport {
  table: TableName;
  rows: number;
}

async function countRows(store: Store, table: TableName): Promise<number> {
  return store.transaction(async (tx) => {
    const [row] = await tx.db.select({ n: count() }).from(tx.t[table] as any);
    return Number(row?.n ?? 0);
  });
}

/** Rows of one table: by id, a chunk at a time; the small tables keyed otherwise (GMs, locales …) whole. */
async function* chunks(store: Store, table: TableName): AsyncGenerator<Record<string, unknown>[]> {
  for (let last = 0; ; ) {
    const batch = await store.transaction(async (tx) => {
      const t = tx.t[table] as any;
      if (!('id' in t)) return (await tx.db.select().from(t)) as Record<string, unknown>[];
      return (await tx.db.select().from(t).where(gt(t.id, last)).orderBy(asc(t.id)).limit(CHUNK)) as Record<string, unknown>[];
    });
    if (batch.length > 0) yield batch;
    if (batch.length < CHUNK || !('id' in batch[0]!)) return;
    last = batch[batch.length - 1]!.id as number;
  }
}

export async function copyToPostgres(sqliteFile: string, postgresUrl: string): Promise<CopyReport[]> {
  const source = openSqliteStore(sqliteFile);
  const target = await openPostgresStore(postgresUrl);
  try {
    for (const table of tableNames) {
      if ((await countRows(target, table)) > 0) throw new Error(`The PostgreSQL database is not empty (${table} has rows): copy into a fresh database.`);
    }
    const report: CopyReport[] = [];
    await target.transaction(async (tx: Tx) => {
      for (const table of tableNames) {
        let copied = 0;
        for await (const batch of chunks(source, table)) {
          await tx.db.insert(tx.t[table] as any).values(batch as any);
          copied += batch.length;
        }
        report.push({ table, rows: copied });
      }
      await resetSequences(tx.db, tableNames.filter((n) => 'id' in (tx.t[n] as object)).map((n) => getTableName(tx.t[n])));
      // Verify inside the transaction: a mismatch rolls everything back.
      for (const { table, rows } of report) {
        const [row] = await tx.db.select({ n: count() }).from(tx.t[table] as any);
        const inTarget = Number(row?.n ?? 0);
        const inSource = await countRows(source, table);
        if (inTarget !== rows || inSource !== rows) throw new Error(`Row counts differ for ${table}: SQLite ${inSource}, copied ${rows}, PostgreSQL ${inTarget}. Nothing was committed.`);
      }
    });
    return report;
  } finally {
    await source.close();
    await target.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [sqliteFile, postgresUrl = process.env.DATABASE_URL] = process.argv.slice(2);
  if (!sqliteFile || !postgresUrl || !/^postgres(ql)?:\/\//.test(postgresUrl)) {
    console.error('Usage: npm run db:copy-to-postgres -- <sqlite file> <postgres://user:password@host:5432/database>');
    process.exit(2);
  }
  copyToPostgres(sqliteFile, postgresUrl)
    .then((report) => {
      for (const { table, rows } of report) console.log(`${table.padEnd(18)} ${rows} rows`);
      console.log('Copied and verified. Point DATABASE_URL at PostgreSQL and start the bot.');
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
