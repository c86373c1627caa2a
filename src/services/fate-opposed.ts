// Opposed checks between two characters from /check `against:` (seed 001 L41): the caller's check
// is the active side, the named character rolls the passive side from its own sheet. Both rolls
// are stored (each under its owner, so each may spend Luck or ask for a seal on it, L215, L288);
// a later change to either roll settles the opposed check again (settleOpposed).
import { escapeMarkdown, evaluateDice, type DiceResult } from '../core/dice/index.js';
import { planCheck, type CheckPlan } from '../core/fate/check.js';
import { KIND_STATUSES, opposedOutcome, isTieRule, type OpposedKind, type OpposedResult, type OpposedRound, type TieRule } from '../core/fate/opposed.js';
import { findSkill } from '../core/fate/sheet/index.js';
import { STATUS_LABELS, type CheckStatus } from '../core/fate/status-names.js';
import type { Tx } from '../store/db.js';
import { getCharacter } from '../store/characters.js';
import { appendEvent } from '../store/events.js';
import { getRoll, updateRoll } from '../store/rolls.js';
import type { RollRow } from '../store/schema/index.js';
import { activeWar } from '../store/wars.js';
import { text, type Block, type Button, type View } from '../views/view.js';
import { isChannelGm, resolveFateCharacter, type Character } from './characters.js';
import { conditionsOf, type Conditions } from './combat/fate-conditions.js';
import { UserError } from './errors.js';
import { storeRoll, type CheckRecord } from './rolls.js';
import type { CommandContext } from './types.js';
import type { WarConfig } from './war/state.js';
import { secrecy } from './secrecy.js';
import { luckButtons } from '../views/check-display.js';
import type { Line } from '../views/line.js';
import { planLabel, planNotesWorded } from './plan-words.js';
import { wording } from '../i18n/wording.js';
import { wordIn } from '../i18n/index.js';

export interface OpposedSide {
  c: Character;
  /** null: this side could not oppose (dead, incapacitated, asleep: L204, L249) and rolled nothing */
  result: DiceResult | null;
  rollId: number | null;
  label: string;
  /** why this side rolled nothing */
  absent: string | null;
  /** text, or a line whose owned values (what the roll paid) only their readers read */
  notes: (string | Line)[];
  /** a war faction's character (../services/secrecy.ts): its luck uses are its own */
  secret: boolean;
}

export interface OpposedCheck {
  active: OpposedSide;
  passive: OpposedSide;
  outcome: OpposedResult;
}

/** The tie reading: the GM's `tie:` on this check, else the war's setting (/war tie), else a draw (L41). */
export async function tieRuleFor(tx: Tx, ctx: CommandContext, asked: string | null): Promise<TieRule> {
  if (asked !== null) {
    if (!isTieRule(asked)) throw new UserError('opposed.badTie', { tie: asked });
    if (!(await isChannelGm(tx, ctx))) throw new UserError('opposed.tieGmOnly');
    return asked;
  }
  const war = await activeWar(tx, ctx.channelId);
  const configured = (war?.config as WarConfig | undefined)?.opposedTie;
  return isTieRule(configured) ? configured : 'draw';
}

/**
 * Rolls the passive side and settles the opposed check against the active side's roll already
 * made (`active`). A passive character who is dead, incapacitated or asleep cannot oppose (L204,
 * L249: "対抗判定を行えません"): it rolls nothing and the active side wins. Otherwise its
 * conditions apply as on any check (all-nighter L247, impediments L430) and a tie follows the tie reading (L41).
 */
