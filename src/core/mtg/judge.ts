// The action judgement (行動判定, seed 004 lines 4-46 and 107-137): reveal the top two cards of the
// library, target = MV of the first + difficulty, achievement = MV of the second + color modifier,
// success when target ≤ achievement.
import type { RandomSource } from '../random.js';
import { foldKanaAndWidth } from '../text/fold.js';
import { judgementColors } from './card.js';
import { colorRelation, isJudgeColor, type Color, type JudgeColor } from './colors.js';
import { MtgError } from './errors.js';
import type { Card, Library } from './library.js';

/** Difficulty is normally 0–8 (line 8) but may go below or above when a scenario needs it (line 9). */
export const DIFFICULTY_MIN = -99;
export const DIFFICULTY_MAX = 99;
/** The color modifier of line 20. */
export const SAME_COLOR_MODIFIER = 5;
export const ALLIED_COLOR_MODIFIER = 3;

export type ModifierKind = 'same' | 'allied' | 'none';

export interface JudgeResult {
  color: JudgeColor;
  difficulty: number;
  /** the action the player named, if any (part of what makes a judgement "the same", lines 124-126) */
  action?: string;
  /** the first revealed card: its mana value makes the target */
  first: Card;
  /** the second revealed card: its mana value and color make the achievement */
  second: Card;
  target: number;
  achievement: number;
  modifier: number;
  /** the color the second card counted as (chosen at random among several, line 109); null if none applies */
  modifierColor: Color | null;
  /** the colors the second card could count as: its colors plus its basic land types' (lines 22-23) */
  colorChoices: Color[];
  modifierKind: ModifierKind;
  success: boolean;
  /** how many known top cards were exiled before the reveal and put back on top in order (lines 15-16) */
  knownExiledAndReturned: number;
}

/**
 * What makes two judgements "the same" within a turn (lines 124-126): color and difficulty, and the
 * action when the player names it — two different actions (or two uses of a same-named item, line 127)
 * are not the same judgement. The action is compared as written, not as typed: case, width and kana
 * folded, whitespace trimmed and each run of it made one space, and a space beside a Japanese
 * character dropped (Japanese writes no spaces between words), so "pick  the lock" is "Pick the lock"
 * and 「扉を 開ける」 is 「扉を開ける」.
 */
export function judgementKey(color: JudgeColor, difficulty: number, action: string | null = null): string {
  const named = normalizedAction(action);
  return `${color}:${difficulty}${named ? `:${named}` : ''}`;
}

/** Kana, kanji and the CJK punctuation a Japanese action is written in. */
const JAPANESE = '\\u3000-\\u30ff\\u3400-\\u9fff\\uff66-\\uff9f';
const SPACE_BESIDE_JAPANESE = new RegExp(`(?<=[${JAPANESE}]) | (?=[${JAPANESE}])`, 'gu');

function normalizedAction(action: string | null): string {
  return foldKanaAndWidth(action ?? '').replace(/\s+/gu, ' ').trim().replace(SPACE_BESIDE_JAPANESE, '');
}

/**
 * An earlier judgement of this turn that a new one repeats (lines 124-126). Without an action named a
 * judgement is known only by its color and difficulty, so it is the same as any judgement of that
 * color and difficulty, named or not: naming a different action is what makes a retry a new judgement.
 */
function repeated(made: readonly string[], color: JudgeColor, difficulty: number, action: string | null): string | null {
  const bare = judgementKey(color, difficulty);
  const key = judgementKey(color, difficulty, action);
  return made.find((k) => k === key || k === bare || (key === bare && k.startsWith(`${bare}:`))) ?? null;
}

/** +5 for the judgement's own color, +3 for an allied color, 0 otherwise and always 0 in a colorless judgement. */
function colorModifier(judgement: JudgeColor, cardColor: Color | null): { modifier: number; kind: ModifierKind } {
  if (judgement === 'colorless' || cardColor === null) return { modifier: 0, kind: 'none' };
  const relation = colorRelation(judgement, cardColor);
  if (relation === 'same') return { modifier: SAME_COLOR_MODIFIER, kind: 'same' };
  if (relation === 'allied') return { modifier: ALLIED_COLOR_MODIFIER, kind: 'allied' };
  return { modifier: 0, kind: 'none' };
}

function checkRequest(lib: Library, color: JudgeColor, difficulty: number, action: string | null): string {
  if (!isJudgeColor(color)) throw new MtgError('mtg.error.badColor', { input: String(color) });
  if (!Number.isInteger(difficulty) || difficulty < DIFFICULTY_MIN || difficulty > DIFFICULTY_MAX) {
    throw new MtgError('mtg.error.difficulty', { min: DIFFICULTY_MIN, max: DIFFICULTY_MAX });
  }
  const key = judgementKey(color, difficulty, action);
  const earlier = repeated(lib.turn.judgements, color, difficulty, action);
  if (earlier === key) throw new MtgError('mtg.error.sameJudgement', { color, difficulty });
  // An unnamed judgement on either side: the same color and difficulty is the same judgement (L125).
  if (earlier !== null) throw new MtgError('mtg.error.sameJudgementUnnamed', { color, difficulty });
  return key;
}

