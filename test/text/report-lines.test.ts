/**
 * The report's lines: within the width at 40, 80 and 200 columns, server
 * strings sanitised, nothing to count drawn as "—", never NaN or a negative
 * time; the chart pieces on their own.
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/api/schema-reports.js';
import { bar, shade, shortDuration } from '../../src/text/report-chart.js';
import { listingLines, reportLines } from '../../src/text/report-lines.js';
import { cellWidth } from '../../src/text/width.js';

const none = { Count: 0, MedianSeconds: null, P90Seconds: null };
const hostile = 'Ne\x1b[2Jw\u202e ✉ 日本語 column with a very long name that goes on and on';

const report = (over: Partial<Report> = {}): Report => ({
  BoardId: 1,
  From: '2026-10-24T22:00:00.000Z',
  To: '2026-10-27T00:00:00.000Z',
  At: '2026-10-27T00:00:00.000Z',
  Zone: 'Europe/Berlin',
  ZoneFrom: 'board',
  Clock: 'business',
  Hours: 'Mon-Fri 09:00-17:00',
  Units: { Durations: 'seconds', Share: 'fraction' },
  Days: [
    { Day: '2026-10-25', Hours: 25, NewConversations: 2, CustomerMessages: 40, Replies: 3 },
    { Day: '2026-10-26', Hours: 24, NewConversations: 0, CustomerMessages: 0, Replies: 0 },
  ],
  Speed: {
    FirstResponse: { Count: 3, MedianSeconds: 7200, P90Seconds: 259_200 },
    LaterResponse: none,
    Resolution: none,
    Unanswered: 0,
    ClosedWithoutReply: 0,
    Reopened: 0,
    Target: null,
  },
  Now: [{ ColumnId: 1, ColumnName: hostile, Open: 3, Waiting: 1, Late: 0, Snoozed: 0 }],
  Heatmap: Array.from({ length: 7 }, (_, d) => Array.from({ length: 24 }, (_, h) => (d === 0 ? h : 0))),
  By: 'assignee',
  Groups: [{ Key: `ana\x07@team.example`, Handled: 1, Replies: 2, FirstResponse: none }],
  Notes: ['A note\x1b]0;title\x07 long enough to be wrapped at the narrowest width this report is drawn at.'],
  ...over,
});

describe('reportLines', () => {
  for (const width of [40, 80, 200]) {
    it(`stays within ${width} columns, sanitised, with no NaN or negative time`, () => {
      const text = reportLines(report(), hostile, width)
        .map((l) => l.text)
        .join('\n');
      for (const l of text.split('\n')) expect(cellWidth(l), l).toBeLessThanOrEqual(width);
      expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
      expect(text).not.toMatch(/NaN|-\d+[smhd]\b/);
      expect(text).toMatch(/^Later responses\s+0\s+—\s+—$/m);
      // Sentences wrap at the width, never cut.
      expect(text.replace(/\n/g, ' ')).toContain('Within target: — (the board has no response targets)');
      expect(text).toMatch(/^Sun 25 Oct\s+2\s+█+ 40\s+▏?\S* 3\s+25h$/m);
    });
  }
  it('DragApp: the cards per column, and the rest said', () => {
    const text = listingLines('Support', [{ name: hostile, open: 40, more: true }], 80)
      .map((l) => l.text)
      .join('\n');
    expect(text).toMatch(/40\+$/m);
    expect(text).toContain('not offered by this server');
    expect(text).not.toMatch(/\x1b/);
  });
});

describe('the chart pieces', () => {
  it('bars in eighths, a value above zero always shows; shades; short durations', () => {
    expect(bar(10, 10, 4)).toBe('████');
    expect(bar(1, 100, 4)).toBe('▏');
    expect(bar(0, 10, 4)).toBe('');
    expect(bar(5, 0, 4)).toBe('');
    expect([0, 1, 5, 10].map((n) => shade(n, 10))).toEqual(['·', '░', '▒', '█']);
    expect([null, NaN, -5, 0, 45, 600, 7200, 5400, 259_200, 261_000, 270_000].map(shortDuration)).toEqual([
      '—',
      '—',
      '0s',
      '0s',
      '45s',
      '10m',
      '2h',
      '1h 30m',
      '3d',
      '3d',
      '3d 3h',
    ]);
  });
});
