import { describe, expect, it } from 'vitest';
import type { CardDetail } from '../../src/api/read-model.js';
import { liveDetail, type Mutation, type MutationInput } from '../../src/store/index.js';

const detail: CardDetail = {
  ServiceTaskId: '7',
  TaskName: 'Refund',
  ReadUnreadStatus: 0,
  DueDate: null,
  SubTasks: [
    { SubTaskId: 1, Body: 'one', UserId: null, CreatedAt: null, Done: false },
    { SubTaskId: 2, Body: 'two', UserId: null, CreatedAt: null, Done: true },
  ],
};
const m = (input: MutationInput, seq: number): Mutation => ({ ...input, seq, boardId: 1 });

describe('the detail with changes still on their way', () => {
  it('shows a tick, a read mark, a due date and a title before the server answers', () => {
    const live = liveDetail(detail, [
      m({ kind: 'tickSubTask', cardId: '7', subTaskId: 1, done: true }, 1),
      m({ kind: 'setRead', cardId: '7', read: true }, 2),
      m({ kind: 'setDue', cardId: '7', due: '2026-12-01T17:00:00.000Z' }, 3),
      m({ kind: 'editTitle', cardId: '7', title: 'Refund sent' }, 4),
    ]);
    expect(live.SubTasks?.map((t) => t.Done)).toEqual([true, true]);
    expect(live.ReadUnreadStatus).toBe(1);
    expect(live.DueDate).toBe('2026-12-01T17:00:00.000Z');
    expect(live.TaskName).toBe('Refund sent');
  });

  it('leaves the detail as it is for another card’s changes, and in order for its own', () => {
    expect(liveDetail(detail, [m({ kind: 'setRead', cardId: '8', read: true }, 1)])).toBe(detail);
    const twice = liveDetail(detail, [
      m({ kind: 'tickSubTask', cardId: '7', subTaskId: 2, done: false }, 1),
      m({ kind: 'tickSubTask', cardId: '7', subTaskId: 2, done: true }, 2),
    ]);
    expect(twice.SubTasks?.[1]?.Done).toBe(true);
  });
});
