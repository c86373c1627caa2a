// A table's settings, read in one statement (issue 32 §1): the channel's own row and its server's, each
// of which may be missing; a channel named without its server finds it through its own row. Run on
// SQLite and on PostgreSQL (one UNION ALL, the server's row first: its columns read both parts).
import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.js';
import { readTableSettings, setChannelLocale, tableSettings, updateGuildSettings } from '../../src/store/settings.js';
import { sentQueries } from '../helpers/pg-queries.js';
import { testBackend, testDatabase, type TestDatabase } from '../helpers/backend.js';

let store: Store | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  await store?.close();
  await database?.drop();
  store = database = undefined;
});

const at = new Date(1_700_000_000_000);
const nothing = { channelLocale: null, guildLocale: null, discordLocale: null, timeZone: null, images: null };

it('reads the channel’s row and its server’s, either missing, in one statement', async () => {
  database = await testDatabase('table-settings');
  store = await openStore(database.url);
  const s = store;
  const read = (channelId: string, guildId: string | null) => s.reads((tx) => readTableSettings(tx, channelId, guildId));

  expect(await read('1001', '2001')).toEqual(nothing);
  expect(await read('1001', null)).toEqual(nothing);

  // the server's row alone: images false is false (an integer on SQLite), not null
  await s.transaction((tx) => updateGuildSettings(tx, '2001', { locale: 'ko', timeZone: 'Asia/Seoul', images: false }, at));
  expect(await read('1001', '2001')).toEqual({ ...nothing, guildLocale: 'ko', timeZone: 'Asia/Seoul', images: false });
  // no server named and no row of the channel's own: no server to read
  expect(await read('1001', null)).toEqual(nothing);

  // the channel's row names its server: found without it
  await s.transaction((tx) => setChannelLocale(tx, { channelId: '1001', guildId: '2001', locale: 'ja', setBy: '3001', setAt: at }));
  const both = { channelLocale: 'ja', guildLocale: 'ko', discordLocale: null, timeZone: 'Asia/Seoul', images: false };
  expect(await read('1001', '2001')).toEqual(both);
  expect(await read('1001', null)).toEqual(both);
  // another channel of the server: the server's row only; another server: nothing of this one's
  expect(await read('1002', '2001')).toEqual({ ...both, channelLocale: null });
  expect(await read('1001', '2002')).toEqual({ ...nothing, channelLocale: 'ja' });

  await s.transaction((tx) => updateGuildSettings(tx, '2001', { images: true }, at));
  expect((await read('1001', null)).images).toBe(true);

  if (testBackend === 'postgres') {
    // one round trip, and the memo keeps a second ask in the same read from sending another
    const sent = await sentQueries(() => s.reads(async (tx) => {
      const memo = { ...tx, memo: new Map<string, unknown>() };
      await tableSettings(memo, '1001', '2001');
      await tableSettings(memo, '1001', '2001');
    }));
    expect(sent.map((q) => q.text)).toEqual([expect.stringMatching(/"guild_settings".*union all.*"channel_settings"/i)]);
  }
});
