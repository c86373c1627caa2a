// A Noble Phantasm's price, dice-plus and attack status in an attack (seed 001 L1062–1064, L1087–1093).
import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import { findNp, npAttack, npDicePlus, npMarks, npMpCost } from '../../../../src/core/fate/combat/noble-phantasm.js';
import type { SpecialGear } from '../../../../src/core/fate/sheet/types.js';
import { caught } from '../../../helpers/caught.js';

function np(over: Partial<SpecialGear> & { grade?: 'E' | 'D' | 'C' | 'B' | 'A' | 'EX' | '-' }): SpecialGear {
  const { grade = 'A', ...rest } = over;
  return { kind: 'noblePhantasm', name: '剣', rank: { grade, marks: [] }, effects: [], details: '', type: '武器', subtype: '白兵', activation: '単発', target: '対人', ...rest };
}
const written = (value: number | null) => ({ mpCost: { value, timing: 'afterUse' as const } });

describe('NP MP price (L1064 単発 2R after use; L1087–1091 対軍/対城 ×1.5 rounded up, 対界 ×2)', () => {
  it('the digest’s Saber: A 対城 with "MP消費:15" written = 10 × 1.5 already, so 15 is paid, not 23', () => {
    expect(npMpCost(np({ target: '対城', ...written(15) }))).toEqual({ mp: 15, written: 15, base: 15, factor: 1.5, multiplied: false });
  });

  it('a sheet that writes the base (10 for an A 対城) gets the ×1.5 (L1089)', () => {
    expect(npMpCost(np({ target: '対城', ...written(10) })).mp).toBe(15);
    expect(npMpCost(np({ target: '対軍', ...written(10) })).multiplied).toBe(true);
  });

  it('no written cost: the rule’s, rounded up (継続 C 対軍: ceil(3 × 1.5) = 5; 単発 A 対界: 20)', () => {
    expect(npMpCost(np({ grade: 'C', activation: '継続', target: '対軍' })).mp).toBe(5);
    expect(npMpCost(np({ target: '対界' })).mp).toBe(20);
    expect(npMpCost(np({ grade: 'B' })).mp).toBe(8);
    // 常時 is a standing drain (L1062): nothing per use.
    expect(npMpCost(np({ activation: '常時' })).mp).toBe(0);
  });

  it('a written cost above the rule’s (MP消費大, L1468) or a 対人 NP’s is paid as written', () => {
    expect(npMpCost(np({ target: '対軍', ...written(30) })).mp).toBe(30);
    expect(npMpCost(np({ ...written(20) })).mp).toBe(20);
  });

  it('the reading can be forced either way (the sheet’s convention is not in the seed)', () => {
    expect(npMpCost(np({ target: '対城', ...written(15) }), 'multiply').mp).toBe(23);
    expect(npMpCost(np({ target: '対城', ...written(10) }), 'asWritten').mp).toBe(10);
  });

  it('neither a rank nor a written cost: refused with a key', () => {
    expect(caught(() => npMpCost(np({ grade: '-' })), FateError).key).toBe('fate.np.noCost');
  });
});

describe('NP dice-plus (L1064) and attack', () => {
  it('a written pool; 対城 against one target doubles the dice (L1089), the written 単体攻撃時 count wins', () => {
    expect(npDicePlus(np({ dicePlus: { dice: 10, threshold: 5 } }))).toEqual({ dice: 10, threshold: 5 });
    expect(npDicePlus(np({ target: '対城', dicePlus: { dice: 10, threshold: 5, altDice: 20 } }))).toEqual({ dice: 20, threshold: 5 });
    expect(npDicePlus(np({ target: '対界', dicePlus: { dice: 8, threshold: 4 } }))).toEqual({ dice: 16, threshold: 4 });
  });

  it('no written pool: 単発 2R dice, 継続 R, 常時 ceil(R/2), threshold R', () => {
    expect(npDicePlus(np({ grade: 'B' }))).toEqual({ dice: 8, threshold: 4 });
    expect(npDicePlus(np({ grade: 'B', activation: '継続' }))).toEqual({ dice: 4, threshold: 4 });
    expect(npDicePlus(np({ grade: 'C', activation: '常時' }))).toEqual({ dice: 2, threshold: 3 });
  });

  it('the attack status follows the weapon type (L209–211) and 対軍/対城 reach the back row (L1088)', () => {
    const a = npAttack(np({ target: '対城', fixed: { attack: 10 } }));
    expect(a).toMatchObject({ status: 'str', weapon: 10, reachesBackRow: true });
    expect(npAttack(np({ subtype: '射撃' })).status).toBe('agi');
    expect(npAttack(np({ subtype: '魔術' })).status).toBe('mag');
    expect(npAttack(np({})).reachesBackRow).toBe(false);
  });

  it('finds an NP by its exact name or by the one name containing what was typed', () => {
    const list = [np({ name: '(例)約束の剣' }), np({ name: '風王結界' }), np({ name: '風王鉄槌' })];
    expect(findNp(list, '約束の剣')?.name).toBe('(例)約束の剣');
    expect(findNp(list, '風王結界')?.name).toBe('風王結界');
    expect(findNp(list, '風王')).toBeUndefined();
    expect(findNp(list, ' ')).toBeUndefined();
  });
});

describe('an NP attack’s added effects and "+" (seed 001 L867–868, L1092–1093, L1404, L1415, L1470)', () => {
  it('reads 防御無視 (and its (真)), 必中 and 使用時真名判明 from the sheet’s effects', () => {
    const effects = (...names: string[]) => npAttack(np({ effects: names.map((name) => ({ name, polarity: 'plus' as const })) })).effects;
    expect(effects('防御無視')).toEqual({ ignoreArmor: true, sureHit: false, revealsTrueName: false });
    expect(effects('防御無視(真)', '必中').sureHit).toBe(true);
    expect(effects('防御無視(真)').ignoreArmor).toBe(true);
    expect(effects('使用時真名判明').revealsTrueName).toBe(true);
    expect(effects()).toEqual({ ignoreArmor: false, sureHit: false, revealsTrueName: false });
  });

  it('marks:true: EX takes +14 for 14 MP; a rank "+" adds the base dice once more for as many MP, not the ×2 of 対城 (L1093)', () => {
    expect(npMarks(npAttack(np({ grade: 'EX' })), true)).toMatchObject({ dice: 0, bonus: 14, mp: 14 });
    expect(npMarks(npAttack(np({ grade: 'EX' })), false)).toMatchObject({ dice: 0, bonus: 0, mp: 0 });
    const plus = np({ target: '対城', rank: { grade: 'A', marks: [{ sign: '+', mode: 'pay' }, { sign: '+', mode: 'pay' }] } });
    expect(npAttack(plus).dice).toBe(20);
    expect(npMarks(npAttack(plus), true)).toMatchObject({ dice: 20, bonus: 0, mp: 20 });
    const free = np({ rank: { grade: 'B', marks: [{ sign: '+', mode: 'condition', condition: '夜' }] } });
    expect(npMarks(npAttack(free), true)).toMatchObject({ dice: 8, mp: 0 });
  });
});
