// A stored roll is its expression and faces (issue: one compact copy per roll); replaying them must
// rebuild the very result the table saw, for every kind of expression the engine rolls.
import { describe, expect, it } from 'vitest';
import { evaluateDice } from '../../../src/core/dice/index.js';
import { encodeFaces, replayableFaces, replayDice, replayStored } from '../../../src/core/dice/replay.js';
import { rerollFailed } from '../../../src/core/dice/reroll.js';
import { seededRandom } from '../../../src/core/random.js';

const EXPRESSIONS = ['8d6<=4', '10d6<=5+4d6<=3', '8d6<=4+3d6<=3>=5', '2d6+3', '(1d6+2)*3', '1d100<=50', 'd66', '4d6kh3', '4d6dl1', 'x3 8d6<=4', '3#2d6', '2d6+1>=8', '1d20-1d4', '7/2', '8B6<=4'];

describe('replaying stored faces', () => {
  it.each(EXPRESSIONS)('%s: the faces rebuild the same tree, value and outcome', (expression) => {
    const rng = seededRandom(`replay ${expression}`);
    for (let i = 0; i < 50; i++) {
      const result = evaluateDice(expression, rng);
      const faces = replayableFaces(result);
      expect(faces).not.toBeNull();
      const again = replayDice(result.normalized, faces!.faces);
      expect(again.tree).toEqual(result.tree);
      expect([again.value, again.outcome, again.kind]).toEqual([result.value, result.outcome, result.kind]);
      expect(again.dice).toEqual(result.dice);
      expect(again.repeats?.map((r) => r.tree)).toEqual(result.repeats?.map((r) => r.tree));
    }
  });

  it.each(['2D6>=7', '3D6<=10', '1d20>15', '8d6<=4'])('%s read as BCDice users read it replays in that reading, and the stored kind tells which', (expression) => {
    const rng = seededRandom(`bcdice ${expression}`);
    for (let i = 0; i < 20; i++) {
      const result = evaluateDice(expression, rng, 'bcdice');
      const faces = replayableFaces(result);
      expect(faces).not.toBeNull();
      // Only where the readings differ does the stored form name the BCDice one.
      expect(encodeFaces(faces!).startsWith('b:')).toBe(expression !== '8d6<=4');
      const again = replayStored({ normalized: result.normalized, faces: encodeFaces(faces!), kind: result.kind, value: result.value, outcome: result.outcome });
      expect(again.tree).toEqual(result.tree);
    }
  });

  it('a luck-rerolled result cannot be rebuilt from faces: its tree is kept instead', () => {
    const rng = seededRandom('rerolled');
    let result = evaluateDice('8d6<=2', rng);
    while (result.value === 8) result = evaluateDice('8d6<=2', rng);
    expect(replayableFaces(rerollFailed(result, rng))).toBeNull();
  });

  it('refuses faces that do not fit the expression (too many, too few)', () => {
    expect(() => replayDice('2d6', [1, 2, 3])).toThrow(/not used/);
    expect(() => replayDice('2d6', [1])).toThrow(/exhausted/);
  });
});
