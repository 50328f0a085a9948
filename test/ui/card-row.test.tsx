/**
 * A card row at every width: an overdue or due-today date always shows, as
 * a word or symbol, even where the title, a tag and initials fill the row.
 */
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/store/index.js';
import { CardRow } from '../../src/ui/CardRow.js';
import { dueText, longDate, urgency } from '../../src/ui/card-meta.js';

/** An instant given in the process's local time, as the row shows dates (any TZ). */
const local = (mo: number, d: number, h: number, m = 0, y = 2026): string => new Date(y, mo - 1, d, h, m).toISOString();
const NOW = Date.parse(local(11, 23, 18, 42));
const card = (dueDate: string | null): Card => ({
  id: '7',
  title: 'Urgent: production sync stuck since the morning deploy, customers see stale data',
  displayTitle: 'Urgent: production sync stuck since the morning deploy, customers see stale data',
  columnLabel: 'Label_1',
  boardId: 1,
  unread: true,
  assignees: ['olivia.white@example.com'],
  tagIds: [1, 2],
  owner: 'x@example.com',
  createdAt: '2026-11-20T09:00:00.000Z',
  dueDate,
  pending: false,
});
const tags = [
  { Id: 1, Name: 'Urgent', Color: '1', BoardId: 1 },
  { Id: 2, Name: 'Billing', Color: '6', BoardId: 1 },
];
const row = (c: Card, width: number): string => {
  const app = render(createElement(CardRow, { card: c, width, focused: true, changed: false, tags }));
  const frame = app.lastFrame() ?? '';
  app.unmount();
  return frame;
};

describe('due dates on a row', () => {
  it('reads as words: overdue today, overdue earlier, due later today, a day ahead', () => {
    expect(dueText(local(11, 23, 17), NOW)).toBe('!17:00');
    expect(dueText(local(11, 21, 17), NOW)).toBe('!21 Nov');
    expect(dueText(local(11, 23, 21, 30), NOW)).toBe('today 21:30');
    expect(dueText(local(11, 30, 12), NOW)).toBe('30 Nov');
    expect(urgency(local(11, 30, 12), NOW)).toBeNull();
    // A bare date (as some servers store one) is due at the end of that local day.
    expect(dueText('2026-11-23', NOW)).toBe('today 23:59');
    expect(longDate('2026-12-01')).toBe('Tue 1 Dec 2026 23:59');
  });

  it('in the local time zone, as the due-date prompt reads what is typed', () => {
    const tz = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      // 03:30 UTC on the 24th is 22:30 on the 23rd in New York (EST, UTC-5).
      const now = Date.parse('2026-11-23T23:42:00.000Z');
      expect(dueText('2026-11-24T03:30:00.000Z', now)).toBe('today 22:30');
      expect(dueText('2026-11-23T22:00:00.000Z', now)).toBe('!17:00');
      expect(longDate('2026-12-01T22:00:00.000Z')).toBe('Tue 1 Dec 2026 17:00');
      process.env.TZ = 'Asia/Tokyo';
      expect(dueText('2026-11-24T03:30:00.000Z', now)).toBe('today 12:30');
      expect(longDate('2026-12-01T22:00:00.000Z')).toBe('Wed 2 Dec 2026 07:00');
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('an overdue date shows at 30, 48 and 160 cells beside a long title, a tag and initials', () => {
    for (const width of [30, 48, 160]) {
      const text = row(card(local(1, 5, 17, 0, 2020)), width);
      expect(text, `width ${width}`).toMatch(/!5 Jan/);
    }
  });

  it('a date with no hurry gives way only to the title: the tag goes before it when room is short', () => {
    // 39 cells: a column of a 160-column terminal showing four columns (layout.ts columnWindow).
    for (const width of [30, 39]) {
      const text = row(card(local(1, 5, 17, 0, 2099)), width);
      expect(text, `width ${width}`).toContain('5 Jan');
      expect(text, `width ${width}`).not.toContain('#Urgent');
    }
    expect(row(card(local(1, 5, 17, 0, 2099)), 160)).toMatch(/#Urgent\+1 OW 5 Jan/);
    // Narrower still, the title keeps its 60%.
    expect(row(card(local(1, 5, 17, 0, 2099)), 14)).not.toContain('5 Jan');
  });
});
