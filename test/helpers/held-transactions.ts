// Transactions held open on purpose, each on a pooled connection of its own (PostgreSQL tests of the
// store's pools): started, each having sent a statement, and ended when the test says so.
import { sql } from 'drizzle-orm';
import type { Store } from '../../src/store/db.js';

export interface Held {
  /** whether release() was called */
  readonly released: boolean;
  /** lets the transactions end (idempotent) */
  release(): void;
  /** resolves when all of them have ended */
  ended: Promise<unknown>;
}

/** Starts `count` transactions and resolves once each holds its connection (has sent a statement). */
export async function holdTransactions(store: Store, count: number): Promise<Held> {
  let released = false;
  let release!: () => void;
  const open = new Promise<void>((resolve) => (release = () => ((released = true), resolve())));
  let begun = 0;
  const transactions = Array.from({ length: count }, () =>
    store.transaction(async (tx) => {
      await tx.db.execute(sql`select 1`);
      begun++;
      await open;
    }),
  );
  while (begun < count) await new Promise((resolve) => setTimeout(resolve, 10));
  return {
    get released() {
      return released;
    },
    release,
    ended: Promise.all(transactions),
  };
}
