// Down, Persona Release, Dizzy, Hold-up (JA L1010–1085; KO L414–449; digest §8) and incapacitation
// (JA L1161–1167; digest §9). Draft mutators used inside rule calls, plus pure questions.
import type { RandomSource } from '../random.js';
import { chanceRoll } from './check.js';
import { alliesOf, canAct, enemiesOf, inCombat, isDowned, statusDef } from './combatant.js';
import { ev, type CombatState, type Combatant, type PersonaEvent, type Side } from './types.js';

/** Slot starts a Dizzy lasts: it clears just before the slot after next (次々手番, JA L1078). */
export const DIZZY_SLOTS = 2;

/**
 * Hold-up: every enemy still in combat (not incapacitated) is Down (or Released, or Dizzy) and at
 * least `holdUpMinAllies` allies can act (JA L1028 「複数の味方」; KO L425 「2명 이상」).
 */
export function holdUpAvailable(state: CombatState, side: Side): boolean {
  const enemies = enemiesOf(state, side).filter(inCombat);
  if (enemies.length === 0 || !enemies.every(isDowned)) return false;
  return alliesOf(state, side).filter((c) => canAct(state, c)).length >= state.config.holdUpMinAllies;
}

/** Result of one Down occurrence on one character. 'down' is a new Down or Release: it earns the 1 More. */
export type DownOutcome = 'down' | 'dizzy' | 'resisted' | 'defendBroken' | 'none';

/**
 * One Down occurrence (JA L1013–1019, L1076–1085):
 * - a Dizzy character: nothing more happens (JA L1019);
 * - Down resistance is rolled once per occurrence (JA L1085), except when `forced` (hit critical +
 *   evasion fumble, JA L976–977: resistant characters are forced Down, others Down AND Dizzy);
 * - Defend is removed instead (JA L735);
 * - already Down / Released → Dizzy instead (JA L1077); no new Down, so no 1 More (digest §12 #6);
 * - otherwise Down, or Persona Release for a PC Persona user (JA L1071).
 */
export function applyDownOccurrence(
  draft: CombatState,
  c: Combatant,
  forced: boolean,
  rng: RandomSource,
  events: PersonaEvent[],
): DownOutcome {
  if (!inCombat(c) || c.dizzy > 0) return 'none';
  if (!forced && c.downResistance > 0) {
    const check = chanceRoll(c.downResistance, rng);
    if (check.success) {
      events.push(ev('persona.down.resisted', { name: c.name, roll: check.roll, chance: check.chance }));
      return 'resisted';
    }
    events.push(ev('persona.down.notResisted', { name: c.name, roll: check.roll, chance: check.chance }));
  }
  if (c.defending) {
    c.defending = false;
    events.push(ev('persona.down.defendBroken', { name: c.name }));
    return 'defendBroken';
  }
  if (c.down || c.released) {
    c.dizzy = DIZZY_SLOTS;
    events.push(ev('persona.dizzy', { name: c.name }));
    cancelWait(c, events);
    return 'dizzy';
  }
  if (c.side === 'pc' && c.personaUser) {
    c.released = true;
    c.summoned = false;
    events.push(ev('persona.release', { name: c.name }));
  } else {
    c.down = true;
    events.push(ev('persona.down', { name: c.name }));
  }
  if (forced && c.downResistance === 0) {
    c.dizzy = DIZZY_SLOTS;
    events.push(ev('persona.dizzy', { name: c.name }));
  }
  if (c.down || c.dizzy > 0) cancelWait(c, events);
  return 'down';
}

/** JA L948: a Wait ends, initiative back to normal, when the character can take no action at all. */
function cancelWait(c: Combatant, events: PersonaEvent[]): void {
  if (!c.waiting) return;
  c.waiting = false;
  events.push(ev('persona.wait.cancelled', { name: c.name }));
}

