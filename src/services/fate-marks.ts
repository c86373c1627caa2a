// The "+"/"−" mark choices of a Fate check (seed 001 <+と−> L893–909, EX's "+" L867–868), shared by
// /check, /attack and /combat defend so every roll offers the same choices at the same price: the
// options are read here and the price planCheck() reports is charged here, before the dice (L901, L908).
import { damage, spendMp } from '../core/fate/resources.js';
import type { CheckPlan } from '../core/fate/check.js';
import type { Tx } from '../store/db.js';
import { saveCharacter, type Character } from './characters.js';
import { UserError } from './errors.js';
import type { CommandContext, CommandOptions } from './types.js';
import { readersOf } from './secrecy.js';
import { line, type Line } from '../views/line.js';
import { own } from '../views/owned.js';

export const MARK_PAY = ['hp', 'mp'] as const;

export interface MarkChoice {
  /** use the "+" marks (and an EX status's implicit "+") */
  activate: boolean;
  /** the "−" marks apply (false: paid off, or their condition does not hold) */
  minusMarks: boolean;
  /** what pays a pay-mode mark: HP or MP (L901, L908) */
  payWith: (typeof MARK_PAY)[number];
}

/** The options `marks`, `no_minus` and `pay` (the names /check has always used). */
export function markChoice(options: CommandOptions): MarkChoice {
  return {
    activate: options.boolean('marks') ?? false,
    minusMarks: !(options.boolean('no_minus') ?? false),
    payWith: options.string('pay') === 'hp' ? 'hp' : 'mp',
  };
}

/** Whether the player asked for anything beyond the default (a sheet is needed for that). */
export function marksAsked(m: MarkChoice | undefined): boolean {
  return m !== undefined && (m.activate || !m.minusMarks);
}

/**
 * Charges the marks' price on the character: EX's +14 from MP only (L868), the rest from the chosen
 * pool. Returns the character as saved and the note of what was paid: a line whose amounts belong to
 * the character's faction and the GM during a war (seed 001 L50; ./secrecy.ts), the table reading
 * only that the price was paid.
 */
export async function payMarks(tx: Tx, ctx: CommandContext, c: Character, plan: CheckPlan, payWith: MarkChoice['payWith']): Promise<{ character: Character; paid: Line | null }> {
  if (plan.cost.mp <= 0 && plan.cost.hpOrMp <= 0) return { character: c, paid: null };
  const before = { hp: c.runtime.hp, mp: c.runtime.mp };
  const p = { hp: c.runtime.hp, hpMax: c.max.hpMax, mp: c.runtime.mp, mpMax: c.max.mpMax, incapacitated: c.runtime.incapacitated };
  let paid = plan.cost.mp > 0 ? spendMp(p, plan.cost.mp, false).pools : p;
  if (plan.cost.hpOrMp > 0) {
    if (payWith === 'hp' && paid.hp < plan.cost.hpOrMp) throw new UserError('check.cannotPay', { need: plan.cost.hpOrMp, have: paid.hp });
    paid = payWith === 'hp' ? damage(paid, plan.cost.hpOrMp) : spendMp(paid, plan.cost.hpOrMp, false).pools;
  }
  const saved = await saveCharacter(tx, ctx, c, 'check.marksPaid', { runtime: { ...c.runtime, hp: paid.hp, mp: paid.mp, incapacitated: paid.incapacitated } });
  const readers = await readersOf(tx, ctx.guildId, c.row.id);
  // 魔力放出's MP (L1150) is not a mark's price: the note says what was paid before the check.
  const burst = plan.notes.some((n) => n.key === 'fate.note.manaBurst');
  const note = line(burst ? 'check.paidBefore' : 'check.paid', { hp: own(before.hp - paid.hp, readers), mp: own(before.mp - paid.mp, readers) }, line(burst ? 'check.paidBeforeHidden' : 'check.paidHidden'));
  return { character: saved, paid: note };
}
