import { describe, expect, it } from 'vitest';
import type { CardDetail } from '../../src/api/read-model.js';
import { detailItems, stepSel } from '../../src/ui/detail-selection.js';

const card: CardDetail = {
  ServiceTaskId: '7',
  Notes: [{ NoteId: 1, Body: 'n', UserId: null, CreatedAt: null }],
  Comments: [
    { CommentId: 10, Comment: 'a', UserId: 1, EntityId: '7', CreatedAt: null },
    { CommentId: 11, Comment: 'b', UserId: 1, EntityId: '7', CreatedAt: null },
  ],
  SubTasks: [{ SubTaskId: 20, Body: 's', UserId: null, CreatedAt: null, Done: false }],
};

describe('Tab in the card detail', () => {
  it('walks notes, comments, then sub-tasks, in screen order, and past the last to none', () => {
    const items = detailItems(card);
    const seen = [];
    let at = stepSel(items, null, 1);
    while (at !== null) {
      seen.push(`${at.kind}:${at.id}`);
      at = stepSel(items, at, 1);
    }
    expect(seen).toEqual(['note:1', 'comment:10', 'comment:11', 'subTask:20']);
  });

  it('Shift+Tab starts from the last item and walks back', () => {
    const items = detailItems(card);
    expect(stepSel(items, null, -1)).toEqual({ kind: 'subTask', id: 20 });
    expect(stepSel(items, { kind: 'comment', id: 10 }, -1)).toEqual({ kind: 'note', id: 1 });
  });

  it('has nothing to select on a card the server sent only a note text for', () => {
    expect(detailItems({ ServiceTaskId: '1', Note: 'one text' })).toEqual([]);
    expect(stepSel([], null, 1)).toBeNull();
  });
});
