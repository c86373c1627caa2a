import { describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { finalConsonant, particle } from '../../src/i18n/particles.js';

describe('Korean particles follow the word before them', () => {
  it.each([
    ['세이버', '을', '를'],
    ['린', '을', '을'],
    ['아처', '이', '가'],
    ['토오사카', '의', '의'],
    ['길가메시', '와', '와'],
    ['란슬롯', '와', '과'],
    ['서울', '으로', '로'], // ㄹ takes 로
    ['린', '으로', '으로'],
    ['바다', '으로', '로'],
    ['3', '은', '은'], // 삼
    ['2', '은', '는'], // 이
    ['HP', '는', '는'], // 에이치피
    ['GM', '이', '이'], // 지엠
    ['Saber', '을', '를'],
    ['Rin', '이', '이'],
    ['セイバー', '이', '가'],
    ['アーチャー', '은', '는'],
    ['ケイローン', '이', '이'],
    ['**세이버**', '을', '를'],
  ])('%s + %s → %s', (word, form, expected) => {
    expect(form === '의' ? form : particle(word, form)).toBe(expected);
  });

  it('leaves both forms only when the reading cannot be known (a kanji name)', () => {
    expect(finalConsonant('遠坂')).toBeNull();
    expect(particle('遠坂', '은')).toBe('은(는)');
  });

  it('catalog templates resolve them: {name#을} gives the particle, {name|을} the name with it', () => {
    expect(t('ko', 'sheet.delete.done', { name: '세이버' })).toContain('**세이버**를');
    expect(t('ko', 'sheet.delete.done', { name: '린' })).toContain('**린**을');
    expect(t('ko', 'luck.shareActive', { name: '린', partner: '아처' })).toMatch(/^린과 아처는 /);
    expect(t('ko', 'character.notYours', { name: '토오사카' })).toMatch(/^토오사카의 /);
  });

  it('no Korean template prints a particle in both forms', async () => {
    const { catalogKeys } = await import('../../src/i18n/index.js');
    const both = catalogKeys('ko').filter((k) => /(은\(는\)|이\(가\)|을\(를\)|와\(과\)|과\(와\)|\(으\)로)/.test(t('ko', k)));
    expect(both).toEqual([]);
  });

  it('no template names a word twice: `{target}{target|을}` printed "교회교회를" (issue 20; `{x|을}` already has the word)', async () => {
    const { catalogKeys, t: translate } = await import('../../src/i18n/index.js');
    const doubled = catalogKeys('ko').filter((k) => translate('ko', k, { target: '교회', name: '교회', faction: '교회', master: '교회', servant: '교회', partner: '교회' }).includes('교회교회'));
    expect(doubled).toEqual([]);
    expect(translate('ko', 'resolve.raid', { target: '교회', cost: 20 })).toBe('교회를 습격 (추가 마력 20). GM이 진행합니다.');
  });
});
