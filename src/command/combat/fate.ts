// Fate/roll dice fights: adding combatants from sheets or ad hoc, rows, initiative each round,
// attacks with the defender's choice of status, damage written to the tracker and, at the end,
// back to the sheets.
import { planCheck } from '../../core/fate/check.js';
import { assertRows, effectiveRows, canReach, type Placement } from '../../core/fate/combat/rows.js';
import { initiativeOrder } from '../../core/fate/combat/initiative.js';
import type { AttackResult } from '../../core/fate/combat/attack.js';
import { findSkill } from '../../core/fate/sheet/index.js';
import type { CheckStatus } from '../../core/fate/status-names.js';
import { evaluateDice, type DiceResult } from '../../core/dice/index.js';
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { hydrate, saveCharacter, type Character } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import { active, type FateCombatant, type FateCombatState, type Row } from './state.js';

export function newFateState(name: string): FateCombatState {
  return { name, round: 0, turn: -1, order: [], combatants: [], pending: null, nextKey: 1 };
}

function placements(state: FateCombatState): Placement[] {
  return state.combatants.map((c, i) => ({ id: i, side: c.side, row: c.row, active: active(c) }));
}

/** Adds a combatant; a back row with an empty front row is refused (seed 001 L161–195). */
export function addCombatant(state: FateCombatState, c: Omit<FateCombatant, 'key'>): FateCombatState {
  if (state.combatants.some((x) => x.name === c.name)) throw new UserError('combat.duplicate', { name: c.name });
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
    hpMax: ch.max.hpMax,
    mp: ch.runtime.mp,
    mpMax: ch.max.mpMax,
    iv: ch.max.iv,
    delay: 0,
    isServant: ch.sheet.type === 'servant',
    pool: null,
    tieCheck: tieCheckOf(ch),
    incapacitated: ch.runtime.incapacitated,
    dead: false,
    escaped: false,
  };
}

/** Next turn; a new round re-orders by IV, ties broken by opposed AGI+LUK checks (L197–201). */
export function nextTurn(state: FateCombatState, ctx: CommandContext): { state: FateCombatState; newRound: boolean } {
  let turn = state.turn + 1;
  while (turn < state.order.length && !active(state.combatants.find((c) => c.key === state.order[turn])!)) turn++;
  if (state.round > 0 && turn < state.order.length) return { state: { ...state, turn, pending: null }, newRound: false };
  const fighters = state.combatants.filter(active);
  if (fighters.length === 0) throw new UserError('combat.nobody');
  const indexOf = new Map(fighters.map((c, i) => [i, c.key]));
  const { order } = initiativeOrder(
    fighters.map((c, i) => ({ id: i, iv: c.iv, delay: 0, tieCheck: c.tieCheck })),
    ctx.rng,
  );
  // Delays last one turn (L197): a new round starts from everyone's full IV.
  const combatants = state.combatants.map((c) => ({ ...c, delay: 0 }));
  const next = { ...state, combatants, round: state.round + 1, turn: 0, order: order.map((i) => indexOf.get(i)!), pending: null };
  return { state: next, newRound: true };
}

export function currentActor(state: FateCombatState): FateCombatant | undefined {
  return state.turn >= 0 ? state.combatants.find((c) => c.key === state.order[state.turn]) : undefined;
}

export function findCombatant(state: FateCombatState, name: string): FateCombatant {
  const c = state.combatants.find((x) => x.name === name);
  if (!c) throw new UserError('combat.unknown', { name });
  return c;
}

/** A combatant's check: from its sheet (status + skills), or an ad-hoc NPC's pool. */
export async function rollFor(tx: Tx, c: FateCombatant, status: CheckStatus, skills: string[], ctx: CommandContext): Promise<DiceResult> {
  if (c.characterId === null) return evaluateDice(c.pool ?? '4d6<=3', ctx.rng);
  const row = await getCharacter(tx, c.characterId);
  if (!row) throw new UserError('character.gone');
  const plan = planCheck(hydrate(row).sheet, { status, skills, plus: 0, minus: 0, lowerDice: 0, lowerThreshold: 0, target: null }, findSkill);
  return evaluateDice(plan.expression, ctx.rng);
}

export function canAttack(state: FateCombatState, attacker: FateCombatant, target: FateCombatant, magical: boolean, ranged: boolean): boolean {
  const rows = effectiveRows(placements(state));
  const idx = (c: FateCombatant) => state.combatants.findIndex((x) => x.key === c.key);
  return canReach({ row: rows.get(idx(attacker))!, ranged, magic: magical }, rows.get(idx(target))!, false);
}

export function applyDamage(state: FateCombatState, targetKey: string, result: AttackResult): FateCombatState {
  return {
    ...state,
    pending: null,
    combatants: state.combatants.map((c) =>
      c.key === targetKey ? { ...c, hp: result.hpAfter, incapacitated: result.state !== 'standing', dead: result.state === 'dead' } : c,
    ),
  };
}

/** /combat end: HP, MP and conditions go back to the sheets they came from. */
export async function writeBack(tx: Tx, ctx: CommandContext, state: FateCombatState): Promise<number> {
  let written = 0;
  for (const c of state.combatants) {
    if (c.characterId === null) continue;
    const row = await getCharacter(tx, c.characterId);
    if (!row) continue;
    const ch = hydrate(row);
    await saveCharacter(tx, ctx, ch, 'combat.writeBack', { runtime: { ...ch.runtime, hp: c.hp, mp: c.mp, incapacitated: c.incapacitated || c.dead } });
    written++;
  }
  return written;
}
