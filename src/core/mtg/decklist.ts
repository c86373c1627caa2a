// Pasted decklists (seed 004: a PC's library is an MTG deck) in the formats players export:
//   Arena / Moxfield   "4 Lightning Bolt (M10) 146", "1 Fire // Ice (MH2) 290", sections "Deck",
//                      "Sideboard", "Commander", "Companion", "About" + "Name …"
//   MTGO .txt          "4 Lightning Bolt", a blank line, then the sideboard
//   older lists        "SB: 2 Duress", "4x Lightning Bolt", "// Sideboard", "# comment"
//   offline lines      "2 Runeclaw Bear {1}{G}" — a written cost, for cards no database is asked about
//
// Rules (decisions, documented for the help text):
// - Every line is NFKC-normalized first (full-width digits, letters, braces and spaces become ASCII).
// - A card line is `count name`, the count 1–250 optionally followed by x ("4x"); a line without a
//   count is a problem, never a card, so stray text cannot become a card.
// - After the name: an optional set code in ( ) or [ ] with an optional collector number, optional
//   markers like *F* (foil) or *CMDR* (commander, TappedOut), and an optional cost written in braces.
//   Only the brace form is read as a cost: a bare "1G" could be the end of a name, so a name ending
//   in digits-then-color-letters ("Runeclaw Bear 1G") is reported (mtg.deck.error.bareCost) rather
//   than kept as a card nobody can find.
// - Sections: a header line (optionally with "//", a trailing ":" or a "(15)" count) switches
//   section: Deck/Main/Mainboard → main; Sideboard/Side/SB and Companion → sideboard (a companion
//   starts outside the game, in the sideboard); Commander → commander (the command zone, not the
//   library); Maybe/Maybeboard/Considering → maybe; About → read "Name …" as the deck's name.
//   "SB: 2 Duress" puts that one line in the sideboard wherever it stands.
// - Blank lines: when the list has no header at all (no section header, no type group like
//   "Creatures (20)", no SB: line) it is an MTGO export, where the first blank line after a card
//   ends the main deck and everything after it is sideboard. With any header, blank lines only
//   separate groups.
// - Comments: whole lines starting with # or // (except the headers above), and " # …" at the end
//   of a line ("//" inside a line is a split card: Fire // Ice).
// - Limits: count 1–250 per line, at most 500 cards in each section, names up to 150 characters,
//   at most 2,000 lines read, lines up to 300 characters. Anything that cannot be read goes to `problems` with its line number
//   (1-based) and is left out.
import { parseManaCost } from './card.js';

export interface DeckLine {
  count: number;
  name: string;
  set?: string;
  collector?: string;
  /** a mana cost written on the line, in braces ("{1}{G}"), for cards read offline */
  cost?: string;
  /** 1-based line number in the pasted text */
  line: number;
}

export interface DeckProblem {
  line: number;
  /** the line as written (trimmed, at most 100 characters) */
  text: string;
  /** `mtg.deck.error.*` */
  key: string;
  /** the key's parameters: always line and text, plus max where a limit was hit */
  params: Record<string, string | number>;
}

export interface ParsedDeck {
  main: DeckLine[];
  sideboard: DeckLine[];
  /** the commander section: the command zone, not part of the library */
  commander: DeckLine[];
  /** maybeboard/considering: not part of the deck */
  maybe: DeckLine[];
  /** the deck's name from an Arena "About / Name …" block */
  name?: string;
  problems: DeckProblem[];
}

export const DECK_LIMITS = Object.freeze({
  maxCount: 250,
  maxSectionCards: 500,
  maxNameLength: 150,
  maxLines: 2000,
  /** longer lines are not read at all (a name of 150 plus set code, markers and cost fits easily) */
  maxLineLength: 300,
  problemTextLength: 100,
});

type Section = 'main' | 'sideboard' | 'commander' | 'maybe' | 'about';

