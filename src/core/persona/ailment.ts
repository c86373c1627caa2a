// Bad-status and instant-death skills (「バステ・即死」, JA L171–195, L298–359; KO L141–184).
import type { RandomSource } from '../random.js';
import { chanceRoll } from './check.js';
import { findCombatant, inCombat, requireSkillsUsable, resistanceOf } from './combatant.js';
import { applyDownOccurrence, checkKnockOut } from './down.js';
import { beginAction, closeSlot, finish } from './state.js';
import { inflictionBlock, inflictionChance, putBadStatus } from './status.js';
import { PersonaError, costKey, ev, type CombatState, type Combatant, type Element, type Step } from './types.js';
import type { InflictionAffinity } from './damage.js';
import type { CoverDeclaration } from './attack.js';
import { coverRefusal } from './defense.js';

export interface AilmentSpec {
  skill?: string;
  targets: string[];
  /**
   * statuses: tried in order until one lands (JA L194–195; once one lands the rest are void, since
   * statuses do not stack, JA L350); instantDeath: HP 0 and incapacitated, not damage (JA L355).
   */
  effect: { kind: 'status'; statuses: string[] } | { kind: 'instantDeath' };
  /** バステ基本付着率 */
  baseRate: number;
  booster?: number;
  /** the skill's element: the target's weakness ×2, resistance ×½, null/reflect/absorb void it (JA L190–191) */
  element?: Element;
  /** number of applications, same targets (JA L179–184); default 1 */
  hits?: number;
  /** paid at declaration, refused if short (JA L177); an HP cost may not leave HP ≤ 0 either (as attacks, JA L116) */
  cost?: { hp?: number; sp?: number };
  /** a Persona's skill (default true): needs the Persona out; a weakness instant death Downs (JA L1016) */
  byPersona?: boolean;
  /** Cover: the coverer takes the infliction in the target's place (JA L957 「攻撃・各種効果に対して庇い」, L961–966) */
  cover?: CoverDeclaration[];
}

/**
 * Resolves a bad-status / instant-death skill in the current slot (JA L300–322). The flow's passive
 * action window (JA L308 「効果対象の受動的行動」) takes Cover: the defender may cover against 「攻撃・
 * 各種効果」 (JA L957), so the coverer's 運, resistances and Defend decide in the target's place; a
 * coverer that is itself a target is checked again on its own (JA L964). Whether Persona evasion applies
 * to a skill without a hit roll is not stated (digest §12 #13): the GM's call. Defend blocks bad
 * statuses (JA L734) but not instant death (our reading: Defend names only bad statuses).
 */
