// A number (or word) that belongs to someone: a hidden enemy's stat (the GM's), a war faction's MP,
// luck, seals or mana (that faction's and the GM's), a secret declaration. It is wrapped with its
// readers where it is loaded and stays wrapped through arithmetic (map, combine), so it cannot be
// formatted into a line by accident: `t()` takes no Owned parameter (a type error), `${owned}` and
// String(owned) print '?' (and throw in strict mode, which every test runs), JSON prints '?'. The one
// way to print it is a line (./line.ts), rendered per reader by the adapters: a reader the owner
// admits reads the value, anyone else the rule's public word.
import type { Readers } from './view.js';

/** Who reads a view: the table (channel posts, public replies, boards), the actor, one person (a DM). */
export type Audience =
  | { kind: 'table'; locale: import('../i18n/index.js').Locale }
  | { kind: 'actor'; userId: string; isGm?: boolean }
  | { kind: 'person'; userId: string; isGm?: boolean };

export type Printable = string | number;

/** What a reader who may not know the value reads instead: a catalog key (default `owned.unknown`, "?"). */
export interface PublicWord {
  key: string;
  params?: Record<string, Printable>;
}

let strict = false;

/** Tests: printing an Owned value as plain text throws, so the test that reached it fails. */
export function setStrictSecrets(on: boolean): void {
  strict = on;
}

export class SecretLeak extends Error {
  constructor() {
    super('an owned value was formatted as plain text; put it in a line (src/views/line.ts) so each reader gets what they may know');
  }
}

const VALUE = Symbol('owned value');

export class Owned<T extends Printable = number> {
  readonly [VALUE]: T;
  constructor(
    value: T,
    readonly readers: Readers,
    readonly word?: PublicWord,
  ) {
    this[VALUE] = value;
  }

  /** Arithmetic keeps the owner. */
  map<U extends Printable>(f: (value: T) => U, word: PublicWord | undefined = this.word): Owned<U> {
    return new Owned(f(this[VALUE]), this.readers, word);
  }

  /** The value for a reader the owner admits; undefined for anyone else. */
  for(audience: Audience): T | undefined {
    return admits(this.readers, audience) ? this[VALUE] : undefined;
  }

  toString(): string {
    if (strict) throw new SecretLeak();
    return '?';
  }

  [Symbol.toPrimitive](): string {
    return this.toString();
  }

  toJSON(): string {
    return this.toString();
  }
}

/** A value with its owner, or the value as it is when nobody owns it (a public fact). */
export type Maybe<T extends Printable = number> = T | Owned<T>;

export function own<T extends Printable>(value: T, readers: Readers | null | undefined, word?: PublicWord): Maybe<T> {
  return readers ? new Owned(value, readers, word) : value;
}

export const isOwned = (value: unknown): value is Owned<Printable> => value instanceof Owned;

/** The public word of a number the table reads as another number (a war character's HP, secrecy.ts hpFor). */
export const shownAs = (value: number): PublicWord => ({ key: 'owned.shownAs', params: { value } });

/** The number a reader who may not know the value reads: the value itself when nobody owns it, the
 *  number its owner shows (shownAs), else null (the table reads a word, not a number). */
export function tableValue(value: Maybe<number>): number | null {
  if (!isOwned(value)) return value;
  const shown = value.word?.key === 'owned.shownAs' ? value.word.params?.['value'] : undefined;
  return typeof shown === 'number' ? shown : null;
}

/** `f` over the values; the result is owned by whoever may read all of the owned ones (their common readers). */
export function combine<U extends Printable>(values: readonly Maybe<Printable>[], f: (...plain: Printable[]) => U, word?: PublicWord): Maybe<U> {
  const owners = values.filter(isOwned).map((v) => v.readers);
  const plain = values.map((v) => (isOwned(v) ? v[VALUE] : v));
  if (owners.length === 0) return f(...plain);
  return new Owned(f(...plain), owners.reduce(commonReaders), word);
}

/** `f` over one value, keeping its owner. */
export function mapMaybe<T extends Printable, U extends Printable>(value: Maybe<T>, f: (plain: T) => U): Maybe<U> {
  return isOwned(value) ? value.map(f as (v: Printable) => U) : f(value as T);
}

/**
 * The plain value for a rule's arithmetic inside a service (never for a line): the core computes with
 * numbers; what it returns is wrapped again by the caller with the owner it came from.
 */
export function plainValue<T extends Printable>(value: Maybe<T>): T {
  return isOwned(value) ? (value[VALUE] as T) : value;
}

function commonReaders(a: Readers, b: Readers): Readers {
  const users = (a.users ?? []).filter((u) => (b.users ?? []).includes(u));
  return { ...(a.gm === true && b.gm === true ? { gm: true } : {}), ...(users.length ? { users } : {}) };
}

export function admits(readers: Readers | undefined, audience: Audience): boolean {
  if (!readers) return true;
  if (audience.kind === 'table') return false;
  return (readers.gm === true && audience.isGm === true) || (readers.users ?? []).includes(audience.userId);
}

/** The strictest audience: what anyone at the table may read. Renderers fall back to it. */
export const PUBLIC: Audience = { kind: 'table', locale: 'en' };
