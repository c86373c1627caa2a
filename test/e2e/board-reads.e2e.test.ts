// A board's or tracker's edit reads what it shows outside a transaction (Store.reads: it reads it again
// after the edit), and the table's settings (its language for the render, its picture setting) once:
// the render and the picture setting each read both settings rows, in a SERIALIZABLE transaction, 8
// statements where 4 do (issue 32 §1: under an evening of tables every tracker change was read twice
// like this, before its edit and after it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentQueries } from '../helpers/pg-queries.js';
import { testBackend } from '../helpers/backend.js';
import { startHarness, type Harness } from './harness.js';
import { opt, sub } from './fate-driver.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('board-reads');
});
afterAll(async () => {
  await h?.close();
});

describe.runIf(testBackend === 'postgres')('a tracker edit’s reads on PostgreSQL (issue 32 §1)', () => {
  it('reads the tracker outside a transaction, and the table’s settings once for each read', async () => {
    const { gm } = h.fake.users;
    const channelId = h.fake.createTextChannel({ name: 'board-reads' });
    await h.fake.command({ name: 'gm', channelId, user: gm, options: sub('claim') });
    await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('start', [opt('ruleset', 'fate')]) });
    for (const [who, side] of [['Saber', 'a'], ['Lancer', 'b']] as const) {
      await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('add', [opt('who', who), opt('side', side), opt('hp', 40), opt('iv', 10), opt('pool', '6d6<=4')]) });
    }
    await h.bot.idle();
    const sent = await sentQueries(async () => {
      await h.fake.command({ name: 'combat', channelId, user: gm, options: sub('next') });
      await h.bot.idle();
    });
    const trackerReads = sent.filter((q) => /^select "tracker_message_id" from "combats"/.test(q.text)).length;
    const settingsReads = sent.filter((q) => /from "channel_settings"/.test(q.text)).length;
    expect(trackerReads).toBeGreaterThanOrEqual(1); // the tracker was edited (read before its edit, and after)
    expect(settingsReads).toBe(trackerReads);
    // no tracker read inside a transaction: the statement before it on its connection is not BEGIN
    for (const [i, q] of sent.entries()) {
      if (!/^select "tracker_message_id"/.test(q.text)) continue;
      const before = sent.slice(0, i).findLast((p) => p.client === q.client);
      expect(before?.text ?? '').not.toMatch(/^begin/i);
    }
  }, 60_000);
});
