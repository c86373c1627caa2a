// Command Seals (令呪, seed 001 <詳細個別ルール> L272–295; digest fate-roll-dice-core.md §6).
// The GM must approve the chosen effect (L279); that approval is the caller's business.
import { checkResultCopy, settleResult } from '../dice/reroll.js';
import { collectPools, type DiceResult, type ResultNode } from '../dice/result.js';
import { FateError } from './errors.js';

/** 3 per master per war, no recovery; GM events may add more (L274). */
export const SEALS_PER_WAR = 3;
/** One numeric seal: +10 achievement (L288). */
export const SEAL_BONUS = 10;
/** Most seals one bonus may stack (L288 allows stacking; 10 is far beyond any war's supply). */
export const MAX_BONUS_SEALS = 10;
/** Most checks one bonus may be split over. */
export const MAX_BONUS_PARTS = 10;
export const MAX_ORDER_LENGTH = 200;

export type SealEffect =
  /** +10 per seal to servant (or master, L294) checks, after the dice if wished; may be split, e.g. +5/+5 (L288) */
  | { kind: 'bonus'; amounts: number[] }
  /** HP or MP to max; both = 2 seals (L289) */
  | { kind: 'fullHp' }
  | { kind: 'fullMp' }
  /** one attack fully blocked: damage 0, attached bad status shut out (L290) */
  | { kind: 'block' }
  /** one check fully succeeds (L291) */
  | { kind: 'autoSuccess' }
  /** one order obeyed without an opinion check (L283); also the GM-approved "other" effects (L285, L292) */
  | { kind: 'order'; text: string };

type Keyword = Exclude<SealEffect['kind'], 'bonus' | 'order'> | 'order';

const KEYWORDS: Readonly<Record<Keyword, readonly string[]>> = {
  fullHp: ['hp', 'fullhp', 'hpfull', 'hp全快', 'hp全回復', 'hp回復', 'hp완전회복', 'hp회복', 'hp전부회복'],
  fullMp: ['mp', 'fullmp', 'mpfull', 'mp全快', 'mp全回復', 'mp回復', 'mp완전회복', 'mp회복', 'mp전부회복'],
  block: ['block', 'guard', '防御', '完全防御', '방어', '완전방어'],
  autoSuccess: ['auto', 'autosuccess', '自動成功', '完全成功', '자동성공', '완전성공'],
  order: ['order', 'command', '命令', '명령'],
};

const LOOKUP: ReadonlyMap<string, Keyword> = new Map(
  (Object.keys(KEYWORDS) as Keyword[]).flatMap((kind) => KEYWORDS[kind].map((word) => [word, kind] as const)),
);

const MAX_INPUT = 60;

/**
 * `+10`, `10`, `+20` (two seals on one check), `+5/+5` (one seal split over two checks),
 * `hp`/`full_hp`/`HP全快`, `mp`, `block`/`防御`, `auto`/`自動成功`, `order`/`命令` (with `text`,
 * the order itself). Full-width and case are ignored. A bonus must use whole seals: its parts are
 * positive and add up to a multiple of 10 (L288). Anything else, or an order without text → null.
 */
export function parseSealEffect(input: string, text?: string): SealEffect | null {
  if (input.length > MAX_INPUT) return null;
  const folded = input.normalize('NFKC').trim().toLowerCase();
  const bonus = parseBonus(folded);
  if (bonus !== undefined) return bonus;
  const kind = LOOKUP.get(folded.replace(/[\s_\-・.]+/g, ''));
  if (kind === undefined) return null;
  if (kind !== 'order') return { kind };
  const order = (text ?? '').trim();
  if (order === '' || order.length > MAX_ORDER_LENGTH) return null;
  return { kind: 'order', text: order };
}

/** undefined: not a bonus at all; null: a bonus that breaks the rules. */
function parseBonus(folded: string): SealEffect | null | undefined {
  if (!/^\+?\d/.test(folded)) return undefined;
  const parts = folded.split(/\s*[/,、]\s*|\s+/);
  const amounts: number[] = [];
  for (const part of parts) {
    const m = /^\+?(\d{1,4})$/.exec(part);
    if (m === null) return null;
    amounts.push(Number(m[1]));
  }
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (amounts.length > MAX_BONUS_PARTS || amounts.some((a) => a <= 0)) return null;
  if (sum % SEAL_BONUS !== 0 || sum > SEAL_BONUS * MAX_BONUS_SEALS) return null;
  return { kind: 'bonus', amounts };
}

/** Seals an effect uses: a bonus one per +10 (rounded up), anything else one (L281–292). */
export function sealsCost(effect: SealEffect): number {
  if (effect.kind !== 'bonus') return 1;
  return Math.ceil(effect.amounts.reduce((a, b) => a + b, 0) / SEAL_BONUS);
}

/** Spends the seals an effect costs; FateError `fate.error.notEnoughSeals` {need, have} when short. */
export function spendSeals(remaining: number, effect: SealEffect): number {
  const need = sealsCost(effect);
  if (!Number.isInteger(remaining) || remaining < need) {
    const have = Number.isFinite(remaining) ? Math.max(0, Math.floor(remaining)) : 0;
    throw new FateError('fate.error.notEnoughSeals', { need, have });
  }
  return remaining - need;
}

/**
 * +amount achievement on a stored check, after the dice (L288): the result gains a `+amount`
 * modifier (tree, value, normalized, outcome against the target), so it renders as
 * "3 + 2 + 10 = **15**". A lone one-die check (`1d6<=3`) becomes an achievement count.
 * Throws FateError `fate.error.notACheck` (no pool), `fate.error.repeatedRoll`, `fate.error.outOfRange`.
 */
export function applyBonus(result: DiceResult, amount: number): DiceResult {
  if (!Number.isInteger(amount) || amount < 1 || amount > SEAL_BONUS * MAX_BONUS_SEALS) {
    throw new FateError('fate.error.outOfRange', { name: 'bonus', min: 1, max: SEAL_BONUS * MAX_BONUS_SEALS });
  }
  const copy = checkResultCopy(result);
  const add = (node: ResultNode): ResultNode => ({
    type: 'binary',
    op: '+',
    left: node,
    right: { type: 'num', value: amount },
    value: node.value + amount,
  });
  const tree = copy.tree;
  if (tree.type === 'compare') {
    tree.operand = add(tree.operand);
    const suffix = `${tree.cmp}${tree.target}`;
    copy.normalized = copy.normalized.endsWith(suffix)
      ? `${copy.normalized.slice(0, -suffix.length)}+${amount}${suffix}`
      : `${copy.normalized}+${amount}`;
  } else {
    copy.tree = add(tree);
    copy.normalized = `${copy.normalized}+${amount}`;
    if (copy.kind === 'target') {
      copy.kind = 'count';
      copy.outcome = null;
    }
  }
  return settleResult(copy);
}

/**
 * One check fully succeeds (L291): every die used (kept) counts as a success, and the check
 * succeeds even when that is still below the target, then with margin 0. The faces are not
 * changed; `outcome` is 'success' with or without a target. Apply it last: a later bonus or
 * reroll judges the target again.
 */
export function applyAutoSuccess(result: DiceResult): DiceResult {
  const copy = checkResultCopy(result);
  for (const pool of collectPools(copy.tree)) {
    for (const die of pool.dice) if (die.kept) die.success = true;
  }
  settleResult(copy);
  if (copy.tree.type === 'compare') copy.tree.success = true;
  copy.outcome = 'success';
  return copy;
}
