// startBot with SHARD_COUNT/SHARD_IDS through the real discord.js client: `auto` asks GET /gateway/bot,
// the process identifies exactly its shards, and ids outside Discord's count fail before connecting.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { seededRandom } from '../../src/core/random.js';
import { startBot } from '../../src/discord/bot.js';
import { openStore, type Store } from '../../src/store/db.js';
import { testDatabase, type TestDatabase } from '../helpers/backend.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';
import { answered } from './harness.js';

let fake: FakeDiscord;
let database: TestDatabase;
let store: Store;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  fake = await startFakeDiscord({ shardCount: 3 });
  database = await testDatabase('bot-shards');
  store = await openStore(database.url);
});
afterAll(async () => {
  await store?.close();
  await fake?.close();
  await database?.drop();
});

describe('startBot with shards', () => {
  it('SHARD_COUNT=auto SHARD_IDS=1-2: Discord recommends 3, the process identifies [1,3] and [2,3] and answers a guild of shard 2', async () => {
    const bot = await startBot({ token: fake.token, api: fake.apiBase, store, rng: seededRandom('shards'), log, shards: { count: 'auto', ids: [1, 2] } });
    try {
      expect(fake.identifies.map((d) => d.shard).sort()).toEqual([[1, 3], [2, 3]]);
      expect(fake.requests.some((r) => r.route === 'GET /gateway/bot')).toBe(true);
      const g2 = fake.createGuild({ shard: 2 });
      const ex = await fake.command({ name: 'roll', guildId: g2.guildId, channelId: g2.channelId, options: [{ name: 'expression', value: '1d6' }] });
      expect(answered(ex)).toBe(true);
      // shard 0 (DMs and its guilds) is some other process's: the fake has nobody to deliver to
      await expect(fake.command({ name: 'roll', guildId: null, options: [{ name: 'expression', value: '1d6' }] })).rejects.toThrow(/shard 0/);
    } finally {
      await bot.stop();
    }
  });

  it('SHARD_COUNT=auto with SHARD_IDS beyond the recommendation: a ConfigError, no gateway connection', async () => {
    const before = fake.identifies.length;
    const started = startBot({ token: fake.token, api: fake.apiBase, store, rng: seededRandom('shards'), log, shards: { count: 'auto', ids: [3] } });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(/Discord recommends 3 shard/);
    expect(fake.identifies.length).toBe(before);
  });
});
