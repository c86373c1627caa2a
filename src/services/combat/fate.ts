// Fate/roll dice fights: adding combatants from sheets or ad hoc, rows, initiative each round,
// attacks with the defender's choice of status. One source of truth: a combatant with a sheet
// keeps its HP/MP/condition on the character row (damage is written there at once, the tracker
// reads it); only ad-hoc NPCs keep their numbers in the fight's state.
import { planCheck } from '../../core/fate/check.js';
import { assertRows, effectiveRows, canReach, type Placement } from '../../core/fate/combat/rows.js';
import { initiativeOrder, type TieRoll } from '../../core/fate/combat/initiative.js';
import type { AttackResult } from '../../core/fate/combat/attack.js';
import { findSkill } from '../../core/fate/sheet/index.js';
import type { CheckStatus } from '../../core/fate/status-names.js';
import { evaluateDice, type DiceResult } from '../../core/dice/index.js';
import { getCharacter, getCharactersById } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { hydrate, saveCharacter, withFateSheet, type Character } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import { active, type FateCombatant, type FateCombatState, type Row } from './state.js';
import { conditionsOf, type RollPurpose } from './fate-conditions.js';
import { priorityEffect, priorityNow } from './fate-priority.js';
import { marksAsked, payMarks, type MarkChoice } from '../fate-marks.js';
import type { Line } from '../../views/line.js';
import { planNotesWorded } from '../plan-words.js';

export function newFateState(name: string): FateCombatState {
  return { name, round: 0, turn: -1, order: [], combatants: [], pending: null, nextKey: 1 };
}

export function placements(state: FateCombatState): Placement[] {
  return state.combatants.map((c, i) => ({ id: i, side: c.side, row: c.row, active: active(c) }));
}

/** The most combatants one Fate fight holds. */
export const MAX_FATE_COMBATANTS = 40;

/** Adds a combatant; a back row with an empty front row is refused (seed 001 L161–195). */
export function addCombatant(state: FateCombatState, c: Omit<FateCombatant, 'key'>): FateCombatState {
  if (state.combatants.some((x) => x.name === c.name)) throw new UserError('combat.duplicate', { name: c.name });
  // A bound on one fight (the tracker lists everyone): /combat add count:N cannot grow it without end.
  if (state.combatants.length >= MAX_FATE_COMBATANTS) throw new UserError('combat.tooMany', { max: MAX_FATE_COMBATANTS });
  const next = { ...state, combatants: [...state.combatants, { ...c, key: `c${state.nextKey}` }], nextKey: state.nextKey + 1 };
  assertRows(placements(next));
  return next;
}

/** AGI + LUK pools for initiative ties (L198), from the sheet. */
function tieCheckOf(ch: Character): string {
  const agi = ch.derived.pools.agi;
  const luk = ch.derived.pools.luk;
  const pool = (p: typeof agi) => (p ? (p.auto > 0 ? `${p.auto}d6<=6` : `${p.dice}d6<=${p.threshold}`) : null);
  return [pool(agi), pool(luk)].filter(Boolean).join('+') || '2d6<=3';
}

export function fromSheet(ch: Character, side: string, row: Row, hidden: boolean): Omit<FateCombatant, 'key'> {
  return {
    characterId: ch.row.id,
    name: ch.row.name,
    side,
    row,
    hidden,
    ownerId: ch.row.ownerId,
    hp: ch.runtime.hp,
    ...(ch.runtime.hpUnseen ? { hpUnseen: ch.runtime.hpUnseen } : {}),
    hpMax: ch.max.hpMax,
    mp: ch.runtime.mp,
    mpMax: ch.max.mpMax,
    iv: ch.max.iv,
    delay: 0,
    isServant: ch.sheet.type === 'servant',
    ...(ch.sheet.type === 'troop' ? { troop: true } : {}),
    pool: null,
    tieCheck: tieCheckOf(ch),
    incapacitated: ch.runtime.incapacitated,
    dead: ch.runtime.dead ?? false,
    escaped: false,
  };
}

