/**
 * A conversation read as response cycles (docs/reports.md). A cycle starts
 * at a customer message when none is open (automatic mail never starts
 * one) and ends at the team's next reply — or, unanswered, when the card is
 * resolved first. A customer message after a resolution opens a new cycle
 * ("reopened"): a conversation never reads as one long first response. A
 * cycle is "first" while the team has never replied on the card, as the
 * response targets count it.
 *
 * Times: a message counts from its date, never later than it arrived, and
 * never before its card was made (the team could not see it earlier).
 */
import type { ReportMessage } from './load.js';

export interface Cycle {
  kind: 'first' | 'next';
  startMs: number;
  /** The reply's time, or the resolution's; null while open. */
  endMs: number | null;
  closedBy: 'reply' | 'resolved' | null;
  reopened: boolean;
}

/** A stretch from a customer message to a resolution. */
export interface Resolved {
  startMs: number;
  endMs: number;
}

export interface Conversation {
  cycles: Cycle[];
  resolved: Resolved[];
  /** Resolutions with no customer message before them. */
  resolvedEmpty: number;
  /** Customer messages (counted times). */
  customer: number[];
  replies: number[];
  /** Customer messages dated more than an hour before the card. */
  datedEarly: number;
  /** Replies dated before the message they answer (counted as 0). */
  replyBeforeStart: number;
  /** Resolved by resting in the last column. */
  lastColumn: boolean;
}

const HOUR_MS = 3_600_000;

/**
 * `messages` in arrival order; `resolutions` in order; `inLastColumn`: the
 * card rests, not archived, in the board's last column.
 */
export function readConversation(
  createdMs: number,
  messages: readonly ReportMessage[],
  resolutions: readonly number[],
  inLastColumn: boolean,
): Conversation {
  const c: Conversation = {
    cycles: [],
    resolved: [],
    resolvedEmpty: 0,
    customer: [],
    replies: [],
    datedEarly: 0,
    replyBeforeStart: 0,
    lastColumn: false,
  };
  let open: Cycle | null = null;
  let hadReply = false;
  let stretchStart: number | null = null;
  let afterResolution = false;
  let r = 0;
  const resolve = (at: number): void => {
    if (open !== null) {
      open.endMs = Math.max(at, open.startMs);
      open.closedBy = 'resolved';
      open = null;
    }
    if (stretchStart === null) c.resolvedEmpty++;
    else c.resolved.push({ startMs: stretchStart, endMs: Math.max(at, stretchStart) });
    stretchStart = null;
    afterResolution = true;
  };
  for (const m of messages) {
    while (r < resolutions.length && (resolutions[r] ?? 0) <= m.arrivedMs) resolve(resolutions[r++] ?? 0);
    if (m.out) {
      c.replies.push(m.atMs);
      if (open !== null) {
        if (m.atMs < open.startMs) c.replyBeforeStart++;
        open.endMs = Math.max(m.atMs, open.startMs);
        open.closedBy = 'reply';
        open = null;
      }
      hadReply = true;
      continue;
    }
    if (m.automatic) continue;
    if (m.atMs < createdMs - HOUR_MS) c.datedEarly++;
    const at = Math.max(m.atMs, createdMs);
    c.customer.push(at);
    stretchStart ??= at;
    if (open === null) {
      open = { kind: hadReply ? 'next' : 'first', startMs: at, endMs: null, closedBy: null, reopened: afterResolution };
      c.cycles.push(open);
    }
    afterResolution = false;
  }
  while (r < resolutions.length) resolve(resolutions[r++] ?? 0);
  // Resting in the last column with the team's reply last: resolved at that reply (no move time is kept).
  const lastReply = c.replies[c.replies.length - 1];
  if (inLastColumn && open === null && stretchStart !== null && lastReply !== undefined) {
    c.lastColumn = true;
    resolve(lastReply);
  }
  return c;
}
