// Wild Talk (ワイルドトーク, JA L1036–1069; KO L431–437): in a Hold-up's 1 More instead of the All-out
// attack (JA L1029), a negotiation roll against a boss-rank-0 enemy (JA L1037) with any fitting skill
// (weapon, 説得, 信用, 言いくるめ, 芸術 or ペルソナ; which one fits is the GM's call, KO L434's tables are
// lost). On success the talker takes the chosen reward, worked out and recorded here:
//   [1] item (JA L1038–1043): one item kind of rank with (rank − 1) × 12 ≤ enemy level, as many as fit in
//       level × (boss-rank Macca coefficient) × 20 Macca; critical: one item of rank (rank − 3) × 12 ≤ level;
//   [2] Macca (JA L1047–1051): level × coefficient × 20, critical × 40;
//   [3] the enemy as a Persona (JA L1055–1063): only a Wild whose original highest Persona level is at
//       least the enemy's; it keeps 2 + level/12 skills (rounded down: our reading).
// Then the target leaves the fight, not defeated; if every enemy is boss rank 0 the fight ends
// instead (JA L1044–1046). Failure: the target gets an extra slot at the end of this slot (JA L1068);
// a fumble gives one to every enemy (JA L1069). The boss-rank Macca coefficient is defined outside
// the seeds (digest §12 #3): the GM gives it (default 1).
import type { RandomSource } from '../random.js';
import { percentile } from './check.js';
import { enemiesOf, findCombatant, inCombat } from './combatant.js';
import { beginAction, checkEnd, closeSlot, finish, type Draft } from './state.js';
import { PersonaError, ev, type CombatState, type Combatant, type Step, type TalkReward } from './types.js';

export interface TalkRewardChoice {
  kind: 'item' | 'macca' | 'persona';
  /** the enemy's level; default its stat block's */
  level?: number;
  /** ボスランクによるマッカ補正 (not in the seeds; default 1) */
  coefficient?: number;
  /** [1]: the item's name, unit price and rank */
  item?: string;
  price?: number;
  rank?: number;
  /** [3]: the talker's original highest Persona level; default its stat block's level */
  personaLevel?: number;
}

export interface TalkSpec {
  target: string;
  chance: number;
  reward?: TalkRewardChoice;
}

const LIMIT = 9999;

function bounded(v: number | undefined, field: string, name: string): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isSafeInteger(v) || v < 0 || v > LIMIT) throw new PersonaError('persona.error.badField', { id: name, field, value: String(v) });
  return v;
}

/** Checks what can be checked before the roll, so a refused reward costs no slot. */
function checkReward(actor: Combatant, target: Combatant, r: TalkRewardChoice): { level: number; coefficient: number } {
  const level = bounded(r.level, 'level', target.name) ?? target.level;
  if (level === undefined) throw new PersonaError('persona.error.talkLevel', { target: target.name });
  const coefficient = bounded(r.coefficient, 'coefficient', target.name) ?? 1;
  bounded(r.price, 'price', target.name);
  bounded(r.rank, 'rank', target.name);
  if (r.kind === 'item') {
    // checked before the roll, so a refusal never follows a roll (no re-rolling by retyping)
    if (r.item === undefined || r.item.trim() === '') throw new PersonaError('persona.error.talkItem');
    if (r.price === undefined || r.price <= 0) throw new PersonaError('persona.error.talkPrice', { item: r.item.trim() });
    const maxRank = Math.floor(level / 12) + 1;
    if (r.rank !== undefined && r.rank > maxRank) throw new PersonaError('persona.error.talkRank', { rank: r.rank, max: maxRank, level });
  }
  if (r.kind === 'persona') {
    const own = bounded(r.personaLevel, 'personaLevel', actor.name) ?? actor.level;
    // JA L1057: only a Wild, and only an enemy no higher than the talker's original best Persona
    if (!actor.wild) throw new PersonaError('persona.error.talkNotWild', { name: actor.name });
    if (own === undefined || level > own) throw new PersonaError('persona.error.talkPersonaLevel', { name: actor.name, target: target.name, level, own: own ?? '?' });
  }
  return { level, coefficient };
}

