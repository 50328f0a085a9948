/**
 * `D`: the due date prompt. What is typed is read as it is typed
 * (text/due-parse.ts) and the prompt shows the date it understood before
 * anything is saved; text it cannot read keeps the prompt open, as typed.
 */
import type { CardId } from '../../api/read-model.js';
import type { BoardStore } from '../../store/index.js';
import { parseDue } from '../../text/due-parse.js';
import { quoted, type Flow, ask } from './flow.js';

export const DUE_NOT_OFFERED = 'Setting due dates is not offered by this server';

export const dueUnavailable = (store: BoardStore): string | null =>
  store.getState().offers('setDueDate') === false ? DUE_NOT_OFFERED : null;

/** The card's due date as the prompt starts with it: the stored value's date and time, editable. */
function initialText(value: string | null): string {
  if (value === null) return '';
  const t = Date.parse(value);
  if (Number.isNaN(t)) return '';
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  // A plain date has no time of day to edit.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function dueDate(f: Flow, cardId: CardId): void {
  const s = f.store.getState();
  const card = s.view.cards.get(cardId);
  const current = card?.dueDate ?? (s.detail?.cardId === cardId ? (s.detail.data?.DueDate ?? null) : null);
  const title = card?.title ?? s.detail?.data?.TaskName ?? `card ${cardId}`;
  const read = (v: string) => parseDue(v, new Date());
  ask(f, {
    title: `Due date of ${quoted(title)}`,
    initial: initialText(current),
    allowEmpty: true,
    optimistic: true,
    help: '2026-12-01 · 2026-12-01 17:00 · tomorrow · fri · +3d · +2h · empty clears',
    preview: (v) => {
      const r = read(v);
      return r.ok ? `→ ${r.words}` : '';
    },
    check: (v) => {
      const r = read(v);
      return r.ok ? null : r.error;
    },
    run: (v) => {
      const r = read(v);
      if (!r.ok) return Promise.reject(new Error(r.error));
      return f.store.getState().setDueDate(cardId, r.value);
    },
    after: (v) => {
      const r = read(v);
      f.notify(!r.ok ? 'Due date saved' : r.value === null ? 'Due date cleared' : `Due ${r.words}`);
    },
  });
}
