// What the GM changes outside the rules' own flow: a combatant's numbers or statuses mid-fight, and
// reinforcements joining after round 1. Both work in any phase but the end, and never open a slot.
import { findCombatant, inCombat, makeCombatant } from './combatant.js';
import { MAX_COMBATANTS, checkEnd, draft, finish, validateConfig } from './state.js';
import { findBadStatus } from './status-table.js';
import { PersonaError, ev, type CombatState, type CombatantInit, type PersonaConfig, type Step } from './types.js';

export interface Adjustment {
  hp?: number;
  sp?: number;
  /** a bad-status id, or null to clear it */
  badStatus?: string | null;
  down?: boolean;
  released?: boolean;
  dizzy?: boolean;
  suku?: number;
  raku?: number;
}

/** The GM sets a combatant's HP/SP/status (a ruling, an effect the bot does not model). */
export function adjustCombatant(state: CombatState, id: string, adj: Adjustment): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  const dr = draft(state);
  const { d, events } = dr;
  const c = findCombatant(d, id);
  if (adj.hp !== undefined) {
    if (!Number.isSafeInteger(adj.hp) || adj.hp < 0 || adj.hp > 99999) throw new PersonaError('persona.error.badField', { id: c.name, field: 'hp', value: String(adj.hp) });
    c.hp = adj.hp;
    // back above 0: incapacitation lifts (a GM's revival); to 0: incapacitated
    if (adj.hp > 0 && c.incapacitated && !c.dead) c.incapacitated = false;
    if (adj.hp === 0 && !c.incapacitated) c.incapacitated = true;
  }
  if (adj.sp !== undefined) {
    if (!Number.isSafeInteger(adj.sp) || adj.sp < 0 || adj.sp > 99999) throw new PersonaError('persona.error.badField', { id: c.name, field: 'sp', value: String(adj.sp) });
    c.sp = adj.sp;
  }
  if (adj.badStatus !== undefined) {
    if (adj.badStatus === null) c.badStatus = null;
    else {
      if (findBadStatus(d.config.badStatuses, adj.badStatus) === undefined) throw new PersonaError('persona.error.unknownStatus', { status: adj.badStatus });
      c.badStatus = { id: adj.badStatus, round: d.round, turn: d.turnCount ?? 0 };
    }
  }
  if (adj.down !== undefined) c.down = adj.down;
  if (adj.dizzy !== undefined) c.dizzy = adj.dizzy ? 2 : 0;
  if (adj.released !== undefined) {
    c.released = adj.released;
    if (adj.released) c.summoned = false;
  }
  for (const k of ['suku', 'raku'] as const) {
    const v = adj[k];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < -3 || v > 3) throw new PersonaError('persona.error.badField', { id: c.name, field: k, value: String(v) });
    c[k] = v;
  }
  events.push(ev('persona.gm.adjusted', { name: c.name, hp: c.hp, hpMax: c.hpMax, sp: c.sp, spMax: c.spMax }));
  if (!inCombat(c) || adj.hp !== undefined) checkEnd(dr);
  return finish(dr);
}

/**
 * Reinforcements after the fight began. Our reading (the seeds are silent): they take their first
 * turn next round (a GM who wants them sooner grants an extra slot), summoned if Persona users.
 */
export function addReinforcement(state: CombatState, init: CombatantInit): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  if (state.combatants.length >= MAX_COMBATANTS) throw new PersonaError('persona.error.tooMany', { count: state.combatants.length + 1, max: MAX_COMBATANTS });
  if (state.combatants.some((c) => c.id === init.id)) throw new PersonaError('persona.error.duplicateId', { id: init.id });
  const dr = draft(state);
  const c = makeCombatant({ ...init, summoned: init.summoned ?? init.side === 'pc' });
  c.acted = dr.d.round > 0;
  dr.d.combatants.push(c);
  dr.events.push(ev('persona.gm.reinforcement', { name: c.name }));
  return finish(dr);
}

/** The GM's house settings for this fight (critical/fumble ranges, natural-recovery count); validated. */
export function configure(state: CombatState, patch: Partial<Pick<PersonaConfig, 'criticalMax' | 'fumbleMin' | 'recoveryCount'>>): Step {
  const dr = draft(state);
  const config = { ...dr.d.config, ...patch };
  validateConfig(config);
  dr.d.config = config;
  dr.events.push(ev(`persona.gm.settings.${config.recoveryCount ?? 'rounds'}`, { critical: config.criticalMax, fumble: config.fumbleMin }));
  return finish(dr);
}
