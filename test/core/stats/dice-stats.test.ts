// /stats reads the faces dice showed (issue 29: after twelve Cthulhu7th CC<=50 it said "d10 mean
// 27.58", the percentile's tens d10 stored as its value 0–90).
import { describe, expect, it } from 'vitest';
import { diceStats } from '../../../src/core/stats/dice-stats.js';

describe('diceStats', () => {
  it('counts each face a die showed, per size', () => {
    const stats = diceStats([{ outcome: 'success', dice: [{ sides: 10, face: 3 }, { sides: 10, face: 5 }] }, { outcome: 'failure', dice: [{ sides: 6, face: 6 }] }]);
    expect(stats).toMatchObject({ rolls: 2, successes: 1, failures: 1 });
    expect(stats.sizes.find((s) => s.sides === 10)).toMatchObject({ count: 2, mean: 4 });
  });

  it('leaves out a face the die cannot show (a tens value 30 or 0 stored for a d10 by older BCDice rolls)', () => {
    const stats = diceStats([{ outcome: 'success', dice: [{ sides: 10, face: 30 }, { sides: 10, face: 5 }, { sides: 10, face: 0 }] }]);
    expect(stats.sizes).toEqual([expect.objectContaining({ sides: 10, count: 1, mean: 5 })]);
  });
});
