// Issue 29 §1, through the real discord.js client against the fake Discord: a BlackJacket:Korean
// channel rolls on a fresh process. bcdice-js loads a localized system's class only after its base
// system's, so on a bot that had never loaded BlackJacket every roll there answered "Something went
// wrong on our side". This file runs in a process of its own (vitest's forks pool): nothing of
// BCDice is loaded when it starts (asserted), and the base is loaded by the fix, not by the test.
// The dice come from BCDice's own BlackJacket_Korean.toml (BJ50 on 1,1: a critical success).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import { isSystemLoaded } from '../../src/bcdice/index.js';
import { seededRandom, type RandomSource } from '../../src/core/random.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';

const queued: number[] = [];
const fallback = seededRandom('bcdice-localized-fresh');
const rng: RandomSource = { die: (sides) => queued.shift() ?? fallback.die(sides) };

let h: Harness;
beforeAll(async () => {
  h = await startHarness('bcdice-localized-fresh', { rng });
});
afterAll(async () => {
  await h?.close();
});

describe('a localized BCDice system on a fresh process (issue 29 §1)', () => {
  it('BlackJacket:Korean answers BJ50 in its channel, its base BlackJacket never loaded before', async () => {
    // Fresh: the process has not loaded the bcdice package at all (Opal is its global runtime).
    expect((globalThis as { Opal?: unknown }).Opal).toBeUndefined();
    expect(isSystemLoaded('BlackJacket')).toBe(false);
    const channelId = h.fake.createTextChannel({ name: 'blackjacket' });
    await h.fake.command({ name: 'system', channelId, options: [{ name: 'set', type: 1, options: [{ name: 'system', value: 'BlackJacket:Korean' }] }] });
    queued.push(1, 1);
    const ex = await h.fake.command({ name: 'roll', channelId, options: [{ name: 'expression', value: 'BJ50' }] });
    const shown = embedText(answerOf(ex));
    expect(shown).not.toMatch(/Something went wrong/);
    expect(shown).toContain('행위판정(성공률:50％)');
    expect(shown).toContain('크리티컬');
    const r = await row(h.store, 'rolls', undefined, 'newest');
    expect(r).toMatchObject({ channelId, normalized: 'BJ50', value: 11, outcome: 'success' });
    expect(r.result).toMatchObject({ type: 'bcdice', system: 'BlackJacket:Korean', critical: true });
    expect(isSystemLoaded('BlackJacket')).toBe(true);
  });
});