/** Next turn; a new round re-orders by IV, ties broken by opposed AGI+LUK checks (L197–201). */
export function nextTurn(current: FateCombatState, ctx: CommandContext): { state: FateCombatState; newRound: boolean; ties: string[] } {
  // The turn's escape can no longer be changed by a Luck reroll once the next turn starts.
  const { escape: _done, ...state } = current;
  let turn = state.turn + 1;
  while (turn < state.order.length && !active(state.combatants.find((c) => c.key === state.order[turn])!)) turn++;
  if (state.round > 0 && turn < state.order.length) return { state: { ...state, turn, pending: null }, newRound: false, ties: [] };
  const fighters = state.combatants.filter(active);
  if (fighters.length === 0) throw new UserError('combat.nobody');
  const indexOf = new Map(fighters.map((c, i) => [i, c.key]));
  const { order, tieRolls } = initiativeOrder(
    fighters.map((c, i) => ({ id: i, iv: c.iv, delay: 0, tieCheck: c.tieCheck })),
    ctx.rng,
  );
  // Delays last one turn (L197): a new round starts from everyone's full IV.
  const combatants = state.combatants.map((c) => ({ ...c, delay: 0 }));
  const next = { ...state, combatants, round: state.round + 1, turn: 0, order: order.map((i) => indexOf.get(i)!), pending: null };
  return { state: next, newRound: true, ties: tieRolls.map((t) => tieLine(ctx, t, (i) => fighters[i]!.name)) };
}

/** "IV tie: A 5 · B 3 / A 4 · B 4 → …": every round of the AGI+LUK roll-off, shown to the table (L198). */
function tieLine(ctx: CommandContext, tie: TieRoll, name: (id: number) => string): string {
  const rounds = tie.rounds.map((r) => r.map((x) => `${name(x.id)} ${x.achievement}`).join(' · '));
  return ctx.t('combat.tieRoll', { rolls: rounds.join(' / ') });
}

export function currentActor(state: FateCombatState): FateCombatant | undefined {
  return state.turn >= 0 ? state.combatants.find((c) => c.key === state.order[state.turn]) : undefined;
}

export function findCombatant(state: FateCombatState, name: string): FateCombatant {
  const c = state.combatants.find((x) => x.name === name);
  if (!c) throw new UserError('combat.unknown', { name });
  return c;
}

/** A note under a fight roll: text, or a line whose owned values (the roller's costs) only their readers read. */
export type RollNote = string | Line;

export interface RollOptions {
  /** an attack or defense roll of this round: a declared priority moves dice (L220–225) */
  role?: 'attack' | 'defense';
  round?: number;
  /** further achievement minus (a flyer's melee penalty, L515) */
  minus?: number;
  /** achievement plus (the master's support points, L229) */
  plus?: number;
  /** the "+"/"−" mark choices, as /check offers them (L897–909, L867–868) */
  marks?: MarkChoice;
  /** further dice-plus pools, e.g. a Noble Phantasm's ("+20d6<=5", L1064) */
  extraPools?: string;
  /** the kind of roll, when a skill adds to that kind only (escape: 仕切り直し, L1152) */
  purpose?: RollPurpose;
  /** 魔力放出 named among the skills: the MP it spends, added to the achievement (L1150; null = its level) */
  burst?: number | null;
}

/**
 * A combatant's check, the one path every Fate roll of the bot takes: from its sheet (status +
 * skills), or an ad-hoc NPC's pool, with the conditions of fate-conditions.ts (refused when dead,
 * incapacitated or asleep; the all-nighter penalty; impediments; escape skills: L204, L246–249,
 * L430, L1152) and a declared priority (L220–225). `notes` say why, all-nighter included.
 */
