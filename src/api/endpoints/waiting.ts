/**
 * The waiting extensions (schema-waiting.ts): snoozing a card (`snooze`) and
 * a board's response targets (`targets`). Each goes through
 * `Wire.extension`, so a server without them (DragApp) is asked once and
 * then refused at once, in words.
 */
import type { Endpoints } from '../operations.js';
import { BoardTargets, type BoardTargetsBody, type SnoozeBody } from '../schema-waiting.js';
import { readCard, readSnoozedCard } from '../tolerant-cards.js';
import { seg } from '../wire.js';

export const waitingEndpoints: Endpoints<
  'snoozeCard' | 'unsnoozeCard' | 'listSnoozedCards' | 'getBoardTargets' | 'setBoardTargets' | 'clearBoardTargets'
> = {
  snoozeCard: (w, id, terms, o) => {
    const path = `/v2/card/${seg(id)}/snooze`;
    return w.extension('snooze', 'POST', path, async () =>
      readCard(await w.change('POST', path, { body: { ...terms } satisfies SnoozeBody, o })),
    );
  },
  unsnoozeCard: (w, id, o) => {
    const path = `/v2/card/${seg(id)}/snooze`;
    return w.extension('snooze', 'DELETE', path, async () => readCard(await w.change('DELETE', path, { o })));
  },
  listSnoozedCards: (w, boardId, o) => {
    const path = `/v2/board/${seg(String(boardId))}/snoozed`;
    return w.extension('snooze', 'GET', path, () => w.rows(path, readSnoozedCard, { o }));
  },
  getBoardTargets: (w, boardId, o) => {
    const path = `/v2/board/${seg(String(boardId))}/targets`;
    return w.extension('targets', 'GET', path, () => w.env(BoardTargets, 'GET', path, { o }));
  },
  setBoardTargets: (w, boardId, body, o) => {
    const path = `/v2/board/${seg(String(boardId))}/targets`;
    return w.extension('targets', 'PUT', path, async () =>
      BoardTargets.parse(await w.change('PUT', path, { body: { ...body } satisfies BoardTargetsBody, o })),
    );
  },
  clearBoardTargets: (w, boardId, o) => {
    const path = `/v2/board/${seg(String(boardId))}/targets`;
    return w.extension('targets', 'DELETE', path, async () =>
      BoardTargets.parse(await w.change('DELETE', path, { o })),
    );
  },
};
