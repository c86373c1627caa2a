// Escape (逃走, JA L823–844; KO L333–352; digest §6.5).
import type { RandomSource } from '../random.js';
import { chanceRoll } from './check.js';
import { canAct, enemiesOf, findCombatant, inCombat, speedStat, statusDef } from './combatant.js';
import { beginAction, closeSlot, finish, type Draft } from './state.js';
import { initiativeOf } from './initiative.js';
import { PersonaError, ev, type Combatant, type CombatState, type Step } from './types.js';

export interface EscapeOdds {
  /** no enemy able to hinder: automatic success (JA L839) */
  automatic: boolean;
  /** 50 + (Σ fleeing DEX/速 − Σ opposing DEX/速) × 2, unclamped (JA L835, L837) */
  chance: number;
  /** the opposing enemies' DEX/速: the N highest, N = number fleeing, or all if fewer (JA L836, L838) */
  opposing: number[];
}

/** Escape odds from the fleeing characters' and the able enemies' DEX (or 速) values. */
export function escapeChance(fleeing: readonly number[], enemies: readonly number[]): EscapeOdds {
  if (fleeing.length === 0) throw new PersonaError('persona.error.noParticipants');
  const opposing = [...enemies].sort((a, b) => b - a).slice(0, fleeing.length);
  if (opposing.length === 0) return { automatic: true, chance: 100, opposing };
  const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);
  return { automatic: false, chance: 50 + (sum(fleeing) - sum(opposing)) * 2, opposing };
}

/** Still able to join: in combat, able to act and to choose its actions (JA L830). */
function canJoin(d: CombatState, c: Combatant, side: Combatant['side']): boolean {
  return c.side === side && canAct(d, c) && statusDef(d, c.badStatus)?.blocksActionChoice !== true;
}

/** The roll (JA L834–842) for `fleeing`, in the open slot; closes it. */
function resolve(dr: Draft & { actor: Combatant }, fleeing: Combatant[], rng: RandomSource): Step {
  const { d, actor, events } = dr;
  const enemies = enemiesOf(d, actor.side).filter((c) => canAct(d, c));
  const odds = escapeChance(fleeing.map(speedStat), enemies.map(speedStat));
  const names = fleeing.map((c) => c.name).join(', ');
  let success: boolean;
  if (odds.automatic) {
    success = true;
    events.push(ev('persona.escape.auto', { names }));
  } else {
    const check = chanceRoll(odds.chance, rng);
    success = check.success;
    // the enemies whose DEX/速 went into the chance are named too (their numbers are in it)
    events.push(ev(success ? 'persona.escape.success' : 'persona.escape.fail', { names, against: enemies.map((c) => c.name).join('\n'), roll: check.roll, chance: odds.chance }));
  }
  if (success) {
    for (const c of fleeing) if (inCombat(c)) c.fled = true;
  }
  d.escapeWait = null;
  closeSlot(dr);
  return finish(dr);
}

/**
 * Escape in the current slot (JA L824: the slot may be the escaper's own or any ally's).
 * Participants must be able to act and choose actions (JA L830). Alone, or when every other
 * participant has had its turn this round, it is rolled at once. Otherwise the group waits for its
 * slowest participant's slot (JA L829): the declaration uses this slot, and continueEscape rolls it
 * there. Opposition: enemies able to act (JA L834 「行動可能な敵」). Success: everyone named leaves
 * the combat, which ends if a side is left empty (JA L841–842). 1d100 ≤ chance.
 */
export function escape(state: CombatState, participants: string[] | null, rng: RandomSource, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  const ids = [...new Set(participants ?? [actor.id])];
  const fleeing = ids.map((id) => findCombatant(d, id));
  for (const c of fleeing) {
    if (!canJoin(d, c, actor.side)) throw new PersonaError('persona.error.badParticipant', { name: c.name });
  }
  const later = fleeing.filter((c) => c.id !== actor.id && !c.acted);
  if (later.length === 0) return resolve(dr, fleeing, rng);
  // the one whose turn comes last: lowest initiative now (JA L61 compares it every time)
  const last = [...later].sort((a, b) => initiativeOf(a) - initiativeOf(b))[0]!;
  d.escapeWait = { ids };
  events.push(ev('persona.escape.declared', { names: fleeing.map((c) => c.name).join(', '), last: last.name }));
  closeSlot(dr);
  return finish(dr);
}

/**
 * A waiting group escape in the slot just opened (JA L829–830), or null when it does not concern
 * this slot. Participants who can no longer act or choose drop out. A participant's own (original)
 * slot is spent waiting while another still has its turn to come this round; in the slowest one's
 * slot the escape is rolled. A participant who can no longer choose keeps its slot (it acts as its
 * status says).
 */
export function continueEscape(state: CombatState, rng: RandomSource): Step | null {
  const wait = state.escapeWait;
  if (!wait || state.phase !== 'slot' || state.slot?.kind !== 'original' || !wait.ids.includes(state.slot.ownerId)) return null;
  const dr = beginAction(state);
  const { d, actor, events } = dr;
  const all = wait.ids.map((id) => findCombatant(d, id));
  const still = all.filter((c) => canJoin(d, c, actor.side));
  for (const c of all) if (!still.includes(c)) events.push(ev('persona.escape.dropped', { name: c.name }));
  d.escapeWait = still.length > 0 ? { ids: still.map((c) => c.id) } : null;
  if (!still.includes(actor)) return finish(dr);
  if (still.some((c) => c.id !== actor.id && !c.acted)) {
    events.push(ev('persona.escape.waiting', { name: actor.name }));
    closeSlot(dr);
    return finish(dr);
  }
  return resolve(dr, still, rng);
}
