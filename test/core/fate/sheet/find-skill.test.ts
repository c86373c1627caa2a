import { describe, expect, it } from 'vitest';
import { findSkill, parseSheetText, skillNames, summarizeSheet } from '../../../../src/core/fate/sheet/index.js';
import { fixture } from './helpers.js';

const master = parseSheetText(fixture('messy-master.txt')).sheet;
const saber = parseSheetText(fixture('digest-saber.txt')).sheet;

describe('findSkill', () => {
  it('exact name first', () => {
    expect(findSkill(saber, '魔力放出')?.name).toBe('魔力放出');
  });

  it('ignores width, case and spaces (NFKC)', () => {
    const lancer = parseSheetText(fixture('messy-servant.txt')).sheet;
    expect(findSkill(lancer, 'ルーン 魔術')?.name).toBe('ルーン魔術');
    expect(findSkill(lancer, 'ﾙｰﾝ魔術')?.name).toBe('ルーン魔術');
    expect(findSkill(lancer, '？？')?.name).toBe('??');
  });

  it('a unique prefix: "魔術" finds "魔術・宝石"; an ambiguous prefix finds nothing', () => {
    expect(findSkill(master, '魔術')?.name).toBe('魔術・宝石');
    expect(findSkill(saber, '魔')?.name).toBe('魔力放出');
    expect(findSkill(saber, '騎')?.name).toBe('騎乗');
    const two = structuredClone(master);
    const first = two.skills[0];
    if (first) two.skills.push({ ...first, name: '魔術・ルーン', specifier: 'ルーン' });
    expect(findSkill(two, '魔術')).toBeUndefined();
    expect(findSkill(two, '魔術・ル')?.name).toBe('魔術・ルーン');
    expect(findSkill(master, '')).toBeUndefined();
    expect(findSkill(master, '存在しない')).toBeUndefined();
  });

  it('skillNames lists each name once, in sheet order', () => {
    expect(skillNames(saber)).toEqual(['対魔力', '騎乗', 'カリスマ', '魔力放出', '勇気']);
  });
});

describe('summarizeSheet', () => {
  it('shows class, statuses and skills but never the true name or free text (seed 001 L297–314)', () => {
    const s = summarizeSheet(saber);
    expect(s).toEqual({
      name: 'セイバー',
      type: 'servant',
      className: 'セイバー',
      statuses: '筋力A 耐久B 敏捷B 魔力C 幸運C 宝具A',
      skills: ['対魔力 B', '騎乗 B', 'カリスマ C', '魔力放出 D', '勇気 E'],
    });
    const json = JSON.stringify(s);
    expect(json).not.toContain('騎士王X');
    expect(json).not.toContain('略');
    expect(json).not.toContain('祖国');
  });

  it('a servant named by its true name is shown by class', () => {
    const s = structuredClone(saber);
    s.name = '(例)騎士王X';
    expect(summarizeSheet(s).name).toBe('セイバー');
  });

  it('masters have no class', () => {
    const s = summarizeSheet(master);
    expect(s.className).toBeUndefined();
    expect(s.statuses).toBe('筋力E 耐久E 敏捷D 魔力A+ 幸運E 社会C');
  });
});
