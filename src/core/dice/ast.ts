// The parsed expression. Parsing happens once per distinct input (see cache.ts); the tree is
// never mutated afterwards, so one cached program can be rolled any number of times.

export type Comparison = '<=' | '<' | '>=' | '>' | '=' | '<>';
export type KeepMode = 'kh' | 'kl' | 'dh' | 'dl';
export type ArithmeticOp = '+' | '-' | '*' | '/';

export interface Keep {
  mode: KeepMode;
  count: number;
}

export interface NumNode {
  type: 'num';
  value: number;
  col: number;
}

/** `NdX`, `NdXkhK`…; a d66 is two d6 read as tens and ones (11–66), not a 66-sided die. */
export interface DiceNode {
  type: 'dice';
  count: number;
  /** 66 for a d66 */
  sides: number;
  d66: boolean;
  keep: Keep | null;
  /** canonical spelling, e.g. `4d6kh3` */
  text: string;
  col: number;
}

/** A success-counting pool: a dice term immediately followed by a comparison (`8d6<=4`). */
export interface PoolNode {
  type: 'pool';
  dice: DiceNode;
  cmp: Comparison;
  threshold: number;
  /** 0-based, in reading order; stored on every die as RolledDie.pool */
  index: number;
  /** canonical spelling, e.g. `8d6<=4` */
  text: string;
  col: number;
}

export interface NegNode {
  type: 'neg';
  operand: ExprNode;
  col: number;
}

export interface BinaryNode {
  type: 'binary';
  op: ArithmeticOp;
  left: ExprNode;
  right: ExprNode;
  /** column of the operator: division by zero and overflow point here */
  col: number;
}

/** Kept so `(2d6)>=7` prints back as written: without the brackets it would count dice. */
export interface GroupNode {
  type: 'group';
  inner: ExprNode;
  col: number;
}

export type ExprNode = NumNode | DiceNode | PoolNode | NegNode | BinaryNode | GroupNode;

/** A comparison after the whole expression: `2d6+3>=10`, `(2d6)>=7`, `8d6<=4+3d6<=3>=5`. */
export interface TargetClause {
  cmp: Comparison;
  value: number;
  col: number;
}

export type DiceKind = 'sum' | 'count' | 'target';

export interface DiceProgram {
  input: string;
  /** canonical spelling, e.g. `8d6<=4+3d6<=3+2` */
  normalized: string;
  kind: DiceKind;
  expr: ExprNode;
  target: TargetClause | null;
  /** a lone one-die pool (`1d100<=50`): reported as a pass/fail target check on the face */
  singleDie: boolean;
  /** dice rolled by one repetition (a d66 counts as 2) */
  diceCount: number;
  poolCount: number;
  /** 1 unless written `x3 …` or `3#…` */
  repeat: number;
}

export function compare(value: number, cmp: Comparison, target: number): boolean {
  switch (cmp) {
    case '<=':
      return value <= target;
    case '<':
      return value < target;
    case '>=':
      return value >= target;
    case '>':
      return value > target;
    case '=':
      return value === target;
    case '<>':
      return value !== target;
  }
}

/** Canonical text of an expression: lower-case, no spaces, explicit dice counts, `kh` for `k`. */
export function printExpr(node: ExprNode): string {
  switch (node.type) {
    case 'num':
      return String(node.value);
    case 'dice':
    case 'pool':
      return node.text;
    case 'neg':
      return `-${printExpr(node.operand)}`;
    case 'binary':
      return `${printExpr(node.left)}${node.op}${printExpr(node.right)}`;
    case 'group':
      return `(${printExpr(node.inner)})`;
  }
}

/** Floor division (toward −∞), exact for safe integers where Math.floor(a / b) can be off by one. */
export function floorDiv(a: number, b: number): number {
  const mod = ((a % b) + b) % b;
  return (a - mod) / b + 0; // + 0 turns -0 into 0
}
