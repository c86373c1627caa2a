// What both renderers print, independent of markup: the expression as understood, one line per
// pool (or the expression with its dice inline), then the total / achievement / outcome line.
// Markdown and plain text differ only in their RenderStyle.
//
// Dice lists are laid out last: the rest of the text is built with placeholders, and the
// characters left under `maxLength` are shared out among the lists (short lists first), so a
// 1,000-die roll still fits a Discord embed. A list that does not fit is shown grouped by face
// ("1×170, 2×160"), and if even that is too long, truncated ("… 912 more"). DiceResult.dice
// always keeps every value.
import type { Translate } from '../../i18n/index.js';
import type { ArithmeticOp, Comparison } from './ast.js';
import {
  collectPools,
  termDie,
  termValue,
  type DiceResult,
  type DiceResultNode,
  type PoolResultNode,
  type ResultNode,
  type TableResult,
} from './result.js';

export interface RenderStyle {
  /** the canonical expression */
  code(text: string): string;
  /** totals and outcome words */
  strong(text: string): string;
  /** a face that met its pool's comparison */
  success(text: string): string;
  /** a face dropped by keep/drop */
  dropped(text: string): string;
  /** text from outside the grammar (BCDice's result line): escaped for the markup */
  text(text: string): string;
}

export interface RenderOptions {
  /** upper bound on the rendered length (characters); dice lists are abbreviated to fit */
  maxLength?: number;
}

type Term = DiceResultNode | PoolResultNode;

const CMP_SYMBOL: Readonly<Record<Comparison, string>> = {
  '<=': '≤',
  '<': '<',
  '>=': '≥',
  '>': '>',
  '=': '=',
  '<>': '≠',
};

const NEGATED: Readonly<Record<Comparison, Comparison>> = { '<=': '>', '<': '>=', '>=': '<', '>': '<=', '=': '<>', '<>': '=' };

// `*` would start markdown emphasis and reads as a success mark in plain text.
const OP_SYMBOL: Readonly<Record<ArithmeticOp, string>> = { '+': '+', '-': '-', '*': '×', '/': '/' };

const PLACEHOLDER = /\u0000(\d+)\u0000/g;

export function renderResult(result: DiceResult, t: Translate, style: RenderStyle, maxLength: number): string {
  const layout = new Layout(t, style);
  // A table roll's frame names the table itself: no expression line above it.
  const lines = result.tree.type === 'table' ? [] : [style.code(result.normalized)];
  if (result.repeats) {
    const count = result.repeats.length;
    result.repeats.forEach((r, i) => {
      lines.push(style.strong(t('dice.render.repeat', { index: i + 1, count })));
      layout.body(r, lines);
    });
  } else {
    layout.body(result, lines);
  }
  return layout.fill(lines.join('\n'), maxLength);
}

class Layout {
  private readonly lists: Term[] = [];

  constructor(
    private readonly t: Translate,
    private readonly style: RenderStyle,
  ) {}

  body(result: DiceResult, lines: string[]): void {
    const { t, style } = this;
    const tree = result.tree;
    if (tree.type === 'bcdice') {
      // BCDice's line already ends on its verdict (`＞ 失敗`): one result line, not two.
      lines.push(style.text(tree.text));
      return;
    }
    if (tree.type === 'table') {
      this.table(tree, lines);
      return;
    }
    const operand = tree.type === 'compare' ? tree.operand : tree;
    const pools = collectPools(operand);
    const outcome = result.outcome === null ? '' : style.strong(t(`dice.render.${result.outcome}`));

    if (pools.length > 0) {
      const single = result.kind === 'target' && tree.type !== 'compare';
      for (const pool of pools) {
        const list = `${pool.text} → [${this.list(pool)}]`;
        lines.push(single ? list : `${list} = ${pool.value}`);
      }
      if (single) {
        const pool = pools[0]!;
        lines.push(t('dice.render.targetRoll', this.check(style.strong(String(result.value)), pool.cmp, pool.threshold, outcome, result.outcome === 'failure')));
      } else if (tree.type === 'compare') {
        lines.push(t('dice.render.targetAchievement', this.check(this.breakdown(operand), tree.cmp, tree.target, outcome, result.outcome === 'failure')));
      } else {
        lines.push(t('dice.render.achievement', { value: this.breakdown(operand) }));
      }
      return;
    }

    if (hasDice(operand)) lines.push(this.inline(operand));
    const total = style.strong(String(operand.value));
    if (tree.type === 'compare') {
      lines.push(t('dice.render.targetTotal', this.check(total, tree.cmp, tree.target, outcome, result.outcome === 'failure')));
    } else {
      lines.push(t('dice.render.total', { value: total }));
    }
  }

  /**
   * `Table “シーン表” (2D6)`, then per draw its dice and total and the entry as its author wrote it
   * (escaped for the markup, its line breaks kept); several draws are numbered.
   */
  private table(tree: TableResult, lines: string[]): void {
    const { t, style } = this;
    lines.push(t('dice.render.table', { name: style.text(tree.name), dice: tree.roll }));
    tree.draws.forEach((draw, i) => {
      const head = tree.draws.length > 1 ? `#${i + 1} ` : '';
      lines.push(`${head}${this.inline(draw.dice)} = ${style.strong(String(draw.dice.value))}`);
      const [first = '', ...rest] = draw.entry.split('\n');
      lines.push(`→ ${style.text(first)}`, ...rest.map((l) => style.text(l)));
    });
  }

