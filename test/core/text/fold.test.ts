import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../src/core/text/fold.js';

const foldedIncludes = (names: string[], typed: string) => names.some((n) => foldForSearch(n).includes(foldForSearch(typed)));

describe('foldForSearch (autocomplete for Japanese input)', () => {
  it('hiragana and half-width katakana find full-width katakana names', () => {
    expect(foldedIncludes(['セイバー'], 'せい')).toBe(true);
    expect(foldedIncludes(['セイバー'], 'ｾｲ')).toBe(true);
    expect(foldedIncludes(['セイバー'], 'あーちゃー')).toBe(false);
    expect(foldForSearch('ＡＢｃ')).toBe('abc');
  });
});

describe('escapeMarkdown (user text and BCDice lines reach Discord markdown)', () => {
  it('shows markup as typed, leaves comparisons readable', async () => {
    const { escapeMarkdown } = await import('../../../src/core/dice/index.js');
    expect(escapeMarkdown('**Saber** ||x|| _y_')).toBe('\\*\\*Saber\\*\\* \\|\\|x\\|\\| \\_y\\_');
    expect(escapeMarkdown('# head\n> quote')).toBe('\\# head\n\\> quote');
    expect(escapeMarkdown('(2D6>=7) ＞ 7')).toBe('(2D6>=7) ＞ 7');
  });
});
