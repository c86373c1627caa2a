import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.js';
import { appendEvent } from '../../src/store/events.js';
import { channelGm, setChannelGm } from '../../src/store/gms.js';
import { insertRoll, lastRoll } from '../../src/store/rolls.js';
import { events } from '../../src/store/schema.js';

const dirs: string[] = [];
function tempDbPath(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-store-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'folder', 'bot.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const sampleRoll = (id: string, value: number) => ({
  createdAt: new Date(1_700_000_000_000),
  guildId: 'g1',
  channelId: 'c1',
  userId: id,
  expression: '8d6<=4',
  normalized: '8d6<=4',
  kind: 'count' as const,
  value,
  outcome: null,
  dice: [{ sides: 6, face: 3, kept: true, success: true, pool: 0 }],
  result: { any: 'tree' },
  comment: 'attack',
  secret: false,
});

describe('store', () => {
  it('creates the file and its folders and applies migrations on an empty file, in WAL mode', () => {
    const file = tempDbPath();
    expect(fs.existsSync(file)).toBe(false);
    const store = openStore(file);
    expect(fs.existsSync(file)).toBe(true);
    const mode = store.sqlite.pragma('journal_mode', { simple: true });
    expect(mode).toBe('wal');
    const tables = store.sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all()
      .map((r: unknown) => (r as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(['channel_gms', 'events', 'rolls']));
    store.close();
  });

  it('keeps a roll, with every die, across closing and reopening the file', () => {
    const file = tempDbPath();
    let store: Store = openStore(file);
    store.transaction((tx) => {
      insertRoll(tx, sampleRoll('u1', 2));
      insertRoll(tx, sampleRoll('u1', 5));
      insertRoll(tx, sampleRoll('u2', 1));
    });
    store.close();

    store = openStore(file); // migrations run again and must be a no-op
    const last = store.transaction((tx) => lastRoll(tx, 'u1', 'c1'));
    expect(last?.value).toBe(5);
    expect(last?.dice).toEqual([{ sides: 6, face: 3, kept: true, success: true, pool: 0 }]);
    expect(last?.createdAt.getTime()).toBe(1_700_000_000_000);
    expect(store.transaction((tx) => lastRoll(tx, 'u1', 'other-channel'))).toBeUndefined();
    store.close();
  });

  it('rolls back everything in a transaction that throws', () => {
    const store = openStore(tempDbPath());
    expect(() =>
      store.transaction((tx) => {
        setChannelGm(tx, { channelId: 'c1', guildId: 'g1', userId: 'u1', locale: 'ja', assignedBy: 'u1', assignedAt: new Date() });
        appendEvent(tx, { at: new Date(), guildId: 'g1', channelId: 'c1', actorId: 'u1', type: 'gm.claimed', subject: 'channel:c1', before: null, after: {} });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.transaction((tx) => channelGm(tx, 'c1'))).toBeUndefined();
    expect(store.db.select().from(events).all()).toHaveLength(0);
    store.close();
  });
});
