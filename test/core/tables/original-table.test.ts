// BCDice's original-table format as the core reads it (issue 29 §3): what is accepted, and every
// refusal with the line it names and its reason, in each language.
import { describe, expect, it } from 'vitest';
import { renderPlain } from '../../../src/core/dice/index.js';
import { scriptedRandom } from '../../../src/core/random.js';
import { originalTableText, parseOriginalTable, TABLE_LIMITS, TableError, type TableErrorCode } from '../../../src/core/tables/original-table.js';
import { readTableCall, rollOriginalTable } from '../../../src/core/tables/roll.js';
import { translator } from '../../../src/i18n/index.js';

function refusal(text: string): TableError {
  try {
    parseOriginalTable(text);
  } catch (error) {
    if (error instanceof TableError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseOriginalTable: accepted', () => {
  it('reads `2D6 name` and n:text / n-m:text lines, the entries exactly as written', () => {
    const table = parseOriginalTable('2D6 シーン表\n2-6:静かな夜。*星*が出ている\n\n7:雨\\n冷たい\n8-12 : 嵐  ');
    expect(table).toEqual({
      name: 'シーン表',
      key: 'シーン表',
      dice: '2D6',
      entries: [
        { from: 2, to: 6, text: '静かな夜。*星*が出ている' },
        { from: 7, to: 7, text: '雨\\n冷たい' },
        { from: 8, to: 12, text: '嵐' },
      ],
    });
    expect(originalTableText(table)).toBe('2D6 シーン表\n2-6:静かな夜。*星*が出ている\n7:雨\\n冷たい\n8-12:嵐');
  });

  it('folds full-width digits, letters, colons, dashes and the ideographic space; entries keep their width', () => {
    const table = parseOriginalTable('１Ｄ６　ＳＣＥＮＥ\r\n１－３：ＡＢＣ\r\n４〜６：ｄｅｆ');
    expect(table).toMatchObject({ name: 'ＳＣＥＮＥ', key: 'scene', dice: '1D6', entries: [{ from: 1, to: 3, text: 'ＡＢＣ' }, { from: 4, to: 6, text: 'ｄｅｆ' }] });
  });

  it('reads `2D6:name`, BCDice’s two-line form (name, then dice), 1D100 and D66 (its 36 values)', () => {
    expect(parseOriginalTable('2D6:遭遇表\n2-12:何も').name).toBe('遭遇表');
    expect(parseOriginalTable('遭遇表\n1D100\n1-50:a\n51-100:b')).toMatchObject({ name: '遭遇表', dice: '1D100' });
    expect(parseOriginalTable('D66 イベント表\n11-36:a\n41-66:b').dice).toBe('D66');
  });

  it('accepts the limits themselves', () => {
    const { maxDice, maxSides, maxTotal } = TABLE_LIMITS;
    expect(parseOriginalTable(`${maxDice}D${maxTotal / maxDice} a\n${maxDice}-${maxTotal}:x`).dice).toBe(`${maxDice}D${maxTotal / maxDice}`);
    expect(parseOriginalTable(`1D${maxSides} a\n1-${maxSides}:x`).dice).toBe(`1D${maxSides}`);
    expect(parseOriginalTable(`2D6 ${'名'.repeat(TABLE_LIMITS.nameLength)}\n2-12:x`).name).toHaveLength(TABLE_LIMITS.nameLength);
  });
});

describe('parseOriginalTable: every refusal names its line and reason', () => {
  const cases: Array<[string, string, TableErrorCode, number | null, Record<string, unknown>]> = [
    ['empty', '\n  \n', 'empty', null, {}],
    ['bad header', 'シーン表 2D6\n2-12:x', 'header', 1, { text: 'シーン表 2D6' }],
    ['bad header after blank lines', '\n\nhello\n2-12:x', 'header', 3, {}],
    ['too many dice', '11D6 a\n11-66:x', 'diceLimits', 1, { dice: '11D6' }],
    ['too many sides', '1D1001 a\n1-1001:x', 'diceLimits', 1, { dice: '1D1001' }],
    ['too large a total', '10D101 a\n10-1010:x', 'diceLimits', 1, { dice: '10D101' }],
    ['two-line dice too large', 'a\n0D6\n1:x', 'diceLimits', 2, {}],
    ['a name with a space', '2D6 シーン 表\n2-12:x', 'nameSpaces', 1, { name: 'シーン 表' }],
    ['a name too long', `2D6 ${'名'.repeat(TABLE_LIMITS.nameLength + 1)}\n2-12:x`, 'nameLength', 1, { max: TABLE_LIMITS.nameLength }],
    ['a name that is dice', '2D6 2D6\n2-12:x', 'nameDice', 1, { name: '2D6' }],
    ['a name that is a secret dice roll', '1D100 S1d100<=50\n1-100:x', 'nameDice', 1, {}],
    ['a bad line', '2D6 a\n2-6:x\nfoo bar\n7-12:y', 'line', 3, { text: 'foo bar' }],
    ['a line without a number', '2D6 a\n:x', 'line', 2, {}],
    ['a range backwards', '2D6 a\n6-2:x', 'reversed', 2, { from: '6', to: '2' }],
    ['a value above the dice', '2D6 a\n2-12:x\n13:y', 'outOfRange', 3, { value: '13', dice: '2D6', min: 2, max: 12 }],
    ['a value below the dice', '2D6 a\n1-12:x', 'outOfRange', 2, { value: '1' }],
    ['a D66 value no dice shows', 'D66 a\n11-17:x', 'outOfRange', 2, { value: '17', dice: 'D66' }],
    ['overlapping ranges', '2D6 a\n2-7:x\n\n5-12:y', 'overlap', 4, { other: 2, values: '5–7' }],
    ['a value twice', '1D6 a\n1-6:x\n3:y', 'overlap', 3, { other: 2, values: '3' }],
    ['an empty entry', '1D6 a\n1-5:x\n6:', 'entryEmpty', 3, { values: '6' }],
    ['an entry too long', `1D6 a\n1-5:x\n6:${'あ'.repeat(TABLE_LIMITS.entryLength + 1)}`, 'entryLength', 3, { max: TABLE_LIMITS.entryLength }],
    ['too many entries', `1D1000 a\n${Array.from({ length: TABLE_LIMITS.entries + 1 }, (_, i) => `${i + 1}:x`).join('\n')}`, 'tooManyEntries', TABLE_LIMITS.entries + 2, {}],
    ['too long', `1D6 a\n1-6:${'x'.repeat(300)}\n${'#'.repeat(TABLE_LIMITS.textLength)}`, 'tooLong', 3, { max: TABLE_LIMITS.textLength }],
    ['no entries', '2D6 a\n\n', 'noEntries', null, { dice: '2D6' }],
    ['values with no entry', '2D6 a\n2-6:x\n8:y\n10-11:z', 'missing', null, { values: '7, 9, 12', count: 3 }],
    ['D66 values with no entry, runs joined', 'D66 a\n11-15:x\n22-66:y', 'missing', null, { values: '16–21', count: 2 }],
  ];

  it.each(cases)('%s', (_, text, code, line, params) => {
    const error = refusal(text);
    expect(error.code).toBe(code);
    expect(error.line).toBe(line);
    expect(error.params).toMatchObject(params);
    if (line !== null) expect(error.params.line).toBe(line);
  });

  it('words each refusal with its line number in en, ja and ko', () => {
    const error = refusal('2D6 シーン表\n2-6:x\n7-13:y');
    expect(translator('en')(error.key, error.params)).toBe('Line 3: 13 cannot come up on 2D6 (it gives 2–12).');
    expect(translator('ja')(error.key, error.params)).toBe('3行目: 13 は 2D6 では出ません（出るのは 2～12）。');
    expect(translator('ko')(error.key, error.params)).toBe('3번째 줄: 13은 2D6에서 나오지 않습니다(2~12).');
  });
});

describe('rolling a table', () => {
  const table = parseOriginalTable('2D6 シーン表\n2-6:静かな夜\n7:雨\\n冷たい\n8-12:*嵐*');

  it('reads a typed call: case and width folded, `S` secret, a comment, `x3` repetition', () => {
    expect(readTableCall('ｼｰﾝ表')).toEqual({ repeat: 1, candidates: [{ key: 'シーン表', secret: false }], comment: null });
    expect(readTableCall('Sしーん表  夜の 校舎')).toEqual({ repeat: 1, candidates: [{ key: 'sシーン表', secret: false }, { key: 'シーン表', secret: true }], comment: '夜の 校舎' });
    expect(readTableCall('ｘ３　シーン表')).toMatchObject({ repeat: 3, candidates: [{ key: 'シーン表' }] });
  });

  it('draws the entry for the dice total; the value is the total, every die kept for /stats', () => {
    const result = rollOriginalTable(table, scriptedRandom([3, 4]), 1, 'シーン表');
    expect(result).toMatchObject({ kind: 'sum', value: 7, outcome: null, normalized: 'シーン表' });
    expect(result.dice.map((d) => [d.sides, d.face])).toEqual([[6, 3], [6, 4]]);
    expect(renderPlain(result, translator('ja'))).toBe('表「シーン表」（2D6）\n2d6 [3, 4] = 7\n→ 雨\n冷たい');
    expect(renderPlain(result, translator('en'))).toContain('Table “シーン表” (2D6)');
  });

  it('repeats: each draw numbered, the first draw’s total as the value', () => {
    const result = rollOriginalTable(table, scriptedRandom([1, 1, 6, 6]), 2, 'x2 シーン表');
    expect(result.value).toBe(2);
    expect(result.normalized).toBe('x2 シーン表');
    expect(renderPlain(result, translator('en'))).toBe('Table “シーン表” (2D6)\n#1 2d6 [1, 1] = 2\n→ 静かな夜\n#2 2d6 [6, 6] = 12\n→ *嵐*');
  });

  it('D66 reads the tens die then the ones die', () => {
    const d66 = parseOriginalTable('D66 a\n11-36:前半\n41-66:後半');
    expect(rollOriginalTable(d66, scriptedRandom([4, 1]), 1, 'a').tree).toMatchObject({ type: 'table', draws: [{ entry: '後半' }], value: 41 });
  });
});