export async function rollFor(tx: Tx, c: FateCombatant, status: CheckStatus, skills: string[], ctx: CommandContext, opts: RollOptions = {}): Promise<{ result: DiceResult; allNighter: number; notes: RollNote[] }> {
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  if (c.characterId !== null && !row) throw new UserError('character.gone');
  // A Ccfolia-born fighter (its HP on the tracker) has no Fate sheet to roll from: refused clearly.
  const ch = row ? withFateSheet(hydrate(row)) : null;
  const cond = await conditionsOf(tx, ctx, ch, status, { bs: c.bs ?? [], skills, ...(opts.purpose ? { purpose: opts.purpose } : {}) });
  const { allNighter } = cond;
  const notes: RollNote[] = cond.notes.map((n) => ctx.t(n.key, n.params));
  const p = opts.role && opts.round !== undefined ? priorityNow(c, opts.round) : null;
  const effect = p && opts.role ? priorityEffect(ch, c, p, opts.role, status, skills) : null;
  if (effect?.note) notes.push(ctx.t(effect.note.key, effect.note.params));
  const minus = Math.min(99, cond.minus + (opts.minus ?? 0));
  const extra = (effect?.extra ? `+${effect.extra.dice}d6<=${effect.extra.threshold}` : '') + (opts.extraPools ?? '');
  if (!ch) {
    // An ad-hoc NPC has no sheet, so no marks to choose from.
    if (marksAsked(opts.marks)) throw new UserError('fate.marks.noSheet', { name: c.name });
    if (opts.burst != null) throw new UserError('fate.burst.noSheet', { name: c.name });
    const pool = c.pool ?? '4d6<=3';
    const lowered = effect && effect.lowerDice > 0 ? lowerFirstTerm(pool, effect.lowerDice) : pool;
    const plus = opts.plus ?? 0;
    return { result: evaluateDice(countingPool(`${lowered}${extra}${plus > 0 ? `+${plus}` : ''}${minus > 0 ? `-${minus}` : ''}`), ctx.rng), allNighter, notes };
  }
  const lowerDice = effect?.lowerDice ?? 0;
  // A skill that gave its dice is rolled apart with what it kept (in `extra`); a purpose's skills join.
  const rolled = [...(effect?.removeSkill ? skills.filter((s) => s !== effect.removeSkill) : skills), ...cond.skills];
  const own = lowerDice > 0 ? (status === 'rank' ? ch.derived.rankCheck : ch.derived.pools[status]) : undefined;
  // Every die of the status moved away and no skill added: this roll has nothing left (achievement 0).
  if (own && own.dice <= lowerDice && rolled.length === 0) {
    const plus = opts.plus ? `+${opts.plus}` : '';
    return { result: evaluateDice(`${extra === '' ? '0' : extra.slice(1)}${plus}`, ctx.rng), allNighter, notes };
  }
  // The same mark choices and prices as /check (L897–909): "−" marks apply unless paid off.
  const marks = opts.marks;
  const plan = planCheck(ch.sheet, { status, skills: rolled, plus: opts.plus ?? 0, minus, lowerDice, lowerThreshold: 0, target: null, activateMarks: marks?.activate ?? false, minusMarks: marks?.minusMarks ?? true, burst: opts.burst ?? null }, findSkill);
  const { paid } = await payMarks(tx, ctx, ch, plan, marks?.payWith ?? 'mp');
  notes.push(...planNotesWorded(plan).map((n) => ctx.t(n.key, n.params)), ...(paid ? [paid] : []));
  return { result: evaluateDice(`${plan.expression}${extra}`, ctx.rng), allNighter, notes };
}

/** A lone one-die pool ("1d6<=1") would be read as pass/fail on its face; keep it a success count. */
export function countingPool(expression: string): string {
  return /^1d6<=\d+$/i.test(expression.trim()) ? `${expression}+0` : expression;
}

/** "6d6<=3" less 2 dice → "4d6<=3"; a term left with no dice goes ("0" when nothing is left: achievement 0). */
function lowerFirstTerm(pool: string, by: number): string {
  const m = /^(\d+)(d6<=\d+)(.*)$/i.exec(pool);
  if (!m) return pool;
  const left = Number(m[1]) - by;
  if (left > 0) return `${left}${m[2]}${m[3]}`;
  const rest = m[3]!.replace(/^\+/, '');
  return rest === '' || /^-/.test(rest) ? '0' : rest;
}

