// The library as a zone (seed 004): shuffled decks, known top cards (line 15), the boost's exile until
// end of turn and its return to the bottom in random order (lines 102-106).
import { describe, expect, it } from 'vitest';
import { MtgError, buildLibrary, endTurn, setKnownTop, shuffle, shuffled, basicLand, type CardData, type Library } from '../../../src/core/mtg/index.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import { caught } from '../../helpers/caught.js';

const card = (name: string, manaValue: number): CardData => ({ name, manaValue, colors: ['green'], basicLandTypes: [], typeLine: 'Creature' });

describe('shuffled (Fisher–Yates)', () => {
  it('swaps index i with die(i + 1) − 1 from the last index down', () => {
    // i = 2: die(3) = 1 → swap 2 and 0: c b a; i = 1: die(2) = 1 → swap 1 and 0: b c a
    const rng = scriptedRandom([1, 1]);
    expect(shuffled(['a', 'b', 'c'], rng)).toEqual(['b', 'c', 'a']);
    expect(rng.remaining).toBe(0);
    // faces equal to i + 1 leave everything in place
    expect(shuffled(['a', 'b', 'c', 'd'], scriptedRandom([4, 3, 2]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('is a permutation and leaves its input alone', () => {
    const input = Array.from({ length: 60 }, (_, i) => i);
    const out = shuffled(input, seededRandom('perm'));
    expect(out).not.toEqual(input);
    expect([...out].sort((a, b) => a - b)).toEqual(input);
    expect(input[0]).toBe(0);
  });

  it('gives every ordering of three items about equally often', () => {
    const rng = seededRandom(4);
    const seen = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const key = shuffled(['a', 'b', 'c'], rng).join('');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    for (const n of seen.values()) expect(n).toBeGreaterThan(850);
  });
});

describe('buildLibrary', () => {
  it('makes count copies with unique ids, shuffled, with an empty turn', () => {
    const forest = basicLand('Forest')!;
    const lib = buildLibrary(
      [
        { data: card('Llanowar Elves', 1), count: 4 },
        { data: forest, count: 20 },
        { data: forest, count: 2 }, // a second line of the same name keeps counting
      ],
      seededRandom('deck'),
    );
    expect(lib.cards).toHaveLength(26);
    expect(new Set(lib.cards.map((c) => c.uid)).size).toBe(26);
    expect(lib.cards.filter((c) => c.name === 'Forest').map((c) => c.uid).sort()).toContain('Forest#22');
    expect(lib.exiled).toEqual([]);
    expect(lib.knownTop).toBe(0);
    expect(lib.turn).toEqual({ boostUsed: false, judgements: [] });
    expect(lib.cards.slice(0, 4).every((c) => c.name === 'Llanowar Elves')).toBe(false);
    // cards are copies: the frozen basic land data is not shared
    lib.cards.find((c) => c.name === 'Forest')!.colors.push('green');
    expect(forest.colors).toEqual([]);
  });

  it('uses the random source for the shuffle (Fisher–Yates, n − 1 dice)', () => {
    const rng = scriptedRandom([1, 1]);
    const lib = buildLibrary([{ data: card('A', 1), count: 1 }, { data: card('B', 2), count: 1 }, { data: card('C', 3), count: 1 }], rng);
    expect(lib.cards.map((c) => c.name)).toEqual(['B', 'C', 'A']);
    expect(rng.remaining).toBe(0);
  });

  it('refuses more than 500 cards and bad counts or mana values', () => {
    expect(caught(() => buildLibrary([{ data: card('A', 1), count: 501 }], seededRandom(1)), MtgError).key).toBe('mtg.error.librarySize');
    expect(buildLibrary([{ data: card('A', 1), count: 500 }], seededRandom(1)).cards).toHaveLength(500);
    expect(caught(() => buildLibrary([{ data: card('A', 1), count: -1 }], seededRandom(1)), MtgError).key).toBe('mtg.error.badCount');
    expect(caught(() => buildLibrary([{ data: card('A', 1), count: 1.5 }], seededRandom(1)), MtgError).key).toBe('mtg.error.badCount');
    expect(caught(() => buildLibrary([{ data: card('A', Number.NaN), count: 1 }], seededRandom(1)), MtgError).key).toBe('mtg.error.badCard');
  });
});

function fixed(names: string[], extra: Partial<Library> = {}): Library {
  return {
    cards: names.map((name, i) => ({ ...card(name, i), uid: `${name}#${i}` })),
    exiled: [],
    knownTop: 0,
    turn: { boostUsed: false, judgements: [] },
    ...extra,
  };
}

describe('shuffle, setKnownTop', () => {
  it('shuffle forgets the known top cards and keeps the boost-exiled cards in exile (line 106)', () => {
    const lib = fixed(['a', 'b', 'c'], { knownTop: 2, exiled: fixed(['x']).cards, turn: { boostUsed: true, judgements: ['green:2'] } });
    const next = shuffle(lib, scriptedRandom([1, 1]));
    expect(next.cards.map((c) => c.name)).toEqual(['b', 'c', 'a']);
    expect(next.knownTop).toBe(0);
    expect(next.exiled.map((c) => c.name)).toEqual(['x']);
    expect(next.turn).toEqual(lib.turn);
    expect(lib.cards.map((c) => c.name)).toEqual(['a', 'b', 'c']);
    expect(lib.knownTop).toBe(2);
  });

  it('setKnownTop clamps to the library and refuses negatives and fractions', () => {
    const lib = fixed(['a', 'b', 'c']);
    expect(setKnownTop(lib, 2).knownTop).toBe(2);
    expect(setKnownTop(lib, 10).knownTop).toBe(3);
    expect(setKnownTop(lib, 0).knownTop).toBe(0);
    expect(caught(() => setKnownTop(lib, -1), MtgError).key).toBe('mtg.error.knownTop');
    expect(caught(() => setKnownTop(lib, 1.5), MtgError).params).toEqual({ max: 3 });
    expect(lib.knownTop).toBe(0);
  });
});

describe('endTurn', () => {
  it('puts the exiled cards on the bottom in random order and resets the turn (lines 102-105)', () => {
    const lib = fixed(['top', 'next'], {
      exiled: fixed(['a', 'b', 'c', 'd', 'e', 'f']).cards,
      knownTop: 1,
      turn: { boostUsed: true, judgements: ['green:2', 'red:0'] },
    });
    const rng = scriptedRandom([1, 1, 1, 1, 1]);
    const next = endTurn(lib, rng);
    // Fisher–Yates with every j = 0: a b c d e f → b c d e f a
    expect(next.cards.map((c) => c.name)).toEqual(['top', 'next', 'b', 'c', 'd', 'e', 'f', 'a']);
    expect(rng.remaining).toBe(0);
    expect(next.exiled).toEqual([]);
    expect(next.turn).toEqual({ boostUsed: false, judgements: [] });
    expect(next.knownTop).toBe(1);
    expect(lib.exiled).toHaveLength(6);
  });

  it('with nothing exiled it only resets the turn and rolls nothing', () => {
    const lib = fixed(['a', 'b'], { turn: { boostUsed: false, judgements: ['blue:3'] } });
    const rng = scriptedRandom([]);
    const next = endTurn(lib, rng);
    expect(next.cards).toEqual(lib.cards);
    expect(next.turn.judgements).toEqual([]);
  });
});