const SECTION_WORDS: Readonly<Record<string, Section>> = {
  deck: 'main',
  main: 'main',
  maindeck: 'main',
  'main deck': 'main',
  mainboard: 'main',
  'main board': 'main',
  sideboard: 'sideboard',
  'side board': 'sideboard',
  side: 'sideboard',
  sb: 'sideboard',
  companion: 'sideboard',
  companions: 'sideboard',
  commander: 'commander',
  commanders: 'commander',
  maybe: 'maybe',
  maybeboard: 'maybe',
  'maybe board': 'maybe',
  considering: 'maybe',
  about: 'about',
};

const GROUP_WORDS = new Set([
  'creature', 'creatures', 'land', 'lands', 'instant', 'instants', 'sorcery', 'sorceries', 'artifact', 'artifacts',
  'enchantment', 'enchantments', 'planeswalker', 'planeswalkers', 'battle', 'battles', 'spell', 'spells', 'other', 'others',
]);

/** The bare header word of a line ("// Sideboard (15):" → "sideboard"), or null. */
function headerWord(line: string): string | null {
  const m = /^(?:\/\/\s*)?([a-z][a-z ]*?)\s*:?\s*(?:\(\d+\))?\s*:?$/i.exec(line);
  return m ? m[1]!.toLowerCase() : null;
}

function sectionOf(line: string): Section | null {
  const word = headerWord(line);
  return word === null ? null : (SECTION_WORDS[word] ?? null);
}

function isGroupHeader(line: string): boolean {
  const word = headerWord(line);
  return word !== null && GROUP_WORDS.has(word);
}

const SB_PREFIX = /^sb:\s*/i;

