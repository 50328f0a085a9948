/**
 * The open card's detail with the user's changes still on their way drawn
 * over it (a tick, a tag, a read mark): what the card detail and triage
 * draw. Worked out again only when the stored detail or the pending changes
 * change.
 */
import { useMemo } from 'react';
import { liveDetail, type DetailState } from '../../store/index.js';
import { useBoard } from '../store-context.js';

/** The open detail, live; given `cardId`, only while it is that card's (else null). */
export function useLiveDetail(cardId?: DetailState['cardId'] | null): DetailState | null {
  const stored = useBoard((s) => s.detail);
  const pending = useBoard((s) => s.pending);
  const shown = cardId === undefined || stored?.cardId === cardId ? stored : null;
  return useMemo(
    () => (shown?.data == null ? shown : { ...shown, data: liveDetail(shown.data, pending) }),
    [shown, pending],
  );
}
