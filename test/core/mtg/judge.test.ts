// The action judgement and the boost, against seed 004 (/work/shared/seeds/004_123b84b2015bcbdf.txt).
import { describe, expect, it } from 'vitest';
import {
  MtgError,
  basicLand,
  boost,
  canBoost,
  endTurn,
  foreseeableResult,
  judge,
  setKnownTop,
  shuffle,
  type CardData,
  type Color,
  type JudgeColor,
  type Library,
} from '../../../src/core/mtg/index.js';
import { scriptedRandom, seededRandom } from '../../../src/core/random.js';
import { caught } from '../../helpers/caught.js';

const creature = (name: string, manaValue: number, colors: Color[]): CardData => ({ name, manaValue, colors, basicLandTypes: [], typeLine: 'Creature' });

// The seed's cards (lines 39, 42, 87)
const elvishMystic = creature('Elvish Mystic', 1, ['green']); // 《エルフの神秘家》 MV 1
const runeclawBear = creature('Runeclaw Bear', 2, ['green']); // 《ルーン爪の熊》 (1)(緑)
const vileAggregate = creature('Vile Aggregate', 3, []); // an Eldrazi with devoid (欠色): colorless
const scaledWurm = creature('Scaled Wurm', 8, ['green']); // 《甲鱗のワーム》 (7)(緑)
const llanowarElves = creature('Llanowar Elves', 1, ['green']); // 《ラノワールのエルフ》
const forest = basicLand('Forest')!;
const mountain = basicLand('Mountain')!;
const island = basicLand('Island')!;
const wastes = basicLand('Wastes')!;
const filler = creature('Grizzly Bears', 2, ['green']);

/** A library in exactly this order (top first); uids are name#position. */
function libraryOf(cards: CardData[], extra: Partial<Library> = {}): Library {
  return {
    cards: cards.map((c, i) => ({ ...c, colors: [...c.colors], basicLandTypes: [...c.basicLandTypes], uid: `${c.name}#${i}` })),
    exiled: [],
    knownTop: 0,
    turn: { boostUsed: false, judgements: [] },
    ...extra,
  };
}

const names = (lib: Library) => lib.cards.map((c) => c.name);

describe('judge — the seed\'s worked example (lines 35-46)', () => {
  it('green, difficulty 2: Elvish Mystic then Runeclaw Bear → target 3, achievement 7, success', () => {
    const lib = libraryOf([elvishMystic, runeclawBear, forest, forest]);
    const rng = scriptedRandom([1]); // only the bottom order: a single-colored card needs no pick
    const { library, result } = judge(lib, 'green', 2, rng);
    expect(rng.remaining).toBe(0);
    expect(result).toMatchObject({
      color: 'green',
      difficulty: 2,
      target: 3, // line 40: マナ総量1+難易度2=3
      achievement: 7, // line 44: マナ総量2+色の修正5=7
      modifier: 5, // line 43
      modifierColor: 'green',
      modifierKind: 'same',
      success: true, // line 45
      knownExiledAndReturned: 0,
    });
    expect(result.first.name).toBe('Elvish Mystic');
    expect(result.second.name).toBe('Runeclaw Bear');
    // line 46: both go to the bottom; die(2) = 1 keeps the first above the second
    expect(names(library)).toEqual(['Forest', 'Forest', 'Elvish Mystic', 'Runeclaw Bear']);
    expect(library.turn.judgements).toEqual(['green:2']);
    // the input is untouched
    expect(names(lib)).toEqual(['Elvish Mystic', 'Runeclaw Bear', 'Forest', 'Forest']);
    expect(lib.turn.judgements).toEqual([]);
  });

  it('die(2) = 2 puts them the other way round (random order, line 34)', () => {
    const { library } = judge(libraryOf([elvishMystic, runeclawBear, forest]), 'green', 2, scriptedRandom([2]));
    expect(names(library)).toEqual(['Forest', 'Runeclaw Bear', 'Elvish Mystic']);
  });

  it('target > achievement is a failure (line 32); target = achievement is a success (line 31)', () => {
    const fail = judge(libraryOf([elvishMystic, runeclawBear]), 'green', 7, scriptedRandom([1])).result;
    expect([fail.target, fail.achievement, fail.success]).toEqual([8, 7, false]);
    const tie = judge(libraryOf([elvishMystic, runeclawBear]), 'green', 6, scriptedRandom([1])).result;
    expect([tie.target, tie.achievement, tie.success]).toEqual([7, 7, true]);
  });
});

