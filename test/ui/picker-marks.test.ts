/** A picker of several: how Space changes an item's mark and what Enter applies. */
import { describe, expect, it } from 'vitest';
import { startMarks, withMarks } from '../../src/ui/flows/marks.js';
import { applied, markOf, marksFrom, toggleMark } from '../../src/ui/prompts/use-picker-state.js';

const items = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
  { value: 'c', label: 'C' },
  { value: 'new', label: '+ New…', action: true },
];

describe('marks', () => {
  it('Space: marked ⇄ unmarked; what only some cards have becomes marked', () => {
    const m = marksFrom({ on: ['a'], some: ['b'], onApply: () => undefined })!;
    expect(items.map((i) => markOf(m, i))).toEqual(['✓', '-', ' ', null]); // an action has none
    expect(m.touched).toBe(false);
    const b = toggleMark(m, 'b');
    expect(markOf(b, items[1]!)).toBe('✓');
    expect(b.touched).toBe(true);
    expect(markOf(toggleMark(b, 'b'), items[1]!)).toBe(' ');
    expect(markOf(toggleMark(m, 'a'), items[0]!)).toBe(' ');
    // A picker of one has no marks.
    expect(markOf(null, items[0]!)).toBeNull();
  });

  it('Enter applies the marked and the unmarked; what only some have is in neither, actions never', () => {
    const m = toggleMark(marksFrom({ on: ['a'], some: ['b'], onApply: () => undefined })!, 'c');
    expect(applied(m, items)).toEqual({ on: ['a', 'c'], off: [] });
    expect(applied(toggleMark(m, 'a'), items)).toEqual({ on: ['c'], off: ['a'] });
  });

  it('each card keeps what it had unless unmarked, and gets what was marked', () => {
    expect(startMarks([['a', 'b'], ['a']])).toEqual({ on: ['a'], some: ['b'] });
    expect(startMarks([])).toEqual({ on: [], some: [] });
    expect(withMarks(['x', 'a', 'b'], ['a', 'c'], ['b'])).toEqual(['x', 'a', 'c']);
    expect(withMarks([], ['c'], [])).toEqual(['c']);
  });
});
