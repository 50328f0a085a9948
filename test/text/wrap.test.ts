import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { wrap } from '../../src/text/wrap.js';

describe('wrap', () => {
  it('breaks at spaces within the width', () => {
    expect(wrap('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
  });
  it('keeps paragraphs', () => {
    expect(wrap('a\n\nb', 10)).toEqual(['a', '', 'b']);
  });
  it('splits a long word by cells without splitting emoji or CJK', () => {
    const lines = wrap('東京都渋谷区👩‍💻👩‍💻', 5);
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(5);
    expect(lines.join('')).toBe('東京都渋谷区👩‍💻👩‍💻');
  });
});
