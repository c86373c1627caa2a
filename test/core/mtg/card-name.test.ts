// Card names in the reader's language (issue 11; seed 004 writes 《森》): printed names where known.
import { describe, expect, it } from 'vitest';
import { basicLand, cardName } from '../../../src/core/mtg/index.js';

describe('cardName', () => {
  it('basic lands by their printed Japanese and Korean names (seed 004 L23 《森》)', () => {
    const forest = basicLand('Forest')!;
    expect(cardName(forest, 'ja')).toBe('森');
    expect(cardName(forest, 'ko')).toBe('숲');
    expect(cardName(forest, 'en')).toBe('Forest');
    expect(cardName(basicLand('島')!, 'ko')).toBe('섬');
  });

  it('a Scryfall printed name where there is one, else English', () => {
    const elves = { name: 'Llanowar Elves', printed: { ja: 'ラノワールのエルフ' } };
    expect(cardName(elves, 'ja')).toBe('ラノワールのエルフ');
    expect(cardName(elves, 'ko')).toBe('Llanowar Elves');
    expect(cardName({ name: 'Craw Wurm' }, 'ja')).toBe('Craw Wurm');
  });
});
