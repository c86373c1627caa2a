// Luck rerolls (幸運, seed 001 <戦闘ルール> L215–217): after a check, one use of Luck rolls every
// failed die of that check again ("振り足す"); successes stay, new successes are added. The
// input result is never changed: a new, self-consistent result is returned, its rerolled dice
// carrying their earlier faces (RolledDie.rerolledFrom) so the renderers can show `~~5~~→**2**`.
//
// Also home of the small result-tree toolkit the Command Seal effects (fate/seals.ts) reuse:
// cloneResult() deep-copies a stored result (also one read back from JSON, where the tree's dice
// and the flat list are no longer the same objects) and settleResult() recomputes every value
// and the outcome after dice flags changed.
import type { RandomSource } from '../random.js';
import { FateError } from '../fate/errors.js';
import { compare, floorDiv } from './ast.js';
import { collectPools, termDie, termValue, type DiceResult, type ResultNode, type RolledDie } from './result.js';

/**
 * Rolls every failed kept die of every success-counting pool once more. Dice still failed after
 * an earlier reroll are rolled again (one Luck use each time, digest §15.3). A result without a
 * failed die comes back with the same values (callers refuse that case: see failedDiceCount).
 * Throws FateError `fate.error.notACheck` for a result without a pool, and
 * `fate.error.repeatedRoll` for an `x3 …` roll (a Luck use belongs to one check).
 */
export function rerollFailed(result: DiceResult, rng: RandomSource): DiceResult {
  const copy = checkResultCopy(result);
  for (const pool of collectPools(copy.tree)) {
    for (let i = 0; i < pool.count; i++) {
      const die = termDie(pool, i);
      if (!die.kept || die.success !== false) continue;
      const faces = pool.d66 ? [pool.dice[2 * i]!, pool.dice[2 * i + 1]!] : [die];
      for (const d of faces) {
        d.rerolledFrom = [...(d.rerolledFrom ?? []), d.face];
        d.face = rng.die(d.sides);
      }
      const success = compare(termValue(pool, i), pool.cmp, pool.threshold);
      for (const d of faces) d.success = success;
    }
  }
  return settleResult(copy);
}

/** Failed kept dice in the check's pools (a d66 pair counts once): what one Luck use would roll. */
export function failedDiceCount(result: DiceResult): number {
  let failed = 0;
  for (const pool of collectPools(result.tree)) {
    for (let i = 0; i < pool.count; i++) {
      const die = termDie(pool, i);
      if (die.kept && die.success === false) failed++;
    }
  }
  return failed;
}

/**
 * Whether Luck or a Command Seal can change this result: one check (not `x3 …`) with at least one
 * success-counting pool. A BCDice answer (its tree is BCDice's text) or a sum against a target
 * (`2D6>=7`) has no pool, so no die of it fails on its own.
 */
export function isChangeableCheck(result: DiceResult): boolean {
  return (result.repeats === undefined || result.repeats.length <= 1) && collectPools(result.tree).length > 0;
}

/**
 * A deep copy of a single check with at least one pool, for the rules that change a stored
 * check (luck reroll, Command Seals). Throws the FateErrors described at rerollFailed.
 */
export function checkResultCopy(result: DiceResult): DiceResult {
  if (result.repeats !== undefined && result.repeats.length > 1) {
    throw new FateError('fate.error.repeatedRoll', { count: result.repeats.length });
  }
  if (collectPools(result.tree).length === 0) throw new FateError('fate.error.notACheck');
  return cloneResult(result);
}

/**
 * Deep copy of one roll (`repeats` are not copied). The copy's flat `dice` are the very objects
 * in its tree again, in rolling order.
 */
export function cloneResult(result: DiceResult): DiceResult {
  const dice: RolledDie[] = [];
  const tree = cloneNode(result.tree, dice);
  const { repeats: _repeats, ...rest } = result;
  return { ...rest, dice, tree };
}

function cloneDie(die: RolledDie): RolledDie {
  const copy: RolledDie = { sides: die.sides, face: die.face, kept: die.kept, success: die.success, pool: die.pool };
  if (die.rerolledFrom !== undefined) copy.rerolledFrom = die.rerolledFrom.slice();
  return copy;
}

/** Terms are met in the order the roller rolled them (left to right), so `all` matches DiceResult.dice. */
function cloneNode(node: ResultNode, all: RolledDie[]): ResultNode {
  switch (node.type) {
    case 'num':
      return { ...node };
    case 'bcdice': {
      const dice = node.dice.map(cloneDie);
      all.push(...dice);
      return { ...node, dice };
    }
    case 'table':
      return { ...node, draws: node.draws.map((d) => ({ dice: cloneNode(d.dice, all) as typeof d.dice, entry: d.entry })) };
    case 'dice':
    case 'pool': {
      const dice = node.dice.map(cloneDie);
      all.push(...dice);
      return { ...node, keep: node.keep === null ? null : { ...node.keep }, dice };
    }
    case 'neg':
      return { ...node, operand: cloneNode(node.operand, all) };
    case 'group':
      return { ...node, inner: cloneNode(node.inner, all) };
    case 'binary': {
      const left = cloneNode(node.left, all);
      const right = cloneNode(node.right, all);
      return { ...node, left, right };
    }
    case 'compare':
      return { ...node, operand: cloneNode(node.operand, all) };
  }
}

/**
 * Recomputes, in place, every value from the dice flags (success/kept are taken as they are, not
 * judged again, so a forced success stays one), then the result's value and outcome exactly as
 * the roller reports them. Returns the same object.
 */
export function settleResult(result: DiceResult): DiceResult {
  const tree = result.tree;
  recompute(tree);
  if (tree.type === 'compare') {
    result.value = tree.value;
    result.outcome = tree.success ? 'success' : 'failure';
  } else if (result.kind === 'target' && tree.type === 'pool') {
    // a lone one-die pool (`1d100<=50`): the face against the threshold
    result.value = termValue(tree, 0);
    result.outcome = tree.value === 1 ? 'success' : 'failure';
  } else {
    result.value = tree.value;
  }
  return result;
}

function recompute(node: ResultNode): number {
  switch (node.type) {
    case 'num':
    case 'bcdice':
      return node.value;
    case 'table':
      // the entries were picked by the faces: a table roll is never changed afterwards
      return node.value;
    case 'dice': {
      let value = 0;
      for (let i = 0; i < node.count; i++) if (termDie(node, i).kept) value += termValue(node, i);
      node.value = value;
      return value;
    }
    case 'pool': {
      let value = 0;
      for (let i = 0; i < node.count; i++) {
        const die = termDie(node, i);
        if (die.kept && die.success === true) value++;
      }
      node.value = value;
      return value;
    }
    case 'neg':
      node.value = 0 - recompute(node.operand);
      return node.value;
    case 'group':
      node.value = recompute(node.inner);
      return node.value;
    case 'binary': {
      const a = recompute(node.left);
      const b = recompute(node.right);
      // Pools combine only by + and - (parser.ts checkPoolExpression); * and / keep the roller's rules.
      if (node.op === '+') node.value = a + b;
      else if (node.op === '-') node.value = a - b;
      else if (node.op === '*') node.value = a * b + 0;
      else node.value = b === 0 ? node.value : floorDiv(a, b);
      return node.value;
    }
    case 'compare':
      node.value = recompute(node.operand);
      node.success = compare(node.value, node.cmp, node.target);
      return node.value;
  }
}