describe('judge — color modifier (lines 18-23, 行動判定-2)', () => {
  const second = (color: Color) => creature(`${color} card`, 2, [color]);
  // [judgement, card color, modifier]: same +5, allied +3, enemy 0
  const table: [Color, Color, number][] = [
    ['green', 'green', 5],
    ['green', 'white', 3],
    ['green', 'red', 3],
    ['green', 'blue', 0], // line 72: 対抗色(青黒)
    ['green', 'black', 0],
    ['white', 'blue', 3],
    ['white', 'green', 3],
    ['white', 'red', 0], // line 52: 対抗色(赤黒)
    ['white', 'black', 0],
    ['blue', 'black', 3],
    ['blue', 'green', 0], // line 56: (緑赤)
    ['black', 'red', 3],
    ['black', 'white', 0], // line 60: (白緑)
    ['red', 'green', 3],
    ['red', 'blue', 0], // line 66: (白青)
  ];

  it.each(table)('%s judgement, %s card → +%i', (judgement, color, modifier) => {
    const { result } = judge(libraryOf([elvishMystic, second(color)]), judgement, 0, scriptedRandom([1]));
    expect(result.modifier).toBe(modifier);
    expect(result.achievement).toBe(2 + modifier);
    expect(result.modifierKind).toBe(modifier === 5 ? 'same' : modifier === 3 ? 'allied' : 'none');
  });

  it('a colorless judgement gets no modifier whatever the card, and rolls no color (line 21)', () => {
    const gold = creature('Gold', 2, ['blue', 'green']);
    for (const card of [runeclawBear, gold, forest, vileAggregate]) {
      const rng = scriptedRandom([1]);
      const { result } = judge(libraryOf([elvishMystic, card]), 'colorless', 0, rng);
      expect(rng.remaining).toBe(0);
      expect(result).toMatchObject({ modifier: 0, modifierKind: 'none', modifierColor: null, colorChoices: [] });
      expect(result.achievement).toBe(card.manaValue);
    }
  });

  it('a colorless card gives +0 in a colored judgement', () => {
    const { result } = judge(libraryOf([elvishMystic, vileAggregate]), 'red', 0, scriptedRandom([1]));
    expect(result).toMatchObject({ modifier: 0, modifierColor: null, modifierKind: 'none', achievement: 3 });
  });

  it('a basic land counts as its land type\'s color (lines 22-23: 《森》 is green)', () => {
    expect(judge(libraryOf([elvishMystic, forest]), 'green', 0, scriptedRandom([1])).result).toMatchObject({
      modifier: 5,
      modifierColor: 'green',
      achievement: 5,
    });
    expect(judge(libraryOf([elvishMystic, mountain]), 'green', 0, scriptedRandom([1])).result).toMatchObject({ modifier: 3, modifierColor: 'red' });
    expect(judge(libraryOf([elvishMystic, island]), 'green', 0, scriptedRandom([1])).result).toMatchObject({ modifier: 0, modifierColor: 'blue' });
    expect(judge(libraryOf([elvishMystic, wastes]), 'green', 0, scriptedRandom([1])).result).toMatchObject({ modifier: 0, modifierColor: null });
  });

  it('the first card\'s color does not matter: only its mana value makes the target (line 13)', () => {
    const a = judge(libraryOf([forest, runeclawBear]), 'green', 2, scriptedRandom([1])).result;
    expect([a.target, a.achievement]).toEqual([2, 7]);
  });
});

describe('judge — a card of two or more colors counts as one at random (lines 108-113)', () => {
  const greenBlue = creature('Simic card', 2, ['green', 'blue']); // line 110: 緑と青のカード

  it('green judgement: picked green → +5 (line 112)', () => {
    const rng = scriptedRandom([2, 1]); // choices are [blue, green]: die(2) = 2 → green; then the bottom order
    const { result } = judge(libraryOf([elvishMystic, greenBlue]), 'green', 0, rng);
    expect(rng.remaining).toBe(0);
    expect(result).toMatchObject({ colorChoices: ['blue', 'green'], modifierColor: 'green', modifier: 5, achievement: 7 });
  });

  it('green judgement: picked blue → +0 (line 113)', () => {
    const { result } = judge(libraryOf([elvishMystic, greenBlue]), 'green', 0, scriptedRandom([1, 1]));
    expect(result).toMatchObject({ modifierColor: 'blue', modifier: 0, achievement: 2, modifierKind: 'none' });
  });

  it('a three-color card rolls a d3; a dual land with two basic land types rolls too', () => {
    const naya = creature('Naya card', 3, ['red', 'green', 'white']);
    const r = judge(libraryOf([elvishMystic, naya]), 'blue', 0, scriptedRandom([1, 1])).result;
    expect(r).toMatchObject({ colorChoices: ['white', 'red', 'green'], modifierColor: 'white', modifier: 3 });
    const breedingPool: CardData = { name: 'Breeding Pool', manaValue: 0, colors: [], basicLandTypes: ['Forest', 'Island'], typeLine: 'Land — Forest Island' };
    const p = judge(libraryOf([elvishMystic, breedingPool]), 'white', 0, scriptedRandom([1, 2])).result;
    expect(p).toMatchObject({ colorChoices: ['blue', 'green'], modifierColor: 'blue', modifier: 3 });
  });

  it('both colors come up about equally often', () => {
    const rng = seededRandom('gold');
    let green = 0;
    for (let i = 0; i < 2000; i++) {
      if (judge(libraryOf([elvishMystic, greenBlue]), 'green', 0, rng).result.modifierColor === 'green') green++;
    }
    expect(green).toBeGreaterThan(900);
    expect(green).toBeLessThan(1100);
  });
});

