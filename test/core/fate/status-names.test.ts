import { describe, expect, it } from 'vitest';
import { CHECK_STATUSES, STATUS_LABELS, parseStatusName } from '../../../src/core/fate/status-names.js';

describe('parseStatusName (seed 001 L862, L878)', () => {
  it.each([
    ['筋力', 'str'], ['STR', 'str'], ['strength', 'str'], ['근력', 'str'],
    ['耐久', 'end'], ['END', 'end'], ['Endurance', 'end'], ['내구', 'end'],
    ['敏捷', 'agi'], ['agi', 'agi'], ['AGILITY', 'agi'], ['민첩', 'agi'],
    ['魔力', 'mag'], ['MAG', 'mag'], ['magic', 'mag'], ['마력', 'mag'],
    ['幸運', 'luk'], ['LUK', 'luk'], ['luck', 'luk'], ['행운', 'luk'],
    ['宝具', 'np'], ['NP', 'np'], ['noble phantasm', 'np'], ['Noble_Phantasm', 'np'], ['보구', 'np'],
    ['社会', 'soc'], ['SOC', 'soc'], ['social', 'soc'], ['사회', 'soc'],
    ['ランク', 'rank'], ['ランクレベル', 'rank'], ['rank', 'rank'], ['Rank Level', 'rank'], ['랭크', 'rank'],
  ])('%s → %s', (input, key) => {
    expect(parseStatusName(input)).toBe(key);
  });

  it('ignores width and case, and a trailing "check"', () => {
    expect(parseStatusName('ＳＴＲ')).toBe('str');
    expect(parseStatusName('ｓｔｒ')).toBe('str');
    expect(parseStatusName('ﾗﾝｸ')).toBe('rank');
    expect(parseStatusName('  幸運判定 ')).toBe('luk');
    expect(parseStatusName('luck check')).toBe('luk');
  });

  it('returns null for anything else', () => {
    for (const input of ['', 'charisma', '魔術', 'strong', 'x'.repeat(1000), '判定']) expect(parseStatusName(input)).toBeNull();
  });

  it('labels every status in en, ja and ko', () => {
    for (const key of CHECK_STATUSES) {
      expect(STATUS_LABELS[key].en).not.toBe('');
      expect(parseStatusName(STATUS_LABELS[key].ja)).toBe(key);
      expect(parseStatusName(STATUS_LABELS[key].ko)).toBe(key);
      expect(parseStatusName(STATUS_LABELS[key].en)).toBe(key);
    }
  });
});
