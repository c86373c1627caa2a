// Attack skills (攻撃(物理・魔法), JA L108–170 and the flow L207–231; KO L91–140) and the All-out
// attack of a Hold-up (JA L1031–1035, L1107–1110; KO L427–430).
import type { RandomSource } from '../random.js';
import { evaluateDice } from '../dice/index.js';
import { chanceRoll, percentile } from './check.js';
import { alliesOf, canAct, choiceBlockingStatus, requireSkillsUsable, damageTakenMods, effectiveDefense, enemiesOf, findCombatant, inCombat, resistanceOf } from './combatant.js';
import { computeDamage, expandDb, sumDb, type DamageBreakdown } from './damage.js';
import { canTakePassive, coverPenalty, coverRefusal, evasionChance } from './defense.js';
import { applyDownOccurrence, checkKnockOut, healHp, loseHp } from './down.js';
import { dbStage, effectiveDb } from './db-rank.js';
import { beginAction, closeSlot, finish, type Draft } from './state.js';
import { inflictionBlock, inflictionChance, putBadStatus } from './status.js';
import { PersonaError, costKey, ev, type CombatState, type Combatant, type Element, type Step } from './types.js';

export interface CoverDeclaration {
  /** the coverer */
  by: string;
  /** the character it covers (must be a target of this attack) */
  target: string;
  /** the coverer also tries to evade, at −(target SIZ × 2) (JA L963) */
  evade?: boolean;
}

export interface AttackAilment {
  /** bad-status id from the table */
  status: string;
  /** base infliction rate, or 'fuyo' (「付与」): lands only on a critical, no roll (JA L129, L348) */
  rate: number | 'fuyo';
  booster?: number;
}

export interface AttackSpec {
  /** the skill's name, for the report */
  skill?: string;
  kind: 'physical' | 'magic';
  /** one or more elements; the roll is split evenly between them (JA L141) */
  elements: Element[];
  targets: string[];
  /** power N db: db × N by dice counts (JA L137); default 1 */
  coefficient?: number;
  /** a skill's own power expression instead of db × coefficient (JA L137 「スキル毎の特殊な指示」) */
  dice?: string;
  /** number of attacks, same targets each time (JA L118–124); default 1 */
  hits?: number;
  /** success rate %, or 'auto' (自動成功: no roll, cannot be evaded, no critical; JA L133) */
  hitRate: number | 'auto';
  /** paid at declaration; refused if short or if the HP cost would leave HP ≤ 0 (JA L116) */
  cost?: { hp?: number; sp?: number };
  /** a Persona's attack (default true). Only those cause Down (JA L1015–1016) and need the Persona out (JA L101) */
  byPersona?: boolean;
  /** the attacker's effects on the rolled damage, % (JA L142) */
  attackerPct?: number;
  /** an added bad status (⑦, JA L163–165) */
  ailment?: AttackAilment;
  /** the skill grants Down (JA L1017) */
  grantsDown?: boolean;
  /** targets that declare Persona evasion */
  evade?: string[];
  /**
   * Everyone else's standing choice to try Persona evasion: a fumble's random target that was not
   * among `targets` is the attack's target now and gets its passive action too (JA L132–135, L970).
   */
  othersEvade?: string[];
  cover?: CoverDeclaration[];
  /**
   * Combination magic (合体魔法, JA L456–500): the other participants and their own skill costs (paid
   * at ④, JA L484); a critical only ignores defense and fires 「付与」 (JA L490); bad-status odds use
   * the highest participating 運 (JA L498).
   */
  combination?: { participants: { id: string; cost?: { hp?: number; sp?: number } }[] };
}

const MAX_HITS = 10;

interface Landed {
  target: Combatant;
  receiver: Combatant;
  critical: boolean;
  /** hit critical + evasion fumble (JA L976–977) */
  forced: boolean;
}

function validTarget(d: CombatState, attacker: Combatant, t: Combatant): boolean {
  if (t.dead || t.fled) return false;
  if (!t.incapacitated) return true;
  // JA L886, L890: incapacitated characters can be attacked only by their finish-off declarer, in its (initiative 0) turn
  return attacker.finishOff?.includes(t.id) === true && d.turn?.actorId === attacker.id;
}

