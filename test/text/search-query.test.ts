/**
 * The search language: what each form reads as, what is refused and in
 * which words, and (property, seeded by test/global-setup.ts) that no text
 * makes the parser throw or lets anything but letters and digits through as
 * a word.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearch, type SearchQuery } from '../../src/text/search-query.js';

const NOW = new Date(2026, 10, 27, 12, 0);
const ok = (q: string): SearchQuery => {
  const r = parseSearch(q, NOW);
  if (!r.ok) throw new Error(`refused ${q}: ${r.error}`);
  return r.query;
};
const refused = (q: string): string => {
  const r = parseSearch(q, NOW);
  if (r.ok) throw new Error(`read ${q} as ${r.query.understood}`);
  return r.error;
};

describe('parseSearch', () => {
  it('words, folded and cut where the engines cut them', () => {
    expect(ok('Refund Müller').clauses).toEqual([
      { kind: 'text', field: 'any', words: ['refund'], negated: false },
      { kind: 'text', field: 'any', words: ['muller'], negated: false },
    ]);
    expect(ok('jane@acme.io').clauses).toEqual([
      { kind: 'text', field: 'any', words: ['jane', 'acme', 'io'], negated: false },
    ]);
  });

  it('phrases, -words, OR and the fields', () => {
    const q = ok('"broken kettle" -teapot refund OR return from:"Jane Doe" to:support subject:invoice');
    expect(q.understood).toBe(
      '"broken kettle" · not teapot · refund or return · from:"jane doe" · to:support · subject:invoice',
    );
  });

  it('filters, negated or not, and dates as the due prompt reads them', () => {
    const q = ok('tag:billing -assignee:me is:unread has:attachment board:support column:Doing after:2026-10-01');
    expect(q.clauses).toEqual([]);
    expect(q.filters.map((f) => f.kind)).toEqual(['tag', 'assignee', 'is', 'has', 'board', 'column', 'after']);
    const after = q.filters[6];
    // after a day: once it has ended (local time).
    expect(after && 'at' in after ? new Date(after.at).getTime() : 0).toBe(new Date(2026, 9, 2, 0, 0).getTime());
    const before = ok('refund before:2026-10-01').filters[0];
    expect(before && 'at' in before ? new Date(before.at).getTime() : 0).toBe(new Date(2026, 9, 1, 0, 0).getTime());
  });

  it('the waiting terms: is:waiting, is:snoozed, is:late and waiting:>2h / waiting:<30m', () => {
    const q = ok('is:waiting -is:snoozed is:late waiting:>2h waiting:<1h30m');
    expect(q.filters).toEqual([
      { kind: 'is', value: 'waiting', negated: false },
      { kind: 'is', value: 'snoozed', negated: true },
      { kind: 'is', value: 'late', negated: false },
      { kind: 'waiting', op: '>', seconds: 7200, negated: false },
      { kind: 'waiting', op: '<', seconds: 5400, negated: false },
    ]);
    expect(q.understood).toContain('waiting over 2h');
    expect(refused('waiting:2h')).toContain('waiting: takes > or < and a length, as waiting:>2h');
    expect(refused('waiting:>abc')).toMatch(/^waiting:>abc: waiting: takes > or < and a length.*: "abc"/);
  });

  it('lone common words are dropped, as PostgreSQL drops them', () => {
    expect(ok('the refund').understood).toBe('refund');
    expect(refused('the of')).toContain('too common to search alone');
  });

  it('refusals say what is wrong and how to say it', () => {
    expect(refused('"refund')).toContain('unbalanced quote');
    expect(refused('colour:red')).toContain('colour: is not an operator');
    expect(refused('is:urgent')).toBe('is:urgent: is: takes unread, read, archived, waiting, snoozed, late');
    expect(refused('before:someday')).toContain('not a date');
    expect(refused('-before:mon')).toContain('cannot be negated');
    expect(refused('OR refund')).toContain('OR needs a word on each side');
    expect(refused('refund OR')).toContain('OR needs a word on each side');
    expect(refused('refund OR -kettle')).toContain('not -words');
    expect(refused('-refund')).toContain('give a word to find');
    expect(refused('from:')).toContain('from: needs a word');
    expect(refused('x'.repeat(10_000))).toBe('The query is 10,000 characters long; a search takes at most 1,000');
  });

  it("a rule's terms: header: (rules only) and from:/to: with an address or a domain", () => {
    expect(refused('header:X-Spam-Flag:YES')).toBe('header: is for rules only (inboard rules add --when)');
    const rule = parseSearch('header:X-Spam-Flag:YES -header:List-Id from:@Acme.com to:sales@acme.com', NOW, true);
    if (!rule.ok) throw new Error(rule.error);
    expect(rule.query.filters).toEqual([
      { kind: 'header', name: 'x-spam-flag', value: 'YES', negated: false },
      { kind: 'header', name: 'list-id', value: null, negated: true },
    ]);
    expect(rule.query.clauses).toMatchObject([
      { field: 'from', words: ['acme', 'com'], address: '@acme.com' },
      { field: 'to', words: ['sales', 'acme', 'com'], address: 'sales@acme.com' },
    ]);
    expect(ok('from:jane').clauses[0]).not.toHaveProperty('address');
  });

  it('a link is words, not an unknown operator', () => {
    expect(ok('https://acme.io/x').understood).toBe('"https acme io x"');
  });

  it('never throws, and lets only letters and digits through as words (property)', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('"', '-', 'OR', 'from:', 'tag:', 'is:', 'before:', ':', '*', '(', ')', 'NEAR', '^', "'", '\\'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const r = parseSearch(parts.join(' '), NOW);
        if (!r.ok) {
          expect(r.error.length).toBeGreaterThan(0);
          return;
        }
        for (const c of r.query.clauses)
          for (const t of c.kind === 'or' ? c.terms : [c])
            for (const w of t.words) expect(w).toMatch(/^[\p{L}\p{N}]+$/u);
      }),
    );
  });
});
