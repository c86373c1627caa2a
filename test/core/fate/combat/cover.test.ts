import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import { coverBreakdown, coverPenalty, coverRules } from '../../../../src/core/fate/combat/cover.js';
import { caught } from '../../../helpers/caught.js';

describe('covering (§8.8)', () => {
  it('L474: defending with a non-AGI status: ceil(|status − AGI| / 2)', () => {
    expect(coverPenalty({ defenseStatusLevel: 5, agi: 2, str: 4, usesAgi: false, reaction: 0 })).toBe(2); // ceil(3/2)
    expect(coverPenalty({ defenseStatusLevel: 2, agi: 5, str: 4, usesAgi: false, reaction: 0 })).toBe(2); // |−3| (digest §15.10)
    expect(coverPenalty({ defenseStatusLevel: 4, agi: 4, str: 1, usesAgi: false, reaction: 0 })).toBe(0);
  });

  it('L474: defending with AGI: ceil(|AGI − STR| / 2)', () => {
    expect(coverPenalty({ defenseStatusLevel: 4, agi: 5, str: 1, usesAgi: true, reaction: 0 })).toBe(2);
    expect(coverPenalty({ defenseStatusLevel: 1, agi: 3, str: 3, usesAgi: true, reaction: 0 })).toBe(0);
  });

  it('L475: a positive reaction modifier adds ceil(RM / 2); a negative one does nothing', () => {
    expect(coverBreakdown({ defenseStatusLevel: 5, agi: 2, str: 4, usesAgi: false, reaction: 3 })).toEqual({
      statusPenalty: 2,
      ambushPenalty: 0,
      reactionBonus: 2,
      total: 0,
    });
    expect(coverPenalty({ defenseStatusLevel: 3, agi: 3, str: 3, usesAgi: false, reaction: 5 })).toBe(-3);
    expect(coverPenalty({ defenseStatusLevel: 5, agi: 2, str: 4, usesAgi: false, reaction: -6 })).toBe(2);
  });

  it('L455/L475: against an ambush, no cover without a vigilance success; the lost margin is a further minus', () => {
    const input = { defenseStatusLevel: 3, agi: 3, str: 3, usesAgi: false, reaction: 0 };
    expect(caught(() => coverPenalty({ ...input, ambush: { vigilance: 0, stealth: 3 } }), FateError).key).toBe(
      'fate.combat.error.coverNoVigilance',
    );
    expect(coverPenalty({ ...input, ambush: { vigilance: 2, stealth: 5 } })).toBe(3);
  });

  it('L473: front ↔ front, back ↔ back and front covering back are ordinary', () => {
    const ordinary = { moveToFront: false, canTakeDamage: true, marginFromCoverRoll: false };
    expect(coverRules('front', 'front', 'body')).toEqual(ordinary);
    expect(coverRules('back', 'back', 'body')).toEqual(ordinary);
    expect(coverRules('front', 'back', 'magic')).toEqual(ordinary);
  });

  it('L473: the back row covering the front row by body moves to the front row', () => {
    expect(coverRules('back', 'front', 'body')).toEqual({ moveToFront: true, canTakeDamage: true, marginFromCoverRoll: false });
  });

  it('L479–480: from the back with a ranged weapon or magic: no move, no taking the damage; magic may use the cover roll', () => {
    expect(coverRules('back', 'front', 'ranged')).toEqual({ moveToFront: false, canTakeDamage: false, marginFromCoverRoll: false });
    expect(coverRules('back', 'front', 'magic')).toEqual({ moveToFront: false, canTakeDamage: false, marginFromCoverRoll: true });
  });
});