export function payCost(dr: Draft & { actor: Combatant }, cost: { hp?: number; sp?: number } | undefined): void {
  const hp = cost?.hp ?? 0;
  const sp = cost?.sp ?? 0;
  const { actor, events } = dr;
  if (!Number.isSafeInteger(hp) || !Number.isSafeInteger(sp) || hp < 0 || sp < 0) throw new PersonaError('persona.error.badCost');
  if (sp > actor.sp) throw new PersonaError('persona.error.notEnoughSp', { name: actor.name, cost: sp, sp: actor.sp });
  if (hp > 0 && actor.hp - hp <= 0) throw new PersonaError('persona.error.hpCost', { name: actor.name, cost: hp, hp: actor.hp });
  if (hp === 0 && sp === 0) return;
  actor.hp -= hp;
  actor.sp -= sp;
  events.push(ev(costKey(hp, sp), { name: actor.name, hp, sp }));
}

function reportParts(dr: Draft, target: Combatant, bd: DamageBreakdown): void {
  for (const p of bd.parts) {
    if (p.resistance === 'normal') continue;
    dr.events.push(ev(`persona.damage.${p.resistance}`, { target: target.name, element: p.element, amount: p.base }));
  }
}

function reportTaken(dr: Draft, c: Combatant, bd: DamageBreakdown): void {
  dr.events.push(
    ev('persona.damage.taken', {
      target: c.name,
      amount: bd.total,
      subtotal: bd.subtotal,
      pct: bd.pct,
      defense: bd.defenseApplied,
      armor: bd.armorApplied,
      hp: Math.max(0, c.hp),
      hpMax: c.hpMax,
    }),
  );
}

/**
 * A reflected part goes back to the attacker from the resistance step, with the attacker's own
 * resistances, modifiers, defense and armor (JA L145, L269); reflected again it is Null (JA L148).
 * The critical's defense-ignore carries over ("the results so far"). A weakness hit on the attacker
 * Downs it (our reading; no 1 More for anyone: nobody attacked in a slot).
 */
function reflectBack(dr: Draft, attacker: Combatant, from: Combatant, bd: DamageBreakdown, critical: boolean, rng: RandomSource): void {
  if (bd.reflected.length === 0 || !inCombat(attacker)) return;
  const elements = bd.reflected.map((r) => r.element);
  const back = computeDamage({
    roll: 0,
    parts: bd.reflected.map((r) => r.amount),
    elements,
    resistances: elements.map((e) => {
      const r = resistanceOf(attacker, e);
      return r === 'reflect' ? 'null' : r;
    }),
    ignoreDefense: critical,
    targetPcts: damageTakenMods(attacker),
    defense: effectiveDefense(attacker),
    armor: attacker.armor,
    rounding: dr.d.config.rounding,
  });
  dr.events.push(ev('persona.damage.reflected', { name: attacker.name, target: from.name, amount: bd.reflected.reduce((s, r) => s + r.amount, 0) }));
  reportParts(dr, attacker, back);
  if (back.absorbed > 0) absorb(dr, attacker, back.absorbed);
  if (back.negated) return;
  loseHp(attacker, back.total);
  reportTaken(dr, attacker, back);
  if (back.weakHit && back.total > 0) applyDownOccurrence(dr.d, attacker, false, rng, dr.events);
  checkKnockOut(attacker, dr.events);
}

function absorb(dr: Draft, c: Combatant, amount: number): void {
  healHp(c, amount);
  dr.events.push(ev('persona.heal.absorb', { target: c.name, amount, hp: c.hp, hpMax: c.hpMax }));
}

function validateSpec(spec: AttackSpec): number {
  const hits = spec.hits ?? 1;
  if (!Number.isInteger(hits) || hits < 1 || hits > MAX_HITS) throw new PersonaError('persona.error.badHits', { hits, max: MAX_HITS });
  if (spec.elements.length === 0) throw new PersonaError('persona.error.noElements');
  if (spec.targets.length === 0) throw new PersonaError('persona.error.noTargets');
  if (new Set(spec.targets).size !== spec.targets.length) throw new PersonaError('persona.error.duplicateTarget');
  if (spec.hitRate !== 'auto' && !Number.isFinite(spec.hitRate)) throw new PersonaError('persona.error.badRate');
  for (const id of spec.evade ?? []) if (!spec.targets.includes(id)) throw new PersonaError('persona.error.evadeNotTarget', { id });
  return hits;
}