export async function rollOpposed(
  tx: Tx,
  ctx: CommandContext,
  active: { c: Character; result: DiceResult; plan: CheckPlan; rollId: number; record: CheckRecord; notes: (string | Line)[] },
  against: { name: string; status: CheckStatus | null; skills: string[]; tie: string | null; comment: string | null; kind: OpposedKind | null },
): Promise<OpposedCheck> {
  const { kind } = against;
  // Stealth and the opinion check fix the tie: both reroll until one wins (L445, L468).
  const tie = kind ? 'reroll' : await tieRuleFor(tx, ctx, against.tie);
  const opponent = await resolveFateCharacter(tx, ctx, against.name);
  if (opponent.row.id === active.c.row.id) throw new UserError('opposed.self');
  if (kind === 'opinion' && new Set([active.c.sheet.type, opponent.sheet.type]).size !== 2) throw new UserError('opposed.opinionPair');
  if (kind === 'opinion' && !(['master', 'servant'].includes(active.c.sheet.type) && ['master', 'servant'].includes(opponent.sheet.type))) throw new UserError('opposed.opinionPair');
  const owners = await secrecy(tx, ctx.guildId, [active.c.row.id, opponent.row.id]);
  const secret = (c: Character) => (owners.get(c.row.id) ?? null) !== null;
  const activeSide: OpposedSide = { c: active.c, result: active.result, rollId: active.rollId, label: active.record.label, absent: null, notes: active.notes, secret: secret(active.c) };
  const status = against.status ?? (kind === 'stealth' ? 'luk' : kind === 'opinion' ? 'rank' : against.skills.length ? null : (active.plan.pools[0]?.status ?? null));
  if (kind) {
    const activeStatus = active.plan.pools.find((p) => p.source !== 'skill')?.status ?? null;
    const allowedActive = KIND_STATUSES[kind].active(active.c.sheet.type);
    const allowedPassive = KIND_STATUSES[kind].passive(opponent.sheet.type);
    if (activeStatus === null || !allowedActive.includes(activeStatus)) throw new UserError('opposed.kindStatus', { name: active.c.row.name, kind: ctx.t(`opposed.kind.${kind}`), statuses: allowedActive.map((k) => STATUS_LABELS[k as CheckStatus][ctx.locale]).join(' / ') });
    if (status === null || !allowedPassive.includes(status)) throw new UserError('opposed.kindStatus', { name: opponent.row.name, kind: ctx.t(`opposed.kind.${kind}`), statuses: allowedPassive.map((k) => STATUS_LABELS[k as CheckStatus][ctx.locale]).join(' / ') });
  }
  let cond: Conditions;
  try {
    // The same conditions as every check (sleep, all-nighter, a fight's impediments: L247, L249, L430).
    cond = await conditionsOf(tx, ctx, opponent, status);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    const first = { active: Math.max(0, active.result.value), passive: 0 };
    const outcome: OpposedResult = { rounds: [first], winner: 'active', margin: first.active, tie: null, undecided: false };
    return { active: activeSide, passive: { c: opponent, result: null, rollId: null, label: '', absent: wording({ key: e.key, params: e.params }), notes: [], secret: secret(opponent) }, outcome };
  }
  const plan = planCheck(opponent.sheet, { status, skills: against.skills, plus: 0, minus: cond.minus, lowerDice: 0, lowerThreshold: 0, target: null }, findSkill);
  // 魔力放出 spends the opponent's MP (seed 001 L1150): not for the other side to spend.
  if (plan.cost.mp > 0) throw new UserError('opposed.burstNotYours', { name: opponent.row.name });
  // worded for each reader: the table reads them in its language, not the roller's
  const notes = planNotesWorded(plan, [...plan.notes, ...cond.notes]).map((n) => wording({ key: n.key, params: n.params }));
  const result = evaluateDice(plan.expression, ctx.rng);
  const passiveLabel = planLabel(plan);
  const reroll = (): OpposedRound => ({ active: evaluateDice(active.result.normalized, ctx.rng).value, passive: evaluateDice(plan.expression, ctx.rng).value });
  const outcome = opposedOutcome({ active: active.result.value, passive: result.value }, tie, reroll);
  const rerolls = outcome.rounds.slice(1);
  const passiveRecord: CheckRecord = { label: passiveLabel, target: null, luckUses: 0, sealBonus: 0, autoSuccess: false, opposed: { otherRollId: active.rollId, side: 'passive', tie, rerolls, ...(kind ? { kind } : {}) } };
  const rollId = await storeRoll(tx, ctx, { result, comment: against.comment, secret: false, characterId: opponent.row.id, check: passiveRecord, userId: opponent.row.ownerId });
  await updateRoll(tx, active.rollId, { check: { ...active.record, opposed: { otherRollId: rollId, side: 'active', tie, rerolls, ...(kind ? { kind } : {}) } } });
  return { active: activeSide, passive: { c: opponent, result, rollId, label: passiveLabel, absent: null, notes, secret: secret(opponent) }, outcome };
}

