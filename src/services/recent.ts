// A cache of values trusted for a while (a channel's settings, a user's remembered language). Entries
// past their lifetime go as new ones come in — insertion order is time order — so it holds the last
// minute's working set instead of everyone seen since the start, until a size bound: a full shard's
// day touches all of its 125,000 channels and 100,000 users (issue 32 §2). When no new entry comes (the
// evening is over), a timer drops the expired ones too: otherwise the last busy minute's entries
// stayed in memory, unread, until the next busy minute.
export class Recent<K, V> {
  /** `at`: the caller's time of the value (what get() judges by); `kept`: the clock's, for the timer */
  private readonly entries = new Map<K, { value: V; at: number; kept: number }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly lifetimeMs: number,
    private readonly max: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The value set less than lifetimeMs before `now`. */
  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    return entry && now - entry.at < this.lifetimeMs ? entry.value : undefined;
  }

  set(key: K, value: V, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: now, kept: this.clock() });
    for (const [oldest, entry] of this.entries) {
      if (now - entry.at < this.lifetimeMs && this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
    this.schedule();
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Drops what was kept longer than the lifetime, at the oldest entry's expiry (never more often than a
   * tenth of the lifetime); an empty cache holds no timer, and the timer never keeps the process up.
   */
  private schedule(): void {
    if (this.timer) return;
    const oldest = this.entries.values().next();
    if (oldest.done) return;
    const delay = Math.max(oldest.value.kept + this.lifetimeMs - this.clock(), this.lifetimeMs / 10);
    this.timer = setTimeout(() => {
      this.timer = null;
      const now = this.clock();
      for (const [key, entry] of this.entries) {
        if (now - entry.kept < this.lifetimeMs) break;
        this.entries.delete(key);
      }
      this.schedule();
    }, delay);
    this.timer.unref();
  }
}