/**
 * One attack skill, resolved in the slot's owner's name (JA L207–231):
 * ① cost (JA L115–116) → per attack ②: ⑤ hit check per target (JA L134), then the target's
 * passive action (Cover/evasion, JA L955–978) → ⑥ one damage roll for all targets (JA L140) and
 * the damage pipeline per target (damage.ts) → ⑦ added effects in the order Down/Dizzy →
 * incapacitation/death → bad status (JA L165; a PC's Release is applied at the Down step, nothing
 * between depends on it). A Down caused here gives a 1 More when the slot ends (JA L1025).
 *
 * Critical (JA L129–131): ignores defense, fires 「付与」 effects; physical: roll ×2 and a Down
 * check; magic: the evasion counts twice. Fumble (JA L132): the target becomes random (one of
 * everyone else still in the fight, drawn from rng).
 */
export function attack(state: CombatState, spec: AttackSpec, rng: RandomSource, actorId?: string): Step {
  const hits = validateSpec(spec);
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  const byPersona = spec.byPersona ?? true;
  if (byPersona && actor.personaUser && !actor.summoned) throw new PersonaError('persona.error.notSummoned', { name: actor.name });
  if (byPersona) requireSkillsUsable(d, actor);
  const targets = spec.targets.map((id) => findCombatant(d, id));
  for (const t of targets) if (!validTarget(d, actor, t)) throw new PersonaError('persona.error.badTarget', { name: t.name });
  const expr = spec.dice !== undefined ? expandDb(spec.dice, 1) : expandDb(effectiveDb(d.config, actor, spec.kind), spec.coefficient ?? 1);
  if (spec.ailment !== undefined && !d.config.badStatuses.some((s) => s.id === spec.ailment!.status)) {
    throw new PersonaError('persona.error.unknownStatus', { status: spec.ailment.status });
  }
  const evading = new Set(spec.evade ?? []);
  const othersEvading = new Set((spec.othersEvade ?? []).filter((id) => !spec.targets.includes(id)));
  const covers = new Map<string, { by: Combatant; evade: boolean }>();
  for (const c of spec.cover ?? []) {
    const target = findCombatant(d, c.target);
    if (!spec.targets.includes(c.target)) throw new PersonaError('persona.error.coverNotTarget', { name: target.name });
    if (covers.has(c.target)) throw new PersonaError('persona.error.coverTwice', { name: target.name });
    const by = findCombatant(d, c.by);
    const refusal = coverRefusal(d, by, target, evading.has(c.target));
    if (refusal !== null) throw new PersonaError(refusal, { name: by.name, target: target.name });
    if ([...covers.values()].some((x) => x.by.id === by.id)) throw new PersonaError('persona.error.coverUsed', { name: by.name, target: target.name });
    covers.set(c.target, { by, evade: c.evade ?? false });
  }
  const partners = (spec.combination?.participants ?? []).filter((p) => p.id !== actor.id).map((p) => ({ c: findCombatant(d, p.id), cost: p.cost }));
  for (const { c } of partners) {
    // joining is a choice: 悩殺・激昂… that take it away keep a participant out (JA L480)
    if (c.side !== actor.side || !canAct(d, c) || (c.personaUser && !c.summoned) || choiceBlockingStatus(d, c) !== undefined) throw new PersonaError('persona.error.badParticipant', { name: c.name });
    requireSkillsUsable(d, c);
  }
  payCost(dr, spec.cost);
  for (const p of partners) payCost({ ...dr, actor: p.c }, p.cost);
  const combination = partners.length > 0;
  const luck = Math.max(actor.luck, ...partners.map((p) => p.c.luck));
  const targetNames = targets.map((t) => t.name).join(', ');
  events.push(
    spec.skill
      ? ev('persona.attack.declareSkill', { name: actor.name, skill: spec.skill, targets: targetNames })
      : ev(`persona.attack.declare.${spec.kind}`, { name: actor.name, targets: targetNames }),
  );
  for (const { by } of covers.values()) by.coverUsed = true;
  for (const [targetId, { by }] of covers) {
    const t = findCombatant(d, targetId);
    events.push(ev('persona.cover', { name: by.name, target: t.name, penalty: coverPenalty(t.siz) }));
  }

  /** targets whose evasion critical makes every later evasion succeed until the attack ends (JA L972–974) */
  const evadeCrit = new Set<string>();
  /**
   * The receiver's Persona evasion (JA L969–978): (速 + mods) / evasions this round, a magic critical
   * counting two (JA L971), Cover's −SIZ×2 (JA L963). A critical evades every later hit on the same
   * target (JA L972–974); a fumble makes the attack a critical, and with a hit critical a forced
   * Dizzy (JA L975–977).
   */
  const tryEvade = (receiver: Combatant, targetId: string, coveredSiz: number, critical: boolean, canDoubleCount: boolean): { evaded: boolean; critical: boolean; forced: boolean } => {
    if (!canTakePassive(d, receiver)) {
      events.push(ev('persona.evade.unable', { name: receiver.name }));
      return { evaded: false, critical, forced: false };
    }
    if (evadeCrit.has(targetId)) {
      events.push(ev('persona.evade.auto', { name: receiver.name }));
      return { evaded: true, critical, forced: false };
    }
    receiver.evasions += canDoubleCount && spec.kind === 'magic' && critical && !combination ? 2 : 1;
    const chance = evasionChance({ agi: receiver.agi, suku: receiver.suku, count: receiver.evasions, coveredSiz, rounding: d.config.rounding });
    const ec = percentile(chance, rng, d.config);
    // under Cover the covered character's SIZ is in the chance: it is named too
    const eparams = { name: receiver.name, ...(coveredSiz > 0 ? { covered: findCombatant(d, targetId).name } : {}), roll: ec.roll, chance };
    if (ec.critical) {
      evadeCrit.add(targetId);
      events.push(ev('persona.evade.critical', eparams));
      return { evaded: true, critical, forced: false };
    }
    if (ec.success) {
      events.push(ev('persona.evade.success', eparams));
      return { evaded: true, critical, forced: false };
    }
    if (ec.fumble) {
      events.push(ev('persona.evade.fumble', eparams));
      return { evaded: false, critical: true, forced: critical };
    }
    events.push(ev('persona.evade.fail', eparams));
    return { evaded: false, critical, forced: false };
  };
  for (let hit = 1; hit <= hits; hit++) {
    if (!inCombat(actor)) break;
    const landed: Landed[] = [];
    for (const target of targets) {
      const cover = covers.get(target.id);
      const receiver = cover?.by ?? target;
      if (!validTarget(d, actor, receiver)) continue;
      let critical = false;
      let forced = false;
      if (spec.hitRate !== 'auto') {
        const check = percentile(spec.hitRate + 10 * actor.suku, rng, d.config);
        const params = { name: actor.name, target: target.name, roll: check.roll, chance: check.target };
        if (check.fumble) {
          // JA L132 / KO L127: the target becomes random: one of everyone still in the fight except the
          // attacker (either side; the intended target too; the pool is the GM's reading, digest §12 #12),
          // no critical. It is now the attack's target, and the target's passive action follows the
          // success check (JA L135): it may try Persona evasion by its own standing choice, since only an
          // auto-success attack is un-evadable (JA L133). Setting fumbleEvade:false drops that.
          const pool = d.combatants.filter((c) => c.id !== actor.id && inCombat(c) && validTarget(d, actor, c));
          if (pool.length === 0) {
            events.push(ev('persona.hit.fumble', params));
            continue;
          }
          const random = pool[rng.die(pool.length) - 1]!;
          events.push(ev('persona.hit.fumbleRandom', { ...params, random: random.name }));
          // A Cover declared against this attack holds when the fumble lands on the covered target: the
          // coverer takes every evasion and all damage and cannot stop midway (JA L961, L965–966).
          const held = covers.get(random.id);
          const coverer = held && validTarget(d, actor, held.by) ? held : undefined;
          const tries = d.config.fumbleEvade !== false && (coverer ? coverer.evade : evading.has(random.id) || othersEvading.has(random.id));
          const outcome = tries ? tryEvade(coverer?.by ?? random, random.id, coverer ? random.siz : 0, false, false) : { evaded: false, critical: false, forced: false };
          if (!outcome.evaded) landed.push({ target: random, receiver: coverer?.by ?? random, critical: outcome.critical, forced: outcome.forced });
          continue;
        }
        if (!check.success) {
          events.push(ev('persona.hit.miss', params));
          continue;
        }
        critical = check.critical;
        events.push(ev(critical ? 'persona.hit.critical' : 'persona.hit.success', params));
        const tries = cover ? cover.evade : evading.has(target.id);
        if (tries) {
          const outcome = tryEvade(receiver, target.id, cover ? target.siz : 0, critical, true);
          if (outcome.evaded) continue;
          critical = outcome.critical;
          forced = outcome.forced;
        }
      } else if (cover ? cover.evade : evading.has(target.id)) {
        events.push(ev('persona.evade.autoHit', { name: receiver.name }));
      }
      landed.push({ target, receiver, critical, forced });
    }
    if (landed.length === 0) continue;

    // ⑥ power: one roll for every target (JA L139–140)
    const roll = evaluateDice(expr, rng).value;
    events.push(ev('persona.damage.roll', { name: actor.name, expr, total: roll }));
    for (const { receiver, critical, forced } of landed) {
      const wasOut = receiver.incapacitated;
      const physicalCritical = spec.kind === 'physical' && critical && !combination;
      const bd = computeDamage({
        roll,
        elements: spec.elements,
        resistances: spec.elements.map((e) => resistanceOf(receiver, e)),
        physicalCritical,
        ignoreDefense: critical,
        attackerPct: spec.attackerPct ?? 0,
        targetPcts: damageTakenMods(receiver),
        defense: effectiveDefense(receiver),
        armor: receiver.armor,
        rounding: d.config.rounding,
      });
      if (physicalCritical) events.push(ev('persona.damage.critical', { target: receiver.name, amount: bd.rolled }));
      reportParts(dr, receiver, bd);
      if (bd.absorbed > 0) absorb(dr, receiver, bd.absorbed);
      reflectBack(dr, actor, receiver, bd, critical, rng);
      // JA L153: every element null/reflect/absorb → nothing further for this target
      if (bd.negated) continue;
      loseHp(receiver, bd.total);
      reportTaken(dr, receiver, bd);
      if (wasOut) {
        // JA L894: 1 damage to a declared, incapacitated target kills it
        if (bd.total >= 1) {
          receiver.dead = true;
          receiver.hp = 0;
          events.push(ev('persona.finishOff.kill', { name: actor.name, target: receiver.name }));
        } else {
          receiver.hp = 0;
        }
        continue;
      }
      // ⑦ Down / Dizzy (JA L1013–1018): Persona physical critical, weakness hit that dealt damage, Down effect
      const downCondition = byPersona && (physicalCritical || (bd.weakHit && bd.total > 0) || spec.grantsDown === true);
      if (downCondition || forced) {
        if (applyDownOccurrence(d, receiver, forced, rng, events) === 'down') d.slot!.causedDown = true;
      }
      // incapacitation / death (JA L1162–1165)
      checkKnockOut(receiver, events);
      // bad status (JA L187–191; 「付与」 only on a critical)
      if (spec.ailment !== undefined && inCombat(receiver)) inflictAdded(dr, { ...actor, luck }, receiver, spec.ailment, bd, critical, rng);
    }
  }
  closeSlot(dr);
  return finish(dr);
}

