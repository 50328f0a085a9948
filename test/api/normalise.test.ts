import { describe, expect, it } from 'vitest';
import { normaliseAssignees, normaliseDueDate, normaliseTagColor, TAG_HEX } from '../../src/api/normalise.js';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter } from '../../src/api/retry.js';

describe('normaliseAssignees', () => {
  it.each<[string, unknown, string[]]>([
    ['null', null, []],
    ['absent', undefined, []],
    ['array of emails', ['a@x.io', ' b@x.io '], ['a@x.io', 'b@x.io']],
    [
      'array of objects',
      [{ Email: 'a@x.io', Name: 'A' }, { email: 'b@x.io' }, { Name: 'Cy' }, { Id: 3 }],
      ['a@x.io', 'b@x.io', 'Cy'],
    ],
    ['comma string', 'a@x.io, b@x.io,,', ['a@x.io', 'b@x.io']],
    ['single object', { Email: 'a@x.io' }, ['a@x.io']],
    ['duplicates', ['a@x.io', { Email: 'a@x.io' }], ['a@x.io']],
    ['a number', 42, []],
  ])('%s', (_n, input, out) => {
    expect(normaliseAssignees(input)).toEqual(out);
    expect(normaliseAssignees(normaliseAssignees(input))).toEqual(out); // idempotent
  });
});

describe('normaliseDueDate', () => {
  it.each<[string, unknown, string | null]>([
    ['null', null, null],
    ['empty', '', null],
    ['zero', 0, null],
    ['ISO', '2026-11-22T04:28:00.000Z', '2026-11-22T04:28:00.000Z'],
    ['date only', '2026-11-22', '2026-11-22T00:00:00.000Z'],
    ['epoch seconds', 1795321680, '2026-11-22T04:28:00.000Z'],
    ['epoch ms', 1795321680000, '2026-11-22T04:28:00.000Z'],
    ['numeric string', '1795321680', '2026-11-22T04:28:00.000Z'],
    ['unreadable text kept', 'next Tuesday', 'next Tuesday'],
    ['an object', { d: 1 }, null],
  ])('%s', (_n, input, out) => {
    expect(normaliseDueDate(input)).toBe(out);
    expect(normaliseDueDate(out)).toBe(out);
  });
});

describe('normaliseTagColor', () => {
  it('reads palette indexes as string or number', () => {
    expect(normaliseTagColor('3')).toEqual({ index: 3, name: 'yellow', hex: TAG_HEX.yellow });
    expect(normaliseTagColor(1)).toEqual({ index: 1, name: 'red', hex: TAG_HEX.red });
  });
  it('reads hex colours', () => {
    expect(normaliseTagColor('#FF8800')).toEqual({ index: null, name: '#ff8800', hex: '#ff8800' });
    expect(normaliseTagColor('#f80')).toEqual({ index: null, name: '#f80', hex: '#ff8800' });
  });
  it('reads names', () => {
    expect(normaliseTagColor('Green')).toEqual({ index: 4, name: 'green', hex: TAG_HEX.green });
    expect(normaliseTagColor('grey')).toMatchObject({ index: 0, name: 'gray' });
    expect(normaliseTagColor('chartreuse')).toEqual({ index: null, name: 'chartreuse', hex: null });
  });
  it('unknowns are uncoloured', () => {
    expect(normaliseTagColor('99')).toEqual({ index: null, name: '99', hex: null });
    expect(normaliseTagColor(null)).toEqual({ index: null, name: '', hex: null });
  });
});

describe('retry arithmetic', () => {
  it('Retry-After as seconds or HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
  it('full jitter stays within the doubling ceiling and the cap', () => {
    const max = { ...DEFAULT_RETRY, random: () => 0.999999 };
    expect(backoffDelay(1, max)).toBeLessThan(DEFAULT_RETRY.baseDelayMs);
    expect(backoffDelay(3, max)).toBeLessThan(DEFAULT_RETRY.baseDelayMs * 4);
    expect(backoffDelay(30, max)).toBeLessThan(DEFAULT_RETRY.maxDelayMs);
    expect(backoffDelay(5, { ...DEFAULT_RETRY, random: () => 0 })).toBe(0);
  });
});
