import { describe, expect, it } from 'vitest';
import {
  SUMMONING_PHASE,
  TURNS,
  advanceClock,
  isSummoningPhase,
  turnHours,
  turnKey,
  turnName,
  type WarClock,
} from '../../../src/core/session/calendar.js';
import { warMessages } from '../../../src/i18n/messages/war.js';

describe('action turns (seed 001 L237)', () => {
  it('a day has 4 action turns in the order morning, noon, night, late night (seed 001 L237)', () => {
    expect(TURNS).toEqual(['morning', 'noon', 'night', 'lateNight']);
    expect([0, 1, 2, 3].map(turnName)).toEqual(['morning', 'noon', 'night', 'lateNight']);
  });

  it('nominal hours are 7–12, 13–18, 19–0 and 1–5 (seed 001 L237)', () => {
    expect([0, 1, 2, 3].map(turnHours)).toEqual(['7–12', '13–18', '19–0', '1–5']);
  });

  it('every turn name has a catalog entry in en, ja and ko (seed 001 L237: 朝 昼 夜 深夜)', () => {
    for (const turn of [0, 1, 2, 3]) {
      for (const locale of ['en', 'ja', 'ko'] as const) expect(warMessages[locale][turnKey(turn)]).toBeTruthy();
    }
    expect(warMessages.ja['war.turn.lateNight']).toBe('深夜');
  });

  it('rejects turns outside 0..3', () => {
    expect(() => turnName(4)).toThrow(RangeError);
    expect(() => turnHours(-1)).toThrow(RangeError);
    expect(() => turnName(1.5)).toThrow(RangeError);
  });
});

describe('advanceClock (seed 001 L62, L237, L241)', () => {
  it('the war starts in the summoning phase and its end is day 1 morning, not a day end (seed 001 L61–62)', () => {
    expect(isSummoningPhase(SUMMONING_PHASE)).toBe(true);
    expect(advanceClock(SUMMONING_PHASE)).toEqual({ next: { day: 1, turn: 0 }, dayEnded: false });
  });

  it('moves through the turns of a day without ending it (seed 001 L237)', () => {
    expect(advanceClock({ day: 1, turn: 0 })).toEqual({ next: { day: 1, turn: 1 }, dayEnded: false });
    expect(advanceClock({ day: 1, turn: 1 })).toEqual({ next: { day: 1, turn: 2 }, dayEnded: false });
    expect(advanceClock({ day: 1, turn: 2 })).toEqual({ next: { day: 1, turn: 3 }, dayEnded: false });
  });

  it('the end of the 4th action turn (late night) ends the day and starts the next morning (seed 001 L241)', () => {
    expect(advanceClock({ day: 1, turn: 3 })).toEqual({ next: { day: 2, turn: 0 }, dayEnded: true });
    expect(advanceClock({ day: 7, turn: 3 })).toEqual({ next: { day: 8, turn: 0 }, dayEnded: true });
  });

  it('exactly one day end per 4 turns from day 1 on (seed 001 L237, L241)', () => {
    let clock: WarClock = SUMMONING_PHASE;
    const ends: WarClock[] = [];
    for (let i = 0; i < 1 + 12; i++) {
      const { next, dayEnded } = advanceClock(clock);
      if (dayEnded) ends.push(clock);
      clock = next;
    }
    expect(ends).toEqual([
      { day: 1, turn: 3 },
      { day: 2, turn: 3 },
      { day: 3, turn: 3 },
    ]);
    expect(clock).toEqual({ day: 4, turn: 0 });
  });

  it('does not change its input', () => {
    const clock = { day: 2, turn: 3 };
    advanceClock(clock);
    expect(clock).toEqual({ day: 2, turn: 3 });
  });

  it('rejects an invalid clock', () => {
    expect(() => advanceClock({ day: -1, turn: 0 })).toThrow(RangeError);
    expect(() => advanceClock({ day: 1, turn: 4 })).toThrow(RangeError);
    expect(() => advanceClock({ day: 1.5, turn: 0 })).toThrow(RangeError);
  });
});
