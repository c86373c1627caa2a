// The one matcher behind every name autocomplete (issue 19 §2): fold, list completion, owners of
// alike names, Discord's limits (≤ 25 choices, name and value ≤ 100 characters).
import { describe, expect, it } from 'vitest';
import { nameChoices, NAME_LIST, plainNames, SKILL_LIST } from '../../src/services/name-choices.js';

describe('nameChoices', () => {
  it('folds kana, width and separators; names starting with the input come first', () => {
    const names = plainNames(['ランサー', 'ヘイセイ', 'セイバー', 'ソード・ワールド']);
    for (const typed of ['せい', 'ｾｲ', 'セイ']) expect(nameChoices(typed, names).map((c) => c.value)).toEqual(['セイバー', 'ヘイセイ']);
    expect(nameChoices('そーどわーるど', names)).toEqual([{ name: 'ソード・ワールド', value: 'ソード・ワールド' }]);
    expect(nameChoices('', names)).toHaveLength(4);
  });

  it('% and _ are plain characters (no LIKE wildcards)', () => {
    const names = plainNames(['100%', 'a_b', 'ab']);
    expect(nameChoices('%', names).map((c) => c.value)).toEqual(['100%']);
    expect(nameChoices('_', names).map((c) => c.value)).toEqual(['a_b']);
  });

  it('a list keeps the items before the last and completes the last; listed items are not offered again', () => {
    const names = plainNames(['セイバー', 'セイジ', 'アーチャー']);
    expect(nameChoices('セイジ、せい', names, NAME_LIST)).toEqual([{ name: 'セイジ, セイバー', value: 'セイジ, セイバー' }]);
    expect(nameChoices('アーチャー, ', names, NAME_LIST).map((c) => c.value)).toEqual(['アーチャー, セイバー', 'アーチャー, セイジ']);
    expect(nameChoices('対魔力+せい', plainNames(['セイント']), SKILL_LIST)).toEqual([{ name: '対魔力, セイント', value: '対魔力, セイント' }]);
    // without a list, a comma is part of the name being typed
    expect(nameChoices('セイジ、せい', names)).toEqual([]);
  });

  it('other spellings find a choice too (a field by its key, a status by another language)', () => {
    const fields = [
      { name: 'Luck', value: 'luk', also: ['luk', '幸運'] },
      { name: 'Agility', value: 'agi', also: ['agi'] },
    ];
    expect(nameChoices('幸', fields).map((c) => c.value)).toEqual(['luk']);
    expect(nameChoices('AG', fields).map((c) => c.value)).toEqual(['agi']);
    expect(nameChoices('lu', fields)).toEqual([{ name: 'Luck', value: 'luk' }]);
  });

  it('alike names show their owner; the values stay distinct', () => {
    const choices = nameChoices('せい', [
      { name: 'セイバー', value: 'セイバー', owner: 'Player One' },
      { name: 'セイバー', value: 'セイバー#7', owner: 'Player Two' },
      { name: 'セイジ', owner: 'Player Two' },
    ]);
    expect(choices).toEqual([
      { name: 'セイバー (Player One)', value: 'セイバー' },
      { name: 'セイバー (Player Two)', value: 'セイバー#7' },
      { name: 'セイジ', value: 'セイジ' },
    ]);
  });

  it('keeps Discord’s limits: 25 choices, values over 100 characters dropped, long names cut at the front', () => {
    const many = plainNames(Array.from({ length: 40 }, (_, i) => `セイ${i}`));
    expect(nameChoices('せい', many)).toHaveLength(25);
    const before = Array.from({ length: 9 }, (_, i) => `名前${i}号の長い長い`).join(', ');
    const long = nameChoices(`${before}, せい`, plainNames(['セイバー', 'セイ']), NAME_LIST);
    for (const c of long) {
      expect(c.value.length).toBeLessThanOrEqual(100);
      expect(c.name.length).toBeLessThanOrEqual(100);
    }
    const tooLong = nameChoices(`${'あ'.repeat(95)}, せい`, plainNames(['セイバー', 'セイ']), NAME_LIST);
    // セイバー would make 101 characters (Discord could not send it back); セイ makes 99
    expect(tooLong.map((c) => c.value)).toEqual([`${'あ'.repeat(95)}, セイ`]);
    const labelled = nameChoices('せい', [{ name: 'セイ'.repeat(30), note: 'x'.repeat(50) }]);
    expect(labelled[0]!.name.length).toBeLessThanOrEqual(100);
    expect(labelled[0]!.name.startsWith('…')).toBe(true);
    expect(labelled[0]!.value).toBe('セイ'.repeat(30));
  });
});