  /** Replaces each list placeholder with a rendering that fits its share of the budget. */
  fill(skeleton: string, maxLength: number): string {
    const fixed = skeleton.replace(PLACEHOLDER, '').length;
    const full = this.lists.map((term) => this.items(term).join(', '));
    let texts = full;
    const fullLength = full.reduce((sum, text) => sum + text.length, 0);
    if (fixed + fullLength > maxLength) {
      texts = full.slice();
      let remaining = Math.max(0, maxLength - fixed);
      const order = full.map((_, i) => i).sort((a, b) => full[a]!.length - full[b]!.length);
      order.forEach((index, rank) => {
        const share = Math.floor(remaining / (order.length - rank));
        const text = this.fit(this.lists[index]!, full[index]!, share);
        texts[index] = text;
        remaining = Math.max(0, remaining - text.length);
      });
    }
    return skeleton.replace(PLACEHOLDER, (_, index: string) => texts[Number(index)]!);
  }

  private list(term: Term): string {
    this.lists.push(term);
    return `\u0000${this.lists.length - 1}\u0000`;
  }

  /** A failure shows the comparison that holds ("7 < 8: failure"), never a false "7 ≥ 8". */
  private check(value: string, cmp: Comparison, target: number, outcome: string, failed = false): Record<string, string | number> {
    return { value, cmp: CMP_SYMBOL[failed ? NEGATED[cmp] : cmp], target, outcome };
  }

  /** "3 + 2 - 1 = **4**" for an achievement built from several parts, else just "**3**". */
  private breakdown(node: ResultNode): string {
    const total = this.style.strong(String(node.value));
    const parts: string[] = [];
    const walk = (n: ResultNode): void => {
      if (n.type === 'binary') {
        walk(n.left);
        parts.push(n.op, String(n.right.value));
      } else {
        parts.push(String(n.value));
      }
    };
    walk(node);
    return parts.length === 1 ? total : `${parts.join(' ')} = ${total}`;
  }

  /** The expression with each dice term followed by its faces: `2d6 [3, 5] + 3`. */
  private inline(node: ResultNode): string {
    switch (node.type) {
      case 'num':
      case 'bcdice':
      case 'table':
        return String(node.value);
      case 'dice':
      case 'pool':
        return `${node.text} [${this.list(node)}]`;
      case 'neg':
        return `-${this.inline(node.operand)}`;
      case 'binary':
        return `${this.inline(node.left)} ${OP_SYMBOL[node.op]} ${this.inline(node.right)}`;
      case 'group':
        return `(${this.inline(node.inner)})`;
      case 'compare':
        return this.inline(node.operand);
    }
  }

  /** A face as styled; a rerolled die shows its earlier faces struck through first: `~~2~~→**1**`. */
  private face(term: Term, i: number, history = true): string {
    const die = termDie(term, i);
    const text = String(termValue(term, i));
    const shown = !die.kept ? this.style.dropped(text) : die.success ? this.style.success(text) : text;
    const earlier = die.rerolledFrom;
    if (!history || earlier === undefined || earlier.length === 0) return shown;
    const ones = term.d66 ? term.dice[2 * i + 1]!.rerolledFrom : undefined;
    const old = earlier.map((face, k) => this.style.dropped(String(ones ? face * 10 + (ones[k] ?? 0) : face)));
    return [...old, shown].join('→');
  }

  private items(term: Term): string[] {
    const items: string[] = [];
    for (let i = 0; i < term.count; i++) items.push(this.face(term, i));
    return items;
  }

  private fit(term: Term, full: string, share: number): string {
    if (full.length <= share) return full;
    const grouped = this.grouped(term);
    if (grouped.length <= share) return grouped;
    return this.truncated(term, share);
  }

  /** "1×170, **2**×160, ~~6~~×3": one entry per face and state, in face order. */
  private grouped(term: Term): string {
    const counts = new Map<string, { value: number; state: number; text: string; n: number }>();
    for (let i = 0; i < term.count; i++) {
      const die = termDie(term, i);
      const value = termValue(term, i);
      const state = !die.kept ? 2 : die.success ? 0 : 1;
      const key = `${value}:${state}`;
      const entry = counts.get(key);
      if (entry) entry.n++;
      else counts.set(key, { value, state, text: this.face(term, i, false), n: 1 });
    }
    return [...counts.values()]
      .sort((a, b) => a.value - b.value || a.state - b.state)
      .map((e) => `${e.text}×${e.n}`)
      .join(', ');
  }

  /** As many faces as fit, then "… N more". */
  private truncated(term: Term, share: number): string {
    const items = this.items(term);
    const more = (n: number): string => this.t('dice.render.more', { count: n });
    let used = 0;
    let shown = 0;
    for (; shown < items.length; shown++) {
      const width = used + (shown === 0 ? 0 : 2) + items[shown]!.length;
      const rest = items.length - shown - 1;
      if (width + (rest > 0 ? 2 + more(rest).length : 0) > share) break;
      used = width;
    }
    const head = items.slice(0, shown);
    if (shown < items.length) head.push(more(items.length - shown));
    return head.join(', ');
  }
}

function hasDice(node: ResultNode): boolean {
  switch (node.type) {
    case 'num':
    case 'bcdice':
      return false;
    case 'dice':
    case 'pool':
    case 'table':
      return true;
    case 'neg':
    case 'compare':
      return hasDice(node.operand);
    case 'binary':
      return hasDice(node.left) || hasDice(node.right);
    case 'group':
      return hasDice(node.inner);
  }
}
