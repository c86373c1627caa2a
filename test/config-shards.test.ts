// SHARD_COUNT / SHARD_IDS: validated at start-up with messages that say what to write instead.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseShardIds, resolveShards } from '../src/config.js';
import { boardsShared } from '../src/discord/bot.js';

const problem = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('shard configuration', () => {
  it('no SHARD_COUNT: one shard, nothing to split', () => {
    expect(loadConfig({}).shards).toBeNull();
  });

  it('reads a count, auto, and id lists with ranges', () => {
    expect(loadConfig({ SHARD_COUNT: '4' }).shards).toEqual({ count: 4, ids: null });
    expect(loadConfig({ SHARD_COUNT: 'AUTO' }).shards).toEqual({ count: 'auto', ids: null });
    expect(loadConfig({ SHARD_COUNT: '8', SHARD_IDS: '0-3' }).shards).toEqual({ count: 8, ids: [0, 1, 2, 3] });
    expect(loadConfig({ SHARD_COUNT: '8', SHARD_IDS: ' 6, 0-1 ,4' }).shards).toEqual({ count: 8, ids: [0, 1, 4, 6] });
    expect(loadConfig({ SHARD_COUNT: 'auto', SHARD_IDS: '2,3' }).shards).toEqual({ count: 'auto', ids: [2, 3] });
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(problem({ SHARD_IDS: '0' })).toMatch(/SHARD_IDS needs SHARD_COUNT/);
    for (const bad of ['0', '-1', 'two', '1.5', '99999999']) expect(problem({ SHARD_COUNT: bad })).toMatch(/SHARD_COUNT must be auto or a whole number/);
    expect(problem({ SHARD_COUNT: '2', SHARD_IDS: '2' })).toMatch(/out of range: shard ids go from 0 to 1/);
    expect(problem({ SHARD_COUNT: '4', SHARD_IDS: '3-1' })).toMatch(/runs backwards/);
    expect(problem({ SHARD_COUNT: '4', SHARD_IDS: '0-2,2' })).toMatch(/shard 2 twice/);
    expect(problem({ SHARD_COUNT: '4', SHARD_IDS: 'all' })).toMatch(/ranges like 0-3 or 0,2/);
    expect(parseShardIds('0-', 4)).toMatch(/ranges like/);
  });

  it('resolves auto from Discord and checks the ids against it', async () => {
    let asked = 0;
    const recommended = async () => (asked++, 3);
    expect(await resolveShards({ count: 'auto', ids: null }, recommended)).toEqual({ count: 3, ids: [0, 1, 2] });
    expect(await resolveShards({ count: 'auto', ids: [1] }, recommended)).toEqual({ count: 3, ids: [1] });
    expect(await resolveShards({ count: 2, ids: null }, recommended)).toEqual({ count: 2, ids: [0, 1] });
    expect(asked).toBe(2);
    await expect(resolveShards({ count: 'auto', ids: [3, 4] }, recommended)).rejects.toThrow(/SHARD_IDS 3,4 out of range: Discord recommends 3/);
  });

  it('only a process that holds part of the shards shares its boards with others (src/discord/board.ts reads an edit back then)', async () => {
    const recommended = async () => 3;
    expect(boardsShared(null)).toBe(false);
    expect(boardsShared(await resolveShards({ count: 'auto', ids: null }, recommended))).toBe(false);
    expect(boardsShared(await resolveShards({ count: 3, ids: [2, 0, 1] }, recommended))).toBe(false);
    expect(boardsShared(await resolveShards({ count: 3, ids: [0, 1] }, recommended))).toBe(true);
    expect(boardsShared(await resolveShards({ count: 'auto', ids: [1] }, recommended))).toBe(true);
    expect(boardsShared({ count: 2, ids: [0, 0] })).toBe(true);
  });
});
