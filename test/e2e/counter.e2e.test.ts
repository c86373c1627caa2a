// /counter through the real discord.js client: a generic counter with reset:day refills at the war's
// day end (the day-end hook in src/services/war/turn.ts; seed 001 L241–248 is that day end), and
// /war undo puts it back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import type { CommandOption } from './fake-discord/types.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('counter-e2e');
});
afterAll(async () => {
  await h?.close();
});

const sub = (name: string, options: CommandOption[] = []): CommandOption[] => [{ name, type: 1, options }];

describe('/counter', () => {
  it('create with reset:day, spend, refill at the war’s day end, undo restores', async () => {
    const channelId = h.fake.createTextChannel({ name: 'counters' });
    const { gm, player } = h.fake.users;
    const counterRow = async () => await row(h.store, 'counters', (c) => eq(c.channelId, channelId));
    await h.fake.command({ name: 'gm', user: gm, channelId, options: [{ name: 'claim', type: 1 }] });
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('start', [{ name: 'ruleset', value: 'fate' }, { name: 'name', value: 'Fuyuki' }]) });

    const created = await h.fake.command({ name: 'counter', user: player, channelId, options: sub('create', [{ name: 'name', value: '矢' }, { name: 'max', value: 3 }, { name: 'reset', value: 'day' }]) });
    expect(embedText(answerOf(created))).toContain('3/3');
    await h.fake.command({ name: 'counter', user: player, channelId, options: sub('add', [{ name: 'name', value: '矢' }, { name: 'amount', value: -2 }]) });
    expect(await counterRow()).toMatchObject({ value: 1, max: 3, reset: 'day' });
    const over = await h.fake.command({ name: 'counter', user: player, channelId, options: sub('add', [{ name: 'name', value: '矢' }, { name: 'amount', value: -5 }]) });
    expect(embedText(answerOf(over))).toContain('0/3'); // never below 0
    const missing = await h.fake.command({ name: 'counter', user: player, channelId, options: sub('add', [{ name: 'name', value: 'nothing' }, { name: 'amount', value: 1 }]) });
    expect(answerOf(missing).flags & EPHEMERAL).toBe(EPHEMERAL);

    // Out of the summoning phase into day 1 (not a day end), then advance until day 1 ends.
    const war = async () => await row(h.store, 'wars', (w) => eq(w.channelId, channelId));
    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    const startDay = (await war()).day;
    expect((await counterRow()).value).toBe(0);
    for (let i = 0; i < 6 && (await war()).day === startDay; i++) {
      expect((await counterRow()).value).toBe(0);
      await h.fake.command({ name: 'war', channelId, user: gm, options: sub('advance') });
    }
    expect((await war()).day).toBe(startDay + 1);
    expect((await counterRow()).value).toBe(3);

    await h.fake.command({ name: 'war', channelId, user: gm, options: sub('undo') });
    expect((await counterRow()).value).toBe(0);
    const list = await h.fake.command({ name: 'counter', user: player, channelId, locale: 'ja', options: sub('list') });
    expect(embedText(answerOf(list))).toMatch(/矢\*\*：0\/3（日の終わりに回復）/);
  });
});
