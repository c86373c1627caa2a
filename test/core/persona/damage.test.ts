import { describe, expect, it } from 'vitest';
import { caught } from '../../helpers/caught.js';
import {
  PersonaError,
  computeDamage,
  evasionChance,
  coverPenalty,
  escapeChance,
  expandDb,
  inflictionAffinity,
  sumDb,
  type DamageInput,
} from '../../../src/core/persona/index.js';

const base = (over: Partial<DamageInput> = {}): DamageInput => ({
  roll: 20,
  elements: ['slash'],
  resistances: ['normal'],
  defense: 0,
  armor: 0,
  ...over,
});

describe('db expansion (JA L137–138, KO L130)', () => {
  it('JA L138: physical db 1D6+1D4 at power 2db is (1D6+1D4)×2 = 2D6+2D4', () => {
    expect(expandDb('1D6+1D4', 2)).toBe('2D6+2D4');
  });

  it('KO L130: (2D6+1D4)×2 = 4D6+2D4', () => {
    expect(expandDb('2D6+1D4', 2)).toBe('4D6+2D4');
  });

  it('multiplies constants and negative dice too, accepts lower case and spaces', () => {
    expect(expandDb('1d6 + 2', 3)).toBe('3D6+6');
    expect(expandDb('-1D4', 2)).toBe('-2D4');
    expect(expandDb('0', 4)).toBe('0');
  });

  it('refuses unreadable expressions and fractional dice', () => {
    expect(caught(() => expandDb('1D6+fire', 1), PersonaError).key).toBe('persona.error.badDb');
    expect(caught(() => expandDb('1D6 1D4', 1), PersonaError).key).toBe('persona.error.badDb');
    expect(caught(() => expandDb('1D6', 1.5), PersonaError).key).toBe('persona.error.badCoefficient');
    expect(caught(() => expandDb('1D6', 0), PersonaError).key).toBe('persona.error.badCoefficient');
  });

  it('JA L1108: the All-out attack sums the participants’ db, like dice merged', () => {
    expect(sumDb(['1D6', '1D6+1D4', '1D4+1'])).toBe('2D6+2D4+1');
  });
});

