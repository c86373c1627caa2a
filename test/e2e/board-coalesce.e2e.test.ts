// Board and tracker edits under load (issue 32 §1): Discord allows a bot 50 requests a second in all,
// and a busy table would spend them on edits nobody reads. Several edits of one tracker within a second
// become one, rendered from the database when it is sent (the last state wins); each command's effect
// is delivered with that edit (the outbox is empty once the commands are done); DMs are never merged.
// Runs with the production window (1 s), not the tests' default of 0.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FateCombatState } from '../../src/services/combat/state.js';
import { BOARD_WINDOW_MS } from '../../src/discord/board.js';
import { row, rows } from '../helpers/db.js';
import { embedText, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('board-coalesce', { outbox: { boardWindowMs: BOARD_WINDOW_MS } });
});
afterAll(async () => {
  await h?.close();
});

const sub = (name: string, options: { name: string; value: any }[] = []) => [{ name, type: 1, options }];

async function fight(name: string): Promise<{ channelId: string; next: () => ReturnType<Harness['fake']['command']>; trackerId: string }> {
  const { gm } = h.fake.users;
  const channelId = h.fake.createTextChannel({ name });
  const gmDo = (subName: string, options: { name: string; value: any }[] = []) => h.fake.command({ name: 'combat', channelId, user: gm, options: sub(subName, options) });
  await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
  await gmDo('start', [{ name: 'ruleset', value: 'fate' }]);
  for (const [who, side] of [['Archer', 'us'], ['Rider', 'them'], ['Caster', 'them']]) {
    await gmDo('add', [{ name: 'who', value: who! }, { name: 'side', value: side! }, { name: 'hp', value: 40 }, { name: 'iv', value: 10 }, { name: 'pool', value: '6d6<=4' }]);
  }
  await gmDo('next');
  const trackerId = (await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest')).trackerMessageId!;
  return { channelId, next: () => gmDo('next'), trackerId };
}

/** The tracker's PATCHes at the fake since `from` (each a REST call under the global limit). */
const trackerEdits = (trackerId: string, from: number) => h.fake.requests.filter((r) => r.seq >= from && r.method === 'PATCH' && r.path.endsWith(`/messages/${trackerId}`));
/**
 * Those that changed what the tracker says: a picture drawn too late for its text's edit (a loaded
 * machine, src/discord/board.ts PICTURE_WAIT_MS) follows it in an edit of its own, the same words.
 */
const textEdits = (trackerId: string, from: number) => {
  const words = (body: any) => JSON.stringify((body?.embeds ?? []).map(({ image: _image, thumbnail: _thumbnail, ...rest }: any) => rest));
  return trackerEdits(trackerId, from).filter((r, i, all) => i === 0 || words(r.body) !== words(all[i - 1]!.body));
};

describe('tracker edits within a second become one (issue 32 §1)', () => {
  it('five turns moved on at once: the tracker is edited at most twice, and shows the last state; every effect is settled', async () => {
    const { channelId, next, trackerId } = await fight('coalesce-burst');
    // the tracker has been quiet for longer than a window: the next edit goes at once
    await new Promise((resolve) => setTimeout(resolve, BOARD_WINDOW_MS + 100));
    const from = h.fake.requests.at(-1)!.seq + 1;
    const sentAt = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => next()));
    const answeredIn = performance.now() - sentAt;
    await h.bot.idle();
    const edits = textEdits(trackerId, from);
    // the first goes at once; those asked for while it was under way wait for the window's end and go as
    // one: five commands answered within one window (an idle machine) make at most two edits; on a loaded
    // one they spread, and edits stay a window apart. The window runs from an edit's sending, the fake
    // reads arrival times, and a loaded machine delays an arrival: half a window is the margin. (A
    // picture drawn too late for its text follows it at once, an edit of its own: one more at most each.)
    expect(edits.length).toBeGreaterThanOrEqual(1);
    expect(edits.length).toBeLessThanOrEqual(1 + Math.ceil(answeredIn / BOARD_WINDOW_MS));
    expect(trackerEdits(trackerId, from).length).toBeLessThanOrEqual(2 * edits.length);
    const gaps = edits.slice(1).map((e, i) => e.at - edits[i]!.at);
    expect(gaps.filter((gap) => gap < BOARD_WINDOW_MS / 2)).toEqual([]);
    const state = (await row(h.store, 'combats', (c) => eq(c.channelId, channelId), 'newest')).state as FateCombatState;
    const current = state.combatants.find((c) => c.key === state.order[state.turn])?.name ?? '';
    expect(current).not.toBe('');
    const shown = embedText(h.fake.message(trackerId)!.edits.at(-1));
    expect(shown).toContain(`Round ${state.round}`);
    expect(shown).toContain(current);
    // each command's board effect was delivered with the edit that showed it: nothing waits in the outbox
    expect(await rows(h.store, 'outbox')).toEqual([]);
  });

  it('a second change within the window waits for its end and goes as one edit (the first edit is not repeated)', async () => {
    const { next, trackerId } = await fight('coalesce-window');
    await new Promise((resolve) => setTimeout(resolve, BOARD_WINDOW_MS + 100));
    const from = h.fake.requests.at(-1)!.seq + 1;
    const startedAt = performance.now();
    await next(); // edited at once
    const firstDone = textEdits(trackerId, from).length;
    expect(firstDone).toBe(1);
    await next(); // within the window: waits for its end
    const waited = performance.now() - startedAt;
    expect(textEdits(trackerId, from)).toHaveLength(2);
    expect(waited).toBeGreaterThanOrEqual(BOARD_WINDOW_MS * 0.9);
  });
});
