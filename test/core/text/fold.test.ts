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

  // issue 19 §2: せい, ｾｲ and セイ all find セイバー; ソードワールド finds ソード・ワールド.
  it.each([
    ['せい', 'セイバー'],
    ['ｾｲ', 'セイバー'],
    ['セイ', 'セイバー'],
    ['せいばー', 'セイバー'],
    ['ｾｲﾊﾞｰ', 'セイバー'],
    ['セイバ-', 'セイバー'],
    ['セイバ', 'セイバー'],
    ['ソードワールド', 'ソード・ワールド'],
    ['ｿｰﾄﾞ･ﾜｰﾙﾄﾞ', 'ソードワールド'],
    ['そーど　わーるど', 'ソード・ワールド'],
    ['jeanluc', 'Jean-Luc'],
    ['ＳＡＢＥＲ　ａｌｔｅｒ', 'Saber Alter'],
  ])('%s finds %s', (typed, name) => {
    expect(foldedIncludes([name], typed)).toBe(true);
  });

  it('still tells different names apart', () => {
    expect(foldedIncludes(['セイバー'], 'ｾｲﾊﾞｰｵﾙﾀ')).toBe(false);
    expect(foldedIncludes(['ソード・ワールド'], 'ソードワーク')).toBe(false);
    expect(foldForSearch('ガ')).not.toBe(foldForSearch('カ')); // voiced marks are part of the name
    expect(foldForSearch('100%_x')).toBe('100%_x'); // LIKE wildcards are ordinary characters here
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
