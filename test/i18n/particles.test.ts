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

  // issue 31 "Language": the particle follows the last word as a Korean reader says it.
  it.each([
    ['Ravens', '을', '를'], // 레이븐스
    ['Golem Squad', '을', '를'], // 스쿼드
    ['Ravens', '이', '가'],
    ['MP 10', '을', '을'], // 십
    ['달성치 −3', '이', '이'], // 삼
    ['遠坂邸(대영지)', '으로', '로'], // the word printed last: 대영지
    ['랭크 2', '은', '는'], // 이
    ['−2', '이면', '면'], // 이: 「−2면」, not 「−2이면」
    ['−3', '이면', '이면'],
  ])('issue 31: %s + %s → %s', (word, form, expected) => {
    expect(particle(word, form)).toBe(expected);
  });

  it.each([
    // numbers, Sino-Korean: what the whole number ends in
    ['0', 21], ['1', 8], ['2', 0], ['3', 16], ['4', 0], ['5', 0], ['6', 1], ['7', 8], ['8', 8], ['9', 0],
    ['10', 17], ['20', 17], ['11', 8], ['100', 1], ['300', 1], ['1000', 4], ['1,000', 4], ['10000', 4], ['50000', 4],
    ['1000000', 4], ['100000000', 1], ['1000000000000', 0], ['1.5', 0], ['0.3', 16], ['-3', 16], ['+10', 17], ['×2', 0],
    ['５０', 17], ['2d6', 1], ['HP 10/10', 17], ['50%', 0],
    // Latin letters spelled alone
    ['HP', 0], ['MP', 0], ['GM', 16], ['NPC', 0], ['L', 8], ['R', 8], ['M', 16], ['N', 4], ['x', 0], ['LV', 0],
    // Latin words by their English pronunciation
    ['King', 21], ['Golem', 16], ['Rin', 4], ['Hall', 8], ['Castle', 8], ['Kyle', 8],
    ['Saber', 0], ['Rush', 0], ['Smith', 0], ['Ravens', 0], ['Squad', 0], ['Blade', 0], ['Rose', 0], ['Free', 0],
    ['Game', 16], ['Line', 4], ['Magic', 1], ['Jack', 1], ['Cat', 19], ['Kick', 1], ['Cup', 17], ['Book', 1],
    ['Knight', 0], ['Desk', 0], ['Meet', 0], ['Archer', 0], ['Lancer', 0], ['Caster', 0], ['Berserker', 0],
    // trailing markup, brackets and punctuation are not read
    ['**Saber**', 0], ['「린」', 4], ['세이버 (Rin)', 4], ['Arthur.', 0],
    // unknown readings
    ['遠坂', null], ['★', null], ['<@123456789012345670>', null], ['<#42>', null],
  ] as const)('reads %s as final consonant %s', (word, final) => {
    expect(finalConsonant(word)).toBe(final);
  });

  it('{#을} fits what the template printed just before it', async () => {
    const { format } = await import('../../src/i18n/index.js');
    expect(format('{name}({territory}){#으로}', { name: '遠坂邸', territory: '대영지' })).toBe('遠坂邸(대영지)로');
    expect(format('{name}({territory}){#으로}', { name: '遠坂邸', territory: '중영지' })).toBe('遠坂邸(중영지)로');
    expect(format('{target}(레벨 {level}){#은}', { target: 'Shadow', level: 10 })).toBe('Shadow(레벨 10)은');
  });

  it('catalog lines with a number before a particle go through the helper (issue 31)', () => {
    expect(t('ko', 'check.cannotPay', { need: 12, have: 10 })).toContain('남은 HP 10을');
    expect(t('ko', 'check.cannotPay', { need: 12, have: 9 })).toContain('남은 HP 9를');
    expect(t('ko', 'res.mp.paidFromHp', { mp: 3, hp: 10 })).toContain('HP에서 10을');
    expect(t('ko', 'war.day.allNighterWorse', { name: '린', penalty: 3 })).toContain('달성치 −3이');
    expect(t('ko', 'war.day.allNighterWorse', { name: '린', penalty: 2 })).toContain('달성치 −2가');
    expect(t('ko', 'persona.error.talkRank', { rank: 2, level: 3, max: 1 })).toContain('랭크 2는');
    expect(t('ko', 'resolve.movedTo', { name: '遠坂邸', territory: '대영지' })).toBe('거점을 遠坂邸(대영지)로 옮겼습니다.');
  });

  it('no Korean template writes a fixed particle right after a placeholder (issue 31: 「MP 10를」)', async () => {
    const { catalogKeys, template } = await import('../../src/i18n/index.js');
    const fixed = catalogKeys('ko').filter((k) => /\{\w+\}[*`」]* ?(을|를|이|가|은|는|으로|로|와|과|이면)(?![\uac00-\ud7a3])/.test(template('ko', k) ?? ''));
    expect(fixed).toEqual([]);
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
