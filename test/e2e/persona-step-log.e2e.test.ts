// A Persona step's rules run on the fight without its log (issue 32 §1, SQLite main-thread time): the
// core only appends to the log, yet each rule and each advance to the next slot cloned the whole fight
// (structuredClone), log included, so every /persona pass or HP change cost more with each line the
// fight had said. The log itself is unchanged: the step's lines follow the old ones (JA L48–49: every
// step is said at the table; the log export reads them, test/e2e/log-session.e2e.test.ts).
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/db.js';
import { startHarness, type Harness } from './harness.js';
import { personaDriver, sub } from './persona-driver.js';
import { opt } from './fate-driver.js';

let h: Harness;
let channelId = '';
const d = personaDriver(() => h, () => channelId);

beforeAll(async () => {
  h = await startHarness('persona-step-log');
});
afterAll(async () => {
  await h?.close();
});

/** The length of the log of every fight the code under `run` cloned. */
async function clonedLogs(run: () => Promise<unknown>): Promise<number[]> {
  const original = globalThis.structuredClone;
  const seen: number[] = [];
  globalThis.structuredClone = ((value: unknown, options?: Parameters<typeof structuredClone>[1]) => {
    const log = (value as { log?: unknown } | null)?.log;
    if (Array.isArray(log)) seen.push(log.length);
    return original(value, options);
  }) as typeof structuredClone;
  try {
    await run();
  } finally {
    globalThis.structuredClone = original;
  }
  return seen;
}

describe('a Persona step clones no log (issue 32 §1)', () => {
  it('/persona pass and a hidden shadow’s HP change run their rules on the fight without its log; the log grows by their lines', async () => {
    const { gm, player } = h.fake.users;
    channelId = h.fake.createTextChannel({ name: 'step-log' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'persona'), opt('name', 'Tartarus')]) });
    for (const b of [
      { block: 'Aki pc HP40 DEX20 luck10', player },
      { block: 'Ghost npc HP90 agi5 luck0 con17', hidden: true },
    ]) {
      await h.fake.command({ name: 'persona', channelId, user: gm, options: sub('add', [opt('block', b.block), ...(b.player ? [opt('player', b.player)] : []), ...(b.hidden ? [opt('hidden', true)] : [])]) });
    }
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    for (let i = 0; i < 4; i++) await d.gmDo('persona', 'pass');
    const before = (await d.combat()).log;
    expect(before.length).toBeGreaterThan(10);

    const pass = await clonedLogs(() => d.gmDo('persona', 'pass'));
    const middle = (await d.combat()).log;
    const adjust = await clonedLogs(() => d.gmDo('persona', 'adjust', [{ name: 'who', value: 'Ghost' }, { name: 'hp', value: 80 }]));
    expect(pass.length).toBeGreaterThan(0);
    expect(adjust.length).toBeGreaterThan(0);
    // every fight a rule cloned held no more than the step's own lines, never the old ones
    expect(Math.max(...pass, ...adjust)).toBeLessThan(before.length);

    // the old lines kept, in order, each step's own after them
    const after = (await d.combat()).log;
    expect(middle.length).toBeGreaterThan(before.length);
    expect(middle.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(middle.length);
    expect(after.slice(0, middle.length)).toEqual(middle);
    expect((await d.who('Ghost')).hp).toBe(80);
  }, 60_000);

  it('a step’s event keeps the log’s length, not its lines; /combat undo takes the lines back from the fight', async () => {
    const { gm } = h.fake.users;
    const fights = await rows(h.store, 'combats', (c) => eq(c.channelId, channelId));
    const fightId = fights.at(-1)!.id;
    const steps = async () => (await rows(h.store, 'events', (e) => and(eq(e.subject, `combat:${fightId}`), like(e.type, 'combat.%'))!, 'newest')).filter((e) => e.before !== null && 'state' in (e.before as object));
    const states: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      states.push(await d.combat());
      await d.gmDo('persona', 'pass');
    }
    const now = await d.combat();
    expect(now.log.length).toBeGreaterThan(10);
    // the three passes' events: the log's length before and after, none of its lines
    for (const e of (await steps()).slice(0, 3)) {
      for (const image of [e.before, e.after] as { state: { combat: { log?: unknown; logLength?: number } } }[]) {
        expect(image.state.combat.log).toBeUndefined();
        expect(image.state.combat.logLength).toBeGreaterThan(10);
      }
      expect(JSON.stringify(e.before).length).toBeLessThan(JSON.stringify(now).length);
    }
    // undone newest first, each to the fight as it was, its lines included
    for (const state of states.reverse()) {
      await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('undo') });
      expect(await d.combat()).toEqual(state);
    }
  }, 60_000);
});