describe('judge — known top cards (lines 15-16) and too small a library (lines 128-132)', () => {
  it('known cards are exiled before the reveal and put back on top in the same order', () => {
    const k1 = creature('Known One', 5, ['green']);
    const k2 = creature('Known Two', 6, ['green']);
    const lib = setKnownTop(libraryOf([k1, k2, elvishMystic, runeclawBear, filler]), 2);
    const { library, result } = judge(lib, 'green', 2, scriptedRandom([2]));
    expect(result.first.name).toBe('Elvish Mystic');
    expect(result.second.name).toBe('Runeclaw Bear');
    expect(result).toMatchObject({ target: 3, achievement: 7, knownExiledAndReturned: 2 });
    expect(names(library)).toEqual(['Known One', 'Known Two', 'Grizzly Bears', 'Runeclaw Bear', 'Elvish Mystic']);
    expect(library.knownTop).toBe(2); // still on top, still known
  });

  it('fewer than 2 cards after the known ones are exiled: refused, library unchanged, nothing rolled', () => {
    const lib = setKnownTop(libraryOf([elvishMystic, runeclawBear, forest]), 2);
    const before = structuredClone(lib);
    const rng = scriptedRandom([]);
    const error = caught(() => judge(lib, 'green', 2, rng), MtgError);
    expect(error.key).toBe('mtg.error.tooFewCards');
    expect(error.params).toEqual({ count: 1, known: 2 });
    expect(lib).toEqual(before);
    // "treated as never made": the same judgement is still allowed afterwards
    const ok = judge(setKnownTop(lib, 1), 'green', 2, scriptedRandom([1]));
    expect(ok.result.first.name).toBe('Runeclaw Bear');
  });

  it('a library of 1 or 0 cards cannot judge; 2 cards can', () => {
    expect(caught(() => judge(libraryOf([forest]), 'green', 0, scriptedRandom([])), MtgError).params).toEqual({ count: 1, known: 0 });
    expect(caught(() => judge(libraryOf([]), 'colorless', 0, scriptedRandom([])), MtgError).key).toBe('mtg.error.tooFewCards');
    expect(judge(libraryOf([forest, forest]), 'green', 0, scriptedRandom([1])).result.success).toBe(true);
  });
});

describe('judge — the same judgement twice in a turn (lines 124-127) and difficulty (lines 8-9)', () => {
  const deck = [elvishMystic, runeclawBear, forest, forest, filler, filler];

  it('refuses the same color and difficulty; another difficulty or color is a different judgement', () => {
    const first = judge(libraryOf(deck), 'green', 2, scriptedRandom([1])).library;
    const error = caught(() => judge(first, 'green', 2, scriptedRandom([])), MtgError);
    expect(error.key).toBe('mtg.error.sameJudgement');
    expect(error.params).toEqual({ color: 'green', difficulty: 2 });
    const second = judge(first, 'green', 3, scriptedRandom([1])).library; // line 126: changed difficulty
    const third = judge(second, 'red', 2, scriptedRandom([1])).library;
    expect(third.turn.judgements).toEqual(['green:2', 'green:3', 'red:2']);
    // a new turn clears the list
    expect(judge(endTurn(third, scriptedRandom([])), 'green', 2, scriptedRandom([1])).result.target).toBeTypeOf('number');
  });

  it('a named action is part of the judgement: another action is allowed, the same one (case folded) is not (lines 124-126)', () => {
    const first = judge(libraryOf(deck), 'green', 2, scriptedRandom([1]), 'Pick the lock').library;
    const second = judge(first, 'green', 2, scriptedRandom([1]), 'Climb').library;
    expect(caught(() => judge(second, 'green', 2, scriptedRandom([]), 'PICK THE LOCK'), MtgError).key).toBe('mtg.error.sameJudgement');
    expect(second.turn.judgements).toEqual(['green:2:pick the lock', 'green:2:climb']);
  });

  it('difficulty may go below 0 or above 8, within −99…99, whole numbers only', () => {
    expect(judge(libraryOf(deck), 'green', -1, scriptedRandom([1])).result.target).toBe(0);
    expect(judge(libraryOf(deck), 'green', 9, scriptedRandom([1])).result.target).toBe(10);
    expect(judge(libraryOf(deck), 'green', -99, scriptedRandom([1])).result.target).toBe(-98);
    expect(judge(libraryOf(deck), 'green', 99, scriptedRandom([1])).result.target).toBe(100);
    for (const bad of [100, -100, 1.5, Number.NaN]) {
      const error = caught(() => judge(libraryOf(deck), 'green', bad, scriptedRandom([])), MtgError);
      expect(error.key).toBe('mtg.error.difficulty');
      expect(error.params).toEqual({ min: -99, max: 99 });
    }
  });

  it('refuses an unknown color at run time', () => {
    expect(caught(() => judge(libraryOf(deck), 'purple' as JudgeColor, 0, scriptedRandom([])), MtgError).key).toBe('mtg.error.badColor');
  });
});

