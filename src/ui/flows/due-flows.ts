/**
 * `D`: the due date prompt. What is typed is read as it is typed
 * (text/due-parse.ts) and the prompt shows the date it understood before
 * anything is saved; text it cannot read keeps the prompt open, as typed.
 * The card's date opens selected (typing replaces it, arrows edit it); a
 * date in the past is asked about (y/n) before it is set.
 */
import type { CardId } from '../../api/read-model.js';
import type { BoardStore } from '../../store/index.js';
import { dayFirst, parseDue } from '../../text/due-parse.js';
import type { Draft } from '../drafts.js';
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

/**
 * y/n before a date in the past: resolves on y; on n rejects with what the
 * reopened prompt says. Meanwhile the text typed is held as the prompt held it.
 */
function confirmPast(f: Flow, words: string, held: Draft): Promise<void> {
  const release = f.overlays.drafts.hold(() => held);
  return new Promise((resolve, reject) => {
    const key = f.overlays.show({
      kind: 'confirm',
      question: `${words} is in the past. Set it anyway?`,
      onYes: () => {
        release();
        f.overlays.close(key);
        resolve();
      },
      onNo: () => {
        release();
        f.overlays.close(key);
        reject(new Error(`Not set: ${words} is in the past — type another date`));
      },
    });
  });
}

export function dueDate(f: Flow, cardId: CardId): void {
  const s = f.store.getState();
  const card = s.view.cards.get(cardId);
  const current = card?.dueDate ?? (s.detail?.cardId === cardId ? (s.detail.data?.DueDate ?? null) : null);
  const title = card?.title ?? s.detail?.data?.TaskName ?? `card ${cardId}`;
  const read = (v: string) => parseDue(v, new Date());
  const keep = { id: { kind: 'due' as const, board: s.boardId, card: cardId }, label: `due date of ${quoted(title)}` };
  ask(f, {
    title: `Due date of ${quoted(title)}`,
    initial: initialText(current),
    // A date is more often retyped than edited: typing replaces it, arrows edit it.
    selected: true,
    draft: { ...keep, reopen: 'press D', edit: {} },
    allowEmpty: true,
    optimistic: true,
    help: `tomorrow 10 · mon 9am · next week · in 2 days · ${dayFirst() ? '25/11' : '11/25'} · 2026-12-01 17:00 · empty clears`,
    preview: (v) => {
      const r = read(v);
      if (!r.ok) return '';
      return r.past === true ? `→ ${r.words}, in the past: Enter asks first` : `→ ${r.words}`;
    },
    check: (v) => {
      const r = read(v);
      return r.ok ? null : r.error;
    },
    run: (v) => {
      const r = read(v);
      if (!r.ok) return Promise.reject(new Error(r.error));
      const set = () => f.store.getState().setDueDate(cardId, r.value);
      const held = { ...keep.id, label: keep.label, fields: { text: v } };
      return r.past === true ? confirmPast(f, r.words.replace(/ \(.*\)$/, ''), held).then(set) : set();
    },
    after: (v) => {
      const r = read(v);
      f.notify(!r.ok ? 'Due date saved' : r.value === null ? 'Due date cleared' : `Due ${r.words}`);
    },
  });
}
