// Transactions inside transactions on PostgreSQL, without a round trip each (issue 32 §1). drizzle sent
// SAVEPOINT and RELEASE around every nested transaction: two round trips, 7 of a combat turn's 18
// statements, nearly always for nothing (a nested transaction that fails after writing is rare: a
// refusal after a write). So an attempt first runs optimistically, sending no savepoint; a nested
// transaction that fails after writing (or on an SQL error, which aborts the whole transaction) spoils
// the attempt, which is rolled back and run again with savepoints, each sent just before its scope's
// first write. Statements are routed through the connection wrapper below, which sees every one.

/**
 * Only a statement that starts with SELECT is taken to write nothing: a plain one, or a UNION of them,
 * which drizzle sends with its first part in parentheses (store/settings.ts). A writing statement
 * starts with its verb or WITH, never with a parenthesis.
 */
export const READS = /^\s*\(?\s*select\b/i;

export type Queryable = { query: (...args: unknown[]) => unknown };

/** One run of an outermost transaction's function. */
export interface Attempt {
  /** true: nested transactions send no savepoint, and one that fails after writing spoils the attempt */
  readonly optimistic: boolean;
  /** the error of the nested transaction that spoiled it */
  spoiled?: { error: unknown };
}

/** A nested transaction. */
export interface Scope {
  readonly name: string;
  readonly parent: Scope | undefined;
  /** its savepoint, sent (or being sent) before its first write, when the attempt is not optimistic */
  sent: Promise<unknown> | null;
  /** it (or a transaction inside it) wrote */
  wrote: boolean;
}

/** Thrown out of an attempt that a nested transaction spoiled: the transaction runs again with savepoints. */
export class Spoiled extends Error {
  constructor() {
    super('a nested transaction failed after writing; the transaction runs again with savepoints');
  }
}

export function scopeIn(parent: Scope | undefined): Scope {
  return { name: `sp${depthOf(parent) + 1}`, parent, sent: null, wrote: false };
}

function depthOf(scope: Scope | undefined): number {
  let depth = 0;
  for (let s = scope; s; s = s.parent) depth++;
  return depth;
}

const textOf = (args: unknown[]) => {
  const first = args[0] as string | { text?: string } | undefined;
  return typeof first === 'string' ? first : (first?.text ?? '');
};

/**
 * A pooled connection as the attempt running on it sees it (`attemptNow`): notes which scopes wrote
 * (optimistic), or sends a scope's savepoints (and those of the scopes around it) before its first
 * write; once the attempt is spoiled, refuses every statement but the ROLLBACK.
 */
export function nestingConnection(client: Queryable, attemptNow: () => Attempt, scopeNow: () => Scope | undefined): Queryable {
  const send = (scope: Scope): Promise<unknown> => {
    if (!scope.sent) {
      const before = scope.parent ? send(scope.parent) : Promise.resolve();
      // named by depth: a later sibling's savepoint of the same name shadows an earlier one's, as ROLLBACK TO wants
      scope.sent = before.then(() => client.query(`savepoint ${scope.name}`));
    }
    return scope.sent;
  };
  return {
    query(...args: unknown[]) {
      const attempt = attemptNow();
      if (attempt.spoiled && !/^\s*rollback\b/i.test(textOf(args))) return Promise.reject(new Spoiled());
      const scope = scopeNow();
      if (!scope || READS.test(textOf(args))) return client.query(...args);
      if (attempt.optimistic) {
        for (let s: Scope | undefined = scope; s && !s.wrote; s = s.parent) s.wrote = true;
        return client.query(...args);
      }
      if (scope.sent) return client.query(...args); // a sent scope's savepoints are all sent
      return send(scope).then(() => client.query(...args));
    },
  } as Queryable;
}

/** Whether PostgreSQL refused a statement (the transaction is aborted then): an error with an SQLSTATE code in its chain. */
export function isSqlError(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true;
  }
  return false;
}