function inflictAdded(
  dr: Draft,
  user: Combatant,
  target: Combatant,
  ailment: AttackAilment,
  bd: DamageBreakdown,
  critical: boolean,
  rng: RandomSource,
): void {
  if (ailment.rate === 'fuyo') {
    if (critical) putBadStatus(dr.d, target, ailment.status, dr.events);
    return;
  }
  const block = inflictionBlock(target);
  if (block !== null) {
    // JA L191: a nullified infliction is not rolled
    putBadStatus(dr.d, target, ailment.status, dr.events);
    return;
  }
  const chance = inflictionChance({
    base: ailment.rate,
    booster: ailment.booster ?? 0,
    userLuck: user.luck,
    targetLuck: target.luck,
    suku: user.suku,
    affinity: bd.affinity,
    rounding: dr.d.config.rounding,
  });
  const check = chanceRoll(chance, rng);
  const params = { name: user.name, target: target.name, status: ailment.status, roll: check.roll, chance };
  if (check.success) {
    dr.events.push(ev('persona.status.rollSuccess', params));
    putBadStatus(dr.d, target, ailment.status, dr.events);
  } else {
    dr.events.push(ev('persona.status.rollFail', params));
  }
}

export type AllOutKind = 'bokosuka' | 'showtime';

export interface AllOutSpec {
  /** ボコスカプレス: all enemies, power db; ShowTime: one enemy, power 2db (JA L1108–1109) */
  kind: AllOutKind;
  /** ShowTime's target */
  target?: string;
  /** allies taking part (default: every ally able to act); the 1 More's owner always does */
  participants?: string[];
}