/**
 * Just before one of the character's slots starts (JA L727, L1021, L1078–1081):
 * Defend ends; a Dizzy counts down and, while it lasts, the slot is lost; when it ends, the Down
 * and Release end with it; otherwise a Down ends. An action-blocking bad status loses the slot.
 * Returns whether the slot can be used.
 */
export function startSlotEffects(draft: CombatState, c: Combatant, events: PersonaEvent[]): boolean {
  if (c.defending) {
    c.defending = false;
    events.push(ev('persona.defend.end', { name: c.name }));
  }
  if (c.dizzy > 0) {
    c.dizzy -= 1;
    if (c.dizzy > 0) {
      events.push(ev('persona.slot.lostDizzy', { name: c.name }));
      return false;
    }
    events.push(ev('persona.dizzy.end', { name: c.name }));
    // JA L1080–1081: Down and Release end together with the Dizzy. Ending the Release brings the
    // Persona back (our reading: the character returns to its normal state).
    if (c.released) {
      c.released = false;
      c.summoned = true;
      events.push(ev('persona.release.endWithDizzy', { name: c.name }));
    }
    c.down = false;
  } else if (c.down) {
    c.down = false;
    events.push(ev('persona.down.end', { name: c.name }));
  }
  const def = statusDef(draft, c.badStatus);
  if (def?.blocksActions) {
    events.push(ev('persona.slot.lostStatus', { name: c.name, status: def.id }));
    return false;
  }
  return true;
}

/** HP loss without the incapacitation check (Down is processed before it, JA L165). */
export function loseHp(c: Combatant, amount: number): void {
  if (amount > 0) c.hp -= amount;
}

/** Healing (Absorb): capped at max HP, but a current HP above max is kept (JA L798–799). */
export function healHp(c: Combatant, amount: number): void {
  if (amount <= 0 || !inCombat(c)) return;
  c.hp = Math.max(c.hp, Math.min(c.hpMax, c.hp + amount));
}

/**
 * HP ≤ 0 (JA L1162–1165): HP 0, Persona unsummoned, incapacitated, SAN 1D6/3D6 without insanity
 * (reported; the SAN roll belongs to the CoC sheet). A Persona user who never summoned in this
 * combat dies instead. Bad statuses (JA L351), Down, Dizzy, Release, Defend and Wait end.
 */
export function checkKnockOut(c: Combatant, events: PersonaEvent[]): boolean {
  if (c.hp > 0 || c.incapacitated || c.dead) return false;
  c.hp = 0;
  c.incapacitated = true;
  if (c.personaUser && !c.everSummoned) {
    c.dead = true;
    events.push(ev('persona.death.neverSummoned', { name: c.name }));
  } else {
    events.push(ev(c.personaUser ? 'persona.incapacitated.san' : 'persona.incapacitated', { name: c.name }));
  }
  if (c.badStatus !== null) {
    events.push(ev('persona.status.cleared', { name: c.name, status: c.badStatus.id }));
    c.badStatus = null;
  }
  c.summoned = false;
  c.down = false;
  c.released = false;
  c.dizzy = 0;
  c.defending = false;
  c.waiting = false;
  endSupportEffects(c, events);
  // an analysis does not survive it: nobody is left to read the result at its slot (JA L427–428)
  if (c.analyzing) c.analyzing = null;
  return true;
}

/**
 * Incapacitation ends every support effect (JA L607 「種別:補助(戦闘不能持続)以外の補助効果は戦闘不能によって
 * 解除される」, KO L230): the Kaja/Nda stages go back to 0. No skill of ours is 戦闘不能持続; a GM who
 * rules one is kept sets the stage again (/persona adjust).
 */
export function endSupportEffects(c: Combatant, events: PersonaEvent[]): void {
  if (!c.suku && !c.raku && !c.taru && !c.maka) return;
  c.suku = 0;
  c.raku = 0;
  c.taru = 0;
  c.maka = 0;
  events.push(ev('persona.support.ended', { name: c.name }));
}