/**
 * The achievement a fight uses: the success count, never a single die's face (an NPC pool
 * "1d6<=1" is a one-die count), and never below 0 (achievement minus clamps at 0, L38).
 */
export function achievementOf(result: DiceResult): number {
  const value = result.kind === 'target' && result.tree.type === 'pool' ? result.tree.value : result.value;
  return Math.max(0, value);
}

/** An ad-hoc pool for the AGI+LUK tie roll: a one-die pool becomes a count ("1d6<=1+0"). */
export function tieCheckOfPool(pool: string, rng: CommandContext['rng']): string {
  const r = evaluateDice(pool, rng);
  if (r.kind === 'target' && r.tree.type === 'pool') return `${pool}+0`;
  if (r.kind !== 'count') throw new UserError('combat.badPool', { pool });
  return pool;
}

/** The sheets are the truth: every sheet combatant's HP/MP/condition as its character row says now. */
export async function withSheets(tx: Tx, state: FateCombatState): Promise<FateCombatState> {
  const combatants: FateCombatant[] = [];
  // every sheet of the fight in one statement: one by one, each was a round trip on PostgreSQL
  const rows = await getCharactersById(tx, state.combatants.flatMap((c) => (c.characterId === null ? [] : [c.characterId])));
  for (const c of state.combatants) {
    const row = c.characterId === null ? undefined : rows.get(c.characterId);
    if (!row) {
      combatants.push(c);
      continue;
    }
    const ch = hydrate(row);
    const { hpUnseen: _before, ...rest } = c;
    combatants.push({ ...rest, hp: ch.runtime.hp, ...(ch.runtime.hpUnseen ? { hpUnseen: ch.runtime.hpUnseen } : {}), hpMax: ch.max.hpMax, mp: ch.runtime.mp, mpMax: ch.max.mpMax, incapacitated: ch.runtime.incapacitated, dead: ch.runtime.dead ?? false });
  }
  return { ...state, combatants };
}

/** The row a combatant effectively stands in (a side with an empty front row is all front, L173–177). */
export function rowOf(state: FateCombatState, c: FateCombatant): Row {
  return effectiveRows(placements(state)).get(state.combatants.findIndex((x) => x.key === c.key))!;
}

export function canAttack(state: FateCombatState, attacker: FateCombatant, target: FateCombatant, magical: boolean, ranged: boolean): boolean {
  const rows = effectiveRows(placements(state));
  const idx = (c: FateCombatant) => state.combatants.findIndex((x) => x.key === c.key);
  return canReach({ row: rows.get(idx(attacker))!, ranged, magic: magical }, rows.get(idx(target))!, false);
}

/** Damage lands on the character row for a sheet combatant (one source of truth), else on the NPC's state. */
export async function applyDamage(tx: Tx, ctx: CommandContext, state: FateCombatState, targetKey: string, result: AttackResult): Promise<FateCombatState> {
  const target = state.combatants.find((c) => c.key === targetKey)!;
  const row = target.characterId === null ? undefined : await getCharacter(tx, target.characterId);
  if (row) {
    const ch = hydrate(row);
    const dead = (ch.runtime.dead ?? false) || result.state === 'dead';
    await saveCharacter(tx, ctx, ch, 'combat.damage', { runtime: { ...ch.runtime, hp: result.hpAfter, incapacitated: result.state !== 'standing' || ch.runtime.incapacitated, dead } });
  }
  const next = {
    ...state,
    pending: null,
    combatants: state.combatants.map((c) =>
      c.key === targetKey ? { ...c, hp: result.hpAfter, incapacitated: result.state !== 'standing', dead: result.state === 'dead' } : c,
    ),
  };
  return await withSheets(tx, next);
}

/** /combat end: nothing to copy back (the sheets were written as the fight went); counts the sheets in it. */
export function sheetsInFight(state: FateCombatState): number {
  return state.combatants.filter((c) => c.characterId !== null).length;
}
