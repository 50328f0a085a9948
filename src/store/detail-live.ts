/**
 * The card detail as the screen shows it: the server's answer with the
 * user's changes still on their way drawn over it (a read mark, a due date,
 * a ticked sub-task, a new title), so a key in the detail shows at once like
 * one on the board. Once a change settles the detail is read again
 * (mutation-engine.ts followUp) and this has nothing left to draw.
 */
import type { CardDetail } from '../api/tolerant.js';
import type { Mutation } from './mutation-kinds.js';

export function liveDetail(data: CardDetail, pending: readonly Mutation[]): CardDetail {
  let d = data;
  for (const m of pending) {
    if (!('cardId' in m) || m.cardId !== d.ServiceTaskId) continue;
    switch (m.kind) {
      case 'setRead':
        d = { ...d, ReadUnreadStatus: m.read ? 1 : 0 };
        break;
      case 'setDue':
        d = { ...d, DueDate: m.due };
        break;
      case 'editTitle':
        d = { ...d, TaskName: m.title };
        break;
      case 'setAssignees':
        d = { ...d, Assignees: m.emails === null ? [] : [...m.emails] };
        break;
      case 'tickSubTask':
        if (d.SubTasks !== undefined)
          d = {
            ...d,
            SubTasks: d.SubTasks.map((t) => (t.SubTaskId === m.subTaskId ? { ...t, Done: m.done } : t)),
          };
        break;
      default:
        break;
    }
  }
  return d;
}
