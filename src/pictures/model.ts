// What a picture draws: plain data, already worded in the reader's language and already redacted
// for its audience (built beside the text view from the same table-safe data), so the renderers
// never decide who may see what.

export type BadgeTone = 'bad' | 'good' | 'neutral';

export interface TrackerEntry {
  name: string;
  side: string;
  /** front/back, worded (Fate); absent when the ruleset has no rows */
  row?: string;
  current: boolean;
  /** initiative as the table may read it ("IV 7"); absent for a hidden combatant */
  initiative?: string;
  /** HP/MP/SP the table may read; none for a hidden combatant */
  bars: { label: string; value: number; max: number }[];
  condition: string;
  badges: { text: string; tone: BadgeTone }[];
  /** dead, fled or incapacitated: drawn dimmed */
  out: boolean;
}

export interface TrackerPicture {
  kind: 'tracker';
  title: string;
  head: string;
  /** the rest of the round's order, worded (Persona's forecast), when known */
  next?: string;
  combatants: TrackerEntry[];
}

export interface HistogramChart {
  caption: string;
  /** bucket labels: faces, or ranges of ten for d100 */
  labels: string[];
  observed: number[];
  expected: number[];
  /** the chi-square reading in words */
  reading: string;
}

export interface HistogramPicture {
  kind: 'histogram';
  title: string;
  legend: { observed: string; expected: string };
  charts: HistogramChart[];
}

export type Grade = 'small' | 'medium' | 'large' | 'highest';

export interface WarPicture {
  kind: 'war';
  title: string;
  clock: string;
  factions: { name: string; status: string; tone: BadgeTone }[];
  /** the percentage war's territory map, when the GM named territories */
  map?: { title: string; territories: { name: string; grade: Grade; gradeLabel: string; bases: string[] }[] };
  footer?: string;
}

/** A card as the judgement reads it: mana value and colours (W U B R G; none = colourless). */
export interface JudgeCard {
  name: string;
  manaValue: number;
  colors: ('white' | 'blue' | 'black' | 'red' | 'green')[];
}

export interface JudgePicture {
  kind: 'judge';
  title: string;
  header: string;
  /** the two revealed cards: the first makes the target, the second the achievement */
  revealed: { role: string; card: JudgeCard; line: string }[];
  /** a boost's six exiled cards (colourless ones add one each) */
  exiled?: { title: string; cards: JudgeCard[]; line: string };
  verdict: string;
  success: boolean;
}

export type Picture = TrackerPicture | HistogramPicture | WarPicture | JudgePicture;
