// What a piece of code sends to PostgreSQL: every request through node-postgres's Client.query (pooled
// queries included), with its text and parameters, for tests that count round trips or explain plans.
import pg from 'pg';

export interface SentQuery {
  text: string;
  values: unknown[];
  /** the connection it went on: a transaction's statements are the ones between its BEGIN and COMMIT there */
  client: object;
}

export async function sentQueries(run: () => Promise<unknown>): Promise<SentQuery[]> {
  const sent: SentQuery[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    sent.push({ text: typeof first === 'string' ? first : first.text, values: (typeof first === 'string' ? undefined : first.values) ?? (args[1] as unknown[]) ?? [], client: this });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** The transactions among them, each from its BEGIN to its COMMIT or ROLLBACK on its connection. */
export function transactionsOf(sent: readonly SentQuery[]): SentQuery[][] {
  const open = new Map<object, SentQuery[]>();
  const done: SentQuery[][] = [];
  for (const q of sent) {
    if (/^\s*begin/i.test(q.text)) open.set(q.client, []);
    const tx = open.get(q.client);
    if (!tx) continue;
    tx.push(q);
    if (/^\s*(commit|rollback)\s*$/i.test(q.text)) {
      done.push(tx);
      open.delete(q.client);
    }
  }
  return done;
}
