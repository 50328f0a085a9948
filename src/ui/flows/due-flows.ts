/**
 * `D`: the due date prompt. What is typed is read as it is typed
 * (text/due-parse.ts) and the prompt shows the date it understood before
 * anything is saved; text it cannot read keeps the prompt open, as typed.
 * The card's date opens selected (typing replaces it, arrows edit it); a
 * date in the past is asked about (y/n) before it is set.
 */
import type { CardId } from '../../api/read-model.js';
import { dueConflictOf, type BoardStore } from '../../store/index.js';
import { dayFirst, parseDue } from '../../text/due-parse.js';
import { sanitize } from '../../text/sanitize.js';
import type { Draft } from '../drafts.js';
import { readAsTyped, type Flow, ask, why } from './flow.js';
import { quoted } from './kept-drafts.js';
import { refreshBoard } from './refresh.js';
import { press } from '../keys/active.js';

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

/**
 * `o.typed` reopens the prompt with that text after a conflict, `o.from` and
 * `o.version` then being the teammate's date and version: what the next save
 * is compared with.
 */
export function dueDate(
  f: Flow,
  cardId: CardId,
  o: { typed?: string; from?: string | null; version?: number; error?: string } = {},
): void {
  const s = f.store.getState();
  const card = s.view.cards.get(cardId);
  const shown = card?.dueDate ?? (s.detail?.cardId === cardId ? (s.detail.data?.DueDate ?? null) : null);
  const current = o.from !== undefined ? o.from : shown;
  // The version the edit begins from: a save over a date changed meanwhile is refused (If-Match).
  const version = o.version ?? card?.version;
  const title = card?.title ?? s.detail?.data?.TaskName ?? `card ${cardId}`;
  const read = (v: string) => parseDue(v, new Date());
  const keep = { id: { kind: 'due' as const, board: s.boardId, card: cardId }, label: `due date of ${quoted(title)}` };
  ask(f, {
    title: `Due date of ${quoted(title)}`,
    initial: o.typed ?? initialText(current),
    ...(o.error !== undefined ? { error: o.error, queued: true } : {}),
    // A date is more often retyped than edited: typing replaces it, arrows edit it.
    selected: o.typed === undefined,
    draft: { ...keep, reopen: press('board', 'card.due'), edit: {} },
    allowEmpty: true,
    optimistic: true,
    help: `tomorrow 10 · mon 9am · next week · in 2 days · ${dayFirst() ? '25/11' : '11/25'} · 2026-12-01 17:00 · empty clears`,
    ...readAsTyped(read, (r) => (r.past === true ? `${r.words}, in the past: Enter asks first` : r.words)),
    run: (v) => {
      const r = read(v);
      if (!r.ok) return Promise.reject(new Error(r.error));
      const edit = { from: current, ...(version !== undefined ? { version } : {}) };
      const set = () => f.store.getState().setDueDate(cardId, r.value, edit);
      const held = { ...keep.id, label: keep.label, fields: { text: v } };
      return r.past === true ? confirmPast(f, r.words.replace(/ \(.*\)$/, ''), held).then(set) : set();
    },
    refused: (v, e) => {
      const conflict = dueConflictOf(e);
      if (conflict === null) return false;
      dueConflict(f, cardId, v, conflict.theirs, conflict.version);
      return true;
    },
    after: (v) => {
      const r = read(v);
      f.notify(!r.ok ? 'Due date saved' : r.value === null ? 'Due date cleared' : `Due ${r.words}`);
    },
  });
}

/** Their date in words for the choice: as the prompt would show it, or none. */
const words = (due: string | null): string => (due === null ? 'none' : initialText(due) || sanitize(due));

/** A due date changed by someone else while the user typed one: keep mine, take theirs, or edit again. */
function dueConflict(f: Flow, cardId: CardId, typed: string, theirs: string | null, version?: number): void {
  const again = { typed, from: theirs, ...(version !== undefined ? { version } : {}) };
  const r = parseDue(typed, new Date());
  const mine = r.ok ? (r.value === null ? 'none' : r.words) : typed;
  const key = f.overlays.later({
    kind: 'pick',
    title: 'Someone else changed this due date while you edited it',
    status: { text: `Theirs: ${words(theirs)} · yours: ${mine}`, error: true },
    items: [
      { value: 'mine', label: `Keep mine: ${mine}` },
      { value: 'theirs', label: `Take theirs: ${words(theirs)}` },
      { value: 'edit', label: 'Edit again (what you typed is kept)' },
    ],
    // Esc is "not decided yet": back to the edit, nothing lost.
    onCancel: () => {
      f.overlays.close(key);
      dueDate(f, cardId, again);
    },
    onPick: (choice) => {
      f.overlays.close(key);
      f.store.getState().clearError();
      if (choice === 'mine' && r.ok)
        f.store
          .getState()
          // Sent with their version: saved over theirs knowingly, yet not over a third change.
          .setDueDate(cardId, r.value, { from: theirs, ...(version !== undefined ? { version } : {}) })
          .then(
            () => f.notify('Due date saved: yours, over theirs'),
            (e: unknown) => {
              const next = dueConflictOf(e);
              if (next !== null) dueConflict(f, cardId, typed, next.theirs, next.version);
              else dueDate(f, cardId, { ...again, error: why(e) });
            },
          );
      else if (choice === 'theirs') {
        f.notify(`Kept their due date: ${words(theirs)}`);
        void refreshBoard(f.store);
      } else dueDate(f, cardId, again);
    },
  });
}
