import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import {
  addBadStatus,
  impedimentPenalty,
  resistBadStatus,
  resistStatus,
  resistsBadStatus,
  turnStartDamage,
  type BadStatus,
} from '../../../../src/core/fate/combat/bad-status.js';
import { caught } from '../../../helpers/caught.js';

const poison: BadStatus = { kind: 'continuous', strength: 3, nature: 'physical', target: 'hp', source: 'Poison Dagger', sumWhenOverlapping: false };
const curse: BadStatus = { kind: 'continuous', strength: 2, nature: 'magical', target: 'mp', source: 'Curse', sumWhenOverlapping: true };
const bind: BadStatus = { kind: 'impediment', strength: 2, nature: 'physical', target: 'hp', checks: 'body', source: 'Chains', sumWhenOverlapping: false };

describe('bad statuses (§9.6)', () => {
  it('L435: the same BS twice stays two instances: 3 damage twice', () => {
    const list = addBadStatus(addBadStatus([], poison), poison);
    expect(list).toHaveLength(2);
    const tick = turnStartDamage(list);
    expect(tick.hp).toBe(6);
    expect(tick.lines).toEqual([
      { key: 'fate.combat.bs.tickHp', params: { source: 'Poison Dagger', amount: 3 } },
      { key: 'fate.combat.bs.tickHp', params: { source: 'Poison Dagger', amount: 3 } },
    ]);
  });

  it('L435: with 重複時合計 the strengths sum into one (Lv3 → Lv6 → Lv9)', () => {
    const sum = { ...poison, sumWhenOverlapping: true };
    let list = addBadStatus([], sum);
    list = addBadStatus(list, sum);
    expect(list).toEqual([{ ...sum, strength: 6 }]);
    list = addBadStatus(list, sum);
    expect(list).toEqual([{ ...sum, strength: 9 }]);
    // a different source is a different BS
    expect(addBadStatus(list, { ...sum, source: 'Snake' })).toHaveLength(2);
  });

  it('L427: continuous damage goes to HP or MP; impediments deal none', () => {
    const tick = turnStartDamage([poison, curse, bind]);
    expect(tick.hp).toBe(3);
    expect(tick.mp).toBe(2);
    expect(tick.lines.map((l) => l.key)).toEqual(['fate.combat.bs.tickHp', 'fate.combat.bs.tickMp', 'fate.combat.bs.impedimentBody']);
  });

  it('L430: an impediment lowers the checks it names by its strength', () => {
    const magicBind: BadStatus = { ...bind, checks: 'magic', strength: 3 };
    const list = [bind, magicBind, { ...bind, source: 'Mud' }];
    expect(impedimentPenalty(list, 'body')).toBe(4);
    expect(impedimentPenalty(list, 'magic')).toBe(3);
    expect(impedimentPenalty(list, 'luck')).toBe(0);
  });

  it('L429/L431: only an impediment can be mental; an impediment must say which checks', () => {
    expect(caught(() => addBadStatus([], { ...poison, nature: 'mental' }), FateError).key).toBe('fate.combat.error.mentalOnlyImpediment');
    expect(addBadStatus([], { ...bind, nature: 'mental' })).toHaveLength(1);
    const { checks: _checks, ...noChecks } = bind;
    expect(caught(() => addBadStatus([], noChecks), FateError).key).toBe('fate.combat.error.impedimentChecks');
    expect(caught(() => addBadStatus([], { ...poison, strength: 0 }), FateError).key).toBe('fate.combat.error.outOfRange');
    expect(caught(() => addBadStatus([], { ...poison, source: '  ' }), FateError).key).toBe('fate.combat.error.bsSource');
  });

  it('L432: resist with END (physical), MAG (magical), the rank level (mental)', () => {
    expect(resistStatus(poison)).toBe('end');
    expect(resistStatus(curse)).toBe('mag');
    expect(resistStatus({ nature: 'mental' })).toBe('rank');
  });

  it('L435 example (digest §15.1): achievement 3 cancels a Lv3 BS; lower does not', () => {
    const list = [poison, curse];
    expect(resistBadStatus(list, 0, 3)).toEqual([curse]);
    expect(resistBadStatus(list, 0, 2)).toEqual(list);
    expect(resistsBadStatus(3, 4)).toBe(true);
  });

  it('L432 strict reading ("上回った") as an option: equal does not cancel', () => {
    expect(resistBadStatus([poison], 0, 3, { equalCancels: false })).toEqual([poison]);
    expect(resistBadStatus([poison], 0, 4, { equalCancels: false })).toEqual([]);
  });

  it('L435: a summed BS is resisted against its total strength', () => {
    const merged = addBadStatus(addBadStatus([], curse), curse); // Lv4
    expect(resistBadStatus(merged, 0, 3)).toHaveLength(1);
    expect(resistBadStatus(merged, 0, 4)).toHaveLength(0);
  });

  it('refuses a BS index that does not exist', () => {
    const e = caught(() => resistBadStatus([poison], 1, 9), FateError);
    expect(e.key).toBe('fate.combat.error.noSuchBadStatus');
    expect(e.params).toEqual({ index: 1, count: 1 });
  });

  it('does not change the list it was given', () => {
    const list = [poison];
    addBadStatus(list, poison);
    resistBadStatus(list, 0, 9);
    expect(list).toEqual([poison]);
  });
});
