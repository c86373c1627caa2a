// A PC's library (seed 004): an ordered pile of cards, top first, plus what the rules park beside it —
// cards exiled by a boost until end of turn (lines 85, 102-106), how many top cards the player knows
// (line 15), and the turn's bookkeeping (one boost a turn, line 84; no identical judgement twice,
// lines 124-126). Every function returns a new Library and leaves its argument untouched; the value is
// plain JSON so the store can keep it as is.
import type { RandomSource } from '../random.js';
import type { CardData } from './card.js';
import { MtgError } from './errors.js';

export interface Card extends CardData {
  /** unique per copy within a library: `${name}#${copy}` */
  uid: string;
}

export interface TurnState {
  boostUsed: boolean;
  /** the judgements made this turn, as judgementKey() gives them ("green:2") */
  judgements: string[];
}

export interface Library {
  /** top first */
  cards: Card[];
  /** exiled until end of turn by a boost */
  exiled: Card[];
  /** how many top cards are known to the player */
  knownTop: number;
  turn: TurnState;
}

/** The most cards a library may hold (the decklist's main-deck limit). */
export const MAX_LIBRARY_CARDS = 500;

function newTurn(): TurnState {
  return { boostUsed: false, judgements: [] };
}

/** Fisher–Yates: for i from the last index down to 1, swap i with j = die(i + 1) − 1. n − 1 dice for n items. */
export function shuffled<T>(items: readonly T[], rng: RandomSource): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.die(i + 1) - 1;
    const held = out[i]!;
    out[i] = out[j]!;
    out[j] = held;
  }
  return out;
}

function copyCard(data: CardData, uid: string): Card {
  return {
    name: data.name,
    manaValue: data.manaValue,
    colors: [...data.colors],
    basicLandTypes: [...data.basicLandTypes],
    typeLine: data.typeLine,
    ...(data.printed ? { printed: { ...data.printed } } : {}),
    uid,
  };
}

/**
 * A fresh, shuffled library: `count` copies of each entry (copies of one name, even from separate
 * entries, are numbered on: Forest#1 … Forest#20). Refuses a count that is not a whole number ≥ 0,
 * a mana value that is not a finite number ≥ 0 (mtg.error.badCard), and more than
 * MAX_LIBRARY_CARDS cards (mtg.error.librarySize).
 */
export function buildLibrary(entries: { data: CardData; count: number }[], rng: RandomSource): Library {
  let total = 0;
  for (const { data, count } of entries) {
    if (!Number.isSafeInteger(count) || count < 0) throw new MtgError('mtg.error.badCount', { name: data.name, count });
    if (!Number.isFinite(data.manaValue) || data.manaValue < 0) throw new MtgError('mtg.error.badCard', { name: data.name });
    total += count;
    if (total > MAX_LIBRARY_CARDS) throw new MtgError('mtg.error.librarySize', { max: MAX_LIBRARY_CARDS });
  }
  const copies = new Map<string, number>();
  const cards: Card[] = [];
  for (const { data, count } of entries) {
    for (let k = 0; k < count; k++) {
      const n = (copies.get(data.name) ?? 0) + 1;
      copies.set(data.name, n);
      cards.push(copyCard(data, `${data.name}#${n}`));
    }
  }
  return { cards: shuffled(cards, rng), exiled: [], knownTop: 0, turn: newTurn() };
}

/** Shuffles the library; the player no longer knows any top card. Boost-exiled cards stay exiled (line 106). */
export function shuffle(lib: Library, rng: RandomSource): Library {
  return { ...lib, cards: shuffled(lib.cards, rng), knownTop: 0 };
}

/**
 * Records that the player knows the top n cards (after a scry or a look at the library), which the
 * next judgement exiles before revealing (line 15). n must be a whole number ≥ 0; more than the
 * library holds means all of it.
 */
export function setKnownTop(lib: Library, n: number): Library {
  if (!Number.isSafeInteger(n) || n < 0) throw new MtgError('mtg.error.knownTop', { max: lib.cards.length });
  return { ...lib, knownTop: Math.min(n, lib.cards.length) };
}

/**
 * End of turn (the cleanup step, line 104): the cards a boost exiled go to the bottom of the library
 * in random order (line 103; Fisher–Yates over them, in the order they were exiled), and the turn's
 * boost flag and list of judgements reset. Known top cards stay known.
 */
export function endTurn(lib: Library, rng: RandomSource): Library {
  return {
    cards: [...lib.cards, ...shuffled(lib.exiled, rng)],
    exiled: [],
    knownTop: Math.min(lib.knownTop, lib.cards.length),
    turn: newTurn(),
  };
}
