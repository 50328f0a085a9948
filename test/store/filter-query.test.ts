/**
 * The `/` filter's syntax (store/filter-query.ts): every term, terms
 * together, quoting, accents, and what it refuses in words. Cards here are
 * made by hand; test/store/filter.test.ts runs the same filter over the real
 * service's demo board. Dates are built in local time, as the board reads
 * them, so these hold in any time zone.
 */
import { describe, expect, it } from 'vitest';
import { CardTable, filterProblem, matchFilter, type Card, type CardFilter } from '../../src/store/index.js';
import { compileQuery } from '../../src/store/filter-match.js';
import { describeQuery, parseFilterQuery } from '../../src/store/filter-query.js';

/** Monday 23 November 2026, 10:00 local. */
const NOW = new Date(2026, 10, 23, 10, 0).getTime();
const at = (d: number, h = 12, m = 0, mo = 11) => new Date(2026, mo - 1, d, h, m).toISOString();
const ME = 'Maya.Chen@Example.com';

const TAGS = [
  { Id: 1, Name: 'Billing', Color: '1', BoardId: 1 },
  { Id: 2, Name: 'Needs reply', Color: '2', BoardId: 1 },
  { Id: 3, Name: 'Débug', Color: '3', BoardId: 1 },
  { Id: 4, Name: 'Bug', Color: '4', BoardId: 1 },
];

let n = 0;
const card = (title: string, o: Partial<Card> = {}): Card => ({
  id: String(++n),
  title,
  displayTitle: title,
  columnLabel: 'Label_1',
  boardId: 1,
  unread: false,
  assignees: null,
  tagIds: [],
  owner: 'owner@example.com',
  createdAt: '2026-11-01T00:00:00.000Z',
  dueDate: null,
  pending: false,
  ...o,
});

const CARDS = {
  invoice: card('Invoice #4411 paid twice', { unread: true, tagIds: [1], assignees: ['maya.chen@example.com'] }),
  refund: card('Refund for Zoë Müller', { tagIds: [1, 2], assignees: ['sam.rivera@example.com'], dueDate: at(23, 17) }),
  overdue: card('Contract renewal', { unread: true, dueDate: at(20), assignees: ['maya.chen@example.com'] }),
  earlier: card('Call back this morning', { dueDate: at(23, 8), tagIds: [2] }),
  week: card('Quarterly report', { dueDate: at(30, 23, 59), tagIds: [4] }),
  later: card('Offsite planning', { dueDate: at(1, 9, 0, 12), tagIds: [3], assignees: ['olivia@example.com'] }),
  plain: card('Re: out of office', {}),
  unreadable: { ...card(''), unreadable: 'no id' },
};
const table = (): CardTable => CardTable.of(Object.values(CARDS));

/** The cards a typed filter keeps, by their names above. */
function shown(text: string, me: string | null = ME, tagId: number | null = null): string[] {
  const f: CardFilter = { text, tagId };
  const ids = matchFilter(table(), TAGS, f, { me, now: NOW }).ids;
  return Object.entries(CARDS)
    .filter(([, c]) => ids.has(c.id))
    .map(([name]) => name);
}
const error = (text: string, me: string | null = ME): string | null =>
  matchFilter(table(), TAGS, { text, tagId: null }, { me, now: NOW }).error;
const described = (text: string): string => describeQuery(parseFilterQuery(text).query);

