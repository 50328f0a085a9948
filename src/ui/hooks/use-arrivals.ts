/**
 * What arrived on the open card while it is on screen (a message in its
 * thread, a comment, a note), said until it is seen: the detail's foot
 * announces it while it lies below what the screen shows ("↓ New below: a
 * comment from sam@… — j scrolls to it") and forgets it once the screen
 * has reached the end; the messages stay marked new in the thread (`newIds`,
 * their Message-IDs) while the card stays open.
 */
import { useEffect, useRef, useState } from 'react';
import type { CardId } from '../../api/read-model.js';
import { sanitize } from '../../text/sanitize.js';
import { useBoard } from '../store-context.js';

interface Counts {
  id: CardId;
  /** Null until the thread is read: its first reading is what was there, not news. */
  messages: number | null;
  comments: number;
  notes: number;
}

const NONE: ReadonlySet<string> = new Set();

export function useArrivals(id: CardId | null): {
  arrived: string | null;
  newIds: ReadonlySet<string>;
  seen: () => void;
} {
  const messages = useBoard((s) => (id === null ? null : (s.threads.get(id)?.messages ?? null)));
  // Until the server's answer is in, the detail is what the listing knew: not the baseline.
  const data = useBoard((s) => (s.detail?.cardId === id && !s.detail.loading ? (s.detail.data ?? null) : null));
  const [arrived, setArrived] = useState<string | null>(null);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(NONE);
  const was = useRef<Counts | null>(null);
  useEffect(() => {
    if (id === null || data === null) return;
    const now: Counts = {
      id,
      messages: messages === null ? null : messages.length,
      comments: data.Comments?.length ?? 0,
      notes: data.Notes?.length ?? 0,
    };
    const before = was.current;
    was.current = now;
    if (before === null || before.id !== id) {
      setNewIds(NONE);
      return setArrived(null);
    }
    const said: string[] = [];
    if (before.messages !== null && now.messages !== null && now.messages > before.messages) {
      const m = messages?.at(-1);
      said.push(m === undefined ? 'a message' : `a message from ${sanitize(m.From)}`);
      const came = (messages ?? []).slice(before.messages).map((x) => x.MessageId);
      setNewIds((was) => new Set([...was, ...came]));
    }
    if (now.comments > before.comments) {
      const c = data.Comments?.at(-1);
      said.push(c?.UserEmail ? `a comment from ${sanitize(c.UserEmail)}` : 'a comment');
    }
    if (now.notes > before.notes) said.push('a note');
    if (said.length > 0) setArrived(said.join(', '));
  }, [id, data, messages]);
  return {
    arrived,
    newIds,
    // The announcement goes once the screen reaches the end; the marks stay while the card is open.
    seen: () => setArrived(null),
  };
}
