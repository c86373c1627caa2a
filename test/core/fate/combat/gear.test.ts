// Weapon and armor from the sheet (seed 001 L996–1008, L1110).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { armorAgainst, armorApplies, sheetWeapon } from '../../../../src/core/fate/combat/gear.js';
import { parseSheetText } from '../../../../src/core/fate/sheet/index.js';
import type { CharacterSheet, NormalGear } from '../../../../src/core/fate/sheet/types.js';

const saber = parseSheetText(fs.readFileSync(path.join(import.meta.dirname, '../../../e2e/fixtures/saber.txt'), 'utf8')).sheet as CharacterSheet;
const armor = (subtype: NormalGear['subtype'], kind: NormalGear['kind'] = 'normal', defense = 3): NormalGear => ({ kind, name: `${subtype}`, equipmentPoints: defense, type: '防具', subtype, effect: '', fixed: { defense } });

describe('armor by type (L1006–1008)', () => {
  it('対物 stops only non-magical damage, 対魔 only magical, 両用 both', () => {
    expect([armorApplies(armor('対物'), false), armorApplies(armor('対物'), true)]).toEqual([true, false]);
    expect([armorApplies(armor('対魔'), false), armorApplies(armor('対魔'), true)]).toEqual([false, true]);
    expect([armorApplies(armor('両用防具'), false), armorApplies(armor('両用防具'), true)]).toEqual([true, true]);
  });
  it('heroic normal gear protects against both, whatever its subtype (L1110)', () => {
    expect(armorApplies(armor('対物', 'heroic'), true)).toBe(true);
    expect(armorApplies(armor('対魔', 'heroic'), false)).toBe(true);
  });
  it('sums only the armor that applies', () => {
    const sheet = { ...saber, gear: [armor('対物', 'normal', 3), armor('対魔', 'normal', 5)] } as CharacterSheet;
    expect(armorAgainst(sheet, false)).toBe(3);
    expect(armorAgainst(sheet, true)).toBe(5);
    expect(armorAgainst(saber, true)).toBe(4); // the fixture's heroic 対物 armor 4
  });
});

describe('weapon from the sheet (L996–1002; NP 固定値)', () => {
  it('the NP status uses the Noble Phantasm’s attack fixed value; no weapon gear = unarmed 0', () => {
    expect(sheetWeapon(saber, true)).toEqual({ attack: 10, name: '(例)約束の剣' });
    expect(sheetWeapon(saber, false)).toEqual({ attack: 0, name: null });
  });
  it('otherwise the strongest weapon among the gear', () => {
    const sword: NormalGear = { kind: 'normal', name: '剣', equipmentPoints: 3, type: '武器', subtype: '白兵', effect: '', fixed: { attack: 3 } };
    const bow: NormalGear = { kind: 'normal', name: '弓', equipmentPoints: 5, type: '武器', subtype: '射撃', effect: '', fixed: { attack: 5 } };
    expect(sheetWeapon({ ...saber, gear: [sword, bow] } as CharacterSheet, false)).toEqual({ attack: 5, name: '弓' });
  });
});