describe('free text', () => {
  it('matches a title, a tag name or an assignee, ignoring case and accents', () => {
    expect(shown('invoice')).toEqual(['invoice']);
    expect(shown('INVOICE')).toEqual(['invoice']);
    expect(shown('billing')).toEqual(['invoice', 'refund']);
    expect(shown('sam.rivera')).toEqual(['refund']);
    expect(shown('zoe muller')).toEqual(['refund']);
    expect(shown('debug')).toEqual(['later']);
  });

  it('each word must hold, anywhere; a quoted phrase holds whole', () => {
    expect(shown('refund billing')).toEqual(['refund']);
    expect(shown('office out')).toEqual(['plain']);
    expect(shown('"office out"')).toEqual([]);
    expect(shown('"out of office"')).toEqual(['plain']);
    // An unclosed quote runs to the end, as it is being typed.
    expect(shown('"out of off')).toEqual(['plain']);
  });

  it('a word with a colon that is not a term is text: re:, http:', () => {
    expect(shown('re:')).toEqual(['plain']);
    expect(parseFilterQuery('re:invoice').query.terms).toEqual([{ kind: 'text', text: 're:invoice', negated: false }]);
  });

  it('nothing typed, or only spaces, keeps every readable and unreadable card', () => {
    expect(shown('')).toEqual(Object.keys(CARDS));
    expect(shown('   ')).toEqual(Object.keys(CARDS));
  });
});

describe('is:, due:', () => {
  it('is:unread, is:read, is:overdue', () => {
    expect(shown('is:unread')).toEqual(['invoice', 'overdue']);
    expect(shown('is:read')).toEqual(['refund', 'earlier', 'week', 'later', 'plain']);
    // Earlier today counts: the row shows it as "!08:00".
    expect(shown('is:overdue')).toEqual(['overdue', 'earlier']);
    expect(shown('IS:Unread')).toEqual(['invoice', 'overdue']);
  });

  it('due:today is today’s date, past or ahead; due:week from now to the end of the day a week ahead; due:none', () => {
    expect(shown('due:today')).toEqual(['refund', 'earlier']);
    // Overdue cards are not "due this week": is:overdue names them.
    expect(shown('due:week')).toEqual(['refund', 'week']);
    expect(shown('due:none')).toEqual(['invoice', 'plain']);
    expect(shown('-due:none')).toEqual(['refund', 'overdue', 'earlier', 'week', 'later']);
  });

  it('due:week reaches the last minute of the seventh day ahead, and not the next', () => {
    const edge = card('edge', { dueDate: at(30, 23, 59) });
    const past = card('past', { dueDate: at(1, 0, 0, 12) });
    const ids = matchFilter(CardTable.of([edge, past]), TAGS, { text: 'due:week', tagId: null }, { now: NOW }).ids;
    expect([...ids]).toEqual([edge.id]);
  });
});

describe('tag:, assignee:', () => {
  it('tag:NAME by name, any case and accents; quoted names with spaces', () => {
    expect(shown('tag:billing')).toEqual(['invoice', 'refund']);
    expect(shown('tag:"needs reply"')).toEqual(['refund', 'earlier']);
    expect(shown('tag:"NEEDS REPLY"')).toEqual(['refund', 'earlier']);
    expect(shown('"tag:needs reply"')).toEqual([]);
  });

  it('a name equal to a tag’s is that tag; while none is equal, names containing it', () => {
    // Bug and Débug both contain "bug": Bug is the one named so.
    expect(shown('tag:bug')).toEqual(['week']);
    expect(shown('tag:debug')).toEqual(['later']);
    expect(shown('tag:bil')).toEqual(['invoice', 'refund']);
    expect(shown('tag:nosuch')).toEqual([]);
  });

  it('-tag: leaves the tag out', () => {
    expect(shown('-tag:billing')).toEqual(['overdue', 'earlier', 'week', 'later', 'plain']);
  });

  it('assignee: a part of an email; assignee:me is the configured email, any case', () => {
    expect(shown('assignee:sam')).toEqual(['refund']);
    expect(shown('assignee:@example.com')).toEqual(['invoice', 'refund', 'overdue', 'later']);
    expect(shown('assignee:me')).toEqual(['invoice', 'overdue']);
    expect(shown('assignee:ME')).toEqual(['invoice', 'overdue']);
    expect(shown('-assignee:me')).toEqual(['refund', 'earlier', 'week', 'later', 'plain']);
    // Quoted, "me" is text to look for.
    expect(shown('assignee:"me"')).toEqual([]);
  });

  it('assignee:me without an email is refused in words, and the other terms still filter', () => {
    expect(error('assignee:me is:unread', null)).toBe(
      'assignee:me needs your email: --email, INBOARD_EMAIL or email in the config file',
    );
    expect(shown('assignee:me is:unread', null)).toEqual(['invoice', 'overdue']);
    expect(filterProblem('assignee:me', null)).toMatch(/^assignee:me needs your email/);
    expect(filterProblem('assignee:me', ME)).toBeNull();
  });
});