describe('boost (行動判定-3, lines 83-106)', () => {
  // line 87: 森, 山, ルーン爪の熊, 変異エルドラージ(欠色), 甲鱗のワーム, ラノワールのエルフ → +3 (line 88-89)
  const six = [forest, mountain, runeclawBear, vileAggregate, scaledWurm, llanowarElves];

  it('the seed\'s example: the six exiled give +3 (Forest, Mountain and the devoid Eldrazi are colorless)', () => {
    const lib = libraryOf([elvishMystic, runeclawBear, ...six, island]);
    const judged = judge(lib, 'green', 8, scriptedRandom([1])); // target 9 > achievement 7: a failure
    expect(judged.result.success).toBe(false);
    const { library, result } = boost(judged.library, judged.result);
    expect(result.exiled.map((c) => c.name)).toEqual(['Forest', 'Mountain', 'Runeclaw Bear', 'Vile Aggregate', 'Scaled Wurm', 'Llanowar Elves']);
    expect(result.bonus).toBe(3);
    expect(result.achievement).toBe(10);
    expect(result.success).toBe(true); // re-evaluated: 9 ≤ 10 (line 101)
    expect(names(library)).toEqual(['Island', 'Elvish Mystic', 'Runeclaw Bear']);
    expect(library.exiled.map((c) => c.name)).toEqual(result.exiled.map((c) => c.name));
    expect(library.turn.boostUsed).toBe(true);
    // the judgement's library is untouched
    expect(judged.library.cards).toHaveLength(9);
    expect(judged.library.turn.boostUsed).toBe(false);
  });

  it('basic lands are colorless in the boost although green/red in the judgement (line 98 vs line 22)', () => {
    const lib = libraryOf([elvishMystic, forest, forest, forest, forest, forest, forest, forest]);
    const judged = judge(lib, 'green', 0, scriptedRandom([1]));
    expect(judged.result.modifier).toBe(5); // the Forest as second card is green
    expect(boost(judged.library, judged.result).result.bonus).toBe(6); // the six Forests are colorless
  });

  it('the six come from below the known cards and never include the two revealed cards', () => {
    const known = creature('Known', 4, []);
    const lib = setKnownTop(libraryOf([known, elvishMystic, runeclawBear, ...six]), 1);
    const judged = judge(lib, 'green', 2, scriptedRandom([2]));
    expect(names(judged.library)).toEqual(['Known', ...six.map((c) => c.name), 'Runeclaw Bear', 'Elvish Mystic']);
    const { library, result } = boost(judged.library, judged.result);
    expect(result.exiled.map((c) => c.name)).toEqual(six.map((c) => c.name));
    expect(names(library)).toEqual(['Known', 'Runeclaw Bear', 'Elvish Mystic']);
    expect(library.knownTop).toBe(1);
  });

  it('needs 6 cards in the library at the boost, not counting the two revealed (line 93)', () => {
    const short = judge(libraryOf([elvishMystic, runeclawBear, ...six.slice(0, 5)]), 'green', 2, scriptedRandom([1]));
    const before = structuredClone(short.library);
    const error = caught(() => boost(short.library, short.result), MtgError);
    expect(error.key).toBe('mtg.error.boostTooFew');
    expect(error.params).toEqual({ count: 5, need: 6 });
    expect(short.library).toEqual(before);
    expect(canBoost(short.library, short.result)).toBe(false);
    const enough = judge(libraryOf([elvishMystic, runeclawBear, ...six]), 'green', 2, scriptedRandom([1]));
    expect(canBoost(enough.library, enough.result)).toBe(true);
    expect(boost(enough.library, enough.result).library.cards).toHaveLength(2);
  });

  it('once per turn (line 84); a new turn allows it again', () => {
    const deck = [elvishMystic, runeclawBear, ...six, ...six, ...six, filler, filler];
    const a = judge(libraryOf(deck), 'green', 2, scriptedRandom([1]));
    const boosted = boost(a.library, a.result).library;
    const b = judge(boosted, 'green', 3, scriptedRandom([1]));
    expect(caught(() => boost(b.library, b.result), MtgError).key).toBe('mtg.error.boostUsed');
    const next = endTurn(b.library, seededRandom(1));
    const c = judge(next, 'green', 3, scriptedRandom([1]));
    expect(boost(c.library, c.result).result.exiled).toHaveLength(6);
  });

  it('only for the judgement just made', () => {
    const deck = [elvishMystic, runeclawBear, ...six, ...six, filler, filler];
    const a = judge(libraryOf(deck), 'green', 2, scriptedRandom([1]));
    const b = judge(a.library, 'red', 1, scriptedRandom([1]));
    expect(caught(() => boost(b.library, a.result), MtgError).key).toBe('mtg.error.boostStale');
    const shuffled = shuffle(a.library, scriptedRandom(Array.from({ length: a.library.cards.length - 1 }, () => 1)));
    expect(caught(() => boost(shuffled, a.result), MtgError).key).toBe('mtg.error.boostStale');
    expect(boost(b.library, b.result).result.exiled).toHaveLength(6);
  });

  it('end of turn returns the six to the bottom in random order (lines 102-105)', () => {
    const lib = libraryOf([elvishMystic, runeclawBear, ...six, island]);
    const judged = judge(lib, 'green', 2, scriptedRandom([1]));
    const boosted = boost(judged.library, judged.result).library;
    const rng = scriptedRandom([1, 1, 1, 1, 1]);
    const next = endTurn(boosted, rng);
    expect(rng.remaining).toBe(0);
    expect(names(next)).toEqual([
      'Island',
      'Elvish Mystic',
      'Runeclaw Bear',
      // Fisher–Yates with every j = 0 turns a b c d e f into b c d e f a
      'Mountain',
      'Runeclaw Bear',
      'Vile Aggregate',
      'Scaled Wurm',
      'Llanowar Elves',
      'Forest',
    ]);
    expect(next.exiled).toEqual([]);
    expect(next.turn).toEqual({ boostUsed: false, judgements: [] });
  });
});

