/**
 * A search's count read one way for the board, `inboard search` and MCP:
 * exact, a lower bound ("1000+"), or not said.
 */
import { describe, expect, it } from 'vitest';
import { hasMorePages, totalText } from '../../src/api/search-result.js';
import { resultHeading } from '../../src/ui/search-hits.js';

const exact = (total: number | null) => ({ total, totalAtLeast: false, hits: [], understood: 'parcel' });
const atLeast = (total: number) => ({ total, totalAtLeast: true, hits: [], understood: 'parcel' });

describe('a search count', () => {
  it('is written as said, with a + when only the newest matches were counted', () => {
    expect(totalText(exact(12), 12)).toBe('12');
    expect(totalText(atLeast(812), 50)).toBe('812+');
    expect(totalText(exact(null), 7)).toBe('7');
  });

  it('says a page follows from the count, and past a lower bound from a full page', () => {
    expect(hasMorePages(exact(120), 2, 50, 50)).toBe(true);
    expect(hasMorePages(exact(100), 2, 50, 50)).toBe(false);
    expect(hasMorePages(exact(null), 1, 50, 50)).toBe(true);
    expect(hasMorePages(exact(null), 1, 50, 49)).toBe(false);
    // 812 cards counted among the newest matches; page 17 (801–850) is full, so more may follow.
    expect(hasMorePages(atLeast(812), 17, 50, 50)).toBe(true);
    expect(hasMorePages(atLeast(812), 18, 50, 20)).toBe(false);
  });

  it('heads the board search list in words', () => {
    expect(resultHeading(exact(1), 'parcel', 1)).toBe('1 card for parcel');
    expect(resultHeading(exact(120), 'parcel', 50)).toBe('120 cards for parcel (best 50)');
    expect(resultHeading(atLeast(812), 'parcel', 50)).toBe('812+ cards for parcel (best 50)');
    expect(resultHeading(exact(0), 'parcel', 0)).toBe('Nothing found for parcel');
  });
});
