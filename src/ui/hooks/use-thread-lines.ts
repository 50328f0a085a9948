/**
 * The email thread of the card a screen shows, as detail lines: read when
 * the card is on screen (`read` false holds it back: the preview waits
 * until the cursor rests, as its detail does), drawn with the user's
 * replies still on their way, quotes folded until the unfold key.
 */
import { useEffect, useMemo } from 'react';
import type { CardId } from '../../api/read-model.js';
import type { DetailLine } from '../detail-line.js';
import { bindingFor } from '../keymap.js';
import { useBoard, useBoardStore } from '../store-context.js';
import { threadLines } from '../thread-lines.js';

export interface ThreadOptions {
  readonly newestFirst: boolean;
  /** Ask the server for it now (else only what is known is drawn). */
  readonly read: boolean;
  /** Ask again even when a recent answer is kept (the detail: mail may have come since the preview read it). */
  readonly fresh?: boolean;
  /** The screen's key that unfolds, said on a folded line; none where no key does. */
  readonly unfoldable: boolean;
  /** Messages to mark new (what arrived while the card was open, not seen yet). */
  readonly newIds?: ReadonlySet<string>;
  /** The attachment selected (`]`/`[`), by its place among the thread's attachments. */
  readonly selectedAttachment?: number | null;
}

export function useThreadLines(cardId: CardId | null, width: number, o: ThreadOptions): DetailLine[] {
  const store = useBoardStore();
  const entry = useBoard((s) => (cardId === null ? undefined : s.threads.get(cardId)));
  const notOffered = useBoard((s) => s.threadsOffered === false);
  const pending = useBoard((s) => s.pending);
  const unfolded = useBoard((s) => s.threadUnfolded);
  useEffect(() => {
    if (cardId !== null && o.read) void store.getState().loadThread(cardId, { fresh: o.fresh === true });
  }, [store, cardId, o.read, o.fresh]);
  return useMemo(() => {
    if (cardId === null) return [];
    const sending = pending.flatMap((m) => (m.kind === 'reply' && m.cardId === cardId ? [m] : []));
    const key = o.unfoldable ? (bindingFor('detail', 'thread.unfold')?.keys[0] ?? null) : null;
    return threadLines(
      {
        entry,
        notOffered,
        sending,
        unfolded,
        newestFirst: o.newestFirst,
        unfoldKey: key,
        newIds: o.newIds,
        selectedAttachment: o.selectedAttachment ?? null,
      },
      width,
    );
  }, [
    cardId,
    entry,
    notOffered,
    pending,
    unfolded,
    o.newestFirst,
    o.unfoldable,
    o.newIds,
    o.selectedAttachment,
    width,
  ]);
}
