/**
 * A notification in words, the same on every screen, in the CLI and in the
 * mail `--notify-email` sends: who, what, and the card. Its strings come
 * from a server: each passes the sanitiser here.
 */
import type { Notification } from '../api/schema-notifications.js';
import { sanitize } from './sanitize.js';

const who = (by: string): string => (by === '' ? 'inboard' : sanitize(by));

/** What happened, e.g. "sam@acme.test mentioned you". */
export function notificationWhat(n: Pick<Notification, 'Kind' | 'By'>): string {
  switch (n.Kind) {
    case 'mentioned':
      return `${who(n.By)} mentioned you`;
    case 'assigned':
      return `${who(n.By)} assigned you`;
    case 'answered':
      return `${who(n.By)} wrote again`;
    case 'overdue':
      return 'past its response target';
    case 'reply-failed':
      return 'your reply was not sent';
    default:
      return `${sanitize(n.Kind)} (${who(n.By)})`;
  }
}

/** The card it is about: its title and board, or why they are not shown. */
export function notificationCard(n: Pick<Notification, 'CardTitle' | 'BoardName' | 'Hidden'>): string {
  if (n.Hidden !== null) return `(${sanitize(n.Hidden)})`;
  if (n.CardTitle === null) return sanitize(n.BoardName ?? '');
  return `${sanitize(n.CardTitle)} · ${sanitize(n.BoardName ?? '')}`;
}

/** One line: what, the card, and what it says beyond (the comment, the relay's words), folded to one line. */
export function notificationLine(n: Notification): string {
  const words = n.Words === null ? '' : `: ${sanitize(n.Words.replace(/\s+/g, ' ').trim())}`;
  return `${notificationWhat(n)} — ${notificationCard(n)}${words}`;
}
