// Percent-rules numbers of a faction, as the action and battle rules want them.
import type { ActorProfile } from '../../core/grailwar/actions.js';
import type { Combatant } from '../../core/grailwar/battle.js';
import { baseStatuses, statusPoints, type Status } from '../../core/grailwar/status.js';
import { penalizedStatus } from '../../core/grailwar/upkeep.js';
import type { FactionRow } from '../../store/schema/index.js';
import { UserError } from '../errors.js';
import type { FactionState, PercentFactionState } from './state.js';

export function percentOf(f: FactionRow): PercentFactionState | null {
  return (f.state as FactionState).percent ?? null;
}

/** The servant's six statuses: the player's distribution (an even spread only for display while unallocated; /battle refuses it) plus the class correction, less the mana-shortage penalty (seed 000 L29–31, L40). */
export function servantStatuses(p: PercentFactionState): Record<Status, number> {
  // An Archer's +15 goes to STR, END or AGI at the player's choice (seed 000 L31); STR unless chosen.
  const cls = p.servantClass ?? 'other';
  const base = baseStatuses('servant', p.servantLevel, cls, cls === 'archer' ? (p.archerPick ?? 'str') : undefined, p.allocation);
  return Object.fromEntries(Object.entries(base).map(([s, v]) => [s, penalizedStatus(v, p.mana)])) as Record<Status, number>;
}

export function actorProfile(f: FactionRow): ActorProfile {
  const p = percentOf(f);
  return {
    factionId: f.id,
    servantClass: p?.servantClass ?? 'other',
    masterMag: p?.masterMag ?? 0,
    // A faction without a servant (seed 000 L42) has no servant's MAG to make items with.
    servantMag: p && p.hasServant ? servantStatuses(p).mag : 0,
  };
}

/**
 * The servant as a combatant (L22–23, L29): its statuses are the player's own distribution of the
 * level's points; an even spread would be a silent default that changes the win rate, so a servant
 * whose player never allocated them does not fight until they are entered.
 */
export function servantCombatant(f: FactionRow, role: 'main' | 'sub'): Combatant {
  const p = percentOf(f)!;
  if (!p.allocation) throw new UserError('battle.needStatuses', { faction: f.name, points: statusPoints('servant', p.servantLevel) });
  const statuses = servantStatuses(p);
  return { factionId: f.id, name: f.name, kind: 'servant', level: p.servantLevel, statuses, role };
}

/**
 * The master as a combatant (L22, L28–29): its level and the player's distribution of its points are
 * asked for, never assumed — a guessed level would change the win rate (L28: max Lv) and an even
 * spread would ignore the master's MAG (L35, L37). Without them the battle is refused.
 */
export function masterCombatant(f: FactionRow, role: 'main' | 'sub' = 'sub'): Combatant {
  const p = percentOf(f)!;
  if (p.masterLevel === undefined || p.masterAllocation === undefined) throw new UserError('battle.needMasterStatuses', { faction: f.name });
  const statuses = baseStatuses('master', p.masterLevel, 'other', undefined, p.masterAllocation);
  return { factionId: f.id, name: `${f.name} (master)`, kind: 'master', level: p.masterLevel, statuses, role };
}
