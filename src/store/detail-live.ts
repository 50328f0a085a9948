/**
 * The card detail as the screen shows it: the server's answer with the
 * user's changes still on their way drawn over it (a read mark, a due date,
 * a ticked sub-task, a new title: each kind's `detail` in its record), so a
 * key in the detail shows at once like one on the board. Once a change is
 * confirmed the same drawing goes into the stored detail (card-detail.ts
 * foldIntoDetail), so nothing is read again for it; only what the server
 * makes of added text (a comment, a note, a sub-task) is read back.
 */
import type { CardDetail } from '../api/read-model.js';
import { kindOf } from './kinds/index.js';
import type { Mutation } from './mutation-kinds.js';

export function liveDetail(data: CardDetail, pending: readonly Mutation[]): CardDetail {
  let d = data;
  for (const m of pending) {
    if (!('cardId' in m) || m.cardId !== d.ServiceTaskId) continue;
    const draw = kindOf(m).detail;
    if (draw !== null) d = draw(d, m);
  }
  return d;
}
