import { describe, expect, it } from 'vitest';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import {
  IRREGULAR_NAMES,
  irregularKeys,
  irregularName,
  irregularTally,
  rollIrregular,
} from '../../../src/core/session/irregular.js';
import { warMessages } from '../../../src/i18n/messages/war.js';

describe('rollIrregular (seed 001 L75–88)', () => {
  it('rolls 2d6 once at war start; a plain result applies alone (seed 001 L75, L78)', () => {
    const rng = scriptedRandom([1, 2]);
    const result = rollIrregular(rng);
    expect(result).toEqual({
      root: { value: 3, sub: [], rerolled: [] },
      applied: [3],
      mastersDelta: 0,
      servantsDelta: 0,
      gmChoice: false,
    });
    expect(rng.remaining).toBe(0);
  });

  it('6 (Turmoil) rolls 2 more times; a sub-roll of 7 is rolled again (seed 001 L81)', () => {
    // root 3+3 = 6; sub 1: 3+4 = 7 → again, 1+1 = 2; sub 2: 5+5 = 10
    const rng = scriptedRandom([3, 3, 3, 4, 1, 1, 5, 5]);
    const result = rollIrregular(rng);
    expect(result.root).toEqual({
      value: 6,
      sub: [
        { value: 2, sub: [], rerolled: [7] },
        { value: 10, sub: [], rerolled: [] },
      ],
      rerolled: [],
    });
    expect(result.applied).toEqual([2, 10]);
    expect(result.mastersDelta).toBe(1);
    expect(result.servantsDelta).toBe(1);
    expect(result.gmChoice).toBe(false);
    expect(rng.remaining).toBe(0);
  });

  it('7 (Super Catastrophe) rolls 4 more times (seed 001 L82)', () => {
    // root 3+4 = 7; subs 2+2 = 4, 1+2 = 3, 4+6 = 10, 6+6 = 12
    const rng = scriptedRandom([3, 4, 2, 2, 1, 2, 4, 6, 6, 6]);
    const result = rollIrregular(rng);
    expect(result.root.value).toBe(7);
    expect(result.root.sub).toHaveLength(4);
    expect(result.applied).toEqual([4, 3, 10, 12]);
    expect(result.mastersDelta).toBe(2);
    expect(result.servantsDelta).toBe(2);
    expect(rng.remaining).toBe(0);
  });

  it('8 (Catastrophe) rolls 3 more times; sub-rolls of 8 and 7 are rolled again until neither (seed 001 L83)', () => {
    // root 2+6 = 8; sub 1: 1+1 = 2; sub 2: 6+2 = 8 → again, 6+1 = 7 → again, 5+4 = 9; sub 3: 5+6 = 11
    const rng = scriptedRandom([2, 6, 1, 1, 6, 2, 6, 1, 5, 4, 5, 6]);
    const result = rollIrregular(rng);
    expect(result.root.value).toBe(8);
    expect(result.root.sub.map((s) => s.rerolled)).toEqual([[], [8, 7], []]);
    expect(result.applied).toEqual([2, 9, 11]);
    expect(result.gmChoice).toBe(true);
    expect(result.mastersDelta).toBe(0);
    expect(rng.remaining).toBe(0);
  });

  it('a sub-roll of 6 is also rolled again (seed 001 L81–83)', () => {
    // root 4+4 = 8; sub 1: 3+3 = 6 → again, 1+2 = 3; subs 2, 3: 1+1 = 2
    const rng = scriptedRandom([4, 4, 3, 3, 1, 2, 1, 1, 1, 1]);
    const result = rollIrregular(rng);
    expect(result.root.sub[0]).toEqual({ value: 3, sub: [], rerolled: [6] });
    expect(result.applied).toEqual([3, 2, 2]);
    expect(rng.remaining).toBe(0);
  });

  it('4 (Veteran) adds one master and one servant (seed 001 L79)', () => {
    const result = rollIrregular(scriptedRandom([1, 3]));
    expect(result.applied).toEqual([4]);
    expect(result).toMatchObject({ mastersDelta: 1, servantsDelta: 1, gmChoice: false });
  });

  it('10 (Exception) adds one master and one servant (seed 001 L85)', () => {
    const result = rollIrregular(scriptedRandom([4, 6]));
    expect(result.applied).toEqual([10]);
    expect(result).toMatchObject({ mastersDelta: 1, servantsDelta: 1 });
  });

  it('4 and 10 stack when 6/7/8 roll them several times (seed 001 L79, L85)', () => {
    // root 3+4 = 7; subs 4, 4, 10, 10
    const result = rollIrregular(scriptedRandom([3, 4, 1, 3, 2, 2, 5, 5, 4, 6]));
    expect(result.applied).toEqual([4, 4, 10, 10]);
    expect(result.mastersDelta).toBe(4);
    expect(result.servantsDelta).toBe(4);
  });

  it('5 (Strange) and 9 (Ill Fate) leave the result to the GM (seed 001 L80, L84)', () => {
    expect(rollIrregular(scriptedRandom([2, 3])).gmChoice).toBe(true);
    expect(rollIrregular(scriptedRandom([4, 5])).gmChoice).toBe(true);
    expect(rollIrregular(scriptedRandom([6, 5])).gmChoice).toBe(false);
  });

  it('with real dice: sub-rolls never show 6, 7 or 8 and there are 2/4/3 of them (seed 001 L81–83)', () => {
    const rng = seededRandom('irregular');
    const roots = new Set<number>();
    const problems: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const r = rollIrregular(rng);
      roots.add(r.root.value);
      const expected = ({ 6: 2, 7: 4, 8: 3 } as Record<number, number>)[r.root.value] ?? 0;
      const subs = r.root.sub.map((s) => s.value);
      if (subs.length !== expected) problems.push(`${r.root.value}: ${subs.length} sub-rolls`);
      if (subs.some((v) => v >= 6 && v <= 8)) problems.push(`sub-roll kept 6/7/8: ${subs.join(',')}`);
      if (r.root.sub.some((s) => s.rerolled.some((v) => v < 6 || v > 8))) problems.push('rerolled a value other than 6/7/8');
      const applied = expected > 0 ? subs : [r.root.value];
      if (applied.join() !== r.applied.join()) problems.push(`applied ${r.applied.join(',')}`);
      if (r.applied.some((v) => v < 2 || v > 12)) problems.push(`out of range ${r.applied.join(',')}`);
    }
    expect(problems).toEqual([]);
    expect(roots.size).toBe(11);
  });
});

