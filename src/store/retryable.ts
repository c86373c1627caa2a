// PostgreSQL's serialization failure and deadlock: the transaction did nothing and may simply run
// again. Its own module so that code above the store (the dispatcher's command transaction) can tell
// such a failure from a command's own error without loading the PostgreSQL driver.
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}
