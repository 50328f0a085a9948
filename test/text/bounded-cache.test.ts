import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/text/bounded-cache.js';

describe('BoundedCache', () => {
  it('answers what was last set for a key, or nothing, and never holds more than its cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 40 }), fc.integer()), { maxLength: 300 }),
        (cap, ops) => {
          const cache = new BoundedCache<number, number>(cap);
          const last = new Map<number, number>();
          for (const [isSet, key, value] of ops) {
            if (isSet) {
              cache.set(key, value);
              last.set(key, value);
            } else {
              const got = cache.get(key);
              if (got !== undefined) expect(got).toBe(last.get(key));
            }
            expect(cache.size).toBeLessThanOrEqual(Math.max(2, cap));
          }
        },
      ),
    );
  });

  it('keeps a key that is used while many others come and go', () => {
    const cache = new BoundedCache<string, number>(8);
    cache.set('hot', 1);
    for (let i = 0; i < 1000; i++) {
      cache.set(`cold${i}`, i);
      expect(cache.get('hot')).toBe(1);
    }
    expect(cache.get('cold0')).toBeUndefined();
  });
});
