// Mana costs (マナ総量, seed 004 line 3) and basic lands (lines 22-23: 《森》 is colorless but treated as green
// in the achievement; line 98: colorless for the boost).
import { describe, expect, it } from 'vitest';
import {
  BASIC_LANDS,
  basicLand,
  cardFromCost,
  isColorlessCard,
  judgementColors,
  parseManaCost,
  type CardData,
  type Color,
} from '../../../src/core/mtg/index.js';

describe('parseManaCost', () => {
  const cases: [string, number, Color[]][] = [
    ['{1}{G}', 2, ['green']], // ルーン爪の熊 (1)(緑), line 87
    ['{7}{G}', 8, ['green']], // 甲鱗のワーム (7)(緑), line 87
    ['{G}', 1, ['green']], // エルフの神秘家, MV 1 (line 39)
    ['{2}{W}{U}', 4, ['white', 'blue']],
    ['{U}{W}', 2, ['white', 'blue']], // colors come out in W U B R G order
    ['{X}{R}', 1, ['red']],
    ['{X}{X}{G}', 1, ['green']],
    ['{G/W}', 1, ['white', 'green']],
    ['{G/W}{G/W}', 2, ['white', 'green']],
    ['{G/P}', 1, ['green']],
    ['{G/U/P}', 1, ['blue', 'green']],
    ['{2/W}', 2, ['white']],
    ['{2/W}{2/W}{2/W}', 6, ['white']],
    ['{C/W}', 1, ['white']],
    ['{S}', 1, []],
    ['{S}{S}{G}', 3, ['green']],
    ['{C}', 1, []],
    ['{C}{C}', 2, []],
    ['{0}', 0, []],
    ['{10}{G}', 11, ['green']],
    ['{15}', 15, []],
    ['{1} {g}', 2, ['green']],
    ['｛１｝｛Ｇ｝', 2, ['green']],
    ['1G', 2, ['green']],
    ['2WU', 4, ['white', 'blue']],
    ['10G', 11, ['green']],
    ['XR', 1, ['red']],
    ['GG', 2, ['green']],
    ['3', 3, []],
    ['1g', 2, ['green']],
  ];

  it.each(cases)('%s → MV %i, %j', (cost, manaValue, colors) => {
    expect(parseManaCost(cost)).toEqual({ manaValue, colors });
  });

  it.each(['', '   ', '{}', '{Q}', '{1}{G', '1{G}', '{G/G}', '{HW}', '{T}', '{∞}', '1Q', 'G/W', '{2/P}', '{G/W/U}', '{1000001}'])(
    'rejects %j',
    (cost) => {
      expect(parseManaCost(cost)).toBeNull();
    },
  );

  it('cardFromCost makes typeless card data', () => {
    expect(cardFromCost('Runeclaw Bear', '{1}{G}')).toEqual({ name: 'Runeclaw Bear', manaValue: 2, colors: ['green'], basicLandTypes: [], typeLine: '' });
    expect(cardFromCost('Bad', '{Q}')).toBeNull();
  });
});

describe('basic lands', () => {
  it.each([
    ['Plains', 'Plains', 'white'],
    ['Island', 'Island', 'blue'],
    ['Swamp', 'Swamp', 'black'],
    ['Mountain', 'Mountain', 'red'],
    ['Forest', 'Forest', 'green'],
    ['Snow-Covered Forest', 'Forest', 'green'],
    ['Snow-Covered Island', 'Island', 'blue'],
  ] as const)('%s: colorless, type %s, judged as %s', (name, type, color) => {
    const land = basicLand(name)!;
    expect(land.name).toBe(name);
    expect(land.manaValue).toBe(0);
    expect(land.colors).toEqual([]);
    expect(land.basicLandTypes).toEqual([type]);
    expect(judgementColors(land)).toEqual([color]); // line 22-23
    expect(isColorlessCard(land)).toBe(true); // line 98
  });

  it('Wastes has no basic land type and no color anywhere', () => {
    const wastes = basicLand('Wastes')!;
    expect(wastes.basicLandTypes).toEqual([]);
    expect(judgementColors(wastes)).toEqual([]);
    expect(isColorlessCard(wastes)).toBe(true);
  });

  it.each([
    ['平地', 'Plains'],
    ['島', 'Island'],
    ['沼', 'Swamp'],
    ['山', 'Mountain'],
    ['森', 'Forest'],
    ['《森》', 'Forest'],
    ['荒地', 'Wastes'],
    ['冠雪の森', 'Snow-Covered Forest'],
    ['숲', 'Forest'],
    ['forest', 'Forest'],
    ['ＦＯＲＥＳＴ', 'Forest'],
    [' snow-covered  plains ', 'Snow-Covered Plains'],
  ])('%s is %s', (alias, name) => {
    expect(basicLand(alias)).toBe(BASIC_LANDS[name]);
  });

  it('other names are not basic lands', () => {
    expect(basicLand('Breeding Pool')).toBeUndefined();
    expect(basicLand('Forests')).toBeUndefined();
    expect(basicLand('')).toBeUndefined();
  });

  it('the shared land data cannot be changed by a caller', () => {
    const forest = basicLand('Forest')!;
    expect(() => forest.colors.push('green')).toThrow();
    expect(Object.isFrozen(forest)).toBe(true);
  });

  it('a nonbasic land with basic land types counts as all their colors in a judgement, none in a boost', () => {
    const breedingPool: CardData = { name: 'Breeding Pool', manaValue: 0, colors: [], basicLandTypes: ['Forest', 'Island'], typeLine: 'Land — Forest Island' };
    expect(judgementColors(breedingPool)).toEqual(['blue', 'green']);
    expect(isColorlessCard(breedingPool)).toBe(true);
    const dryadArbor: CardData = { name: 'Dryad Arbor', manaValue: 0, colors: ['green'], basicLandTypes: ['Forest'], typeLine: 'Land Creature — Forest Dryad' };
    expect(judgementColors(dryadArbor)).toEqual(['green']);
    expect(isColorlessCard(dryadArbor)).toBe(false);
  });
});
