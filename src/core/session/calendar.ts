// The war calendar: days of four action turns (seed 001 <戦闘ルール> L236–240; digest
// fate-roll-dice-core.md §2, §7.1). Day 0 is the summoning phase before the war (seed L61–62);
// day 1 morning is the first action turn. Pure: every function returns new values.

/** The four action turns of a day, in the seed's order (L237): 朝, 昼, 夜, 深夜. */
export const TURNS = ['morning', 'noon', 'night', 'lateNight'] as const;
export type TurnName = (typeof TURNS)[number];

export const TURNS_PER_DAY = TURNS.length;

/** Nominal hours of each turn (L237); the gaps are meals etc. (L238). */
export const TURN_HOURS: Record<TurnName, { from: number; to: number }> = {
  morning: { from: 7, to: 12 },
  noon: { from: 13, to: 18 },
  night: { from: 19, to: 0 },
  lateNight: { from: 1, to: 5 },
};

export interface WarClock {
  /** 1-based; 0 = before day 1 (the summoning phase, seed L61–62) */
  day: number;
  /** 0..3, an index into TURNS */
  turn: number;
}

/** Where every war starts: the summoning phase. */
export const SUMMONING_PHASE: WarClock = { day: 0, turn: 0 };

/**
 * The next action turn. Late night → the next day's morning ends the day (the 4th action turn
 * ends the day, L241). Day 0 (summoning phase) → day 1 morning without a day end: the war starts
 * there (L62) and nothing of a day has passed yet. Throws RangeError on an invalid clock.
 */
export function advanceClock(c: WarClock): { next: WarClock; dayEnded: boolean } {
  checkClock(c);
  if (c.day === 0) return { next: { day: 1, turn: 0 }, dayEnded: false };
  if (c.turn < TURNS_PER_DAY - 1) return { next: { day: c.day, turn: c.turn + 1 }, dayEnded: false };
  return { next: { day: c.day + 1, turn: 0 }, dayEnded: true };
}

/** The turn's name; throws RangeError outside 0..3. */
export function turnName(turn: number): TurnName {
  checkTurn(turn);
  return TURNS[turn]!;
}

/** "7–12", "13–18", "19–0", "1–5" (L237). */
export function turnHours(turn: number): string {
  const { from, to } = TURN_HOURS[turnName(turn)];
  return `${from}–${to}`;
}

/** Catalog key of the turn's name (`war.turn.morning` …, src/i18n/messages/war.ts). */
export function turnKey(turn: number): string {
  return `war.turn.${turnName(turn)}`;
}

/** True for the summoning phase (day 0). */
export function isSummoningPhase(c: WarClock): boolean {
  return c.day === 0;
}

function checkTurn(turn: number): void {
  if (!Number.isInteger(turn) || turn < 0 || turn >= TURNS_PER_DAY) {
    throw new RangeError(`turn must be an integer from 0 to ${TURNS_PER_DAY - 1}, got ${turn}`);
  }
}

function checkClock(c: WarClock): void {
  if (!Number.isSafeInteger(c.day) || c.day < 0) throw new RangeError(`day must be an integer >= 0, got ${c.day}`);
  checkTurn(c.turn);
}