export function castAilment(state: CombatState, spec: AilmentSpec, rng: RandomSource, actorId?: string): Step {
  const hits = spec.hits ?? 1;
  if (!Number.isInteger(hits) || hits < 1 || hits > 10) throw new PersonaError('persona.error.badHits', { hits, max: 10 });
  if (spec.targets.length === 0) throw new PersonaError('persona.error.noTargets');
  if (new Set(spec.targets).size !== spec.targets.length) throw new PersonaError('persona.error.duplicateTarget');
  if (!Number.isFinite(spec.baseRate)) throw new PersonaError('persona.error.badRate');
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  const byPersona = spec.byPersona ?? true;
  if (byPersona && actor.personaUser && !actor.summoned) throw new PersonaError('persona.error.notSummoned', { name: actor.name });
  if (byPersona) requireSkillsUsable(d, actor);
  if (spec.effect.kind === 'status') {
    if (spec.effect.statuses.length === 0) throw new PersonaError('persona.error.noStatus');
    for (const s of spec.effect.statuses) {
      if (!d.config.badStatuses.some((x) => x.id === s)) throw new PersonaError('persona.error.unknownStatus', { status: s });
    }
  }
  const targets = spec.targets.map((id) => findCombatant(d, id));
  for (const t of targets) if (!inCombat(t)) throw new PersonaError('persona.error.badTarget', { name: t.name });
  const covers = new Map<string, Combatant>();
  for (const c of spec.cover ?? []) {
    const target = findCombatant(d, c.target);
    if (!spec.targets.includes(c.target)) throw new PersonaError('persona.error.coverNotTarget', { name: target.name });
    if (covers.has(c.target)) throw new PersonaError('persona.error.coverTwice', { name: target.name });
    const by = findCombatant(d, c.by);
    const refusal = coverRefusal(d, by, target, false);
    if (refusal !== null) throw new PersonaError(refusal, { name: by.name, target: target.name });
    if ([...covers.values()].some((x) => x.id === by.id)) throw new PersonaError('persona.error.coverUsed', { name: by.name, target: target.name });
    covers.set(c.target, by);
  }
  const hp = spec.cost?.hp ?? 0;
  const sp = spec.cost?.sp ?? 0;
  if (!Number.isSafeInteger(hp) || !Number.isSafeInteger(sp) || hp < 0 || sp < 0) throw new PersonaError('persona.error.badCost');
  if (sp > actor.sp) throw new PersonaError('persona.error.notEnoughSp', { name: actor.name, cost: sp, sp: actor.sp });
  if (hp > 0 && actor.hp - hp <= 0) throw new PersonaError('persona.error.hpCost', { name: actor.name, cost: hp, hp: actor.hp });
  actor.hp -= hp;
  actor.sp -= sp;
  if (hp > 0 || sp > 0) events.push(ev(costKey(hp, sp), { name: actor.name, hp, sp }));
  const targetNames = targets.map((t) => t.name).join(', ');
  events.push(
    spec.skill
      ? ev('persona.ailment.declareSkill', { name: actor.name, skill: spec.skill, targets: targetNames })
      : ev('persona.ailment.declare', { name: actor.name, targets: targetNames }),
  );
  for (const [targetId, by] of covers) {
    by.coverUsed = true;
    events.push(ev('persona.cover.effect', { name: by.name, target: findCombatant(d, targetId).name }));
  }

  for (let hit = 1; hit <= hits; hit++) {
    for (const intended of targets) {
      const target = covers.get(intended.id) ?? intended;
      if (!inCombat(target)) continue;
      let affinity: InflictionAffinity = 'normal';
      if (spec.element !== undefined) {
        const r = resistanceOf(target, spec.element);
        if (r === 'null' || r === 'reflect' || r === 'absorb') {
          events.push(ev('persona.ailment.void', { target: target.name, resistance: r }));
          continue;
        }
        if (r === 'weak' || r === 'resist') affinity = r;
      }
      const chance = inflictionChance({
        base: spec.baseRate,
        booster: spec.booster ?? 0,
        userLuck: actor.luck,
        targetLuck: target.luck,
        suku: actor.suku,
        affinity,
        rounding: d.config.rounding,
      });
      if (spec.effect.kind === 'instantDeath') {
        const check = chanceRoll(chance, rng);
        const params = { name: actor.name, target: target.name, roll: check.roll, chance };
        if (!check.success) {
          events.push(ev('persona.instantDeath.fail', params));
          continue;
        }
        events.push(ev('persona.instantDeath.success', params));
        // Down (JA L1016: a weakness-element instant death) comes before incapacitation (JA L165)
        if (byPersona && affinity === 'weak') {
          if (applyDownOccurrence(d, target, false, rng, events) === 'down') d.slot!.causedDown = true;
        }
        target.hp = 0;
        checkKnockOut(target, events);
        continue;
      }
      for (const status of spec.effect.statuses) {
        // JA L191: a nullified infliction (Defend, a status already there) is not rolled
        if (inflictionBlock(target) !== null) {
          putBadStatus(d, target, status, events);
          break;
        }
        const check = chanceRoll(chance, rng);
        const params = { name: actor.name, target: target.name, status, roll: check.roll, chance };
        if (check.success) {
          events.push(ev('persona.status.rollSuccess', params));
          putBadStatus(d, target, status, events);
          break;
        }
        events.push(ev('persona.status.rollFail', params));
      }
    }
  }
  closeSlot(dr);
  return finish(dr);
}