/**
 * All-out attack (総攻撃), only in the 1 More of a Hold-up, instead of it (JA L1029, L1031–1035):
 * Almighty physical, auto-success, ignores defense AND armor, power from the participants' db
 * summed (「総能力db」: read as their physical db, digest §12 #19), ×2 for ShowTime. Afterwards Down
 * and Dizzy are removed from those it hit (JA L1035). An Almighty Reflect counts as Null here (no
 * single attacker to send it back to).
 */
export function allOutAttack(state: CombatState, spec: AllOutSpec, rng: RandomSource, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (!d.slot!.holdUp || d.holdUp === null || d.slot!.kind !== 'oneMore') throw new PersonaError('persona.error.noHoldUp');
  const ids = new Set(spec.participants ?? alliesOf(d, actor.side).filter((c) => canAct(d, c)).map((c) => c.id));
  ids.add(actor.id);
  const participants = [...ids].map((id) => findCombatant(d, id));
  for (const p of participants) {
    if (p.side !== actor.side || !canAct(d, p)) throw new PersonaError('persona.error.badParticipant', { name: p.name });
  }
  let targets: Combatant[];
  if (spec.kind === 'showtime') {
    if (spec.target === undefined) throw new PersonaError('persona.error.noTargets');
    const t = findCombatant(d, spec.target);
    if (t.side === actor.side || !inCombat(t)) throw new PersonaError('persona.error.badTarget', { name: t.name });
    targets = [t];
  } else {
    targets = enemiesOf(d, actor.side).filter(inCombat);
  }
  // JA L1033: a support effect on any participant applies to all of them, the same one not twice:
  // the best タルカジャ stage among them moves every participant's physical db (db-rank.ts)
  const taru = Math.max(...participants.map((p) => dbStage(p, 'physical')));
  const expr = expandDb(sumDb(participants.map((p) => effectiveDb(d.config, p, 'physical', taru))), spec.kind === 'showtime' ? 2 : 1);
  const roll = evaluateDice(expr, rng).value;
  // "{name} with {participants}": the leader is not listed beside itself
  const others = participants.filter((p) => p.id !== actor.id).map((p) => p.name);
  events.push(ev(`persona.allOut.${spec.kind}${others.length === 0 ? 'Solo' : ''}`, { name: actor.name, participants: others.join(', ') }));
  events.push(ev('persona.damage.roll', { name: participants.map((p) => p.name).join(', '), names: participants.map((p) => p.name).join('\n'), expr, total: roll }));
  for (const t of targets) {
    const resistance = resistanceOf(t, 'almighty');
    const bd = computeDamage({
      roll,
      elements: ['almighty'],
      resistances: [resistance === 'reflect' ? 'null' : resistance],
      ignoreDefense: true,
      ignoreArmor: true,
      targetPcts: damageTakenMods(t),
      defense: 0,
      armor: 0,
      rounding: d.config.rounding,
    });
    reportParts(dr, t, bd);
    if (bd.absorbed > 0) absorb(dr, t, bd.absorbed);
    if (!bd.negated) {
      loseHp(t, bd.total);
      reportTaken(dr, t, bd);
    }
    if (t.down || t.dizzy > 0) {
      t.down = false;
      t.dizzy = 0;
      events.push(ev('persona.allOut.recover', { name: t.name }));
    }
    checkKnockOut(t, events);
  }
  closeSlot(dr);
  return finish(dr);
}
