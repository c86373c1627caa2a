// Stored wordings (src/i18n/wording.ts): a roll's comment or label stored as a key and its parameters
// is worded for each reader; plain text (a player's comment, a row stored before wordings) stays as it is.
import { describe, expect, it } from 'vitest';
import { t, wordIn } from '../../src/i18n/index.js';
import { wording } from '../../src/i18n/wording.js';

describe('stored wordings (issue 31, Language §2)', () => {
  it('a catalog key and its parameters are worded per reader', () => {
    const stored = wording({ key: 'attack.comment', params: { attacker: '세이버', target: 'Golem' } });
    expect(wordIn('ko', stored)).toBe('세이버가 Golem을 공격');
    expect(wordIn('ja', stored)).toBe('세이버 が Golem を攻撃');
    expect(wordIn('en', stored)).toBe('세이버 attacks Golem');
  });

  it('a word of every language and parts joined', () => {
    const label = wording({ parts: [{ each: { en: 'Agility', ja: '敏捷', ko: '민첩' } }, '心眼(真)'], sep: ' + ' });
    expect(wordIn('ko', label)).toBe('민첩 + 心眼(真)');
    expect(wordIn('ja', label)).toBe('敏捷 + 心眼(真)');
  });

  it('a parameter holding a wording is worded by t() in the template’s language, particles included', () => {
    const agi = wording({ each: { en: 'Agility', ja: '敏捷', ko: '민첩' } });
    expect(t('ko', 'fate.note.lowered', { label: agi, dice: 4, threshold: 3 })).toMatch(/^민첩을 /);
    expect(t('ja', 'fate.note.lowered', { label: agi, dice: 4, threshold: 3 })).toMatch(/^敏捷を/);
  });

  it('plain text and old stored comments stay readable as they are', () => {
    expect(wordIn('ko', 'セイバー が 例・魔術師 を攻撃')).toBe('セイバー が 例・魔術師 を攻撃');
    expect(wordIn('ko', null)).toBeNull();
    expect(wordIn('en', '\u001fw:{not json')).toBe('\u001fw:{not json');
  });
});
