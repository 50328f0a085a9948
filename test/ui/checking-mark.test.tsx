/**
 * A change whose answer never came is drawn as being checked, not as failed:
 * `?` on the card's row and "checking…" in the status bar (store/outcome.ts).
 */
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/store/index.js';
import { CardRow } from '../../src/ui/CardRow.js';
import { StatusBar } from '../../src/ui/StatusBar.js';

const card: Card = {
  id: '7',
  title: 'Refund for order 1182',
  displayTitle: 'Refund for order 1182',
  columnLabel: 'Label_1',
  boardId: 1,
  unread: false,
  assignees: null,
  tagIds: [],
  owner: 'x@example.com',
  createdAt: '2026-11-20T09:00:00.000Z',
  dueDate: null,
  pending: true,
};

const drawn = (el: ReturnType<typeof createElement>): string => {
  const app = render(el);
  const frame = app.lastFrame() ?? '';
  app.unmount();
  return frame;
};
const row = (c: Card) =>
  drawn(createElement(CardRow, { card: c, width: 60, focused: false, changed: false, tags: [] }));
const bar = (checking: number) =>
  drawn(
    createElement(StatusBar, {
      width: 100,
      board: 'Support Inbox',
      backend: 'embedded',
      pending: 1,
      checking,
      failed: 0,
      error: null,
      waitSeconds: null,
      notice: null,
      hints: [],
    }),
  );

describe('a change being checked', () => {
  it('marks its card ? instead of the pending ⟳', () => {
    expect(row(card)).toMatch(/^ {2}⟳Refund/);
    expect(row({ ...card, checking: true })).toMatch(/^ {2}\?Refund/);
  });

  it('says checking… in the status bar, never failed', () => {
    expect(bar(0)).not.toContain('checking');
    expect(bar(1)).toContain('⟳ 1 pending │ ? checking…');
    expect(bar(2)).toContain('? checking 2…');
    expect(bar(1)).not.toContain('failed');
  });
});
