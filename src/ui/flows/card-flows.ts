/** Card keys that ask for text or a y/n: n, e, c, N, s, a — and comment edit/delete in the detail. */
import type { CardId } from '../../api/read-model.js';
import type { DraftId } from '../drafts.js';
import { titleConflictOf } from '../../store/index.js';
import { ask, why, type Flow } from './flow.js';
import { quoted, type Keep } from './kept-drafts.js';
import { refreshBoard } from './refresh.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { press } from '../keys/active.js';
import { completeMention, mentionPreview } from '../mention-words.js';
import { boardPeople } from './people-flows.js';

// Sanitised (idempotent on display titles) and cut by cells, never mid-grapheme:
// at 80 cells, so a wide terminal shows most subjects whole; the prompt fits
// its title line to the terminal it is in.
const quote = (t: string) => `“${truncate(sanitize(t), 80)}”`;

/**
 * `n`: title, then an optional note; the card shows at the top at once. Esc
 * at the note goes back to the title; Esc at the title keeps both as a
 * draft of this board's new card, which `n` brings back.
 */
export function newCard(
  f: Flow,
  start: { title?: string; note?: string; error?: string | null; queued?: boolean } = {},
): void {
  const s = f.store.getState();
  const col = s.columns[s.cursor.col];
  if (col === undefined) return;
  const id: DraftId = { kind: 'newCard', board: s.boardId, card: null };
  // A refused card reopens with what was sent; else a kept draft comes back.
  const kept = start.title === undefined ? f.overlays.drafts.get(id)?.fields : undefined;
  const typed = { title: start.title ?? kept?.title ?? '', note: start.note ?? kept?.note ?? '' };
  const keep: Keep = {
    id,
    label: 'new card',
    reopen: press('board', 'card.new'),
    fields: (title) => ({ title, note: typed.note }),
  };
  const askTitle = (o: { error?: string | null; queued?: boolean; restored?: boolean } = {}) =>
    ask(f, {
      title: `New card in ${col.displayName} — title`,
      initial: typed.title,
      error: o.error ?? null,
      queued: o.queued ?? false,
      restored: o.restored ?? false,
      draft: keep,
      next: (title) => {
        typed.title = title;
        askNote();
      },
    });
  const askNote = () =>
    ask(f, {
      title: `New card in ${col.displayName} — note (optional)`,
      initial: typed.note,
      multiline: true,
      allowEmpty: true,
      help: 'Enter with no text skips',
      // Esc goes back a step; the app ending here keeps the title and the note.
      draft: { ...keep, fields: (note) => ({ title: typed.title, note }) },
      back: (note) => {
        typed.note = note;
        askTitle();
      },
      next: (note) => {
        const title = typed.title;
        f.overlays.close();
        // Sent: a refusal reopens the prompt with the text (and Esc there keeps it again).
        f.overlays.drafts.drop(id);
        f.store
          .getState()
          .createCard(col.label, title, note.trim() === '' ? undefined : note)
          .then(
            () => f.notify('Card created'),
            (e: unknown) => newCard(f, { title, note, error: why(e), queued: true }),
          );
      },
    });
  askTitle({ error: start.error ?? null, queued: start.queued ?? false, restored: kept !== undefined });
}

/**
 * `e`: the title, saved at once. It is not saved over a title someone
 * changed on the server since the edit began (the store reads it first):
 * the user then keeps theirs, takes the teammate's, or edits again, with
 * what they typed kept. `typed` reopens the prompt with that text, and
 * `title` is then the teammate's: what the next save is compared with.
 */
export function editTitle(
  f: Flow,
  cardId: CardId,
  title: string,
  o: { typed?: string; error?: string; version?: number } = {},
): void {
  // The version the edit begins from: a save over a change made meanwhile is refused (If-Match).
  const version = o.version ?? f.store.getState().view.cards.get(cardId)?.version;
  ask(f, {
    title: 'Edit title',
    initial: o.typed ?? title,
    ...(o.error !== undefined ? { error: o.error, queued: true } : {}),
    optimistic: true,
    draft: {
      id: { kind: 'title', board: f.store.getState().boardId, card: cardId },
      label: `title of ${quoted(title)}`,
      reopen: press('board', 'card.edit'),
      edit: {},
    },
    run: (v) => f.store.getState().editTitle(cardId, v, title, version),
    refused: (v, e) => {
      const conflict = titleConflictOf(e);
      if (conflict === null) return false;
      titleConflict(f, cardId, v, conflict.theirs, conflict.version);
      return true;
    },
    done: 'Title saved',
  });
}

/** A title changed by someone else while the user edited it: keep mine, take theirs, or edit again. */
function titleConflict(f: Flow, cardId: CardId, mine: string, theirs: string, version?: number): void {
  const again = { typed: mine, ...(version !== undefined ? { version } : {}) };
  const key = f.overlays.later({
    kind: 'pick',
    title: 'Someone else changed this title while you edited it',
    status: { text: `Theirs: ${quote(theirs)} · yours: ${quote(mine)}`, error: true },
    items: [
      { value: 'mine', label: `Keep mine: ${quote(mine)}` },
      { value: 'theirs', label: `Take theirs: ${quote(theirs)}` },
      { value: 'edit', label: 'Edit again (what you typed is kept)' },
    ],
    // Esc is "not decided yet": back to the edit, nothing lost.
    onCancel: () => {
      f.overlays.close(key);
      editTitle(f, cardId, theirs, again);
    },
    onPick: (choice) => {
      f.overlays.close(key);
      f.store.getState().clearError();
      if (choice === 'mine')
        f.store
          .getState()
          // Sent with their version: saved over theirs knowingly, yet not over a third change.
          .editTitle(cardId, mine, theirs, version)
          .then(
            () => f.notify('Title saved: yours, over theirs'),
            (e: unknown) => {
              const next = titleConflictOf(e);
              if (next !== null) titleConflict(f, cardId, mine, next.theirs, next.version);
              else editTitle(f, cardId, theirs, { ...again, error: why(e) });
            },
          );
      else if (choice === 'theirs') {
        f.notify(`Kept their title: ${quote(theirs)}`);
        void refreshBoard(f.store);
      } else editTitle(f, cardId, theirs, again);
    },
  });
}

