// The client's channel cache (src/discord/cache.ts): discord.js keeps every DM channel the bot ever
// opened (users.send opens one per person), with no sweeper for them; a full shard's day DMs
// thousands of people. Only the newest are kept; guild channels are never dropped.
import { describe, expect, it } from 'vitest';
import { ChannelType, type Channel } from 'discord.js';
import { ChannelCache } from '../../src/discord/cache.js';

const dm = (id: string) => ({ id, isDMBased: () => true }) as unknown as Channel;
const text = (id: string) => ({ id, isDMBased: () => false }) as unknown as Channel;

describe('the channel cache', () => {
  it('keeps the newest DM channels only, oldest out first, and every guild channel', () => {
    const cache = new ChannelCache(3);
    cache.set('g1', text('g1'));
    for (const id of ['d1', 'd2', 'd3']) cache.set(id, dm(id));
    cache.set('g2', text('g2'));
    cache.set('d4', dm('d4'));
    expect([...cache.keys()].sort()).toEqual(['d2', 'd3', 'd4', 'g1', 'g2']);
    cache.set('d2', dm('d2')); // opened again: now the newest
    cache.set('d5', dm('d5'));
    expect([...cache.keys()].sort()).toEqual(['d2', 'd4', 'd5', 'g1', 'g2']);
  });

  it('forgets a DM channel discord.js removes itself, so it does not count against the bound', () => {
    const cache = new ChannelCache(2);
    cache.set('d1', dm('d1'));
    cache.set('d2', dm('d2'));
    cache.delete('d1');
    cache.set('d3', dm('d3'));
    expect([...cache.keys()].sort()).toEqual(['d2', 'd3']);
    cache.clear();
    cache.set('d4', dm('d4'));
    cache.set('d5', dm('d5'));
    expect([...cache.keys()].sort()).toEqual(['d4', 'd5']);
  });

  it('finds a kept DM channel by its recipient, and no longer once it was dropped', () => {
    const cache = new ChannelCache(2);
    const dmWith = (id: string, recipientId: string) => ({ id, recipientId, type: ChannelType.DM, partial: false, isDMBased: () => true }) as unknown as Channel;
    cache.set('d1', dmWith('d1', 'u1'));
    cache.set('d2', dmWith('d2', 'u2'));
    expect(cache.dmWith('u1')?.id).toBe('d1');
    cache.set('d3', dmWith('d3', 'u3')); // d1 is the oldest: dropped
    expect(cache.dmWith('u1')).toBeNull();
    expect(cache.dmWith('u3')?.id).toBe('d3');
    cache.delete('d2');
    expect(cache.dmWith('u2')).toBeNull();
    cache.clear();
    expect(cache.dmWith('u3')).toBeNull();
  });

  it('stays a cache of that kind through discord.js’s filter and map helpers', () => {
    const cache = new ChannelCache(2);
    cache.set('g1', text('g1'));
    cache.set('d1', dm('d1'));
    expect(cache.filter((c) => c.isDMBased()).size).toBe(1);
  });
});
