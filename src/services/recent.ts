// A cache of values trusted for a while (a channel's settings, a user's remembered language). Entries
// past their lifetime go as new ones come in — insertion order is time order — so it holds the last
// minute's working set instead of everyone seen since the start, until a size bound: a full shard's
// day touches all of its 125,000 channels and 100,000 users (issue 32 §2).
export class Recent<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly max: number,
  ) {}

  /** The value set less than lifetimeMs before `now`. */
  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    return entry && now - entry.at < this.lifetimeMs ? entry.value : undefined;
  }

  set(key: K, value: V, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    for (const [oldest, entry] of this.entries) {
      if (now - entry.at < this.lifetimeMs && this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
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
}
