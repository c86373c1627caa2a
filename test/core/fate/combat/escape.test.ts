import { describe, expect, it } from 'vitest';
import { FateError } from '../../../../src/core/fate/errors.js';
import { escapeOutcome, rollEscape } from '../../../../src/core/fate/combat/escape.js';
import { scriptedRandom, seededRandom } from '../../../../src/core/random.js';
import { caught } from '../../../helpers/caught.js';

describe('escape (§9.14)', () => {
  it('L522–523: higher escapes, lower is caught, a tie rerolls', () => {
    expect(escapeOutcome(5, 4)).toBe('escaped');
    expect(escapeOutcome(4, 5)).toBe('caught');
    expect(escapeOutcome(4, 4)).toBe('reroll');
  });

  it('L521: unopposed, or L524: with a rearguard — escaped with no roll', () => {
    const rng = scriptedRandom([]);
    expect(rollEscape({ escapers: ['2d6<=3'], chasers: ['2d6<=3'], opposed: false, rearguard: false }, rng)).toMatchObject({
      outcome: 'escaped',
      automatic: true,
      lines: [{ key: 'fate.combat.escape.unopposed', params: {} }],
    });
    expect(rollEscape({ escapers: ['2d6<=3'], chasers: ['2d6<=3'], opposed: true, rearguard: true }, rng).lines[0]!.key).toBe(
      'fate.combat.escape.rearguard',
    );
  });

  it('L522: the single best achievement of all decides, not the sum', () => {
    // escapers roll 1 and 2 (best 2); chasers roll 1 and 1 (sum 2, best 1)
    const rng = scriptedRandom([1, 6, 1, 1, 1, 6, 6, 1]);
    const r = rollEscape({ escapers: ['2d6<=3', '2d6<=3'], chasers: ['2d6<=3', '2d6<=3'], opposed: true, rearguard: false }, rng);
    expect(r.outcome).toBe('escaped');
    expect(r.rounds).toEqual([{ escapers: [1, 2], chasers: [1, 1] }]);
    expect(r.lines).toEqual([{ key: 'fate.combat.escape.escaped', params: { escaper: 2, chaser: 1 } }]);
  });

  it('L523: a tie is rerolled until one side wins', () => {
    const rng = scriptedRandom([1, 6, 6, 1, 6, 6, 1, 1]); // 1 vs 1, then 0 vs 2
    const r = rollEscape({ escapers: ['2d6<=3'], chasers: ['2d6<=3'], opposed: true, rearguard: false }, rng);
    expect(r.outcome).toBe('caught');
    expect(r.rounds).toHaveLength(2);
    expect(r.lines.map((l) => l.key)).toEqual(['fate.combat.escape.tie', 'fate.combat.escape.caught']);
    expect(rng.remaining).toBe(0);
  });

  it('refuses an empty side and gives up on a tie that cannot break', () => {
    expect(caught(() => rollEscape({ escapers: [], chasers: ['2d6<=3'], opposed: true, rearguard: false }, seededRandom(1)), FateError).key).toBe(
      'fate.combat.error.escapeNobody',
    );
    expect(
      caught(() => rollEscape({ escapers: ['4d6<=6'], chasers: ['4d6<=6'], opposed: true, rearguard: false }, seededRandom(1)), FateError).key,
    ).toBe('fate.combat.error.escapeUndecided');
  });

  it('L215, L523: a first round already rolled (and perhaps rerolled with Luck) decides without new dice', () => {
    const rng = scriptedRandom([]); // no die may be drawn
    const r = rollEscape({ escapers: ['2d6<=3'], chasers: ['2d6<=3'], opposed: true, rearguard: false }, rng, { escapers: [2], chasers: [1] });
    expect(r).toMatchObject({ outcome: 'escaped', rounds: [{ escapers: [2], chasers: [1] }] });
  });

  it('L523: a given first round that ties is rerolled from the expressions', () => {
    // the reroll: escaper 1 success (1, 6), chaser 0 (6, 6)
    const r = rollEscape({ escapers: ['2d6<=3'], chasers: ['2d6<=3'], opposed: true, rearguard: false }, scriptedRandom([1, 6, 6, 6]), { escapers: [1], chasers: [1] });
    expect(r.rounds).toEqual([{ escapers: [1], chasers: [1] }, { escapers: [1], chasers: [0] }]);
    expect(r.outcome).toBe('escaped');
  });

  it('L249: "0" is a roll that cannot be made (a sleeping master): 0 every round, no dice; L38: never below 0', () => {
    // The escaper "0" draws nothing. Chaser "2d6<=1-1": (6, 6) → −1, counted as 0 (tie); (1, 6) → 0 (tie);
    // (1, 1) → 1: caught.
    const r = rollEscape({ escapers: ['0'], chasers: ['2d6<=1-1'], opposed: true, rearguard: false }, scriptedRandom([6, 6, 1, 6, 1, 1]));
    expect(r.rounds).toEqual([{ escapers: [0], chasers: [0] }, { escapers: [0], chasers: [0] }, { escapers: [0], chasers: [1] }]);
    expect(r.outcome).toBe('caught');
  });
});
