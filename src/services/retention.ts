// Runs retention on a timer: rolls and events older than RETENTION_DAYS that nothing still needs are
// pruned (src/store/retention.ts). Every process may run it: each run is one transaction, and a
// second process pruning the same rows finds nothing left to do.
import type { Logger } from 'pino';
import type { Store } from '../store/db.js';
import { pruneBefore } from '../store/retention.js';

const EVERY_MS = 6 * 60 * 60_000;

export function scheduleRetention(store: Store, days: number, log: Logger, now: () => Date = () => new Date()): () => void {
  if (days <= 0) return () => undefined;
  const run = () => {
    const cutoff = new Date(now().getTime() - days * 86_400_000);
    store
      .transaction((tx) => pruneBefore(tx, cutoff))
      .then((pruned) => log.info({ ...pruned, cutoff }, 'retention: pruned'))
      .catch((error: unknown) => log.error({ err: error }, 'retention failed'));
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
