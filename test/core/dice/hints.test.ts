import { describe, expect, it } from 'vitest';
import { diceHints, evaluateDice } from '../../../src/core/dice/index.js';
import { seededRandom } from '../../../src/core/random.js';

const hintsFor = (expression: string) => diceHints(evaluateDice(expression, seededRandom(1)));

describe('dice hints', () => {
  it('flags a pool no face can meet and shows the sum spelling (BCDice habit 3D6>=7)', () => {
    expect(hintsFor('3d6>=7')).toEqual([{ key: 'dice.hint.poolNeverMeets', params: { pool: '3d6>=7', sum: '(3d6)>=7' } }]);
    expect(hintsFor('2d6<1')).toHaveLength(1);
    expect(hintsFor('2d6=7')).toHaveLength(1);
    expect(hintsFor('8d6<=4+3d6>6')).toEqual([expect.objectContaining({ params: expect.objectContaining({ pool: '3d6>6' }) })]);
  });

  it('says nothing for ordinary or always-successful pools (EX status: 14d6<=6, seed 001 L865)', () => {
    expect(hintsFor('8d6<=4')).toEqual([]);
    expect(hintsFor('14d6<=6')).toEqual([]);
    expect(hintsFor('2d6=6')).toEqual([]);
    expect(hintsFor('(3d6)>=7')).toEqual([]);
    expect(hintsFor('2d6+3')).toEqual([]);
  });
});
