// A random action (KO L174–179; JA L347 points to the FAQ): a character under 悩殺・激昂・混乱・暴走 (a
// status whose choice of action is taken away) does not choose. The bot takes the list's first step
// that applies: ① a random usable skill of its stat block (cost payable, Persona out, not sealed) on a
// random fitting target; ③ with the Persona Released or not out, the summon roll that fixes it;
// ⑤ otherwise Defend, which is always possible. Steps ②–④ (a skill-equivalent
// item or weapon, a fix by item or Persona change, the best CoC skill) need the GM's judgement: the GM
// may still run any action for the character.
import { defend, endAction, summonPersona, type CombatState, type CoverDeclaration, type Step } from '../../core/persona/index.js';
import { inCombat, skillBlockingStatus, statusDef } from '../../core/persona/combatant.js';
import { ev } from '../../core/persona/types.js';
import type { RandomSource } from '../../core/random.js';
import type { PersonaSkill } from './persona-block.js';
import { useSkill } from './persona-skill.js';
import type { PersonaCombatState } from './persona.js';

const supportive = (k: PersonaSkill['kind']) => k === 'heal' || k.endsWith('+');

function usable(combat: CombatState, actorId: string, skill: PersonaSkill): boolean {
  const actor = combat.combatants.find((c) => c.id === actorId)!;
  if ((skill.sp ?? 0) > actor.sp || (skill.hp && actor.hp - skill.hp <= 0)) return false;
  // an analysis is no action of the random list (KO L174–179 names skills that act on a target now)
  if (skill.kind === 'analyze') return false;
  if ((skill.kind === 'physical' || skill.kind === 'magic') && skill.hit === undefined) return false;
  if (skill.kind === 'ailment' && skill.status === undefined) return false;
  return targetPool(combat, actorId, skill).length > 0;
}

/**
 * Who a random skill may go to: attacks at the enemy, heals and buffs to the own side — reversed under
 * 悩殺's 「敵に有利な行為」 (KO L174, favorsEnemy), where attacks go to the other allies, never oneself.
 */
function targetPool(combat: CombatState, actorId: string, skill: PersonaSkill): string[] {
  const actor = combat.combatants.find((c) => c.id === actorId)!;
  const forEnemy = statusDef(combat, actor.badStatus)?.favorsEnemy === true;
  const ownSide = supportive(skill.kind) !== forEnemy;
  return combat.combatants.filter((c) => inCombat(c) && (ownSide ? c.side === actor.side && !(forEnemy && c.id === actorId) : c.side !== actor.side)).map((c) => c.id);
}

export function randomAction(combat: CombatState, state: PersonaCombatState, evading: Set<string>, cover: CoverDeclaration[], rng: RandomSource): Step {
  const actorId = combat.slot!.ownerId;
  const actor = combat.combatants.find((c) => c.id === actorId)!;
  const skills = state.setup.find((c) => c.id === actorId)?.skills ?? [];
  const canUseSkills = (!actor.personaUser || actor.summoned) && skillBlockingStatus(combat, actor) === undefined;
  const choices = canUseSkills ? skills.filter((s) => usable(combat, actorId, s)) : [];
  if (choices.length === 0) {
    // (without a <ペルソナ> % there is no roll to make: the GM resolves the action, below)
    if (actor.personaUser && !actor.summoned && !combat.slot!.changeTried && !actor.noPersonaSkill) {
      // ③ what stops the skills is fixable by a Persona change: the summon roll (JA L1074 for a Release)
      const step = summonPersona(combat, {}, rng);
      return { ...step, events: [ev('persona.random.summon', { name: actor.name }), ...step.events] };
    }
    if (actor.personaUser && !actor.summoned) {
      // Defend needs the Persona out (JA L727): the GM resolves the action
      const step = endAction(combat);
      return { ...step, events: [ev('persona.random.none', { name: actor.name }), ...step.events] };
    }
    const step = defend(combat);
    return { ...step, events: [ev('persona.random.defend', { name: actor.name }), ...step.events] };
  }
  const skill = choices[rng.die(choices.length) - 1]!;
  const pool = targetPool(combat, actorId, skill);
  // an "all" skill covers the whole pool (its side is the pool's, reversed under 悩殺 too)
  const targets = skill.all ? pool : [pool[rng.die(pool.length) - 1]!];
  const step = useSkill(combat, { skill, targets, evading, cover }, rng);
  return { ...step, events: [ev('persona.random.skill', { name: actor.name, skill: skill.name, count: choices.length }), ...step.events] };
}