/**
 * One judgement, in the seed's order:
 * 1. refuse a bad color, a difficulty outside −99…99 (mtg.error.difficulty) and the same color and
 *    difficulty twice in a turn (mtg.error.sameJudgement, lines 124-126);
 * 2. set the known top cards aside (exiled, line 15); with fewer than 2 cards left the judgement is not
 *    made (mtg.error.tooFewCards, lines 128-132) and, as nothing was changed, the library is as before;
 * 3. target = MV(first) + difficulty (line 13); achievement = MV(second) + modifier (lines 18-23): the
 *    second card counts as its colors and its basic land types' colors, one of them chosen by
 *    rng.die(n) when there are n ≥ 2 (lines 108-113); a colorless judgement rolls nothing (line 21);
 * 4. success when target ≤ achievement (line 31);
 * 5. both revealed cards to the bottom in random order (line 34): rng.die(2) = 1 keeps the first above
 *    the second (the second is then the very bottom), 2 swaps them; the known cards go back on top in
 *    their order (line 16) and stay known.
 * The judgement is recorded in the turn's list. The random source is used in that order: the color
 * pick (only if needed), then the bottom order.
 */
export function judge(lib: Library, color: JudgeColor, difficulty: number, rng: RandomSource, action: string | null = null): { library: Library; result: JudgeResult } {
  const key = checkRequest(lib, color, difficulty, action);
  const known = Math.min(Math.max(0, lib.knownTop), lib.cards.length);
  const rest = lib.cards.slice(known);
  if (rest.length < 2) throw new MtgError('mtg.error.tooFewCards', { count: rest.length, known });
  const first = rest[0]!;
  const second = rest[1]!;
  const target = first.manaValue + difficulty;

  const colorChoices = judgementColors(second);
  let modifierColor: Color | null = null;
  if (color !== 'colorless' && colorChoices.length > 0) {
    modifierColor = colorChoices.length === 1 ? colorChoices[0]! : colorChoices[rng.die(colorChoices.length) - 1]!;
  }
  const { modifier, kind } = colorModifier(color, modifierColor);
  const achievement = second.manaValue + modifier;

  const bottom = rng.die(2) === 1 ? [first, second] : [second, first];
  const library: Library = {
    cards: [...lib.cards.slice(0, known), ...rest.slice(2), ...bottom],
    exiled: lib.exiled,
    knownTop: known,
    turn: { ...lib.turn, judgements: [...lib.turn.judgements, key] },
  };
  return {
    library,
    result: {
      color,
      difficulty,
      ...(action?.trim() ? { action: action.trim().replace(/\s+/gu, ' ') } : {}),
      first,
      second,
      target,
      achievement,
      modifier,
      modifierColor,
      colorChoices: color === 'colorless' ? [] : colorChoices,
      modifierKind: kind,
      success: target <= achievement,
      knownExiledAndReturned: known,
    },
  };
}

/**
 * The result a player who knows the library's contents can already tell (lines 133-137): true or
 * false when every possible pair of cards (and every color pick) gives the same result, null when
 * it is open or no judgement can be made. The seed forbids judging then, but also speaks of
 * "critical cards" it does not define (line 135), so judge() does not refuse: the caller may warn
 * the GM. Known top cards are left out (they are exiled before the reveal); the check ignores the boost.
 */
export function foreseeableResult(lib: Library, color: JudgeColor, difficulty: number): boolean | null {
  const pool = lib.cards.slice(Math.min(Math.max(0, lib.knownTop), lib.cards.length));
  if (pool.length < 2) return null;
  const kinds = new Map<string, { manaValue: number; achievements: number[]; count: number }>();
  for (const card of pool) {
    const choices = judgementColors(card);
    const key = `${card.manaValue}|${choices.join(',')}`;
    const kind = kinds.get(key);
    if (kind) {
      kind.count++;
      continue;
    }
    const picks: (Color | null)[] = color === 'colorless' || choices.length === 0 ? [null] : choices;
    kinds.set(key, { manaValue: card.manaValue, achievements: picks.map((c) => card.manaValue + colorModifier(color, c).modifier), count: 1 });
  }
  const outcomes = new Set<boolean>();
  for (const [keyA, a] of kinds) {
    for (const [keyB, b] of kinds) {
      if (keyA === keyB && a.count < 2) continue;
      for (const achievement of b.achievements) outcomes.add(a.manaValue + difficulty <= achievement);
      if (outcomes.size > 1) return null;
    }
  }
  return outcomes.size === 1 ? outcomes.has(true) : null;
}