describe('irregular tally and names (seed 001 L77–88)', () => {
  it('results the GM chose through 9 count too (seed 001 L79, L84, L85)', () => {
    expect(irregularTally([4, 10, 4])).toEqual({ mastersDelta: 3, servantsDelta: 3, gmChoice: false });
    expect(irregularTally([3, 9])).toEqual({ mastersDelta: 0, servantsDelta: 0, gmChoice: true });
  });

  it('names follow the table (seed 001 L77–87)', () => {
    expect(irregularName(2)).toBe('intrusion');
    expect(irregularName(6)).toBe('turmoil');
    expect(irregularName(7)).toBe('superCatastrophe');
    expect(irregularName(12)).toBe('contamination');
    expect(() => irregularName(1)).toThrow(RangeError);
    expect(() => irregularName(13)).toThrow(RangeError);
  });

  it('every result and EX (seed 001 L88) has a name and effect in en, ja and ko', () => {
    const values: (number | 'ex')[] = [...Object.keys(IRREGULAR_NAMES).map(Number), 'ex'];
    for (const value of values) {
      const keys = irregularKeys(value);
      for (const locale of ['en', 'ja', 'ko'] as const) {
        expect(warMessages[locale][keys.name], `${locale} ${keys.name}`).toBeTruthy();
        expect(warMessages[locale][keys.effect], `${locale} ${keys.effect}`).toBeTruthy();
      }
    }
    expect(warMessages.ja[irregularKeys(7).name]).toBe('超☆大惨事');
  });
});

describe('the GM’s choice for a 5 or 9 (seed 001 L80, L84)', () => {
  it('records the chosen results and the teams a chosen 4 or 10 adds; 5 and 9 cannot be chosen', async () => {
    const { chooseIrregular } = await import('../../../src/core/session/irregular.js');
    const nine = { root: { value: 9, sub: [], rerolled: [] }, applied: [9], mastersDelta: 0, servantsDelta: 0, gmChoice: true };
    expect(chooseIrregular(nine, [4, 10, 'ex']).chosen).toEqual({ values: [4, 10, 'ex'], mastersDelta: 2, servantsDelta: 2 });
    expect(() => chooseIrregular(nine, [5])).toThrow(RangeError);
    expect(() => chooseIrregular({ ...nine, gmChoice: false }, [4])).toThrow(RangeError);
  });
});
