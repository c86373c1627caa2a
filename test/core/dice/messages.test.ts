import { describe, expect, it } from 'vitest';
import { DICE_ERROR_CODES, DiceError, diceErrorMessage, parseDice } from '../../../src/core/dice/index.js';
import { translator, type Locale } from '../../../src/i18n/index.js';
import { diceMessages } from '../../../src/i18n/messages/dice.js';

const LOCALES: Locale[] = ['en', 'ja', 'ko'];
const placeholders = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('dice message catalog', () => {
  it('has every dice.* key in en, ja and ko', () => {
    const keys = new Set(LOCALES.flatMap((l) => Object.keys(diceMessages[l])));
    expect(keys.size).toBeGreaterThan(20);
    for (const locale of LOCALES) {
      const missing = [...keys].filter((k) => !(k in diceMessages[locale]));
      expect(missing, `missing in ${locale}`).toEqual([]);
    }
  });

  it('prefixes every key with dice.', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(diceMessages[locale]).filter((k) => !k.startsWith('dice.'))).toEqual([]);
    }
  });

  it('has a message for every error code', () => {
    for (const locale of LOCALES) {
      const missing = DICE_ERROR_CODES.filter((code) => !(`dice.error.${code}` in diceMessages[locale]));
      expect(missing, `missing in ${locale}`).toEqual([]);
    }
  });

  it('uses the same placeholders in all three languages', () => {
    for (const [key, template] of Object.entries(diceMessages.en)) {
      for (const locale of ['ja', 'ko'] as const) {
        expect(placeholders(diceMessages[locale][key]!), `${locale} ${key}`).toEqual(placeholders(template));
      }
    }
  });

  it('actually translates (no English left in ja or ko)', () => {
    for (const locale of ['ja', 'ko'] as const) {
      for (const [key, template] of Object.entries(diceMessages[locale])) {
        expect(template, `${locale} ${key}`).not.toBe(diceMessages.en[key]);
        expect(template, `${locale} ${key}`).toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/);
      }
    }
  });

  it('puts the column in every error that has one', () => {
    for (const code of DICE_ERROR_CODES) {
      // a whole input (empty, too long) or a whole command neither engine reads has no column
      const hasColumn = !['empty', 'too_long', 'not_understood', 'choice_items'].includes(code);
      for (const locale of LOCALES) {
        expect(diceMessages[locale][`dice.error.${code}`]!.includes('{column}'), `${locale} ${code}`).toBe(hasColumn);
      }
    }
  });
});

describe('diceErrorMessage', () => {
  const errorOf = (input: string): DiceError => {
    try {
      parseDice(input);
    } catch (e) {
      if (e instanceof DiceError) return e;
    }
    throw new Error('no DiceError');
  };

  it('names what is wrong and where, in each language', () => {
    const e = errorOf('8d6<=');
    expect(diceErrorMessage(e, translator('en'))).toBe("Column 6: expected a number after '<='.");
    expect(diceErrorMessage(e, translator('ja'))).toBe('6文字目：「<=」の後には数値が必要です。');
    expect(diceErrorMessage(e, translator('ko'))).toBe("6번째 글자: '<=' 뒤에는 숫자가 필요합니다.");
  });

  it('fills every placeholder for every error the parser raises', () => {
    const inputs = ['', `1${'+1'.repeat(100)}`, '2d6?', '2d6)', '2d6+', '(1', '2d', '1001d6', '1d1000001', '1d0', '0d1',
      '2d6kh3', 'x30 1d6', '1/0', '8d6<=4*2', '1d6+8d6<=4', '99999999999', `${'('.repeat(17)}1${')'.repeat(17)}`];
    for (const input of inputs) {
      const error = errorOf(input);
      for (const locale of LOCALES) {
        const text = diceErrorMessage(error, translator(locale));
        expect(text, `${locale} ${input}`).not.toMatch(/\{\w+\}|dice\.error/);
        if (error.column !== null) expect(text).toContain(String(error.column));
      }
    }
  });
});
