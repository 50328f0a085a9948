/**
 * A small LRU: a Map keeps insertion order, so re-inserting on a hit makes
 * the oldest entry the first key. Bounded so a long session paging through
 * 10,000 titles doesn't keep them all.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly cap: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, v: V): void {
    if (this.map.size >= this.cap) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, v);
  }
}