/** "A wins by 3", "tie: draw", rerolled rounds (L41), as one line in the reader's language. */
export function outcomeLine(ctx: CommandContext, names: { active: string; passive: string }, outcome: OpposedResult): string {
  const parts: string[] = [];
  const [first, ...rest] = outcome.rounds;
  parts.push(ctx.t('opposed.round', { active: names.active, a: first!.active, passive: names.passive, p: first!.passive }));
  if (outcome.tie) parts.push(ctx.t('opposed.tie', { rule: ctx.t(`opposed.tie.${outcome.tie}`) }));
  for (const [i, r] of rest.entries()) parts.push(ctx.t('opposed.reroll', { n: i + 2, a: r.active, p: r.passive }));
  if (outcome.undecided) parts.push(ctx.t('opposed.undecided'));
  else if (outcome.winner === null) parts.push(ctx.t('opposed.draw'));
  else parts.push(ctx.t(outcome.margin === 0 ? 'opposed.winnerTie' : 'opposed.winner', { name: outcome.winner === 'active' ? names.active : names.passive, margin: outcome.margin }));
  return parts.join('\n');
}

/** Luck buttons for each side with failed dice (no count on them: ../views/check-display.ts); each owner presses their own. */
export function opposedButtons(ctx: CommandContext, check: OpposedCheck): Button[] {
  return [check.active, check.passive].flatMap((s) => (s.result && s.rollId !== null ? luckButtons(ctx, s.rollId, s.result, { c: s.c, secret: s.secret }, { name: s.c.row.name }) : []));
}

/**
 * After a Luck reroll or a seal changed `row` (already rewritten): the opposed check it belongs to,
 * settled again from both rolls as they stand. A new tie under `reroll` is rolled off now and the
 * rounds kept on both records. Null when the roll is not part of an opposed check.
 */
export async function settleOpposed(tx: Tx, ctx: CommandContext, rowId: number): Promise<{ names: { active: string; passive: string }; outcome: OpposedResult } | null> {
  const row = await getRoll(tx, rowId);
  const record = row?.check as CheckRecord | null | undefined;
  if (!row || !record?.opposed) return null;
  const other = await getRoll(tx, record.opposed.otherRollId);
  const otherRecord = other?.check as CheckRecord | null | undefined;
  if (!other || !otherRecord?.opposed) return null;
  const [activeRow, passiveRow] = record.opposed.side === 'active' ? [row, other] : [other, row];
  const reroll = (): OpposedRound => ({ active: evaluateDice(activeRow.normalized, ctx.rng).value, passive: evaluateDice(passiveRow.normalized, ctx.rng).value });
  const outcome = opposedOutcome({ active: activeRow.value, passive: passiveRow.value }, record.opposed.tie, reroll);
  const rerolls = outcome.rounds.slice(1);
  for (const [r, rec] of [[row, record], [other, otherRecord]] as const) {
    if (JSON.stringify(rec.opposed!.rerolls) === JSON.stringify(rerolls)) continue;
    const check = { ...rec, opposed: { ...rec.opposed!, rerolls } };
    await updateRoll(tx, r.id, { check });
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: r.channelId, actorId: ctx.user.id, type: 'roll.opposedSettled', subject: `roll:${r.id}`, before: { check: rec }, after: { check } });
  }
  return { names: { active: await ownerName(tx, activeRow), passive: await ownerName(tx, passiveRow) }, outcome };
}

async function ownerName(tx: Tx, row: RollRow): Promise<string> {
  return row.characterId === null ? '?' : ((await getCharacter(tx, row.characterId))?.name ?? '?');
}

/** Both rolls, each side's notes, and the outcome; public (an opposed check is never secret here). */
export function opposedView(ctx: CommandContext, check: OpposedCheck, comment: string | null): View {
  const blocks: Block[] = [];
  for (const side of [check.active, check.passive]) {
    blocks.push(text(`**${escapeMarkdown(side.c.row.name)}** — ${wordIn(ctx.locale, side.absent ?? side.label)}`));
    if (side.result) blocks.push({ kind: 'dice', result: side.result });
    blocks.push(...side.notes.map((n) => (typeof n === 'string' ? text(wordIn(ctx.locale, n)) : n)));
  }
  const names = { active: check.active.c.row.name, passive: check.passive.c.row.name };
  blocks.push(text(outcomeLine(ctx, names, check.outcome)));
  const buttons = opposedButtons(ctx, check);
  return {
    locale: ctx.locale,
    tone: 'info',
    title: comment
      ? ctx.t('opposed.titleWithComment', { active: escapeMarkdown(names.active), passive: escapeMarkdown(names.passive), comment: escapeMarkdown(comment) })
      : ctx.t('opposed.title', { active: escapeMarkdown(names.active), passive: escapeMarkdown(names.passive) }),
    blocks,
    footer: ctx.t('opposed.footer', { active: check.active.rollId ?? '-', passive: check.passive.rollId ?? '-' }),
    ...(buttons.length ? { buttons } : {}),
    ephemeral: false,
  };
}
