// Escape (逃走, JA L823–844; KO L333–352; digest §6.5).
import type { RandomSource } from '../random.js';
import { chanceRoll } from './check.js';
import { canAct, enemiesOf, findCombatant, inCombat, speedStat, statusDef } from './combatant.js';
import { beginAction, closeSlot, finish } from './state.js';
import { PersonaError, ev, type CombatState, type Step } from './types.js';

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

/**
 * Escape in the current slot (JA L824: the slot may be the escaper's own or any ally's). A group
 * escape waits for its slowest participant's slot (JA L829): the caller calls this in that slot;
 * participants must still be able to act and choose actions (JA L830). Opposition: enemies able to
 * act (JA L834 「行動可能な敵」). Success: everyone named leaves the combat, which ends if a side is
 * left empty (JA L841–842). 1d100 ≤ chance.
 */
export function escape(state: CombatState, participants: string[] | null, rng: RandomSource, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  const ids = [...new Set(participants ?? [actor.id])];
  const fleeing = ids.map((id) => findCombatant(d, id));
  for (const c of fleeing) {
    if (c.side !== actor.side || !canAct(d, c) || statusDef(d, c.badStatus)?.blocksActionChoice === true) {
      throw new PersonaError('persona.error.badParticipant', { name: c.name });
    }
  }
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
    events.push(ev(success ? 'persona.escape.success' : 'persona.escape.fail', { names, roll: check.roll, chance: odds.chance }));
  }
  if (success) {
    for (const c of fleeing) if (inCombat(c)) c.fled = true;
  }
  closeSlot(dr);
  return finish(dr);
}
