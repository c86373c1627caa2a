// Recovery skills and items (回復, JA L366–385; KO 「(3)회복」), support skills (カジャ/ンダ, JA L398–409),
// pure bad-status and instant-death skills are in ailment.ts. Each acts in the open slot and closes it.
import type { RandomSource } from '../random.js';
import { evaluateDice } from '../dice/index.js';
import { payCost } from './attack.js';
import { findCombatant, inCombat, requireSkillsUsable } from './combatant.js';
import { expandDb } from './damage.js';
import { effectiveDb, ladderIndex } from './db-rank.js';
import { beginAction, closeSlot, finish } from './state.js';
import { PersonaError, ev, type CombatState, type Step } from './types.js';

export interface HealSpec {
  skill?: string;
  targets: string[];
  kind: 'physical' | 'magic';
  /** power N db (JA L379): db × N by dice counts */
  coefficient?: number;
  /** the skill's or item's own expression instead of db × N */
  dice?: string;
  /** what it restores; HP heals 2 × the roll (JA L381), SP 1 × (our reading: the seed doubles only HP) */
  resource?: 'hp' | 'sp';
  /** an item: the roll is the amount (no doubling: items follow their own text, JA L754–763) */
  item?: boolean;
  /** also removes the target's bad status (a cure such as パトラ) */
  cure?: boolean;
  /** a skill or item whose own text revives (JA L366 「戦闘不能の回復」): may target the incapacitated */
  revive?: boolean;
  cost?: { hp?: number; sp?: number };
}

/**
 * Recovery (JA L377–384): one roll for every target (JA L382), HP healed = 2 × roll, capped at max
 * HP (the seed is silent; a current HP above max after a Persona change is kept, JA L798).
 * An incapacitated character is excluded from skills that do not act on the incapacitated (JA L1164,
 * KO L449): only a skill or item marked revive (its own text, JA L366) may target one, and lifts the
 * incapacitation when HP ends above 0. The dead and the fled are never targets.
 */
export function heal(state: CombatState, spec: HealSpec, rng: RandomSource, actorId?: string): Step {
  if (spec.targets.length === 0) throw new PersonaError('persona.error.noTargets');
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (!spec.item && actor.personaUser && !actor.summoned) throw new PersonaError('persona.error.notSummoned', { name: actor.name });
  if (!spec.item) requireSkillsUsable(d, actor);
  const targets = [...new Set(spec.targets)].map((id) => findCombatant(d, id));
  for (const t of targets) {
    const revivable = spec.revive === true && t.incapacitated && !t.dead && !t.fled;
    if (!inCombat(t) && !revivable) throw new PersonaError(t.incapacitated && !t.dead && !t.fled ? 'persona.error.cannotRevive' : 'persona.error.badTarget', { name: t.name });
  }
  const expr = spec.dice !== undefined ? expandDb(spec.dice, 1) : expandDb(effectiveDb(d.config, actor, spec.kind), spec.coefficient ?? 1);
  payCost(dr, spec.cost);
  const resource = spec.resource ?? 'hp';
  events.push(ev(spec.item ? 'persona.item.use' : 'persona.heal.declare', { name: actor.name, skill: spec.skill ?? '', targets: targets.map((t) => t.name).join(', ') }));
  const roll = evaluateDice(expr, rng).value;
  const amount = Math.max(0, resource === 'hp' && !spec.item ? roll * 2 : roll);
  events.push(ev('persona.heal.roll', { name: actor.name, expr, total: roll, amount }));
  for (const t of targets) {
    if (resource === 'hp') {
      const before = t.hp;
      t.hp = Math.max(t.hp, Math.min(t.hpMax, t.hp + amount));
      events.push(ev('persona.heal.hp', { target: t.name, by: actor.name, amount: t.hp - before, hp: t.hp, hpMax: t.hpMax }));
      if (t.incapacitated && t.hp > 0) {
        t.incapacitated = false;
        t.unconscious = false;
        events.push(ev('persona.heal.revived', { target: t.name }));
      }
    } else {
      const before = t.sp;
      t.sp = Math.max(t.sp, Math.min(t.spMax, t.sp + amount));
      events.push(ev('persona.heal.sp', { target: t.name, by: actor.name, amount: t.sp - before, sp: t.sp, spMax: t.spMax }));
    }
    if (spec.cure && t.badStatus !== null) {
      events.push(ev('persona.status.cured', { target: t.name, status: t.badStatus.id }));
      t.badStatus = null;
    }
  }
  closeSlot(dr);
  return finish(dr);
}

export type BuffStat = 'suku' | 'raku' | 'taru' | 'maka';

/**
 * カジャ/ンダ (JA L406–409, L597–602): スク ±10% hit/evasion/infliction, ラク ±2 defense, タル/マカ the
 * physical/magic db one rank up/down the fight's db ladder (db-rank.ts; the ladder is a setting, the
 * seeds do not give it), per stage; they stack up to 3 stages (JA L409), here a net −3…+3 (digest §12
 * #14). Auto-success (most support skills, JA L390). A タル/マカ target whose db is not on the ladder is
 * refused before anything is paid.
 */
export function buff(state: CombatState, spec: { skill?: string; targets: string[]; stat: BuffStat; delta: 1 | -1; cost?: { hp?: number; sp?: number } }, actorId?: string): Step {
  if (spec.targets.length === 0) throw new PersonaError('persona.error.noTargets');
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (actor.personaUser && !actor.summoned) throw new PersonaError('persona.error.notSummoned', { name: actor.name });
  requireSkillsUsable(d, actor);
  const targets = [...new Set(spec.targets)].map((id) => findCombatant(d, id));
  for (const t of targets) if (!inCombat(t)) throw new PersonaError('persona.error.badTarget', { name: t.name });
  if (spec.stat === 'taru' || spec.stat === 'maka') {
    const kind = spec.stat === 'taru' ? 'physical' : 'magic';
    for (const t of targets) {
      if (ladderIndex(d.config, t, kind) < 0) throw new PersonaError('persona.error.dbOffLadder', { name: t.name, db: kind === 'physical' ? t.physDb : t.magDb });
    }
  }
  payCost(dr, spec.cost);
  events.push(ev('persona.buff.declare', { name: actor.name, skill: spec.skill ?? '', targets: targets.map((t) => t.name).join(', ') }));
  for (const t of targets) {
    const now = t[spec.stat] ?? 0;
    const next = Math.max(-3, Math.min(3, now + spec.delta));
    if (next === now) {
      events.push(ev(`persona.buff.capped.${spec.stat}`, { target: t.name, stages: next }));
      continue;
    }
    t[spec.stat] = next;
    if (spec.stat === 'taru' || spec.stat === 'maka') {
      const kind = spec.stat === 'taru' ? 'physical' : 'magic';
      events.push(ev(`persona.buff.${spec.stat}`, { target: t.name, stages: next, db: effectiveDb(d.config, t, kind) }));
    } else {
      events.push(ev(`persona.buff.${spec.stat}`, { target: t.name, stages: next }));
    }
  }
  closeSlot(dr);
  return finish(dr);
}
