import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import { assertRows, canReach, effectiveRows, rowProblem, type Placement } from '../../../../src/core/fate/combat/rows.js';
import { caught } from '../../../helpers/caught.js';

const p = (id: number, side: string, row: 'front' | 'back', active = true): Placement => ({ id, side, row, active });

describe('rows (§8.1)', () => {
  it('L163/L167: servant in front and master behind, or both in front, are fine', () => {
    expect(rowProblem([p(1, 'A', 'back'), p(2, 'A', 'front'), p(3, 'B', 'front'), p(4, 'B', 'back')])).toBeNull();
    expect(rowProblem([p(1, 'A', 'front'), p(2, 'A', 'front'), p(3, 'B', 'front')])).toBeNull();
  });

  it('L169–173: a back row with an empty front row is refused, naming the side', () => {
    const ps = [p(1, 'A', 'front'), p(2, 'B', 'back'), p(3, 'B', 'back')];
    expect(rowProblem(ps)).toEqual({ side: 'B' });
    const e = caught(() => assertRows(ps), FateError);
    expect(e.key).toBe('fate.combat.error.backWithoutFront');
    expect(e.params).toEqual({ side: 'B' });
  });

  it('L169: an inactive front character does not hold the front row', () => {
    expect(rowProblem([p(1, 'A', 'front', false), p(2, 'A', 'back')])).toEqual({ side: 'A' });
    expect(rowProblem([p(1, 'A', 'front', false), p(2, 'A', 'back', false)])).toBeNull();
  });

  it('L173–177: when the front row is empty the back row counts as front', () => {
    const rows = effectiveRows([p(1, 'A', 'front', false), p(2, 'A', 'back'), p(3, 'B', 'front'), p(4, 'B', 'back')]);
    expect(rows.get(1)).toBe('front');
    expect(rows.get(2)).toBe('front');
    expect(rows.get(3)).toBe('front');
    expect(rows.get(4)).toBe('back');
  });

  it('L998: melee only from the front row against the front row', () => {
    const melee = { row: 'front' as const, ranged: false, magic: false };
    expect(canReach(melee, 'front', false)).toBe(true);
    expect(canReach(melee, 'back', false)).toBe(false);
    expect(canReach({ ...melee, row: 'back' }, 'front', false)).toBe(false);
  });

  it('L173–177: melee reaches a back row whose front row is empty', () => {
    expect(canReach({ row: 'front', ranged: false, magic: false }, 'back', true)).toBe(true);
  });

  it('L457/L1088: ambush or anti-army lifts the melee limit on the target row only', () => {
    expect(canReach({ row: 'front', ranged: false, magic: false, anyTargetRow: true }, 'back', false)).toBe(true);
    expect(canReach({ row: 'back', ranged: false, magic: false, anyTargetRow: true }, 'back', false)).toBe(false);
  });

  it('L213: magic reaches either row from either row; L999–1000: so do ranged and dual-use weapons', () => {
    for (const row of ['front', 'back'] as const) {
      for (const target of ['front', 'back'] as const) {
        expect(canReach({ row, ranged: false, magic: true }, target, false)).toBe(true);
        expect(canReach({ row, ranged: true, magic: false }, target, false)).toBe(true);
      }
    }
  });
});
