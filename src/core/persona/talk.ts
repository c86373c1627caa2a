// Wild Talk (ワイルドトーク, JA L1036–1069): in a Hold-up's 1 More instead of the All-out attack
// (JA L1029), a negotiation roll against a boss-rank-0 enemy with any fitting skill (weapon, 説得,
// 信用, 言いくるめ, 芸術 or ペルソナ). Success: the GM's reward (item, Macca or the enemy as a Persona)
// and the enemy leaves the fight, not defeated. Failure: the enemy gets an extra slot at the end of
// this slot (JA L1068); a fumble gives one to every enemy (JA L1069).
import type { RandomSource } from '../random.js';
import { percentile } from './check.js';
import { enemiesOf, findCombatant, inCombat } from './combatant.js';
import { beginAction, closeSlot, finish } from './state.js';
import { PersonaError, ev, type CombatState, type Step } from './types.js';

export function wildTalk(state: CombatState, spec: { target: string; chance: number }, rng: RandomSource, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (!d.slot!.holdUp || d.holdUp === null || d.slot!.kind !== 'oneMore') throw new PersonaError('persona.error.noHoldUp');
  if (!Number.isInteger(spec.chance) || spec.chance < 0 || spec.chance > 200) throw new PersonaError('persona.error.badRate');
  const target = findCombatant(d, spec.target);
  if (target.side === actor.side || !inCombat(target)) throw new PersonaError('persona.error.badTarget', { name: target.name });
  const check = percentile(spec.chance, rng, d.config);
  const params = { name: actor.name, target: target.name, roll: check.roll, chance: check.target };
  if (check.success) {
    target.fled = true;
    events.push(ev(check.critical ? 'persona.talk.critical' : 'persona.talk.success', params));
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
