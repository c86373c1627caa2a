import { describe, expect, it } from 'vitest';
import { evaluateDice, renderMarkdown, renderPlain, type DiceResult } from '../../../src/core/dice/index.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import { translator } from '../../../src/i18n/index.js';

const en = translator('en');
const ja = translator('ja');
const ko = translator('ko');

const roll = (input: string, faces: number[]): DiceResult => evaluateDice(input, scriptedRandom(faces));
const SEED_EXAMPLE = [1, 3, 5, 6, 5, 6, 6, 4, 2, 3, 6];

describe('renderMarkdown', () => {
  it('shows each pool with successes in bold, then the achievement (seed 001 L28–53 example)', () => {
    expect(renderMarkdown(roll('8d6<=4+3d6<=3', SEED_EXAMPLE), en)).toBe(
      [
        '`8d6<=4+3d6<=3`',
        '8d6<=4 → [**1**, **3**, 5, 6, 5, 6, 6, **4**] = 3',
        '3d6<=3 → [**2**, **3**, 6] = 2',
        'Achievement: 3 + 2 = **5**',
      ].join('\n'),
    );
  });

  it('speaks Japanese and Korean', () => {
    const r = roll('8d6<=4+3d6<=3+2', SEED_EXAMPLE);
    expect(renderMarkdown(r, ja).split('\n').at(-1)).toBe('達成値: 3 + 2 + 2 = **7**');
    expect(renderMarkdown(r, ko).split('\n').at(-1)).toBe('달성치: 3 + 2 + 2 = **7**');
  });

  it('shows a lone pool without a breakdown', () => {
    expect(renderMarkdown(roll('3d6<=3', [2, 3, 6]), en).split('\n').at(-1)).toBe('Achievement: **2**');
  });

  it('strikes through dropped dice', () => {
    expect(renderMarkdown(roll('4d6kh3', [1, 5, 3, 6]), en)).toBe(
      ['`4d6kh3`', '4d6kh3 [~~1~~, 5, 3, 6]', 'Total: **14**'].join('\n'),
    );
    expect(renderMarkdown(roll('5d6kh3<=4', [6, 2, 4, 5, 1]), en)).toContain('5d6kh3<=4 → [6, ~~2~~, **4**, 5, ~~1~~] = 1');
  });

  it('renders sums inline, with × for multiplication (a bare * would start emphasis)', () => {
    expect(renderMarkdown(roll('2d6*3-(1d4)', [3, 4, 2]), en)).toBe(
      ['`2d6*3-(1d4)`', '2d6 [3, 4] × 3 - (1d4 [2])', 'Total: **19**'].join('\n'),
    );
    expect(renderMarkdown(roll('2+3', []), en)).toBe(['`2+3`', 'Total: **5**'].join('\n'));
  });

  it('reports target checks with the outcome word', () => {
    expect(renderMarkdown(roll('2d6+3>=10', [3, 4]), en)).toBe(
      ['`2d6+3>=10`', '2d6 [3, 4] + 3', 'Total **10** ≥ 10: **Success**'].join('\n'),
    );
    expect(renderMarkdown(roll('(2d6)>=7', [1, 2]), ja).split('\n').at(-1)).toBe('合計 **3** < 7：**失敗**');
    expect(renderMarkdown(roll('(2d6)>=7', [6, 2]), ko).split('\n').at(-1)).toBe('합계 **8** ≥ 7: **성공**');
  });

  it('reports a single-die check as the face against the target', () => {
    expect(renderMarkdown(roll('1d100<=50', [37]), en)).toBe(
      ['`1d100<=50`', '1d100<=50 → [**37**]', 'Roll **37** ≤ 50: **Success**'].join('\n'),
    );
    expect(renderMarkdown(roll('1d100<=50', [88]), ja).split('\n').at(-1)).toBe('出目 **88** > 50：**失敗**');
  });

  it('reports an achievement against a target', () => {
    expect(renderMarkdown(roll('8d6<=4+3d6<=3>=5', SEED_EXAMPLE), en).split('\n').at(-1)).toBe(
      'Achievement 3 + 2 = **5** ≥ 5: **Success**',
    );
  });

  it('shows d66 values as read', () => {
    expect(renderMarkdown(roll('2d66', [3, 5, 6, 1]), en)).toBe(['`2d66`', '2d66 [35, 61]', 'Total: **96**'].join('\n'));
  });

  it('labels repetitions', () => {
    const text = renderMarkdown(roll('x2 2d6', [1, 2, 3, 4]), en);
    expect(text).toBe(
      ['`x2 2d6`', '**Roll 1 of 2**', '2d6 [1, 2]', 'Total: **3**', '**Roll 2 of 2**', '2d6 [3, 4]', 'Total: **7**'].join('\n'),
    );
    expect(renderMarkdown(roll('x2 2d6', [1, 2, 3, 4]), ja)).toContain('**2回中1回目**');
  });

  it('never starts a line with markdown block syntax', () => {
    const rng = seededRandom('lines');
    for (const input of ['-2d6', '-(2d6)>=-3', 'x3 -1d6<=3', '3#2d6', '-8d6<=4+1', '(1d6)']) {
      for (const line of renderMarkdown(evaluateDice(input, rng), en).split('\n')) {
        expect(line).not.toMatch(/^(>|#|- |\* |\d+\. )/);
      }
    }
  });
});

describe('1,000 dice still fit a Discord embed (4,096 characters)', () => {
  const rng = seededRandom('big rolls');
  const DISCORD = 4096;

  it('groups a big d6 pool by face and keeps every die in the result', () => {
    const r = evaluateDice('1000d6<=3', rng);
    const text = renderMarkdown(r, en);
    expect(text.length).toBeLessThan(DISCORD);
    expect(r.dice).toHaveLength(1000);
    const counts = [1, 2, 3, 4, 5, 6].map((f) => r.dice.filter((d) => d.face === f).length);
    expect(text).toContain(`**1**×${counts[0]}, **2**×${counts[1]}, **3**×${counts[2]}, 4×${counts[3]}`);
    expect(text).toContain(`= ${r.value}`);
  });

  it('truncates a list that is too varied to group', () => {
    const r = evaluateDice('1000d1000000', rng);
    const text = renderMarkdown(r, en);
    expect(text.length).toBeLessThan(DISCORD);
    expect(text).toMatch(/… \d+ more\]/);
    expect(text).toContain(`Total: **${r.value}**`);
    expect(text).toContain(String(r.dice[0]!.face)); // the first faces are shown
  });

  it('shares the room between pools, short lists shown in full', () => {
    const r = evaluateDice('3d6<=3+997d6<=4', rng);
    const text = renderMarkdown(r, en);
    expect(text.length).toBeLessThan(DISCORD);
    const firstLine = text.split('\n')[1]!;
    expect(firstLine).toMatch(/^3d6<=3 → \[[^×]*\] = \d$/);
    expect(text.split('\n')[2]).toContain('×');
  });

  it('fits a 200-character expression of many terms and twenty repetitions', () => {
    const many = Array.from({ length: 40 }, () => '25d6').join('+'); // 199 characters, 1,000 dice
    expect(renderMarkdown(evaluateDice(many, rng), en).length).toBeLessThan(DISCORD);
    expect(renderMarkdown(evaluateDice('x20 50d6<=4', rng), ja).length).toBeLessThan(DISCORD);
    expect(renderMarkdown(evaluateDice('x20 25d66', rng), ko).length).toBeLessThan(DISCORD);
  });

  it('honours a smaller maxLength', () => {
    const r = evaluateDice('100d6', rng);
    expect(renderMarkdown(r, en, { maxLength: 200 }).length).toBeLessThanOrEqual(200);
    expect(renderMarkdown(r, en).length).toBeGreaterThan(200);
  });
});

describe('renderPlain', () => {
  it('has the same content without markdown', () => {
    expect(renderPlain(roll('8d6<=4+3d6<=3', SEED_EXAMPLE), en)).toBe(
      ['8d6<=4+3d6<=3', '8d6<=4 → [1*, 3*, 5, 6, 5, 6, 6, 4*] = 3', '3d6<=3 → [2*, 3*, 6] = 2', 'Achievement: 3 + 2 = 5'].join('\n'),
    );
  });

  it('marks dropped dice with parentheses and outcomes in words', () => {
    expect(renderPlain(roll('4d6dl1', [1, 5, 3, 6]), en)).toBe(['4d6dl1', '4d6dl1 [(1), 5, 3, 6]', 'Total: 14'].join('\n'));
    expect(renderPlain(roll('1d100<=50', [37]), ja)).toBe(['1d100<=50', '1d100<=50 → [37*]', '出目 37 ≤ 50：成功'].join('\n'));
  });

  it('contains no markdown', () => {
    const text = renderPlain(evaluateDice('x3 5d6kh3<=4+1', seededRandom('plain')), ko);
    expect(text).not.toMatch(/\*\*|~~|`/);
  });
});
