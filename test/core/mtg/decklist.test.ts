// Decklists: a PC's library is an MTG deck (seed 004 line 3); these are the formats players paste.
import { describe, expect, it } from 'vitest';
import { parseDecklist, parseManaCost, type DeckLine } from '../../../src/core/mtg/index.js';

const brief = (lines: DeckLine[]) => lines.map((l) => `${l.count} ${l.name}`);
const keys = (text: string) => parseDecklist(text).problems.map((p) => [p.line, p.key]);

describe('parseDecklist — formats', () => {
  it('Arena export with set codes and collector numbers, split cards, sections', () => {
    const deck = parseDecklist(
      ['Deck', '4 Lightning Bolt (M10) 146', '1 Fire // Ice (MH2) 290', '20 Mountain (M21) 270', '', 'Sideboard', '2 Duress (M21) 96'].join('\n'),
    );
    expect(deck.main).toEqual([
      { count: 4, name: 'Lightning Bolt', set: 'M10', collector: '146', line: 2 },
      { count: 1, name: 'Fire // Ice', set: 'MH2', collector: '290', line: 3 },
      { count: 20, name: 'Mountain', set: 'M21', collector: '270', line: 4 },
    ]);
    expect(deck.sideboard).toEqual([{ count: 2, name: 'Duress', set: 'M21', collector: '96', line: 7 }]);
    expect(deck.problems).toEqual([]);
  });

  it('Arena About/Name, Commander and Companion sections', () => {
    const deck = parseDecklist(
      ['About', 'Name Elf Ball', '', 'Commander', '1 Lathril, Blade of the Elves (KHC) 2', '', 'Companion', '1 Jegantha, the Wellspring (IKO) 222', '', 'Deck', '30 Forest', '', 'Maybe', '1 Craterhoof Behemoth'].join('\n'),
    );
    expect(deck.name).toBe('Elf Ball');
    expect(brief(deck.commander)).toEqual(['1 Lathril, Blade of the Elves']);
    expect(brief(deck.sideboard)).toEqual(['1 Jegantha, the Wellspring']); // a companion starts in the sideboard
    expect(brief(deck.main)).toEqual(['30 Forest']);
    expect(brief(deck.maybe)).toEqual(['1 Craterhoof Behemoth']);
    expect(deck.problems).toEqual([]);
  });

  it('MTGO export: no headers, the first blank line after the main deck starts the sideboard', () => {
    const deck = parseDecklist('\n4 Lightning Bolt\n20 Mountain\n\n2 Duress\n\n1 Pyroblast\n');
    expect(brief(deck.main)).toEqual(['4 Lightning Bolt', '20 Mountain']); // the leading blank line ends nothing
    expect(brief(deck.sideboard)).toEqual(['2 Duress', '1 Pyroblast']);
    expect(deck.sideboard[0]!.line).toBe(5);
  });

  it('with any header, blank lines only separate groups', () => {
    const deck = parseDecklist('Creatures (4)\n4 Llanowar Elves\n\nLands (20)\n20 Forest\n\nSideboard (2)\n2 Naturalize');
    expect(brief(deck.main)).toEqual(['4 Llanowar Elves', '20 Forest']);
    expect(brief(deck.sideboard)).toEqual(['2 Naturalize']);
    expect(deck.problems).toEqual([]);
  });

  it('SB: lines go to the sideboard wherever they stand, and make blank lines plain separators', () => {
    const deck = parseDecklist('4 Lightning Bolt\nSB: 2 Duress\n\n20 Mountain\nSB:1 Pyroblast');
    expect(brief(deck.main)).toEqual(['4 Lightning Bolt', '20 Mountain']);
    expect(brief(deck.sideboard)).toEqual(['2 Duress', '1 Pyroblast']);
    expect(deck.sideboard[1]!.line).toBe(5);
  });

  it('"// Sideboard" headers, # and // comments, trailing # comments, 4x counts', () => {
    const deck = parseDecklist('# my deck\n// Creatures\n4x Llanowar Elves\n20 Forest # basics\n// Sideboard\n2X Naturalize');
    expect(brief(deck.main)).toEqual(['4 Llanowar Elves', '20 Forest']);
    expect(brief(deck.sideboard)).toEqual(['2 Naturalize']);
    expect(deck.problems).toEqual([]);
  });

  it('offline lines with a written cost in braces', () => {
    const deck = parseDecklist('2 Runeclaw Bear {1}{G}\n1 Kitchen Finks {1}{G/W}{G/W}\n1 Walking Ballista {X}{X}\n20 Forest');
    expect(deck.main).toEqual([
      { count: 2, name: 'Runeclaw Bear', cost: '{1}{G}', line: 1 },
      { count: 1, name: 'Kitchen Finks', cost: '{1}{G/W}{G/W}', line: 2 },
      { count: 1, name: 'Walking Ballista', cost: '{X}{X}', line: 3 },
      { count: 20, name: 'Forest', line: 4 },
    ]);
    expect(parseManaCost(deck.main[1]!.cost!)).toEqual({ manaValue: 3, colors: ['white', 'green'] });
  });

  it('a bare cost after the name is reported, not read (decision: only braces are unambiguous)', () => {
    const deck = parseDecklist('2 Runeclaw Bear 1G\n1 Tarmogoyf {1}{G}');
    expect(deck.main.map((l) => l.name)).toEqual(['Tarmogoyf']);
    expect(deck.problems).toEqual([
      { line: 1, text: '2 Runeclaw Bear 1G', key: 'mtg.deck.error.bareCost', params: { line: 1, text: '2 Runeclaw Bear 1G' } },
    ]);
  });

  it('full-width input, CRLF line ends, Moxfield foil markers and TappedOut *CMDR*', () => {
    const deck = parseDecklist('４　Ｌｉｇｈｔｎｉｎｇ　Ｂｏｌｔ\r\n1 Sol Ring (CMM) 410 *F*\r\n1 Atraxa, Praetors\u2019 Voice *CMDR*\r\n2 Runeclaw Bear ｛１｝｛Ｇ｝');
    expect(deck.main).toEqual([
      { count: 4, name: 'Lightning Bolt', line: 1 },
      { count: 1, name: 'Sol Ring', set: 'CMM', collector: '410', line: 2 },
      { count: 2, name: 'Runeclaw Bear', cost: '{1}{G}', line: 4 },
    ]);
    expect(deck.commander).toEqual([{ count: 1, name: "Atraxa, Praetors' Voice", line: 3 }]);
  });

  it('parentheses that are not a set code stay in the name', () => {
    const deck = parseDecklist('1 B.F.M. (Big Furry Monster)\n1 Hazmat Suit (Used)\n4 Lightning Bolt [m10]');
    expect(deck.main.map((l) => l.name)).toEqual(['B.F.M. (Big Furry Monster)', 'Hazmat Suit (Used)', 'Lightning Bolt']);
    expect(deck.main[2]!.set).toBe('M10');
  });
});

