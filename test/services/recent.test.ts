// The bot's own short-lived caches (a channel's table and switches, a user's remembered language):
// past their lifetime an entry is gone, so a full shard's day does not keep every channel and user it
// touched (issue 32 §2).
import { describe, expect, it, vi } from 'vitest';
import { Recent } from '../../src/services/recent.js';

describe('a cache of recent values', () => {
  it('answers within the lifetime, not after, and drops what expired as new entries come in', () => {
    const recent = new Recent<string, number>(1_000, 100);
    recent.set('a', 1, 0);
    recent.set('b', 2, 500);
    expect(recent.get('a', 999)).toBe(1);
    expect(recent.get('a', 1_000)).toBeUndefined();
    recent.set('c', 3, 1_400); // a expired (set at 0), b not (500)
    expect(recent.size).toBe(2);
    recent.set('b', 4, 1_450); // renewed: now the newest
    recent.set('d', 5, 2_000); // c (1,400) and b (1,450) still fresh
    expect(recent.size).toBe(3);
    recent.set('e', 6, 2_600); // c and b expired
    expect([recent.get('d', 2_600), recent.get('e', 2_600), recent.size]).toEqual([5, 6, 2]);
  });

  it('keeps at most its bound, oldest out first', () => {
    const recent = new Recent<number, number>(60_000, 3);
    for (let i = 0; i < 5; i++) recent.set(i, i, i);
    expect(recent.size).toBe(3);
    expect([0, 1, 2, 3, 4].map((i) => recent.get(i, 10))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('drops what expired when nothing new comes in (the evening is over), and holds no timer once empty', () => {
    // issue 32 §2: a full shard's busy last minute stayed in memory, unread, until the next busy minute
    vi.useFakeTimers({ now: 0 });
    try {
      const recent = new Recent<string, number>(1_000, 100);
      recent.set('a', 1, 0);
      vi.advanceTimersByTime(500);
      recent.set('b', 2, 500);
      vi.advanceTimersByTime(499);
      expect(recent.size).toBe(2);
      vi.advanceTimersByTime(1); // a was kept 1,000 ms
      expect(recent.size).toBe(1);
      expect(recent.get('b', 1_000)).toBe(2);
      vi.advanceTimersByTime(500); // b too
      expect(recent.size).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
