// A full shard in one process (issue 32 §2), scaled down for every run: the same shardRun as
// `npm run soak` (bench/shard.ts: 2,500 guilds, 100,000 users), here 20 guilds of 10 channels and 20
// roles (with emojis and stickers) sent unavailable in READY then by GUILD_CREATE, and a day of 400
// users. Exact facts, never timings: every guild ready with its channels and roles, every interaction
// answered, every DM and deletion made once — and discord.js keeps only what the bot reads
// (src/discord/cache.ts): after the day no user but the bot, no member but its own and one newest per
// guild, no message, no emoji or sticker, and DM channels only for the people DMed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardRun, type ShardResult } from '../../bench/shard.js';
import { openStore } from '../../src/store/db.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';
import { rows } from '../helpers/db.js';

const options = { guilds: 20, channels: 10, roles: 20, emojis: 5, stickers: 2, users: 400, concurrency: 8, checkSpec: true };
let database: TestDatabase;
let result: ShardResult;
beforeAll(async () => {
  database = await testDatabase('shard');
  result = await shardRun(database.url, options);
}, 120_000);
afterAll(async () => {
  await database?.drop();
});

describe(`a full shard in one process, scaled down (${testBackend})`, () => {
  it('is ready with every guild of READY, each with its channels and roles, and the bot’s own member in each', () => {
    expect(result.messageContent).toBe(true);
    // the bot runs with the Docker image's environment, so the bench measures what ships (issue 32 §2)
    expect(result.mallocArenaMax).toBe('2');
    expect(result.caches.ready).toMatchObject({ guilds: 20, channels: 200, roles: 400, withMe: 20, dmChannels: 0 });
  });

  it('answers the whole day: 40 setup interactions, 280 from users, 120 typed messages, 0 errors', () => {
    expect(result.failures).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.sent).toEqual({ gmClaim: 20, gmChatRolls: 20, roll: 240, secretRoll: 20, secretChatRoll: 20, chatter: 80, chatRoll: 20, help: 20 });
    expect(result.interactions).toBe(320);
    expect(result.answered).toBe(320);
  });

  it('delivers each effect once: the GM’s copy of every secret roll, a typed secret roll’s answer to its roller, each typed secret hidden, each typed roll answered', () => {
    const { sent, tally } = result;
    expect(tally.dm).toBe(sent.secretRoll + 2 * sent.secretChatRoll);
    // the typed secrets hidden (a slow command's private placeholder, deleted once answered, is not counted)
    expect(tally.userDeleted).toBe(sent.secretChatRoll);
    // a reply to each typed roll, and each secret roll's public commitment
    expect(tally.channel).toBe(sent.chatRoll + sent.secretRoll + sent.secretChatRoll);
    expect(tally['interaction-response']).toBe(result.interactions);
  });

  it('stores every roll once: /roll, secret /roll, and rolls typed in chat', async () => {
    const store = await openStore(database.url);
    try {
      const { sent } = result;
      expect(await rows(store, 'rolls')).toHaveLength(sent.roll + sent.secretRoll + sent.chatRoll + sent.secretChatRoll);
    } finally {
      await store.close();
    }
  });

  it('keeps only what the bot reads after a day of 400 users: no user but itself, no member but its own, no message, emoji or sticker, a DM channel per person DMed', () => {
    const { ready, day } = result.caches;
    for (const caches of [ready, day]) {
      expect(caches).toMatchObject({ users: 1, messages: 0, emojis: 0, stickers: 0, presences: 0, voiceStates: 0, withMe: 20 });
    }
    expect(ready.members).toBe(20);
    // each guild's own member only: the day's members went with the events that brought them (issue 32 §2)
    expect(day.members).toBe(20);
    expect(day).toMatchObject({ guilds: 20, roles: 400, channels: 200 + result.dmRecipients, dmChannels: result.dmRecipients });
    expect(result.dmRecipients).toBe(40); // the 20 guilds' GMs and the 20 who typed a secret roll
  });
});
