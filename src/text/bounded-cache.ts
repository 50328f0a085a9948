/**
 * A bounded cache that keeps what is used: entries live in a young and an
 * old generation; a hit in the old one moves the entry to the young one,
 * and when the young one is full the old one is dropped. At most `cap`
 * entries. A hit in the young generation is one Map lookup: re-inserting
 * on every hit (a Map-based LRU) made each frame's thousands of width
 * and line lookups churn the Map's hash table into garbage.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  // Entries of the previous generation; dropped whole when the young one fills.
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(cap: number) {
    this.half = Math.max(1, Math.floor(cap / 2));
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) {
      this.old.delete(key);
      this.put(key, o);
    }
    return o;
  }

  set(key: K, v: V): void {
    if (this.young.has(key)) this.young.set(key, v);
    else {
      this.old.delete(key);
      this.put(key, v);
    }
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  private put(key: K, v: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, v);
  }
}
