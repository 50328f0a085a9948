/**
 * Every open view follows the server as the board does: after each read of
 * the board (`r`, the periodic refresh, a teammate's change heard on the
 * events stream) the open card detail — the card, its comments and
 * sub-tasks, the column the board now lists it under — and its email thread
 * are read again. The user's own changes still on their way stay drawn over
 * them (detail-live.ts). Triage draws this same detail; the preview draws
 * from the details read ahead, which a refresh clears and reads again.
 */
import type { CardId } from '../api/read-model.js';
import type { DetailData } from './card-detail.js';
import type { ThreadData } from './thread.js';

export interface OpenViews {
  readonly get: () => DetailData & ThreadData;
  readonly reloadDetail: (cardId: CardId) => Promise<void>;
  readonly loadThread: (cardId: CardId, o: { fresh: true }) => Promise<void>;
}

/** Reads again what is open besides the board; never rejects (the detail and the thread keep their own errors). */
export async function followOpen(v: OpenViews): Promise<void> {
  const s = v.get();
  const id = s.detail?.cardId;
  if (id === undefined) return;
  // The thread only where it was read (a card with no thread, or a server without threads, is not asked).
  const thread = s.threads.has(id) ? v.loadThread(id, { fresh: true }) : undefined;
  await Promise.all([v.reloadDetail(id), thread]);
}
