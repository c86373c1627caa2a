// Writes, and a last read that does not depend on them, sent to PostgreSQL as one statement: each
// write a data-modifying WITH of the next (issue 32 §1: every statement is a round trip inside the
// command's SERIALIZABLE transaction). They all run on one snapshot and none sees another's rows, so
// only writes to different rows go together, and only a read of rows none of them writes.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from './db.js';

const dialect = new PgDialect();

/** The read's rows as PostgreSQL returns them (column names, driver values); none without a read. */
export async function oneStatement(tx: Tx, writes: readonly SQL[], read?: SQL): Promise<Record<string, unknown>[]> {
  if (!tx.pg) throw new Error('oneStatement is for PostgreSQL');
  const parts = [...writes, ...(read ? [read] : [])].map((part) => dialect.sqlToQuery(part));
  if (parts.length === 0) return [];
  // each part's $n placeholders follow the parts before it
  let offset = 0;
  const texts = parts.map((part) => {
    const text = part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    offset += part.params.length;
    return text;
  });
  const last = texts.pop()!;
  const text = texts.length ? `WITH ${texts.map((t, i) => `w${i} AS (${t})`).join(', ')} ${last}` : last;
  const { rows } = await tx.pg(text, parts.flatMap((part) => part.params));
  return read ? rows : [];
}
