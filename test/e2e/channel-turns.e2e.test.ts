// A channel's state-changing commands take turns in the process (src/discord/channel-turns.ts, issue 32
// §1): five steps of one fight sent at once used to overlap in SERIALIZABLE transactions on the same
// combat row, and all but one failed and ran again (on a loaded machine, ~400 rolled-back steps a
// minute, which loaded it further). Each step still moves the fight once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentQueries } from '../helpers/pg-queries.js';
import { testBackend } from '../helpers/backend.js';
import { startHarness, type Harness } from './harness.js';
import { opt, sub } from './fate-driver.js';
import { ChannelTurns } from '../../src/discord/channel-turns.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('channel-turns');
});
afterAll(async () => {
  await h?.close();
});

describe('channel turns', () => {
  it('runs one channel’s commands in order, another channel’s beside them, and forgets a channel once its line is empty', async () => {
    const turns = new ChannelTurns();
    const order: string[] = [];
    const step = (name: string, ms: number) => () => new Promise<string>((resolve) => setTimeout(() => (order.push(name), resolve(name)), ms));
    const failing = () => Promise.reject(new Error('refused'));
    const all = Promise.allSettled([turns.run('a', step('a1', 30)), turns.run('a', failing), turns.run('a', step('a2', 1)), turns.run('b', step('b1', 5))]);
    expect(turns.size).toBe(2);
    const settled = await all;
    expect(order).toEqual(['b1', 'a1', 'a2']); // a2 waited for a1 (and the failure between), b1 did not
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(turns.size).toBe(0);
  });

  it.runIf(testBackend === 'postgres')('five steps of one fight sent at once: none fails and runs again, each moves the fight once', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'turns' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    for (const [who, side] of [['Saber', 'a'], ['Lancer', 'b'], ['Archer', 'b']] as const) {
      await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', who), opt('side', side), opt('hp', 40), opt('iv', 10), opt('pool', '6d6<=4')]) });
    }
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
    await h.bot.idle();
    const sent = await sentQueries(async () => {
      await Promise.all(Array.from({ length: 5 }, () => h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') })));
      await h.bot.idle();
    });
    expect(sent.filter((q) => /^rollback$/i.test(q.text.trim()))).toEqual([]);
    expect(sent.filter((q) => /^update "combats" set "state"|^WITH c AS \(UPDATE "combats"/i.test(q.text))).toHaveLength(5);
  }, 60_000);
});
