// A Persona step's rules run on the fight without its log (issue 32 §1, SQLite main-thread time): the
// core only appends to the log, yet each rule and each advance to the next slot cloned the whole fight
// (structuredClone), log included, so every /persona pass or HP change cost more with each line the
// fight had said. The log itself is unchanged: the step's lines follow the old ones (JA L48–49: every
// step is said at the table; the log export reads them, test/e2e/log-session.e2e.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
