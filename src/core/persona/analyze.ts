// Analyze (アナライズ, JA L419–431; KO L232–236; digest §5.5): a Persona skill used like a support skill
// (declare, pay its cost, JA L426). For the rounds the skill names the analyst takes no action at all,
// passive ones included (JA L427: no evasion, no Cover; defense.ts canTakePassive); at the start of its
// own slot after them the result is revealed and it acts again in that slot (JA L428–430; state.ts
// analysisAtSlotStart). At an earlier slot of its own it may abandon the analysis and act (JA L431):
// any action abandons it (state.ts beginAction), keepAnalyzing passes the slot and keeps it.
// Who may use it (JA L421: an Arcanist Persona whose specialty is Analyze learns it), which tier and how
// many rounds it takes are the stat block's: the command layer passes them in.
import { payCost } from './attack.js';
import { findCombatant, requireSkillsUsable } from './combatant.js';
import { beginAction, closeSlot, finish } from './state.js';
import { PersonaError, ev, type CombatState, type Step } from './types.js';

/** The most rounds an Analyze skill may take (the seeds name 1 for ハイ・アナライズ, JA L429). */
export const MAX_ANALYZE_ROUNDS = 9;

export interface AnalyzeSpec {
  /** the analyzed enemy's id */
  target: string;
  /** rounds of analysis the skill takes (JA L427); 0 reveals at once */
  rounds: number;
  skill?: string;
  cost?: { hp?: number; sp?: number };
}

export function analyze(state: CombatState, spec: AnalyzeSpec, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (!Number.isInteger(spec.rounds) || spec.rounds < 0 || spec.rounds > MAX_ANALYZE_ROUNDS) throw new PersonaError('persona.error.badRounds', { max: MAX_ANALYZE_ROUNDS });
  // a Persona skill: the Persona out (JA L101), not sealed by a status
  if (actor.personaUser && !actor.summoned) throw new PersonaError('persona.error.notSummoned', { name: actor.name });
  requireSkillsUsable(d, actor);
  const target = findCombatant(d, spec.target);
  // it analyzes 「敵の能力・耐性・弱点」 (JA L420, KO L233): an enemy still in the fight
  if (target.side === actor.side || target.dead || target.fled) throw new PersonaError('persona.error.analyzeTarget', { name: actor.name, target: target.name });
  payCost(dr, spec.cost);
  events.push(ev('persona.analyze', { name: actor.name, target: target.name, ...(spec.skill ? { skill: spec.skill } : {}), rounds: spec.rounds }));
  if (spec.rounds === 0) events.push(ev('persona.analyze.revealed', { name: actor.name, target: target.name }));
  else actor.analyzing = { target: target.id, since: d.round, rounds: spec.rounds, ...(spec.skill ? { skill: spec.skill } : {}) };
  closeSlot(dr);
  return finish(dr);
}

/** The analyst's slot while the analysis still runs: it keeps analyzing and the slot ends (JA L427, L431). */
export function keepAnalyzing(state: CombatState, actorId?: string): Step {
  const dr = beginAction(state, actorId, true);
  const { d, actor, events } = dr;
  const a = actor.analyzing;
  if (!a) throw new PersonaError('persona.error.notAnalyzing', { name: actor.name });
  events.push(ev('persona.analyze.keep', { name: actor.name, target: d.combatants.find((c) => c.id === a.target)?.name ?? '-' }));
  closeSlot(dr);
  return finish(dr);
}
