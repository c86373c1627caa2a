// One attack against one defender (seed 001 <戦闘ルール> L202–205; ambush L453–456; flight
// L513–518; digest fate-roll-dice-core.md §8.4, §8.5, §9.8, §9.13).
import { combatInt, type CombatLine } from './rows.js';

export interface AttackInput {
  /** achievement of the attack check, before any ambush bonus */
  attack: number;
  /** achievement of the defense check (a won vigilance margin, L455, already added by the caller) */
  defense: number;
  /** weapon attack (fixed value) */
  weapon: number;
  /** the defender's armor (fixed value) that applies to this kind of damage */
  armor: number;
  /**
   * the damage involves magic: a magic attack, a physical attack made by magical force, one
   * enchanted with magic, or a Mystic Code attack (L205). A servant's attack always counts as
   * magical, whatever this says.
   */
  magical: boolean;
  targetIsServant: boolean;
  attackerIsServant: boolean;
  /** declared before the attack (L204); the bot should ask */
  intent: 'incapacitate' | 'kill';
  targetHp: number;
  /**
   * §9.8 ambush: the margin by which stealth beat vigilance (≥ 1; 0 or absent = no ambush). It is
   * added to the attack achievement and, on a hit, the margin part of the damage is doubled (L454).
   */
  ambushMargin?: number;
}

export interface AttackResult {
  /** immune: the attack connected (hit or tie) but cannot hurt a servant (L205) */
  outcome: 'hit' | 'tie' | 'miss' | 'immune';
  /** attack (with the ambush bonus) − defense; negative when the defender won */
  margin: number;
  damage: number;
  hpAfter: number;
  state: 'standing' | 'incapacitated' | 'dead';
}

export const MAX_ACHIEVEMENT = 999;
export const MAX_FIXED = 999;
export const MAX_HP = 9999;

/**
 * Opposed attack vs defense (L202–204):
 * - attacker higher (hit): margin + weapon − armor, at least 0 (digest §8.5 AMBIGUOUS: never
 *   negative); in an ambush 2 × margin + weapon − armor (L454: "達成差分値によるダメージが2倍");
 * - tie: weapon − armor if the weapon is stronger, else 0 (L203);
 * - defender higher (miss): 0.
 * Servant immunity (L205): a servant takes no damage that does not involve magic. A servant's
 * attacks always involve magic; anyone else's only when `magical` (the four kinds in L205). An
 * attack that connects but cannot hurt is 'immune' (damage 0); a miss stays 'miss'.
 * HP 0 (L204): incapacitated; dead instead if this attack did damage and was declared with intent
 * to kill. HP never goes below 0; an already incapacitated target (HP 0) hit for damage by an
 * attack meant to kill dies.
 * Throws FateError `fate.combat.error.outOfRange` {name, min, max}.
 */
export function resolveAttack(a: AttackInput): AttackResult {
  combatInt('attack', a.attack, 0, MAX_ACHIEVEMENT);
  combatInt('defense', a.defense, 0, MAX_ACHIEVEMENT);
  combatInt('weapon', a.weapon, 0, MAX_FIXED);
  combatInt('armor', a.armor, 0, MAX_FIXED);
  combatInt('targetHp', a.targetHp, 0, MAX_HP);
  const ambush = a.ambushMargin ?? 0;
  combatInt('ambushMargin', ambush, 0, MAX_ACHIEVEMENT);

  const margin = a.attack + ambush - a.defense;
  const outcome: AttackResult['outcome'] = margin > 0 ? 'hit' : margin === 0 ? 'tie' : 'miss';
  const immune = a.targetIsServant && !a.attackerIsServant && !a.magical;
  let damage = 0;
  if (outcome === 'hit') damage = Math.max(0, (ambush > 0 ? 2 * margin : margin) + a.weapon - a.armor);
  else if (outcome === 'tie') damage = Math.max(0, a.weapon - a.armor);
  if (immune && outcome !== 'miss') {
    return { outcome: 'immune', margin, damage: 0, hpAfter: a.targetHp, state: a.targetHp > 0 ? 'standing' : 'incapacitated' };
  }
  const hpAfter = Math.max(0, a.targetHp - damage);
  const state: AttackResult['state'] =
    hpAfter > 0 ? 'standing' : damage > 0 && a.intent === 'kill' ? 'dead' : 'incapacitated';
  return { outcome, margin, damage, hpAfter, state };
}

/** Report lines for an attack: the outcome, then the state when the target is down. */
export function attackLines(r: AttackResult): CombatLine[] {
  const lines: CombatLine[] = [];
  switch (r.outcome) {
    case 'hit':
      lines.push({ key: 'fate.combat.attack.hit', params: { margin: r.margin, damage: r.damage, hp: r.hpAfter } });
      break;
    case 'tie':
      lines.push({ key: 'fate.combat.attack.tie', params: { damage: r.damage, hp: r.hpAfter } });
      break;
    case 'miss':
      lines.push({ key: 'fate.combat.attack.miss', params: { margin: -r.margin } });
      break;
    case 'immune':
      lines.push({ key: 'fate.combat.attack.immune', params: {} });
      break;
  }
  if (r.state === 'incapacitated') lines.push({ key: 'fate.combat.attack.incapacitated', params: {} });
  if (r.state === 'dead') lines.push({ key: 'fate.combat.attack.dead', params: {} });
  return lines;
}

/**
 * Achievement minus on a melee (白兵) attack by a non-flyer against a flyer: ceil(Lv / 2), Lv the
 * level of the skill / NP / Mystic Code giving flight (L515). 0 when it does not apply
 * (targetFlightLevel null = the target is not flying).
 */
export function flightPenalty(input: { melee: boolean; attackerFlying: boolean; targetFlightLevel: number | null }): number {
  if (input.targetFlightLevel === null) return 0;
  combatInt('targetFlightLevel', input.targetFlightLevel, 0, 99);
  if (!input.melee || input.attackerFlying) return 0;
  return Math.ceil(input.targetFlightLevel / 2);
}

/**
 * Turns of magic flight after a successful MAG + 魔術 check: ceil(achievement / 2), counted from the
 * turn after the check (L517). The caster may instead fly only during that action turn.
 */
export function magicFlightTurns(achievement: number): number {
  combatInt('achievement', achievement, 0, MAX_ACHIEVEMENT);
  return Math.ceil(achievement / 2);
}