describe('together', () => {
  it('every term must hold', () => {
    expect(shown('is:unread tag:billing')).toEqual(['invoice']);
    expect(shown('is:read due:today billing')).toEqual(['refund']);
    expect(shown('assignee:me is:overdue')).toEqual(['overdue']);
    expect(shown('-is:unread -tag:billing -due:none')).toEqual(['earlier', 'week', 'later']);
    expect(shown('tag:"needs reply" -"call back"')).toEqual(['refund']);
  });

  it('with the tag manager’s tag, both hold', () => {
    expect(shown('is:unread', ME, 1)).toEqual(['invoice']);
    expect(shown('', ME, 2)).toEqual(['refund', 'earlier']);
  });

  it('a card the client could not read matches no term', () => {
    expect(shown('-is:unread')).not.toContain('unreadable');
    expect(shown('-tag:billing')).not.toContain('unreadable');
  });
});

describe('what it refuses, in words', () => {
  it('is: and due: name what they take; the typed text is kept and the rest still filters', () => {
    expect(error('is:xyz')).toBe("is: takes unread, read, overdue, waiting, late or snoozed (not 'xyz')");
    expect(error('is:')).toBe('is: takes unread, read, overdue, waiting, late or snoozed');
    expect(error('due:tomorrow')).toBe("due: takes today, week or none (not 'tomorrow')");
    expect(error('tag:')).toBe('tag: takes a tag name: tag:billing, or in quotes tag:"needs reply"');
    expect(error('tag:""')).toBe('tag: takes a tag name: tag:billing, or in quotes tag:"needs reply"');
    expect(error('assignee:')).toBe('assignee: takes an email or part of one (assignee:sam), or assignee:me');
    // While `is:un` is typed, tag:billing applies.
    expect(shown('tag:billing is:un')).toEqual(['invoice', 'refund']);
    // The first problem is the one said.
    expect(error('is:x due:y')).toMatch(/^is: takes/);
  });

  it('quotes what was typed terminal-safe', () => {
    expect(error('is:\x1b[2J')).toBe("is: takes unread, read, overdue, waiting, late or snoozed (not '^[[2J')");
  });

  it('no problem is null', () => {
    expect(error('is:unread due:week tag:"needs reply" -assignee:me x')).toBeNull();
  });
});

describe('describeQuery: as the header shows it', () => {
  it('free text alone as typed; with terms, each named and the text quoted', () => {
    expect(described('quick fix on the outlook')).toBe('quick fix on the outlook');
    expect(described('is:unread is:overdue tag:billing invoice')).toBe('unread · overdue · tag:billing · "invoice"');
    expect(described('due:today due:week due:none')).toBe('due today · due within a week · no due date');
    expect(described('-is:read -due:today -due:none')).toBe('not read · not due today · has a due date');
    expect(described('tag:"needs reply" -tag:spam assignee:me -assignee:sam -"out of office"')).toBe(
      'tag:"needs reply" · not tag:spam · assignee:me · not assignee:sam · not "out of office"',
    );
  });

  it('leaves out what it could not read, and is terminal-safe', () => {
    expect(described('is:xyz tag:billing')).toBe('tag:billing');
    expect(described('tag:\x1b]0;x\x07')).toBe('tag:^[]0;x^G');
  });
});