/** `c`, `N`, `s`; `added` runs once the server took it (triage counts it). */
export function addText(f: Flow, cardId: CardId, what: 'comment' | 'note' | 'subTask', added?: () => void): void {
  const s = f.store.getState();
  const label = { comment: 'Comment', note: 'Note', subTask: 'Sub-task' }[what];
  const title = s.view.cards.get(cardId)?.displayTitle ?? s.detail?.data?.TaskName ?? `card ${cardId}`;
  ask(f, {
    title: `${label} on ${quote(title)}`,
    multiline: what !== 'subTask',
    run: (v) =>
      what === 'comment' ? s.addComment(cardId, v) : what === 'note' ? s.addNote(cardId, v) : s.addSubTask(cardId, v),
    done: `${label} added`,
    // `@` and a few letters: the board's people it would mention, or that no one goes by them.
    ...(what === 'comment'
      ? {
          preview: (v: string) => mentionPreview(boardPeople(f), v),
          complete: (v: string) => completeMention(boardPeople(f), v),
        }
      : {}),
    ...(added !== undefined ? { after: () => added() } : {}),
    draft: {
      id: { kind: what, board: s.boardId, card: cardId },
      label: `${label.toLowerCase()} on ${quoted(title)}`,
      reopen: press('board', ({ comment: 'card.comment', note: 'card.note', subTask: 'card.subtask' } as const)[what]),
    },
  });
}

/** Cards a bulk y/n names, one line each; the rest are counted. */
const NAMED = 3;

/** The selected cards a bulk archive takes, by title: `“Refund…”` lines, then "and 4 more". */
function named(f: Flow, cardIds: readonly CardId[]): string[] {
  const cards = f.store.getState().view.cards;
  // Cut shorter than a single card's question: a line each, whole on an 80-column terminal.
  const lines = cardIds
    .slice(0, NAMED)
    .map((id) => `  “${truncate(sanitize(cards.get(id)?.title ?? `card ${id}`), 60)}”`);
  return cardIds.length > NAMED ? [...lines, `  and ${cardIds.length - NAMED} more`] : lines;
}

/** `a`: y/n, then the card (or every selected card) leaves at once, and comes back if the server refuses. */
export function archive(f: Flow, cardIds: readonly CardId[], title: string, after?: () => void): void {
  if (cardIds.length === 0) return;
  const s = f.store.getState();
  // Said before, not after: on a server that cannot restore, `u` will not bring it back.
  const final = s.offers('restoreCard') === false || s.offers('archivedCards') === false;
  const what = cardIds.length === 1 ? `Archive ${quote(title)}` : `Archive the ${cardIds.length} selected cards`;
  const key = f.overlays.show({
    kind: 'confirm',
    question: `${what}?${final ? ' It cannot be undone on this server.' : ''}`,
    ...(cardIds.length > 1 ? { details: named(f, cardIds) } : {}),
    onNo: () => f.overlays.close(key),
    onYes: () => {
      f.overlays.close(key);
      after?.();
      const store = f.store.getState();
      const archives: Promise<void>[] = [];
      // One `u` brings them all back.
      const all = () => archives.push(...cardIds.map((id) => store.archiveCard(id)));
      if (cardIds.length === 1) all();
      else store.together(`archive of ${cardIds.length} cards`, all);
      if (cardIds.length > 1) store.clearSelected();
      Promise.all(archives).then(
        () => f.notify(cardIds.length === 1 ? 'Archived' : `Archived ${cardIds.length} cards`),
        () => undefined, // a refused card is back and the status bar says why
      );
    },
  });
}

export function editComment(f: Flow, cardId: CardId, commentId: number, text: string): void {
  const s = f.store.getState();
  const card = s.view.cards.get(cardId)?.displayTitle ?? s.detail?.data?.TaskName ?? `card ${cardId}`;
  ask(f, {
    title: 'Edit comment',
    initial: text,
    multiline: true,
    draft: {
      id: { kind: 'commentEdit', board: s.boardId, card: cardId },
      label: `edit of a comment on ${quoted(card)}`,
      reopen: 'edit that comment again',
      fields: (v) => ({ text: v, comment: String(commentId) }),
      edit: { matches: (fields) => fields.comment === String(commentId) },
    },
    run: (v) => f.store.getState().updateComment(cardId, commentId, v),
    done: 'Comment saved',
  });
}

export function deleteComment(f: Flow, cardId: CardId, commentId: number, text: string): void {
  const key = f.overlays.show({
    kind: 'confirm',
    question: `Delete comment ${quote(text)}?`,
    onNo: () => f.overlays.close(key),
    onYes: () => {
      f.overlays.close(key);
      f.store
        .getState()
        .deleteComment(cardId, commentId)
        .then(
          () => f.notify('Comment deleted'),
          () => undefined, // the status bar has the server's words
        );
    },
  });
}
