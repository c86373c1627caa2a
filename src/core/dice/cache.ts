// A small LRU of parsed programs (as avrae/d20 does): players repeat the same few expressions,
// so most rolls skip the normalizer, lexer and parser entirely.

export class LruCache<K, V> {
  // Map iterates in insertion order, so the first key is the least recently used.
  private readonly entries = new Map<K, V>();
  private newest: K | undefined;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    // Re-inserting marks the entry as recent; skip it when it already is (the common repeat).
    if (value !== undefined && key !== this.newest) {
      this.newest = key;
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.newest = key;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as K);
    }
  }

  clear(): void {
    this.newest = undefined;
    this.entries.clear();
  }
}