describe('compileQuery', () => {
  it('a query with nothing to check keeps every card', () => {
    const { test, error } = compileQuery({ terms: [] }, { tags: TAGS, me: null, now: NOW });
    expect(error).toBeNull();
    expect(test(CARDS.unreadable)).toBe(true);
  });
});

describe('waiting:, is:waiting, is:late, is:snoozed', () => {
  const MIN = 60_000;
  const ago = (minutes: number) => new Date(NOW - minutes * MIN).toISOString();
  const WAITING = {
    fresh: card('Where is my parcel?', { waitingSince: ago(20), responseDue: ago(-100), responseTarget: 'first' }),
    long: card('Still no refund', { waitingSince: ago(300), responseDue: ago(60), responseTarget: 'next' }),
    untargeted: card('A question', { waitingSince: ago(180), responseDue: null, responseTarget: null }),
    answered: card('Thanks, all good', { waitingSince: null, responseDue: null }),
    // A server without the extension says nothing of waiting.
    silent: card('From another server'),
    snoozed: card('Back on Friday', { snoozed: { Until: ago(-3000), UntilReply: false, By: 'sam@example.com' } }),
  };
  const kept = (text: string): string[] => {
    const ids = matchFilter(CardTable.of(Object.values(WAITING)), TAGS, { text, tagId: null }, { now: NOW }).ids;
    return Object.entries(WAITING)
      .filter(([, c]) => ids.has(c.id))
      .map(([name]) => name);
  };

  it('waiting:>2h and waiting:<30m by how long the customer has waited; nobody waiting matches neither', () => {
    expect(kept('waiting:>2h')).toEqual(['long', 'untargeted']);
    expect(kept('waiting:<30m')).toEqual(['fresh']);
    expect(kept('waiting:>1h30m waiting:<4h')).toEqual(['untargeted']);
    expect(kept('-waiting:>2h')).toEqual(['fresh', 'answered', 'silent', 'snoozed']);
  });

  it('is:waiting: a customer waits; is:late: past the response target; is:snoozed matches no card on a board', () => {
    expect(kept('is:waiting')).toEqual(['fresh', 'long', 'untargeted']);
    expect(kept('is:late')).toEqual(['long']);
    expect(kept('-is:late is:waiting')).toEqual(['fresh', 'untargeted']);
    expect(kept('is:snoozed')).toEqual(['snoozed']);
  });

  it('they follow the clock, and the header names them', () => {
    expect(described('waiting:>2h -waiting:<30m is:late is:waiting')).toBe(
      'waiting over 2h · not waiting under 30m · late · waiting',
    );
    const query = parseFilterQuery('is:late').query;
    const later = compileQuery(query, { tags: TAGS, me: null, now: NOW + 200 * MIN }).test;
    expect(later(WAITING.fresh)).toBe(true);
    expect(compileQuery(query, { tags: TAGS, me: null, now: NOW }).test(WAITING.fresh)).toBe(false);
  });

  it('a bad length is refused in words naming it; the rest still filters', () => {
    expect(error('waiting:>abc')).toBe('waiting: "abc": not a length of time — write e.g. 45m, 4h, 1h30m or 2d');
    expect(error('waiting:2h')).toBe(
      "waiting: takes > or < and a length of time: waiting:>2h, waiting:<30m (not '2h')",
    );
    expect(error('waiting:>')).toBe(
      'waiting: takes > or < and a length of time: waiting:>2h, waiting:<30m (a length of time after >)',
    );
    expect(error('waiting:')).toBe('waiting: takes > or < and a length of time: waiting:>2h, waiting:<30m');
    expect(error('waiting:<1.5h')).toBe('waiting: "1.5h": whole numbers only — write e.g. 1h30m rather than 1.5h');
    expect(kept('is:late waiting:>x')).toEqual(['long']);
  });
});
