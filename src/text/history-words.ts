/**
 * A card's history entry in words ("moved it from Inbox to Doing"), for
 * `inboard card history` and the detail's history alike. The text passes
 * the sanitiser where it is shown, not here.
 */
import { localDateTime } from './due-words.js';

/** What an entry holds (schema-history.ts HistoryEntry). */
export interface HistoryFacts {
  Kind: string;
  From: string | null;
  To: string | null;
  Added: readonly string[];
  Removed: readonly string[];
  Via: string | null;
}

const VIA: Record<string, string> = {
  mailbox: 'from a mailbox',
  'mail-in': 'by mail in',
  api: 'through the API',
};

const quoted = (s: string | null) => (s === null ? '' : `“${s}”`);
const when = (s: string | null) => {
  if (s === null) return '';
  const ms = Date.parse(s);
  return Number.isNaN(ms) || /^\d{4}-\d\d-\d\d$/.test(s) ? s : localDateTime(new Date(ms));
};
/** "until Tue 1 Dec 2026 09:00 or an answer". */
const snoozeWords = (s: string | null) =>
  s === null
    ? ''
    : s
        .split(' or ')
        .map((part) => (part === 'an answer' ? part : when(part)))
        .join(' or ');

function listWords(added: readonly string[], removed: readonly string[], on: string, off: string): string {
  const parts = [];
  if (added.length > 0) parts.push(`${on} ${added.join(', ')}`);
  if (removed.length > 0) parts.push(`${off} ${removed.join(', ')}`);
  return parts.join('; ');
}

export function historyWords(e: HistoryFacts): string {
  switch (e.Kind) {
    case 'created':
      return `created it${e.To === null ? '' : ` in ${e.To}`}${e.Via === null ? '' : ` ${VIA[e.Via] ?? `(${e.Via})`}`}`;
    case 'moved':
      return e.From === null ? `moved it to ${e.To ?? '?'}` : `moved it from ${e.From} to ${e.To ?? '?'}`;
    case 'renamed':
      return `renamed it from ${quoted(e.From)} to ${quoted(e.To)}`;
    case 'tagged':
      if (e.To !== null) return `tagged it ${e.To}`;
      return listWords(e.Added, e.Removed, 'tagged it', 'took off the tag');
    case 'assigned':
      return listWords(e.Added, e.Removed, 'assigned', 'unassigned');
    case 'due':
      return e.To === null ? 'cleared its due date' : `set it due ${when(e.To)}`;
    case 'snoozed':
      return `snoozed it until ${snoozeWords(e.To)}`;
    case 'woken':
      return e.To === 'by itself' ? 'it came back from its snooze' : 'took it out of its snooze';
    case 'archived':
      return e.From === null ? 'archived it' : `archived it from ${e.From}`;
    case 'restored':
      return e.To === null ? 'restored it' : `restored it to ${e.To}`;
    case 'replied':
      return 'replied';
    case 'forwarded':
      return 'forwarded it';
    case 'answered':
      return 'wrote again';
    case 'rule':
      return e.Added.join(', ');
    default:
      return e.Kind;
  }
}
