/** Card keys that ask for text or a y/n: n, e, c, N, s, a — and comment edit/delete in the detail. */
import type { CardId } from '../../api/tolerant.js';
import { ask, why, type Flow } from './flow.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';

// Sanitised (idempotent on display titles) and cut by cells, never mid-grapheme:
// at 80 cells, so a wide terminal shows most subjects whole; the prompt fits
// its title line to the terminal it is in.
const quote = (t: string) => `“${truncate(sanitize(t), 80)}”`;

/** `n`: title, then an optional note; the card shows at the top at once. */
export function newCard(f: Flow, start: { title?: string; note?: string; error?: string | null; queued?: boolean } = {}): void {
  const s = f.store.getState();
  const col = s.columns[s.cursor.col];
  if (col === undefined) return;
  ask(f, {
    title: `New card in ${col.displayName} — title`,
    initial: start.title ?? '',
    error: start.error ?? null,
    queued: start.queued ?? false,
    next: (title) =>
      ask(f, {
        title: `New card in ${col.displayName} — note (optional)`,
        initial: start.note ?? '',
        multiline: true,
        allowEmpty: true,
        help: 'Enter with no text skips',
        next: (note) => {
          f.overlays.close();
          f.store
            .getState()
            .createCard(col.label, title, note.trim() === '' ? undefined : note)
            .then(
              () => f.notify('Card created'),
              (e: unknown) => newCard(f, { title, note, error: why(e), queued: true }),
            );
        },
      }),
  });
}

export function editTitle(f: Flow, cardId: CardId, title: string): void {
  ask(f, {
    title: 'Edit title',
    initial: title,
    optimistic: true,
    run: (v) => f.store.getState().editTitle(cardId, v),
    done: 'Title saved',
  });
}

export function addText(f: Flow, cardId: CardId, what: 'comment' | 'note' | 'subTask'): void {
  const s = f.store.getState();
  const label = { comment: 'Comment', note: 'Note', subTask: 'Sub-task' }[what];
  ask(f, {
    title: `${label} on ${quote(s.view.cards.get(cardId)?.displayTitle ?? s.detail?.data?.TaskName ?? `card ${cardId}`)}`,
    multiline: what !== 'subTask',
    run: (v) =>
      what === 'comment' ? s.addComment(cardId, v) : what === 'note' ? s.addNote(cardId, v) : s.addSubTask(cardId, v),
    done: `${label} added`,
    draft: { key: `${what}:${cardId}`, reopen: `press ${{ comment: 'c', note: 'N', subTask: 's' }[what]}` },
  });
}

/** `a`: y/n, then the card (or every selected card) leaves at once, and comes back if the server refuses. */
export function archive(f: Flow, cardIds: readonly CardId[], title: string, after?: () => void): void {
  if (cardIds.length === 0) return;
  const key = f.overlays.show({
    kind: 'confirm',
    question: cardIds.length === 1 ? `Archive ${quote(title)}?` : `Archive the ${cardIds.length} selected cards?`,
    onNo: () => f.overlays.close(key),
    onYes: () => {
      f.overlays.close(key);
      after?.();
      const store = f.store.getState();
      const archives = cardIds.map((id) => store.archiveCard(id));
      if (cardIds.length > 1) store.clearSelected();
      Promise.all(archives).then(
        () => f.notify(cardIds.length === 1 ? 'Archived' : `Archived ${cardIds.length} cards`),
        () => undefined, // a refused card is back and the status bar says why
      );
    },
  });
}

export function editComment(f: Flow, cardId: CardId, commentId: number, text: string): void {
  ask(f, {
    title: 'Edit comment',
    initial: text,
    multiline: true,
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
      f.store.getState().deleteComment(cardId, commentId).then(
        () => f.notify('Comment deleted'),
        () => undefined, // the status bar has the server's words
      );
    },
  });
}
