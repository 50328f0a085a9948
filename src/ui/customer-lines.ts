/**
 * The detail's "Other conversations with Jane Doe (3)": the customer's other
 * cards on boards the key sees, newest first, with where each is, how it
 * stands and when they last wrote. Every server string passes the sanitiser.
 */
import type { CustomerState } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import { longDate } from './card-meta.js';
import type { DetailLine } from './detail-line.js';
import { color } from './theme.js';

/** How many of them the detail lists; the `C` key's picker has them all. */
export const SHOWN = 3;

export function customerLines(c: CustomerState, cardId: string | null, width: number, key: string): DetailLine[] {
  if (cardId === null || c.cardId !== cardId || c.unsupported) return [];
  if (c.data === null) return c.error === null ? [] : [{ text: `Other conversations: ${c.error}`, dim: true }];
  const d = c.data;
  if (d.Email === null || d.Total === 0) return [];
  const who = sanitize(d.Name ?? d.Email);
  const lines: DetailLine[] = [
    { text: '' },
    { text: `Other conversations with ${who} (${d.Total}) — ${key} opens one`, bold: true, color: color('accent') },
  ];
  for (const k of d.Cards.slice(0, SHOWN)) {
    const state = k.State === 'open' ? '' : ` · ${sanitize(k.State)}`;
    const text = `  ${longDate(k.LastAt)} · ${sanitize(k.ColumnName)}${state} · ${sanitize(k.Title)}`;
    lines.push({ text: truncate(text, width) });
  }
  if (d.Total > SHOWN) lines.push({ text: `  … and ${d.Total - SHOWN} more`, dim: true });
  return lines;
}

/** A picker row: the title, then where it is and when. */
export function conversationLabel(k: {
  Title: string;
  BoardName: string;
  ColumnName: string;
  State: string;
  LastAt: string;
}): string {
  const state = k.State === 'open' ? '' : `, ${sanitize(k.State)}`;
  return `${sanitize(k.Title)} — ${sanitize(k.BoardName)} › ${sanitize(k.ColumnName)}${state}, ${longDate(k.LastAt)}`;
}
