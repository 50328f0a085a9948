/**
 * The tolerant reading: every known variant of a field reads to the same
 * model, ids stay exact, and JSON never rounds an integer. The property
 * tests take the run's seed (test/setup.ts prints it; `FC_SEED=<n>` replays one).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonExact, quoteUnsafeIntegers, reprintJsonExact } from '../../src/api/exact-json.js';
import { readBoard, readColumn } from '../../src/api/tolerant.js';
import { isUnreadable, type Card } from '../../src/api/read-model.js';
import { readCard, readCardDetail } from '../../src/api/tolerant-cards.js';
import { versionOfETag } from '../../src/api/errors.js';

// The seed is test/setup.ts's, printed once per test process (FC_SEED replays it).
const params = { numRuns: 300 };

describe('parseJsonExact', () => {
  it('keeps integers past 2^53 as their digits and everything else as JSON.parse has it', () => {
    const v = parseJsonExact('{"a":9007199254740993,"b":[-90071992547409931,1.5,12,"9007199254740993"],"c":1e400}');
    expect(v).toEqual({ a: '9007199254740993', b: ['-90071992547409931', 1.5, 12, '9007199254740993'], c: Infinity });
  });

  it('leaves text without long digit runs to JSON.parse, and invalid JSON invalid', () => {
    expect(quoteUnsafeIntegers('{"a":1}')).toBe('{"a":1}');
    expect(() => parseJsonExact('{"a":90071992547409931')).toThrow(SyntaxError);
    expect(() => parseJsonExact('{"a": 0090071992547409931}')).toThrow(SyntaxError);
  });

  it('digits inside strings, escapes included, are never touched', () => {
    const text = '{"s":"x\\"9007199254740993\\\\","t":"\\u00419007199254740993"}';
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
  });

  it('reprints a body with its big integers as digits', () => {
    expect(reprintJsonExact('{"Id":9007199254740993}', (v) => JSON.stringify(v))).toBe('{"Id":9007199254740993}');
  });

  it('property: any JSON value with big integers spliced in reads back exactly', () => {
    const big = fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }).map((n) => ({ big: n }));
    const leaf = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      big,
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    const write = (v: unknown): string =>
      v !== null && typeof v === 'object' && 'big' in v && typeof v.big === 'bigint'
        ? v.big.toString()
        : Array.isArray(v)
          ? `[${v.map(write).join(',')}]`
          : v !== null && typeof v === 'object'
            ? `{${Object.entries(v)
                .map(([k, x]) => `${JSON.stringify(k)}:${write(x)}`)
                .join(',')}}`
            : JSON.stringify(v);
    const expected = (v: unknown): unknown =>
      v !== null && typeof v === 'object' && 'big' in v && typeof v.big === 'bigint'
        ? v.big.toString()
        : Array.isArray(v)
          ? v.map(expected)
          : v !== null && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expected(x)]))
            : typeof v === 'number' &&
                Number.isInteger(v) &&
                Math.abs(v) > Number.MAX_SAFE_INTEGER &&
                Math.abs(v) < 1e21
              ? String(v) // written as digits past 2^53 (2^53 itself included): which integer it was can't be known
              : (JSON.parse(JSON.stringify(v)) as unknown);
    fc.assert(
      fc.property(value, (v) => {
        expect(parseJsonExact(write(v))).toEqual(expected(v));
      }),
      params,
    );
  });
});

describe('reading boards, columns and cards', () => {
  it('Users in every observed form', () => {
    const users = (u: unknown) => {
      const b = readBoard({ Id: 1, Name: 'B', Owner: 'o@x', Users: u });
      return isUnreadable(b) ? null : b.Users;
    };
    expect(users('a@x, b@y')).toEqual(['a@x', 'b@y']);
    expect(users([])).toEqual([]);
    expect(users(null)).toEqual([]);
    expect(users(['a@x'])).toEqual(['a@x']);
    expect(users([{ Email: 'a@x' }, { email: 'b@y' }])).toEqual(['a@x', 'b@y']);
    expect(users('')).toEqual([]);
  });

  it('a board or column without a usable id is unreadable, with the reason', () => {
    expect(readBoard({ Owner: 'x' })).toEqual({ unreadable: 'it has no board id', rawId: null });
    expect(readBoard('hello')).toEqual({ unreadable: 'the entry is a string, not a board', rawId: null });
    expect(readColumn({ Id: 'Label_3', Name: 'x' })).toEqual({
      unreadable: 'it has no numeric column id',
      rawId: 'Label_3',
    });
    expect(readColumn({ Id: 4, Name: 'x' })).toEqual({ Id: 4, ColumnId: null, Name: 'x' });
  });

  it('ids: numbers, big digit strings, hex, wamid — and never one with control characters', () => {
    const id = (v: unknown) => {
      const c = readCard({ DragTaskId: v, TaskName: 't' });
      return isUnreadable(c) ? c.unreadable : c.ServiceTaskId;
    };
    expect(id(42)).toBe('42');
    expect(id('9007199254740993')).toBe('9007199254740993');
    expect(id('18c2f3a9b4d5e6f7')).toBe('18c2f3a9b4d5e6f7');
    expect(id('wamid-4915112345678-7-1')).toBe('wamid-4915112345678-7-1');
    expect(id(1.5)).toBe('it has no card id');
    expect(id('a\u0000b')).toBe('it has no card id');
    expect(id({ x: 1 })).toBe('it has no card id');
  });

  it('a title that is not text makes the row unreadable, keeping its id', () => {
    expect(readCard({ Id: 7, Title: { x: 1 } })).toEqual({ unreadable: 'its title is an object', rawId: '7' });
  });

  it('the card detail keeps only what was sent', () => {
    expect(readCardDetail({ Id: 5, Title: 'T', Note: 'n', BoardId: 2 }, '5')).toEqual({
      ServiceTaskId: '5',
      TaskName: 'T',
      Note: 'n',
      BoardId: 2,
    });
    expect(readCardDetail({ Title: 'T' }, 'abc')).toEqual({ ServiceTaskId: 'abc', TaskName: 'T' });
  });

  it('property: random mixes of the variants read to the same card', () => {
    const model: Card = {
      ServiceTaskId: '9007199254740993',
      TaskName: 'Refund for Zoë',
      ReadUnreadStatus: 0,
      ColumnId: 'Label_9726643905',
      BoardId: 4,
      DueDate: '2026-12-01T17:00:00.000Z',
      Assignees: ['ana@example.com', 'ben@example.com'],
      ThreadOwnerEmail: 'owner@example.com',
      CreatedAt: '2026-11-01T09:00:00.000Z',
      Status: '1',
      CustomFields: '{}',
    };
    const casing = fc.constantFrom<(k: string) => string>(
      (k) => k,
      (k) => k[0]!.toLowerCase() + k.slice(1),
      (k) => k.toLowerCase(),
    );
    const idKey = fc.constantFrom('ServiceTaskId', 'DragTaskId', 'Id');
    const titleKey = fc.constantFrom('TaskName', 'Title');
    const assignees = fc.constantFrom<unknown>(
      '["ana@example.com","ben@example.com"]',
      ['ana@example.com', 'ben@example.com'],
      'ana@example.com, ben@example.com',
      [{ Email: 'ana@example.com' }, { email: 'ben@example.com' }],
    );
    const unread = fc.constantFrom<unknown>(0, '0', false, 'unread-mail');
    const due = fc.constantFrom<unknown>(
      '2026-12-01T17:00:00.000Z',
      1796144400,
      '1796144400000',
      'Tue, 01 Dec 2026 17:00:00 GMT',
    );
    const board = fc.constantFrom<unknown>(4, '4');
    fc.assert(
      fc.property(casing, idKey, titleKey, assignees, unread, due, board, (c, ik, tk, a, u, d, b) => {
        const raw = {
          [c(ik)]: '9007199254740993',
          [c(tk)]: 'Refund for Zoë',
          [c('ReadUnreadStatus')]: u,
          [c('ColumnId')]: 'Label_9726643905',
          [c('BoardId')]: b,
          [c('DueDate')]: d,
          [c('Assignees')]: a,
          [c('ThreadOwnerEmail')]: 'owner@example.com',
          [c('CreatedAt')]: '2026-11-01T09:00:00.000Z',
          [c('Status')]: 1,
          [c('CustomFields')]: '{}',
        };
        // The same row as the server's JSON text, big id as raw digits.
        const text = JSON.stringify(raw).replace('"9007199254740993"', '9007199254740993');
        expect(readCard(parseJsonExact(text))).toEqual(model);
      }),
      params,
    );
  });
});

describe('a card’s version (extension)', () => {
  const row = (Version: unknown) => ({ ServiceTaskId: 7, TaskName: 'Refund', Version });
  const versionOf = (v: unknown) => {
    const r = readCard(row(v));
    return isUnreadable(r) ? 'unreadable' : r.Version;
  };

  it('is read from a number, its text or an ETag’s form; anything else is no version', () => {
    expect(versionOf(3)).toBe(3);
    expect(versionOf('4')).toBe(4);
    expect(versionOf('"5"')).toBe(5);
    expect(versionOf('W/"6"')).toBe(6);
    for (const v of [0, -1, 1.5, 'three', null, undefined, {}]) expect(versionOf(v)).toBeUndefined();
    expect(readCardDetail({ Id: 7, Version: 9 }, '7')?.Version).toBe(9);
    expect(readCardDetail({ Id: 7 }, '7')).not.toHaveProperty('Version');
  });

  it('an ETag names a version in its three forms', () => {
    expect([versionOfETag('"3"'), versionOfETag('W/"3"'), versionOfETag('3'), versionOfETag(['"8"'])]).toEqual([
      3, 3, 3, 8,
    ]);
    expect([versionOfETag('*'), versionOfETag(undefined), versionOfETag('"abc"')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('a card’s web address, for your commands’ {{url}}', () => {
  const urlOf = (row: Record<string, unknown>) => {
    const r = readCard({ Id: 7, Title: 'Refund', ...row });
    return isUnreadable(r) ? 'unreadable' : r.Url;
  };

  it('is read under its names when it is an http(s) URL; anything else is none', () => {
    expect(urlOf({ Url: 'https://app.example/cards/7' })).toBe('https://app.example/cards/7');
    expect(urlOf({ webUrl: ' http://intranet.example/c/7 ' })).toBe('http://intranet.example/c/7');
    expect(urlOf({ Permalink: 'https://x.example/p?id=7&b=2' })).toBe('https://x.example/p?id=7&b=2');
    for (const v of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', 42, null])
      expect(urlOf({ Url: v })).toBeUndefined();
    expect(readCardDetail({ Id: 7, Link: 'https://app.example/7' }, '7')?.Url).toBe('https://app.example/7');
    expect(readCardDetail({ Id: 7 }, '7')).not.toHaveProperty('Url');
  });
});
