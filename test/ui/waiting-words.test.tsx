/**
 * How a waiting card is told (ui/waiting-words.ts) at a fixed clock: the
 * row's age and level against the target, the detail's sentence, a snooze
 * in words; and a row drawn with them — the age kept beside a long title,
 * `↺` before a card back from its snooze.
 */
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/store/index.js';
import { CardRow } from '../../src/ui/CardRow.js';
import { rowAge, snoozeLine, waitingLine, waitLevel } from '../../src/ui/waiting-words.js';

const NOW = Date.parse('2026-11-27T15:00:00.000Z');
const MIN = 60_000;
const ago = (minutes: number) => new Date(NOW - minutes * MIN).toISOString();
const waits = (since: number, due: number | null, target: 'first' | 'next' | null = 'first') => ({
  waitingSince: ago(since),
  responseDue: due === null ? null : ago(-due),
  responseTarget: due === null ? null : target,
});

describe('a row’s waiting age', () => {
  it('minutes, hours, days; nobody waiting is nothing', () => {
    expect(rowAge(waits(45, null), NOW)).toBe('45m');
    expect(rowAge(waits(3 * 60 + 59, null), NOW)).toBe('3h');
    expect(rowAge(waits(2 * 24 * 60 + 5, null), NOW)).toBe('2d');
    expect(rowAge({ waitingSince: null }, NOW)).toBe('');
    expect(rowAge({}, NOW)).toBe('');
  });

  it('within the target, from three quarters of it, past it (marked !)', () => {
    // A 4-hour target: 2 hours in, 3 hours in, 5 hours in.
    expect(waitLevel(waits(120, 120), NOW)).toBe('waiting');
    expect(waitLevel(waits(180, 60), NOW)).toBe('near');
    expect(waitLevel(waits(300, -60), NOW)).toBe('late');
    expect(rowAge(waits(300, -60), NOW)).toBe('!5h');
    expect(waitLevel(waits(300, null), NOW)).toBe('waiting');
  });
});

describe('the detail’s words', () => {
  it('how long, which target and when it falls due, or how far past it', () => {
    expect(waitingLine(waits(180, 60), NOW)?.text).toBe('Waiting 3 hours for a first response — due in 1 hour');
    expect(waitingLine(waits(300, -120, 'next'), NOW)?.text).toBe(
      'Waiting 5 hours: 2 hours past the next response target',
    );
    expect(waitingLine(waits(90, null), NOW)?.text).toBe('Waiting 1 hour 30 minutes for an answer');
    expect(waitingLine({ waitingSince: null }, NOW)).toBeNull();
  });

  it('a snooze: until when, or an answer, and by whom — terminal-safe', () => {
    const until = new Date(2026, 11, 4, 9, 0).toISOString();
    expect(snoozeLine({ Until: until, UntilReply: true, By: 'sam@example.com' })).toBe(
      'Snoozed until Fri 4 Dec 2026 09:00 or an answer (by sam@example.com)',
    );
    expect(snoozeLine({ Until: null, UntilReply: true, By: 'x\u001b[2J@example.com' })).toBe(
      'Snoozed until the customer answers (by x^[[2J@example.com)',
    );
  });
});

const card = (o: Partial<Card>): Card => ({
  id: '7',
  title: 'Urgent: production sync stuck since the morning deploy, customers see stale data',
  displayTitle: 'Urgent: production sync stuck since the morning deploy, customers see stale data',
  columnLabel: 'Label_1',
  boardId: 1,
  unread: false,
  assignees: ['olivia.white@example.com'],
  tagIds: [],
  owner: 'x@example.com',
  createdAt: '2026-11-20T09:00:00.000Z',
  dueDate: null,
  pending: false,
  ...o,
});
const row = (c: Card, width: number): string => {
  const app = render(createElement(CardRow, { card: c, width, focused: false, changed: false, tags: [], now: NOW }));
  const frame = app.lastFrame() ?? '';
  app.unmount();
  return frame;
};

describe('a row', () => {
  it('keeps the age beside a long title, at 30 and 48 cells', () => {
    for (const width of [30, 48]) expect(row(card(waits(300, -60)), width), `width ${width}`).toMatch(/ !5h/);
  });

  it('marks a card back from its snooze with ↺ before its title, in words any theme shows', () => {
    expect(row(card({ backFromSnooze: true }), 60)).toMatch(/^ {3}↺ Urgent: production/);
    expect(row(card({ backFromSnooze: false }), 60)).toMatch(/^ {3}Urgent: production/);
  });
});
