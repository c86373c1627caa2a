// Storing rolls and reading them back as dice results (for luck rerolls and seal bonuses).
import { cloneResult, isChangeableCheck, type DiceResult, type ResultNode } from '../core/dice/index.js';
import { encodeFaces, replayableFaces, replayStored } from '../core/dice/replay.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import { insertRollWithEvent, recentCheckRolls, updateRoll } from '../store/rolls.js';
import type { RollRow } from '../store/schema/index.js';
import type { ChannelPost } from '../views/view.js';
import { commitSecret } from './secrets.js';
import type { CommandContext } from './types.js';
import type { OpposedKind, OpposedRound, TieRule } from '../core/fate/opposed.js';

/** What a /check roll remembers besides its dice. */
export interface CheckRecord {
  label: string;
  target: number | null;
  luckUses: number;
  sealBonus: number;
  autoSuccess: boolean;
  /** part of an opposed check (/check against:, seed 001 L41): src/services/fate-opposed.ts */
  opposed?: OpposedRecord;
  /** the statuses rolled (/check): wealth points may be added after a 社会 or rank-level check (L963) */
  statuses?: string[];
  /** wealth points added after the roll (L963) */
  wealthBonus?: number;
}

/** The roll's id: at once on SQLite, to await on PostgreSQL. */
export function storeRoll(
  tx: Tx,
  ctx: CommandContext,
  roll: { result: DiceResult; comment: string | null; secret: boolean; characterId?: number; check?: CheckRecord; userId?: string },
): number | Promise<number> {
  const at = ctx.now();
  const { result } = roll;
  // Expression and faces rebuild the result; the tree is stored only when they cannot.
  const faces = replayableFaces(result);
  return insertRollWithEvent(
    tx,
    {
      createdAt: at,
      guildId: ctx.guildId,
      channelId: ctx.channelId,
      // an opposed check's passive roll belongs to its character's owner, who may spend Luck on it
      userId: roll.userId ?? ctx.user.id,
      expression: result.input === result.normalized ? null : result.input,
      normalized: result.normalized,
      kind: result.kind,
      value: result.value,
      outcome: result.outcome,
      faces: faces ? encodeFaces(faces) : (result.repeats ?? [result]).flatMap((r) => r.dice.map((d) => d.face)).join(','),
      result: faces ? null : result.tree,
      comment: roll.comment,
      secret: roll.secret,
      characterId: roll.characterId ?? null,
      check: roll.check ?? null,
    },
    { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id },
  );
}

/** A stored roll as a DiceResult again: its stored tree (cloneResult rebuilds the flat dice from it), or its faces replayed. */
export function storedResult(row: RollRow): DiceResult {
  const input = row.expression ?? row.normalized;
  if (row.result === null) return { ...replayStored(row), input };
  return cloneResult({ input, normalized: row.normalized, kind: row.kind, value: row.value, outcome: row.outcome, dice: [], tree: row.result as ResultNode });
}

/** How many of a player's latest rolls here the default check is looked for in: bounded, and cheap to replay. */
const CHECK_LOOKBACK = 20;

/**
 * The player's last roll here that Luck or a Command Seal can change (seed 001 L215, L288): the
 * newest single check with a success-counting pool, past BCDice answers and sums against a target.
 */
export async function lastChangeableCheck(tx: Tx, userId: string, channelId: string): Promise<RollRow | undefined> {
  return (await recentCheckRolls(tx, userId, channelId, CHECK_LOOKBACK)).find(isChangeableRoll);
}

/** Whether the stored roll is a single check with a pool (see isChangeableCheck); an unreadable row is not. */
export function isChangeableRoll(row: RollRow): boolean {
  if (row.kind === 'sum' || row.normalized.startsWith('x')) return false;
  try {
    return isChangeableCheck(storedResult(row));
  } catch {
    return false;
  }
}

/** Every die of a stored roll (sides and face), repetitions included, or none when it cannot be rebuilt. */
export function storedDice(row: RollRow): { sides: number; face: number }[] {
  try {
    const result = storedResult(row);
    // `x3 2D6`: every repetition's dice, not only the first's (/stats counts them all)
    return (result.repeats ?? [result]).flatMap((r) => r.dice.map((d) => ({ sides: d.sides, face: d.face })));
  } catch {
    return [];
  }
}

/** Replaces a stored roll's dice and result (luck reroll, seal) and records before/after. */
export async function rewriteRoll(tx: Tx, ctx: CommandContext, row: RollRow, next: DiceResult, check: CheckRecord | null, type: string): Promise<void> {
  await updateRoll(tx, row.id, { result: next.tree, value: next.value, outcome: next.outcome, check });
  await appendEvent(tx, {
    at: ctx.now(),
    guildId: row.guildId, // the roll's server, also when rewritten from a DM
    channelId: row.channelId,
    actorId: ctx.user.id,
    type,
    subject: `roll:${row.id}`,
    before: { value: row.value, outcome: row.outcome, result: row.result ?? storedResult(row).tree, check: row.check },
    after: { value: next.value, outcome: next.outcome, result: next.tree, check },
  });
}

/** A secret roll's commitment: what was rolled, by whom, for what — revealed later with /reveal. */
export async function commitRoll(tx: Tx, ctx: CommandContext, id: number, result: DiceResult, comment: string | null): Promise<ChannelPost> {
  return await commitSecret(tx, ctx, 'roll', ctx.user.id, {
    roll: id,
    expression: result.normalized,
    dice: result.dice.map((d) => d.face),
    value: result.value,
    outcome: result.outcome,
    comment,
    // an original table's draw: the entries the faces picked, bound by the hash too (the table may change later)
    ...(result.tree.type === 'table' ? { entries: result.tree.draws.map((d) => d.entry) } : {}),
  });
}

/** Kept on both rolls' CheckRecord: the other side's roll, this roll's side, the tie reading, tie-break rounds. */
export interface OpposedRecord {
  otherRollId: number;
  side: 'active' | 'passive';
  tie: TieRule;
  /** stealth or opinion: statuses and tie fixed by the rule (L444–445, L466–469) */
  kind?: OpposedKind;
  /** the rerolls of a tie under `reroll` (L41), after the first round */
  rerolls: OpposedRound[];
}