describe('damage pipeline (JA L136–162)', () => {
  it('JA L160: defense and armor are subtracted together', () => {
    expect(computeDamage(base({ defense: 3, armor: 2 })).total).toBe(15);
  });

  it('JA L265: a weakness adds no damage, but defense is not applied (L161) while armor is (L162)', () => {
    const bd = computeDamage(base({ resistances: ['weak'], defense: 3, armor: 2 }));
    expect(bd.total).toBe(18);
    expect(bd.weakHit).toBe(true);
    expect(bd.defenseApplied).toBe(0);
    expect(bd.armorApplied).toBe(2);
  });

  it('JA L267: resist halves the damage from the power determination', () => {
    expect(computeDamage(base({ roll: 21, resistances: ['resist'] })).total).toBe(10);
  });

  it('JA L268, L153: null deals nothing and stops further processing', () => {
    const bd = computeDamage(base({ resistances: ['null'], defense: -5 }));
    expect(bd.total).toBe(0);
    expect(bd.negated).toBe(true);
  });

  it('JA L270: absorb nullifies and heals by the power', () => {
    const bd = computeDamage(base({ resistances: ['absorb'] }));
    expect(bd.total).toBe(0);
    expect(bd.absorbed).toBe(20);
  });

  it('JA L269: reflect sends the part back to the attacker', () => {
    const bd = computeDamage(base({ resistances: ['reflect'] }));
    expect(bd.total).toBe(0);
    expect(bd.reflected).toEqual([{ element: 'slash', amount: 20 }]);
  });

  it('JA L141, L149–150: a multi-element roll is split by the number of elements, resisted per element, then summed', () => {
    const bd = computeDamage(base({ roll: 21, elements: ['slash', 'fire'], resistances: ['resist', 'normal'] }));
    expect(bd.parts.map((p) => [p.base, p.dealt])).toEqual([
      [10, 5],
      [10, 10],
    ]);
    expect(bd.total).toBe(15);
    expect(bd.negated).toBe(false);
  });

  it('JA L153: one element nulled in a multi-element attack is only that element’s 0', () => {
    const bd = computeDamage(base({ roll: 20, elements: ['slash', 'fire'], resistances: ['null', 'weak'], defense: 4 }));
    expect(bd.total).toBe(10);
    expect(bd.weakHit).toBe(true);
  });

  it('JA L156–157: % modifiers are summed and floored at −75% (KO L136: not below 25%)', () => {
    expect(computeDamage(base({ roll: 40, targetPcts: [-50, -50] })).total).toBe(10);
    expect(computeDamage(base({ roll: 40, targetPcts: [-50, 20] })).total).toBe(28);
  });

  it('JA L129: a critical ignores defense; L130: a physical critical doubles the rolled damage', () => {
    const bd = computeDamage(base({ roll: 10, physicalCritical: true, ignoreDefense: true, defense: 5, armor: 1 }));
    expect(bd.rolled).toBe(20);
    expect(bd.total).toBe(19);
  });

  it('JA L142: the attacker’s modifiers apply to the rolled damage after the split', () => {
    expect(computeDamage(base({ roll: 20, attackerPct: 50 })).total).toBe(30);
  });

  it('JA L1108: the All-out attack ignores defense and armor', () => {
    expect(computeDamage(base({ ignoreDefense: true, ignoreArmor: true, defense: 9, armor: 9 })).total).toBe(20);
  });

  it('damage never goes below 0 (not stated; digest §5.1.3)', () => {
    expect(computeDamage(base({ roll: 3, defense: 5 })).total).toBe(0);
  });

  it('rounding is configurable (never specified by the seeds)', () => {
    expect(computeDamage(base({ roll: 21, resistances: ['resist'], rounding: 'ceil' })).total).toBe(11);
  });

  it('JA L151–152: weak+resist cancel the infliction modifiers; weak+null/reflect/absorb cancel the ×2', () => {
    expect(inflictionAffinity(['weak'])).toBe('weak');
    expect(inflictionAffinity(['resist', 'normal'])).toBe('resist');
    expect(inflictionAffinity(['weak', 'resist'])).toBe('normal');
    expect(inflictionAffinity(['weak', 'reflect'])).toBe('normal');
    expect(inflictionAffinity(['resist', 'null'])).toBe('resist');
  });
});

describe('evasion and cover formulas (JA L963, L970)', () => {
  it('JA L970: {(Persona 速) + modifiers} / (evasions this round)', () => {
    expect(evasionChance({ agi: 30, count: 1 })).toBe(30);
    expect(evasionChance({ agi: 30, count: 2 })).toBe(15);
    expect(evasionChance({ agi: 30, suku: 1, mods: 5, count: 3 })).toBe(15);
  });

  it('JA L963: covering costs (covered SIZ) × 2 on the passive action', () => {
    expect(coverPenalty(13)).toBe(26);
    expect(evasionChance({ agi: 40, count: 1, coveredSiz: 10 })).toBe(20);
  });
});

describe('escape odds (JA L835–839)', () => {
  it('JA L835: solo: 50 + (own DEX − the fastest able enemy’s DEX) × 2', () => {
    expect(escapeChance([14], [12, 16, 3])).toEqual({ automatic: false, chance: 46, opposing: [16] });
  });

  it('JA L837: a group of N against the N fastest enemies, summed', () => {
    expect(escapeChance([14, 10], [12, 16, 3]).chance).toBe(50 + (24 - 28) * 2);
  });

  it('JA L838: fewer enemies than escapers: all of them are summed', () => {
    expect(escapeChance([14, 10, 9], [12]).chance).toBe(50 + (33 - 12) * 2);
  });

  it('JA L839: no enemy able to hinder: automatic success', () => {
    expect(escapeChance([5], []).automatic).toBe(true);
  });
});
