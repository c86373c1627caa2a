// The judgement boost (行動判定ブースト, seed 004 lines 83-106): once a turn, after target and
// achievement are fixed, exile the top six cards of the library until end of turn and add one to the
// achievement per colorless card among them — basic lands count as colorless here (line 98).
import { isColorlessCard } from './card.js';
import { MtgError } from './errors.js';
import { judgementKey, type JudgeResult } from './judge.js';
import type { Card, Library } from './library.js';

/** Cards a boost exiles (line 85). */
export const BOOST_SIZE = 6;

export interface BoostResult {
  exiled: Card[];
  /** how many of the exiled cards are colorless */
  bonus: number;
  /** the judgement's achievement plus the bonus */
  achievement: number;
  success: boolean;
}

/** How many cards have no color; lands count by their own (absent) color, not their land type (line 98). */
function countColorless(cards: readonly Card[]): number {
  return cards.filter(isColorlessCard).length;
}

/** Why `judged` cannot be boosted on `lib` now (the refusals boost() throws), or null when it can. */
function boostRefusal(lib: Library, judged: JudgeResult): MtgError | null {
  if (lib.turn.boostUsed) return new MtgError('mtg.error.boostUsed');
  const n = lib.cards.length;
  const bottomUids = new Set([lib.cards[n - 1]?.uid, lib.cards[n - 2]?.uid]);
  const last = lib.turn.judgements[lib.turn.judgements.length - 1];
  if (
    n < 2 ||
    !bottomUids.has(judged.first.uid) ||
    !bottomUids.has(judged.second.uid) ||
    judged.first.uid === judged.second.uid ||
    last !== judgementKey(judged.color, judged.difficulty, judged.action ?? null)
  ) {
    return new MtgError('mtg.error.boostStale');
  }
  const available = n - boostStart(lib, judged) - 2;
  if (available < BOOST_SIZE) return new MtgError('mtg.error.boostTooFew', { count: available, need: BOOST_SIZE });
  return null;
}

/** Whether a Boost button makes sense right after `judged`. */
export function canBoost(lib: Library, judged: JudgeResult): boolean {
  return boostRefusal(lib, judged) === null;
}

/** Index of the first card the boost exiles: right below the known cards put back on top. */
function boostStart(lib: Library, judged: JudgeResult): number {
  return Math.min(Math.max(0, judged.knownExiledAndReturned), Math.max(0, lib.cards.length - 2));
}

/**
 * Boosts `judged`, the judgement just made on this library (judge() has already finished it).
 *
 * The boost happens at step 3 of the judgement (line 24, line 92), while the known top cards are still
 * set aside (they come back only after step 5, line 16) and the two revealed cards are off the library
 * (they are turned face down and shuffled before going to the bottom, line 46). So the six cards are
 * the ones that were on top at that moment: those right below the returned known cards, never the two
 * revealed cards now at the bottom; and "fewer than 6 cards" (line 93) counts the library without the
 * known cards and the two revealed ones.
 *
 * Refusals, each leaving the library as it was: a boost already used this turn (mtg.error.boostUsed,
 * line 84); `judged` not being the judgement just made — its two cards are not the bottom two, or it
 * is not the last one recorded this turn (mtg.error.boostStale); fewer than 6 cards
 * (mtg.error.boostTooFew, line 93). Success is decided again with the new achievement (line 101).
 */
export function boost(lib: Library, judged: JudgeResult): { library: Library; result: BoostResult } {
  const refusal = boostRefusal(lib, judged);
  if (refusal) throw refusal;
  const known = boostStart(lib, judged);
  const exiled = lib.cards.slice(known, known + BOOST_SIZE);
  const bonus = countColorless(exiled);
  const achievement = judged.achievement + bonus;
  return {
    library: {
      cards: [...lib.cards.slice(0, known), ...lib.cards.slice(known + BOOST_SIZE)],
      exiled: [...lib.exiled, ...exiled],
      knownTop: Math.min(lib.knownTop, known),
      turn: { ...lib.turn, boostUsed: true },
    },
    result: { exiled, bonus, achievement, success: judged.target <= achievement },
  };
}
