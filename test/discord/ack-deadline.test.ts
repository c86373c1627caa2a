// When a running command is acknowledged (src/discord/ack-deadline.ts): 1.5 s after receipt for an
// interaction read on time, sooner for one read late, and never sooner because this machine's clock
// is off from Discord's.
import { describe, expect, it } from 'vitest';
import { AckDeadline, AUTO_DEFER_MS } from '../../src/discord/ack-deadline.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the acknowledgement deadline', () => {
  it('an interaction read 50 ms after Discord made it: 1.5 s', () => {
    const c = clock();
    const d = new AckDeadline(c.now);
    expect(d.delayFor(c.now() - 50)).toBe(AUTO_DEFER_MS);
    c.advance(100);
    expect(d.delayFor(c.now() - 60)).toBe(AUTO_DEFER_MS);
  });

  it('one read 1.2 s late after others on time: acknowledged 0.8 s after receipt (2 s after Discord made it)', () => {
    const c = clock();
    const d = new AckDeadline(c.now);
    d.delayFor(c.now() - 40);
    c.advance(500);
    expect(d.delayFor(c.now() - 1_240)).toBe(800);
  });

  it('one read 2.5 s late: at once', () => {
    const c = clock();
    const d = new AckDeadline(c.now);
    d.delayFor(c.now() - 40);
    expect(d.delayFor(c.now() - 2_540)).toBe(0);
  });

  it('a clock 5 s ahead of Discord, or 5 s behind, makes nothing late', () => {
    for (const offset of [5_000, -5_000]) {
      const c = clock();
      const d = new AckDeadline(c.now);
      expect(d.delayFor(c.now() - offset - 40)).toBe(AUTO_DEFER_MS);
      c.advance(1_000);
      expect(d.delayFor(c.now() - offset - 70)).toBe(AUTO_DEFER_MS);
      // and one read late on that clock is still seen late
      expect(d.delayFor(c.now() - offset - 1_540)).toBe(500);
    }
  });

  it('the clocks’ offset is learned again: an NTP step forward of 2 s is forgotten after two minutes', () => {
    const c = clock();
    const d = new AckDeadline(c.now);
    d.delayFor(c.now() - 40);
    c.advance(10_000);
    // the machine's clock steps 2 s forward: for now, every interaction looks 2 s late …
    expect(d.delayFor(c.now() - 2_040)).toBe(0);
    // … until the old offset has aged out
    for (let i = 0; i < 13; i++) {
      c.advance(10_000);
      d.delayFor(c.now() - 2_040);
    }
    expect(d.delayFor(c.now() - 2_050)).toBe(AUTO_DEFER_MS);
  });

  it('an age past Discord’s 3 s window, or no timestamp at all, counts from receipt', () => {
    const c = clock();
    const d = new AckDeadline(c.now);
    d.delayFor(c.now() - 40);
    expect(d.delayFor(c.now() - 4_000)).toBe(AUTO_DEFER_MS);
    expect(d.delayFor(Number.NaN)).toBe(AUTO_DEFER_MS);
  });
});
