/**
 * A card row at every width: an overdue or due-today date always shows, as
 * a word or symbol, even where the title, a tag and initials fill the row.
 */
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/store/index.js';
import { CardRow } from '../../src/ui/CardRow.js';
import { dueText, urgency } from '../../src/ui/card-meta.js';

const NOW = Date.parse('2026-11-23T18:42:00.000Z');
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
    expect(dueText('2026-11-23T17:00:00.000Z', NOW)).toBe('!17:00');
    expect(dueText('2026-11-21T17:00:00.000Z', NOW)).toBe('!21 Nov');
    expect(dueText('2026-11-23T21:30:00.000Z', NOW)).toBe('today 21:30');
    expect(dueText('2026-11-30T12:00:00.000Z', NOW)).toBe('30 Nov');
    expect(urgency('2026-11-30T12:00:00.000Z', NOW)).toBeNull();
  });

  it('an overdue date shows at 30, 48 and 160 cells beside a long title, a tag and initials', () => {
    for (const width of [30, 48, 160]) {
      const text = row(card('2020-01-05T17:00:00.000Z'), width);
      expect(text, `width ${width}`).toMatch(/!5 Jan/);
    }
  });

  it('a date with no hurry gives way to the title and the tag when room is short', () => {
    expect(row(card('2099-01-05T17:00:00.000Z'), 30)).not.toContain('5 Jan');
    expect(row(card('2099-01-05T17:00:00.000Z'), 160)).toContain('5 Jan');
  });
});
