// The Irregular table (イレギュラー表): 2d6 once at war start (seed 001 L71–91, L59; digest
// fate-roll-dice-core.md §10). Pure: the dice come from the injected RandomSource.
import type { RandomSource } from '../random.js';

/** Result names by 2d6 total (L77–87); `ex` (L88) can only be chosen through 9 (Ill Fate). */
export const IRREGULAR_NAMES = {
  2: 'intrusion',
  3: 'conspiracy',
  4: 'veteran',
  5: 'strange',
  6: 'turmoil',
  7: 'superCatastrophe',
  8: 'catastrophe',
  9: 'illFate',
  10: 'exception',
  11: 'calamity',
  12: 'contamination',
} as const;
export type IrregularValue = keyof typeof IRREGULAR_NAMES;
export type IrregularName = (typeof IRREGULAR_NAMES)[IrregularValue] | 'ex';

/** How many further rolls 6 (2, L81), 7 (4, L82) and 8 (3, L83) make. */
export const SUB_ROLLS: Readonly<Record<number, number>> = { 6: 2, 7: 4, 8: 3 };

/** Sub-rolls showing one of these are rolled again (L81–83). */
export const REROLLED_IN_SUB_ROLLS: readonly number[] = [6, 7, 8];

/** Results that add one master and one servant, stacking (4: L79, 10: L85). */
export const ADDS_TEAM: readonly number[] = [4, 10];

/** Results the GM must decide: 5 invents or picks (L80), 9 picks anything incl. 6/7/8/EX (L84). */
export const GM_CHOICE: readonly number[] = [5, 9];

/** A 6/7/8 sub-roll showing 6/7/8 again is rerolled; this many in a row is not a dice stream. */
const MAX_REROLLS = 1000;

export interface IrregularRoll {
  /** the 2d6 total kept, 2..12 */
  value: number;
  /** for 6/7/8: the 2/4/3 further rolls (L81–83), otherwise empty */
  sub: IrregularRoll[];
  /** sub-roll totals of 6, 7 or 8 that were discarded before `value`, in order (L81–83) */
  rerolled: number[];
}

export interface IrregularResult {
  root: IrregularRoll;
  /** leaf results applied, in order: the root itself, or the sub-rolls of a 6/7/8 */
  applied: number[];
  /** +1 per 4 and per 10 among `applied` (L79, L85: stacking) */
  mastersDelta: number;
  servantsDelta: number;
  /** a 5 or 9 among `applied`: the GM must invent or choose (L80, L84) */
  gmChoice: boolean;
  /** the results the GM chose for the 5 or 9 (L80, L84), with their team deltas (irregularTally) */
  chosen?: { values: (number | 'ex')[]; mastersDelta: number; servantsDelta: number };
}

/** Results the GM may choose for a 5 or 9: any but 5 and 9 themselves, EX included (L80, L84). */
export const CHOOSABLE: readonly (number | 'ex')[] = [2, 3, 4, 6, 7, 8, 10, 11, 12, 'ex'];
export const MAX_CHOSEN = 8;

/**
 * The GM's choice for a 5 or 9 (L80: pick from the table as for 9; L84: anything, 6/7/8 and EX
 * too, several results for a 6/7/8). A chosen 4 or 10 still adds a team (L79, L85). Throws
 * RangeError when the roll has no 5 or 9, or a value cannot be chosen.
 */
export function chooseIrregular(result: IrregularResult, values: readonly (number | 'ex')[]): IrregularResult {
  if (!result.gmChoice) throw new RangeError('no 5 or 9 to choose for');
  if (values.length === 0 || values.length > MAX_CHOSEN) throw new RangeError(`choose 1 to ${MAX_CHOSEN} results`);
  for (const v of values) if (!CHOOSABLE.includes(v)) throw new RangeError(`${v} cannot be chosen`);
  const tally = irregularTally(values.filter((v): v is number => v !== 'ex'));
  return { ...result, chosen: { values: [...values], mastersDelta: tally.mastersDelta, servantsDelta: tally.servantsDelta } };
}

/**
 * Rolls the table once (L75): 2d6; on 6/7/8 the table is rolled 2/4/3 more times and every
 * result applies, each sub-roll rolled again while it shows 6, 7 or 8 (L81–83), so sub-rolls
 * never nest. The GM may reroll an unwanted outcome by calling this again (L91).
 */
export function rollIrregular(rng: RandomSource): IrregularResult {
  const value = roll2d6(rng);
  const count = SUB_ROLLS[value] ?? 0;
  const sub: IrregularRoll[] = [];
  for (let i = 0; i < count; i++) sub.push(rollSub(rng));
  const root: IrregularRoll = { value, sub, rerolled: [] };
  const applied = count > 0 ? sub.map((s) => s.value) : [value];
  return { root, applied, ...irregularTally(applied) };
}

/**
 * Deltas and the GM flag of a list of applied results. Also for results the GM chose through 9
 * or picked for 5 (a chosen 4 or 10 still adds a team, L79, L85).
 */
export function irregularTally(applied: readonly number[]): Pick<IrregularResult, 'mastersDelta' | 'servantsDelta' | 'gmChoice'> {
  const teams = applied.filter((v) => ADDS_TEAM.includes(v)).length;
  return { mastersDelta: teams, servantsDelta: teams, gmChoice: applied.some((v) => GM_CHOICE.includes(v)) };
}

/** The result's name; throws RangeError outside 2..12. */
export function irregularName(value: number): IrregularName {
  if (!isIrregularValue(value)) throw new RangeError(`an Irregular table result is 2..12, got ${value}`);
  return IRREGULAR_NAMES[value];
}

/** Catalog keys of a result's name and effect (`war.irregular.<name>` / `.effect`). */
export function irregularKeys(value: number | 'ex'): { name: string; effect: string } {
  const name = value === 'ex' ? 'ex' : irregularName(value);
  return { name: `war.irregular.${name}`, effect: `war.irregular.${name}.effect` };
}

function isIrregularValue(value: number): value is IrregularValue {
  return Number.isInteger(value) && value >= 2 && value <= 12;
}

function rollSub(rng: RandomSource): IrregularRoll {
  const rerolled: number[] = [];
  let value = roll2d6(rng);
  while (REROLLED_IN_SUB_ROLLS.includes(value)) {
    if (rerolled.length >= MAX_REROLLS) throw new Error(`Irregular sub-roll showed 6, 7 or 8 ${MAX_REROLLS} times in a row`);
    rerolled.push(value);
    value = roll2d6(rng);
  }
  return { value, sub: [], rerolled };
}

function roll2d6(rng: RandomSource): number {
  return rng.die(6) + rng.die(6);
}