describe('parseDecklist — problems carry their line numbers', () => {
  it('lines without a count, without a name, with a bad count or cost', () => {
    const text = ['4 Lightning Bolt', 'Lightning Bolt', '4', '0 Forest', '251 Forest', '250 Forest', '1 Foo {Q}', '99999999999 Island'].join('\n');
    expect(keys(text)).toEqual([
      [2, 'mtg.deck.error.noCount'],
      [3, 'mtg.deck.error.noName'],
      [4, 'mtg.deck.error.count'],
      [5, 'mtg.deck.error.count'],
      [7, 'mtg.deck.error.badCost'],
      [8, 'mtg.deck.error.count'],
    ]);
    const deck = parseDecklist(text);
    expect(brief(deck.main)).toEqual(['4 Lightning Bolt', '250 Forest']);
    expect(deck.problems[2]!.params).toEqual({ line: 4, text: '0 Forest', max: 250 });
  });

  it('names up to 150 characters', () => {
    const ok = 'A'.repeat(150);
    const long = 'B'.repeat(151);
    const deck = parseDecklist(`1 ${ok}\n1 ${long}`);
    expect(deck.main.map((l) => l.name)).toEqual([ok]);
    expect(deck.problems.map((p) => [p.line, p.key, p.text.length])).toEqual([[2, 'mtg.deck.error.nameTooLong', 100]]);
  });

  it('at most 500 cards in the main deck: the line going over is left out', () => {
    const deck = parseDecklist('250 Forest\n249 Island\n2 Swamp\n1 Mountain');
    expect(brief(deck.main)).toEqual(['250 Forest', '249 Island', '1 Mountain']);
    expect(keys('250 Forest\n249 Island\n2 Swamp\n1 Mountain')).toEqual([[3, 'mtg.deck.error.tooManyCards']]);
  });

  it('lines over 300 characters are not read, and a huge line is quick', () => {
    const braces = `1 X ${'{}'.repeat(100_000)}x`;
    const started = Date.now();
    const deck = parseDecklist(`1 ${'C'.repeat(150)} (M10) 146 {1}{G}\n${braces}`);
    expect(Date.now() - started).toBeLessThan(500);
    expect(deck.main).toHaveLength(1);
    expect(deck.problems.map((p) => [p.line, p.key, p.params.max])).toEqual([[2, 'mtg.deck.error.lineTooLong', 300]]);
  });

  it('reads at most 2,000 lines', () => {
    const deck = parseDecklist(Array.from({ length: 2005 }, () => '# comment').join('\n'));
    expect(deck.problems.map((p) => [p.line, p.key])).toEqual([[2001, 'mtg.deck.error.tooManyLines']]);
  });

  it('an empty text is an empty deck', () => {
    expect(parseDecklist('')).toEqual({ main: [], sideboard: [], commander: [], maybe: [], problems: [] });
  });
});