function grant(dr: Draft, actor: Combatant, target: Combatant, r: TalkRewardChoice, critical: boolean, level: number, coefficient: number): void {
  const { d, events } = dr;
  const budget = level * coefficient * (critical ? 40 : 20);
  let reward: TalkReward;
  if (r.kind === 'macca') {
    reward = { by: actor.name, from: target.name, kind: 'macca', critical, macca: budget };
    events.push(ev('persona.talk.macca', { name: actor.name, target: target.name, amount: budget, level, coefficient, factor: critical ? 40 : 20 }));
  } else if (r.kind === 'item') {
    // (rank − 1) × 12 ≤ level, or (rank − 3) × 12 ≤ level on a critical (JA L1040, L1043)
    const maxRank = Math.floor(level / 12) + (critical ? 3 : 1);
    const item = r.item!.trim();
    if (critical) {
      reward = { by: actor.name, from: target.name, kind: 'item', critical, item, quantity: 1 };
      events.push(ev('persona.talk.itemCritical', { name: actor.name, target: target.name, item, max: maxRank }));
    } else {
      const price = r.price!;
      const quantity = Math.floor(budget / price);
      reward = { by: actor.name, from: target.name, kind: 'item', critical, item, quantity, macca: quantity * price };
      events.push(ev('persona.talk.item', { name: actor.name, target: target.name, item, quantity, budget, price, max: maxRank }));
    }
  } else {
    const skills = 2 + Math.floor(level / 12);
    reward = { by: actor.name, from: target.name, kind: 'persona', critical, level, skills };
    events.push(ev('persona.talk.persona', { name: actor.name, target: target.name, level, skills }));
  }
  d.rewards = [...(d.rewards ?? []), reward];
}

export function wildTalk(state: CombatState, spec: TalkSpec, rng: RandomSource, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (!d.slot!.holdUp || d.holdUp === null || d.slot!.kind !== 'oneMore') throw new PersonaError('persona.error.noHoldUp');
  if (!Number.isInteger(spec.chance) || spec.chance < 0 || spec.chance > 200) throw new PersonaError('persona.error.badRate');
  const target = findCombatant(d, spec.target);
  if (target.side === actor.side || !inCombat(target)) throw new PersonaError('persona.error.badTarget', { name: target.name });
  if ((target.bossRank ?? 0) > 0) throw new PersonaError('persona.error.talkBoss', { target: target.name, rank: target.bossRank ?? 0 });
  const checked = spec.reward ? checkReward(actor, target, spec.reward) : null;
  const check = percentile(spec.chance, rng, d.config);
  const params = { name: actor.name, target: target.name, roll: check.roll, chance: check.target };
  if (check.success) {
    events.push(ev(check.critical ? (spec.reward ? 'persona.talk.criticalReward' : 'persona.talk.critical') : spec.reward ? 'persona.talk.successReward' : 'persona.talk.success', params));
    if (spec.reward && checked) grant(dr, actor, target, spec.reward, check.critical, checked.level, checked.coefficient);
    const enemies = enemiesOf(d, actor.side).filter(inCombat);
    if (enemies.every((e) => (e.bossRank ?? 0) === 0)) {
      // JA L1045–1046: every enemy boss rank 0 → the fight ends instead, nobody counted as defeated
      for (const e of enemies) e.fled = true;
      checkEnd(dr, 'talk');
      return finish(dr);
    }
    target.fled = true;
    events.push(ev('persona.talk.leaves', { target: target.name }));
    closeSlot(dr);
    return finish(dr);
  }
  events.push(ev(check.fumble ? 'persona.talk.fumble' : 'persona.talk.fail', params));
  closeSlot(dr);
  const gaining = check.fumble ? enemiesOf(d, actor.side).filter(inCombat) : [target];
  if (d.phase !== 'ended') {
    for (const e of gaining) {
      d.pending.push({ ownerId: e.id, kind: 'extra', holdUp: false });
      events.push(ev('persona.extraSlot', { name: e.name }));
    }
  }
  return finish(dr);
}
