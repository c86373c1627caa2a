// Issue 29 §1 through the real discord.js client against the fake Discord: in a channel with a
// BCDice system, the system answers what it reads, with its automatic results (cases from BCDice's
// own tests, test/bcdice/own-tests/v3.16.1: SwordWorld2_5.toml `2D6>=13` on 6,6 is 自動的成功,
// MonotoneMuseum_Korean.toml `1D6>=2` on a 2 is 자동실패), stored with BCDice's flags; and /stats
// reads a percentile's dice as the d10 faces BCDice drew (after twelve CC<=50 it said "d10 mean
// 27.58": the tens die stored as 0–90).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import { seededRandom, type RandomSource } from '../../src/core/random.js';
import { storedDice } from '../../src/services/rolls.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';

/** The bot's dice: the queued faces first, then a seeded stream. */
const queued: number[] = [];
const fallback = seededRandom('bcdice-system-first');
const rng: RandomSource = { die: (sides) => queued.shift() ?? fallback.die(sides) };

let h: Harness;
beforeAll(async () => {
  h = await startHarness('bcdice-system-first', { rng });
});
afterAll(async () => {
  await h?.close();
});

const shownText = (data: Parameters<typeof embedText>[0]) => embedText(data).replace(/\\(.)/g, '$1');
const lastRoll = async () => await row(h.store, 'rolls', undefined, 'newest');
const roll = (channelId: string, expression: string) => h.fake.command({ name: 'roll', channelId, options: [{ name: 'expression', value: expression }] });
const setSystem = (channelId: string, system: string) => h.fake.command({ name: 'system', channelId, options: [{ name: 'set', type: 1, options: [{ name: 'system', value: system }] }] });

describe("a channel's BCDice system answers first (issue 29 §1)", () => {
  it('SwordWorld2.5: 2D6>=13 on 6,6 is 自動的成功, stored as a success flagged critical (BCDice SwordWorld2_5.toml)', async () => {
    const channelId = h.fake.createTextChannel({ name: 'sw25' });
    await setSystem(channelId, 'SwordWorld2.5');
    queued.push(6, 6);
    const shown = shownText(answerOf((await roll(channelId, '2D6>=13'))));
    expect(shown).toContain('(2D6>=13) ＞ 12[6,6] ＞ 12 ＞ 自動的成功');
    const r = await lastRoll();
    expect(r).toMatchObject({ channelId, value: 12, outcome: 'success', kind: 'target' });
    expect(r.result).toMatchObject({ type: 'bcdice', system: 'SwordWorld2.5', critical: true });
  });

  it('MonotoneMuseum:Korean: 1D6>=2 with a 2 is an automatic failure (BCDice MonotoneMuseum_Korean.toml)', async () => {
    const channelId = h.fake.createTextChannel({ name: 'monotone' });
    await setSystem(channelId, 'MonotoneMuseum:Korean');
    queued.push(2);
    const shown = shownText(answerOf((await roll(channelId, '1D6>=2'))));
    expect(shown).toContain('자동실패');
    const r = await lastRoll();
    expect(r).toMatchObject({ channelId, value: 2, outcome: 'failure' });
    expect(r.result).toMatchObject({ type: 'bcdice', fumble: true });
  });

  it('/stats counts a Cthulhu7th CC<=50 as the two d10 faces BCDice drew, not a tens value of 0–90', async () => {
    const channelId = h.fake.createTextChannel({ name: 'coc7' });
    await setSystem(channelId, 'Cthulhu7th');
    const user = h.fake.createUser({ username: 'keeper' });
    for (let i = 0; i < 12; i++) {
      queued.push(3, 5); // tens 3, ones 5: 35, a regular success
      await h.fake.command({ name: 'roll', channelId, user, options: [{ name: 'expression', value: 'CC<=50' }] });
      expect(await lastRoll()).toMatchObject({ value: 35, outcome: 'success' });
    }
    expect(storedDice(await lastRoll())).toEqual([{ sides: 10, face: 3 }, { sides: 10, face: 5 }]);
    const stats = shownText(answerOf((await h.fake.command({ name: 'stats', channelId, user, options: [] }))));
    expect(stats).toContain('12 rolls · 12 successes · 0 failures');
    expect(stats).toMatch(/d10: 24 dice, mean 4\.00 \(expected 5\.50\)/);
  });
});
