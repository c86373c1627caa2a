// What a roll produces: flat dice for storage (and later luck rerolls) plus a result tree that
// mirrors the expression, for the renderers.
import type { ArithmeticOp, Comparison, DiceKind, Keep } from './ast.js';

export interface RolledDie {
  sides: number;
  face: number;
  /** false when dropped by kh/kl/dh/dl */
  kept: boolean;
  /** whether it met its pool's comparison; null outside pools and for dropped dice */
  success: boolean | null;
  /** index of the success-counting pool it belongs to, null for sum dice */
  pool: number | null;
  /** earlier faces, oldest first, when a luck reroll (reroll.ts) rolled this die again */
  rerolledFrom?: number[];
}

export interface NumResult {
  type: 'num';
  value: number;
}

interface RolledTerm {
  /** canonical spelling, e.g. `4d6kh3` or `8d6<=4` */
  text: string;
  count: number;
  /** 66 for a d66 */
  sides: number;
  /** when true, `dice` holds pairs: dice[2i] is the tens d6, dice[2i+1] the ones d6 */
  d66: boolean;
  keep: Keep | null;
  /** the same objects as in DiceResult.dice */
  dice: RolledDie[];
}

export interface DiceResultNode extends RolledTerm {
  type: 'dice';
  /** sum of the kept dice */
  value: number;
}

export interface PoolResultNode extends RolledTerm {
  type: 'pool';
  cmp: Comparison;
  threshold: number;
  index: number;
  /** number of successes */
  value: number;
}

export interface NegResult {
  type: 'neg';
  operand: ResultNode;
  value: number;
}

export interface BinaryResult {
  type: 'binary';
  op: ArithmeticOp;
  left: ResultNode;
  right: ResultNode;
  value: number;
}

export interface GroupResult {
  type: 'group';
  inner: ResultNode;
  value: number;
}

/** Root of a target check (`2d6+3>=10`): the expression compared with a fixed number. */
export interface CompareResult {
  type: 'compare';
  operand: ResultNode;
  cmp: Comparison;
  target: number;
  success: boolean;
  value: number;
}

/**
 * A roll the channel's BCDice system answered (`choice[…]`, `PT60`): BCDice's own result line,
 * kept in the tree so the renderers, the secret commitment and the session log show it again.
 */
export interface BcdiceResult {
  type: 'bcdice';
  /** BCDice game system id, e.g. `DiceBot`, `PersonaO` */
  system: string;
  text: string;
  value: number;
  /** the faces the random source gave BCDice (a percentile's tens d10 as the d10 it is); the same objects as in DiceResult.dice */
  dice: RolledDie[];
  /** BCDice's own flags (a critical, a fumble, an automatic success's critical…); absent on rolls stored before issue 29 */
  critical?: boolean;
  fumble?: boolean;
}

/**
 * A roll on a table the players wrote (/table, BCDice's オリジナル表): each draw's dice and the entry
 * they picked, as its author wrote it. The frame (the table's name, its dice) is worded by the
 * renderers in the reader's language, so the session log replays it in its own.
 */
export interface TableResult {
  type: 'table';
  /** the table's name as its author wrote it */
  name: string;
  /** the table's dice as its header gives them: `2D6`, `1D100`, `D66` */
  roll: string;
  /** one per repetition (`x3 シーン表`), in order; each `dice` holds its dice, the same objects as in DiceResult.dice */
  draws: { dice: DiceResultNode; entry: string }[];
  /** the first draw's total */
  value: number;
}

export type ResultNode =
  | BcdiceResult
  | TableResult
  | NumResult
  | DiceResultNode
  | PoolResultNode
  | NegResult
  | BinaryResult
  | GroupResult
  | CompareResult;

export interface DiceResult {
  /** what the user typed */
  input: string;
  /** the expression as understood, canonical spelling, e.g. "8d6<=4+3d6<=3+2" */
  normalized: string;
  /** sum: arithmetic total; count: success-counting achievement; target: pass/fail vs a target number */
  kind: DiceKind;
  /** total (sum/target), achievement (count, or target on pools), the face for a lone die `1d100<=50` */
  value: number;
  outcome: 'success' | 'failure' | null;
  /** every die rolled, flat, in order (a d66 contributes its two d6) */
  dice: RolledDie[];
  tree: ResultNode;
  /**
   * Present for `x3 …` / `3#…`: every repetition, in order. The main fields then describe the
   * first repetition (so `dice` and `tree` stay consistent); input and normalized describe the whole.
   */
  repeats?: DiceResult[];
}

/** The value one die (or one d66 pair) shows, at position i of a term. */
export function termValue(term: { d66: boolean; dice: RolledDie[] }, i: number): number {
  return term.d66 ? term.dice[2 * i]!.face * 10 + term.dice[2 * i + 1]!.face : term.dice[i]!.face;
}

/** The die whose flags describe value i (for a d66, both faces carry the same flags). */
export function termDie(term: { d66: boolean; dice: RolledDie[] }, i: number): RolledDie {
  return term.d66 ? term.dice[2 * i]! : term.dice[i]!;
}

/** Every success-counting pool in the tree, left to right. */
export function collectPools(node: ResultNode, out: PoolResultNode[] = []): PoolResultNode[] {
  switch (node.type) {
    case 'pool':
      out.push(node);
      break;
    case 'neg':
      collectPools(node.operand, out);
      break;
    case 'binary':
      collectPools(node.left, out);
      collectPools(node.right, out);
      break;
    case 'group':
      collectPools(node.inner, out);
      break;
    case 'compare':
      collectPools(node.operand, out);
      break;
    default:
      break;
  }
  return out;
}