describe('foreseeableResult (lines 133-137)', () => {
  it('a library of only Forests: a green judgement is known in advance (line 135)', () => {
    const forests = libraryOf([forest, forest, forest, forest]);
    expect(foreseeableResult(forests, 'green', 2)).toBe(true); // 0 + 2 ≤ 0 + 5
    expect(foreseeableResult(forests, 'green', 6)).toBe(false); // 6 > 5
    expect(foreseeableResult(forests, 'colorless', 0)).toBe(true);
    expect(foreseeableResult(forests, 'colorless', 1)).toBe(false);
  });

  it('open when some pair of cards could go either way', () => {
    const lib = libraryOf([forest, forest, scaledWurm]);
    expect(foreseeableResult(lib, 'green', 0)).toBeNull(); // Wurm first: 8 > 5
    expect(foreseeableResult(libraryOf([forest, scaledWurm]), 'green', 0)).toBeNull();
    // a single copy cannot be both cards: Forest then Wurm (0 ≤ 13) or Wurm then Forest (8 > 5)
    expect(foreseeableResult(libraryOf([forest, scaledWurm]), 'green', -20)).toBe(true);
  });

  it('a multicolor card\'s random pick makes it open', () => {
    const gold = creature('Simic card', 2, ['green', 'blue']);
    expect(foreseeableResult(libraryOf([gold, gold]), 'green', 3)).toBeNull(); // 5 ≤ 7 or 5 > 2
  });

  it('known cards are left out, and fewer than 2 cards is null', () => {
    const lib = setKnownTop(libraryOf([scaledWurm, forest, forest]), 1);
    expect(foreseeableResult(lib, 'green', 0)).toBe(true);
    expect(foreseeableResult(libraryOf([forest]), 'green', 0)).toBeNull();
  });
});
