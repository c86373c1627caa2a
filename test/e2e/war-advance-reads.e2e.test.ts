// A Fate war's turn end reads every faction's master and servant in one statement (issue 32 §1): one
// by one, a war of 7 factions held its transaction open for 14 round trips to PostgreSQL, and under an
// evening of tables every other command waited for a connection behind it. So does its check whether the
// war is down to its last servant (seed 001 L66). The turn end itself is
// unchanged (test/e2e/fate-war-turn.e2e.test.ts; seed 001 L241–248).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentQueries } from '../helpers/pg-queries.js';
import { testBackend } from '../helpers/backend.js';
import { embedText, startHarness, type Harness } from './harness.js';
import { fateDriver, opt, sub } from './fate-driver.js';

let h: Harness;
const { importPair } = fateDriver(() => h);

beforeAll(async () => {
  h = await startHarness('war-advance-reads');
});
afterAll(async () => {
  await h?.close();
});

describe.runIf(testBackend === 'postgres')('a Fate war’s turn end on PostgreSQL (issue 32 §1)', () => {
  it('reads the masters and servants of three factions in one statement, and their servants again in one for the last-servant check', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'reads' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate'), opt('name', 'Reads')]) });
    for (const [i, user] of (['player', 'player2', 'gm'] as const).entries()) {
      await importPair(channelId, h.fake.users[user], `R${i}・魔術師`, `R${i}セイバー`);
      await h.fake.command({ name: 'war', channelId, user: h.fake.users[user], options: sub(user === 'gm' ? 'npc' : 'join', [opt('master', `R${i}・魔術師`), opt('servant', `R${i}セイバー`), opt('faction', `F${i}`)]) });
    }
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') }); // summoning → day 1
    await h.bot.idle();
    let advanced: Awaited<ReturnType<Harness['fake']['command']>> | undefined;
    const sent = await sentQueries(async () => {
      advanced = await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    });
    // the turn ended (the GM's report says so, and names the next one)
    expect(embedText(advanced!.callback.data)).toMatch(/The action turn ended\.[\s\S]*Day 1 · Noon/);
    const characterReads = sent.filter((q) => /^select .* from "characters" where/i.test(q.text));
    // the turn end's masters and servants (6 ids), then whether the war is down to its last servant (3 ids)
    expect(characterReads.map((q) => q.values.length)).toEqual([6, 3]);
  }, 60_000);
});