function normalizeLine(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

type LineRead =
  | { kind: 'card'; count: number; name: string; set?: string; collector?: string; cost?: string; commander: boolean }
  | { kind: 'problem'; key: string; params?: Record<string, number> };

const COUNT = /^(\d+)[x×]?\s+(.*)$/i;
const MARKERS = /(?:\s+\*[a-z]+\*)+$/i;
const COST = /\s*((?:\{[^{}]*\}\s*)+)$/;
/** A set code is all upper or all lower case, so a name like "Hazmat Suit (Used)" is not read as one. */
const SET = /\s+[([]([A-Z0-9]{2,8}|[a-z0-9]{2,8})[)\]](?:\s+([A-Za-z0-9★†-]+))?$/;
const BARE_COST = /\s\d+[WUBRGCSX]+$/i;

function readCard(line: string): LineRead {
  const m = COUNT.exec(line);
  if (!m) return { kind: 'problem', key: /^\d+[x×]?$/i.test(line) ? 'mtg.deck.error.noName' : 'mtg.deck.error.noCount' };
  const count = m[1]!.length > 6 ? Number.MAX_SAFE_INTEGER : Number(m[1]);
  let rest = m[2]!;
  let commander = false;
  const markers = MARKERS.exec(rest);
  if (markers) {
    commander = /\*cmdr\*/i.test(markers[0]);
    rest = rest.slice(0, markers.index);
  }
  let cost: string | undefined;
  const costMatch = COST.exec(rest);
  if (costMatch) {
    cost = costMatch[1]!.replace(/\s+/g, '');
    rest = rest.slice(0, costMatch.index);
    if (parseManaCost(cost) === null) return { kind: 'problem', key: 'mtg.deck.error.badCost' };
  }
  let set: string | undefined;
  let collector: string | undefined;
  const setMatch = SET.exec(rest);
  if (setMatch) {
    set = setMatch[1]!.toUpperCase();
    collector = setMatch[2];
    rest = rest.slice(0, setMatch.index);
  }
  const name = rest.trim();
  if (name.length === 0) return { kind: 'problem', key: 'mtg.deck.error.noName' };
  if (name.length > DECK_LIMITS.maxNameLength) return { kind: 'problem', key: 'mtg.deck.error.nameTooLong', params: { max: DECK_LIMITS.maxNameLength } };
  if (!cost && BARE_COST.test(name)) return { kind: 'problem', key: 'mtg.deck.error.bareCost' };
  if (count < 1 || count > DECK_LIMITS.maxCount) return { kind: 'problem', key: 'mtg.deck.error.count', params: { max: DECK_LIMITS.maxCount } };
  const card: LineRead = { kind: 'card', count, name, commander };
  if (set !== undefined) card.set = set;
  if (collector !== undefined) card.collector = collector;
  if (cost !== undefined) card.cost = cost;
  return card;
}

function isComment(line: string): boolean {
  return line.startsWith('#') || line.startsWith('//');
}

function stripTrailingComment(line: string): string {
  const at = line.search(/\s#/);
  return at < 0 ? line : line.slice(0, at).trimEnd();
}

export function parseDecklist(text: string): ParsedDeck {
  const deck: ParsedDeck = { main: [], sideboard: [], commander: [], maybe: [], problems: [] };
  const rawLines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const problem = (lineNo: number, raw: string, key: string, extra: Record<string, number> = {}) => {
    const trimmed = raw.trim();
    const shown = trimmed.length > DECK_LIMITS.problemTextLength ? `${trimmed.slice(0, DECK_LIMITS.problemTextLength - 1)}…` : trimmed;
    deck.problems.push({ line: lineNo, text: shown, key, params: { line: lineNo, text: shown, ...extra } });
  };
  if (rawLines.length > DECK_LIMITS.maxLines) {
    problem(DECK_LIMITS.maxLines + 1, rawLines[DECK_LIMITS.maxLines]!, 'mtg.deck.error.tooManyLines', { max: DECK_LIMITS.maxLines });
    rawLines.length = DECK_LIMITS.maxLines;
  }
  const lines = rawLines.map(normalizeLine);
  const structured = lines.some((l) => sectionOf(l) !== null || isGroupHeader(l) || SB_PREFIX.test(l));
  const totals: Record<Exclude<Section, 'about'>, number> = { main: 0, sideboard: 0, commander: 0, maybe: 0 };

  let section: Section = 'main';
  let mainStarted = false;
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    const raw = rawLines[index]!;
    if (line.length === 0) {
      if (!structured && section === 'main' && mainStarted) section = 'sideboard';
      return;
    }
    if (line.length > DECK_LIMITS.maxLineLength && !isComment(line)) {
      problem(lineNo, raw, 'mtg.deck.error.lineTooLong', { max: DECK_LIMITS.maxLineLength });
      return;
    }
    const header = sectionOf(line);
    if (header) {
      section = header;
      return;
    }
    if (isGroupHeader(line) || isComment(line)) return;
    if (section === 'about') {
      const named = /^name\s+(.+)$/i.exec(line);
      if (named) deck.name = named[1]!.slice(0, DECK_LIMITS.maxNameLength);
      return;
    }
    let body = stripTrailingComment(line);
    let target: Exclude<Section, 'about'> = section;
    if (SB_PREFIX.test(body)) {
      body = body.replace(SB_PREFIX, '');
      target = 'sideboard';
    }
    if (target === 'main') mainStarted = true;
    const read = readCard(body);
    if (read.kind === 'problem') {
      problem(lineNo, raw, read.key, read.params);
      return;
    }
    if (read.commander && target === 'main') target = 'commander';
    if (totals[target] + read.count > DECK_LIMITS.maxSectionCards) {
      problem(lineNo, raw, 'mtg.deck.error.tooManyCards', { max: DECK_LIMITS.maxSectionCards });
      return;
    }
    totals[target] += read.count;
    const entry: DeckLine = { count: read.count, name: read.name, line: lineNo };
    if (read.set !== undefined) entry.set = read.set;
    if (read.collector !== undefined) entry.collector = read.collector;
    if (read.cost !== undefined) entry.cost = read.cost;
    deck[target].push(entry);
  });
  return deck;
}
