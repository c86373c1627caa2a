// Acting order by IV (seed 001 <戦闘ルール> L197–201; digest fate-roll-dice-core.md §1.9, §8.2).
import { evaluateDice } from '../../dice/index.js';
import type { RandomSource } from '../../random.js';
import { FateError } from '../errors.js';
import { combatInt } from './rows.js';

export interface InitiativeEntry {
  id: number;
  iv: number;
  /** voluntary delay this turn (L197), down to IV 0 at most (L201) */
  delay: number;
  /** the AGI check + LUK check used to break a tie (L198), e.g. "8d6<=4+6d6<=3" */
  tieCheck: string;
  /**
   * The choice the rules give this character, 'first' by default:
   * - delayed into a tie with characters who did not delay: act before or after them (L199);
   * - winner of a tie's opposed check: act first, or yield and act after the others (L198
   *   "勝った方がどちらが先に行動するかを決められる…あえて相手に先手を譲るのもあり").
   */
  tieChoice?: 'first' | 'last';
}

export interface TieRoll {
  /** everyone in this opposed check */
  ids: number[];
  /** round 1 has everyone; later rounds only those still tied with someone (L198: reroll until decided) */
  rounds: { id: number; achievement: number }[][];
}

export interface InitiativeResult {
  /** ids, first to act first */
  order: number[];
  tieRolls: TieRoll[];
}

export const MAX_IV = 999;
/** A tie still undecided after this many rounds is handed to the GM (two all-EX checks never differ). */
export const MAX_TIE_ROUNDS = 50;

/** IV after a voluntary delay; it cannot go below 0 (L201): FateError `fate.combat.error.delayTooLarge` {iv, delay}. */
export function delayedIv(iv: number, delay: number): number {
  combatInt('iv', iv, 0, MAX_IV);
  combatInt('delay', delay, 0, MAX_IV);
  if (delay > iv) throw new FateError('fate.combat.error.delayTooLarge', { iv, delay });
  return iv - delay;
}

/**
 * Highest effective IV (iv − delay) first (L197). Equal IVs:
 * - nobody delayed, or everyone delayed (L200): opposed check of AGI + LUK achievements (tieCheck),
 *   rerolled among those still tied until every place is decided (L198); highest first, then each
 *   character's tieChoice lets the winner yield (see InitiativeEntry.tieChoice);
 * - some delayed into the tie (L199): no roll between a delayer and a non-delayer; each delayer's
 *   tieChoice puts it before or after the non-delayers. Delayers on the same side of them roll
 *   among themselves (their choice is used up); the non-delayers roll as above.
 * Throws FateError `fate.combat.error.duplicateId` {id}, `fate.combat.error.notACount`
 * {expression}, `fate.combat.error.tieUndecided` {ids, rounds}; a bad expression throws DiceError.
 */
export function initiativeOrder(entries: InitiativeEntry[], rng: RandomSource): InitiativeResult {
  const seen = new Set<number>();
  for (const e of entries) {
    if (seen.has(e.id)) throw new FateError('fate.combat.error.duplicateId', { id: e.id });
    seen.add(e.id);
  }
  const effective = new Map(entries.map((e) => [e.id, delayedIv(e.iv, e.delay)]));
  const values = [...new Set(effective.values())].sort((a, b) => b - a);
  const tieRolls: TieRoll[] = [];
  const order: number[] = [];
  for (const value of values) {
    const group = entries.filter((e) => effective.get(e.id) === value);
    const undelayed = group.filter((e) => e.delay === 0);
    const delayed = group.filter((e) => e.delay > 0);
    if (undelayed.length === 0 || delayed.length === 0) {
      order.push(...withChoices(rank(group, rng, tieRolls)));
    } else {
      const before = delayed.filter((e) => e.tieChoice !== 'last');
      const after = delayed.filter((e) => e.tieChoice === 'last');
      order.push(...ids(rank(before, rng, tieRolls)));
      order.push(...withChoices(rank(undelayed, rng, tieRolls)));
      order.push(...ids(rank(after, rng, tieRolls)));
    }
  }
  return { order, tieRolls };
}

function ids(entries: InitiativeEntry[]): number[] {
  return entries.map((e) => e.id);
}

/**
 * The rolled ranking, then each in turn (winner first) takes the first free place or, yielding,
 * the last free one: for two characters the winner decides who acts first (L198).
 */
function withChoices(ranked: InitiativeEntry[]): number[] {
  const front: number[] = [];
  const back: number[] = [];
  for (const e of ranked) {
    if (e.tieChoice === 'last') back.unshift(e.id);
    else front.push(e.id);
  }
  return [...front, ...back];
}

/** Orders tied entries by opposed checks; everyone still tied with someone rerolls each round. */
function rank(group: InitiativeEntry[], rng: RandomSource, tieRolls: TieRoll[]): InitiativeEntry[] {
  if (group.length < 2) return group;
  let buckets: InitiativeEntry[][] = [group];
  const rounds: TieRoll['rounds'] = [];
  while (buckets.some((b) => b.length > 1)) {
    if (rounds.length === MAX_TIE_ROUNDS) {
      const open = buckets.filter((b) => b.length > 1).flat();
      throw new FateError('fate.combat.error.tieUndecided', { ids: open.map((e) => e.id).join(', '), rounds: MAX_TIE_ROUNDS });
    }
    const round: { id: number; achievement: number }[] = [];
    const next: InitiativeEntry[][] = [];
    for (const bucket of buckets) {
      if (bucket.length === 1) {
        next.push(bucket);
        continue;
      }
      const rolled = bucket.map((e) => ({ e, achievement: rollAchievement(e.tieCheck, rng) }));
      for (const r of rolled) round.push({ id: r.e.id, achievement: r.achievement });
      const levels = [...new Set(rolled.map((r) => r.achievement))].sort((a, b) => b - a);
      for (const level of levels) next.push(rolled.filter((r) => r.achievement === level).map((r) => r.e));
    }
    rounds.push(round);
    buckets = next;
  }
  tieRolls.push({ ids: group.map((e) => e.id), rounds });
  return buckets.flat();
}

/**
 * Rolls a success-counting check (e.g. "8d6<=4+6d6<=3") and returns its achievement. Throws
 * FateError `fate.combat.error.notACount` {expression} for a sum, a target roll or a repeated roll;
 * a malformed expression throws DiceError.
 */
export function rollAchievement(expression: string, rng: RandomSource): number {
  const result = evaluateDice(expression, rng);
  if (result.kind !== 'count' || result.repeats !== undefined) {
    throw new FateError('fate.combat.error.notACount', { expression });
  }
  return result.value;
}
