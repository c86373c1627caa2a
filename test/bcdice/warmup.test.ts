// The systems channels chose are loaded after start-up, before anyone rolls there (issue 14: the first
// BCDice load measured 160 ms warm; on a cold disk it eats into Discord's 3-second answer window).
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { isSystemLoaded } from '../../src/bcdice/index.js';
import { warmSystems } from '../../src/services/systems-warmup.js';
import { openStore } from '../../src/store/db.js';
import { setChannelSystem } from '../../src/store/systems.js';
import { testDatabase } from '../helpers/backend.js';

const db = await testDatabase('warmup');
const store = await openStore(db.url);
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('BCDice warm-up', () => {
  it('loads each system some channel uses (once, even when several channels share it), and nothing else', async () => {
    await store.transaction(async (tx) => {
      for (const [channelId, system] of [['1', 'Cthulhu7th'], ['2', 'Cthulhu7th'], ['3', 'SwordWorld2.5']] as const)
        await setChannelSystem(tx, { channelId, guildId: '9', system, setBy: '5', setAt: new Date() });
    });
    expect(isSystemLoaded('Cthulhu7th')).toBe(false);
    const loaded = await warmSystems(store, pino({ level: 'silent' }));
    expect(loaded.sort()).toEqual(['Cthulhu7th', 'SwordWorld2.5']);
    expect(isSystemLoaded('Cthulhu7th')).toBe(true);
    expect(isSystemLoaded('SwordWorld2.5')).toBe(true);
    expect(isSystemLoaded('PersonaO')).toBe(false);
  });
});
