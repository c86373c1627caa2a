// Retention and deletion through the real client: the server owner deletes the server's data after a
// confirm button (nobody else can), and old rolls and events are pruned unless something still needs them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneBefore } from '../../src/store/retention.js';
import { rows } from '../helpers/db.js';
import { EPHEMERAL, embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('data');
});
afterAll(async () => {
  await h.close();
});

const sub = (name: string) => [{ name, type: 1, options: [] }];

describe('/data delete (Discord developer policy: data deleted on request)', () => {
  it('only the server owner may ask; a confirm button deletes every row of the server and nothing else', async () => {
    const { player, gm, owner, admin } = h.fake.users;
    await h.fake.command({ name: 'gm', user: gm, options: sub('claim') });
    await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '8d6<=4' }] });
    // the GM's DMs closed: the secret roll's copy waits in the GM's inbox (an outbox row of this server)
    h.fake.setDmsClosed(gm.id);
    await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '1d100<=50' }, { name: 'secret', value: true }] });
    h.fake.setDmsClosed(gm.id, false);
    expect((await rows(h.store, 'outbox', (c) => eq(c.guildId, h.fake.guildId))).filter((r) => r.kind === 'dm' && r.status === 'failed')).toHaveLength(1);
    await h.fake.command({ name: 'war', user: gm, options: [{ name: 'start', type: 1, options: [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Fuyuki' }] }] });
    // Another server's roll must survive.
    const other = await h.store.transaction(async (tx) => {
      const [r] = await tx.db
        .insert(tx.t.rolls)
        .values({ createdAt: new Date(), guildId: '999999999999999999', channelId: '888888888888888888', userId: player.id, normalized: '1d6', kind: 'sum', value: 3, outcome: null, faces: '3', comment: null, secret: false })
        .returning({ id: tx.t.rolls.id });
      return r!.id;
    });

    for (const user of [player, admin]) {
      const refused = await h.fake.command({ name: 'data', user, options: sub('delete') });
      expect(answerOf(refused).flags & EPHEMERAL).toBe(EPHEMERAL);
      expect(embedText(answerOf(refused))).toMatch(/Only the server owner/);
    }
    const ask = await h.fake.command({ name: 'data', user: owner, options: sub('delete') });
    expect(answerOf(ask).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(embedText(answerOf(ask))).toMatch(/cannot be undone/);
    expect(await rows(h.store, 'rolls', (c) => eq(c.guildId, h.fake.guildId))).toHaveLength(2);

    const done = await h.fake.button({ customId: 'data:delete', user: owner });
    expect(embedText(answerOf(done))).toMatch(/Deleted: \d+ stored records/);
    for (const table of ['rolls', 'events', 'secrets', 'wars', 'channelGms', 'outbox'] as const) {
      expect(await rows(h.store, table, (c) => eq(c.guildId, h.fake.guildId)), table).toHaveLength(0);
    }
    expect((await rows(h.store, 'rolls')).map((r) => r.id)).toEqual([other]);
  });
});

describe('retention', () => {
  it('prunes rolls and events older than the cutoff, except a running war’s channel and rolls a pending seal or an unrevealed secret still needs', async () => {
    const { player, gm } = h.fake.users;
    const channel = h.fake.channelId;
    await h.fake.command({ name: 'gm', user: gm, options: sub('claim') });
    await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '2d6+3' }] });
    await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '1d100<=50' }, { name: 'secret', value: true }] });
    await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '8d6<=4' }] });
    const [plain, secret, sealed] = await rows(h.store, 'rolls', (c) => eq(c.guildId, h.fake.guildId));
    // A Command Seal request the GM has not decided yet points at the third roll (seed 001 L288).
    await h.store.transaction((tx) =>
      tx.db.insert(tx.t.sealRequests).values({ guildId: h.fake.guildId, channelId: channel, characterId: 1, requesterId: player.id, gmId: gm.id, effect: { kind: 'bonus' }, rollIds: [sealed!.id], status: 'pending', createdAt: new Date() }),
    );
    const later = new Date(Date.now() + 86_400_000);

    const stored = (await rows(h.store, 'rolls')).length; // the other server's roll from above too
    const pruned = await h.store.transaction((tx) => pruneBefore(tx, later));
    expect(pruned.rolls).toBe(stored - 2);
    const left = (await rows(h.store, 'rolls', (c) => eq(c.channelId, channel))).map((r) => r.id);
    expect(left).toEqual([secret!.id, sealed!.id]); // a commitment not revealed yet; a seal not decided yet
    expect(left).not.toContain(plain!.id);
    expect(await rows(h.store, 'events', (c) => eq(c.channelId, channel))).toHaveLength(0);

    // A running war keeps its channel's whole history (undo).
    await h.fake.command({ name: 'war', user: gm, options: [{ name: 'start', type: 1, options: [{ name: 'ruleset', value: 'percent' }, { name: 'name', value: 'Kept' }] }] });
    await h.fake.command({ name: 'roll', user: player, options: [{ name: 'expression', value: '2d6' }] });
    const again = await h.store.transaction((tx) => pruneBefore(tx, later));
    expect(again.rolls + again.events).toBe(0);
  });
});
