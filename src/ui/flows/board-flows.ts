/** Board-level keys: `C` new column; `n` in the board picker makes a board with its users. */
import type { DraftId } from '../drafts.js';
import { ask, type Flow } from './flow.js';
import { type Keep } from './kept-drafts.js';
import { press } from '../keys/active.js';

export function newColumn(f: Flow): void {
  ask(f, {
    title: 'New column — name',
    run: (v) => f.store.getState().createColumn(v.trim()),
    done: 'Column created',
    draft: {
      id: { kind: 'newColumn', board: f.store.getState().boardId, card: null },
      label: 'new column',
      reopen: press('board', 'column.new'),
    },
  });
}

/** "a@x.io, b@y.io ;c@z.io" → the emails, in order, without blanks. */
export function parseEmails(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * `n` in the board list: name, then users. Esc at the users goes back to the
 * name; Esc at the name keeps both as a draft, which `n` brings back.
 */
export function newBoard(f: Flow, onCreated: (id: number) => void): void {
  const id: DraftId = { kind: 'newBoard', board: null, card: null };
  const kept = f.overlays.drafts.get(id)?.fields;
  const typed = { name: kept?.name ?? '', users: kept?.users ?? '' };
  const keep: Keep = {
    id,
    label: 'new board',
    reopen: `${press('picker', 'board.new')} in the board list`,
    fields: (name) => ({ name, users: typed.users }),
  };
  const askName = (restored = false) =>
    ask(f, {
      title: 'New board — name',
      initial: typed.name,
      restored,
      draft: keep,
      next: (name) => {
        typed.name = name;
        askUsers();
      },
    });
  const askUsers = () =>
    ask(f, {
      title: `New board “${typed.name.trim()}” — users (comma-separated emails, optional)`,
      initial: typed.users,
      allowEmpty: true,
      back: (users) => {
        typed.users = users;
        askName();
      },
      // Created, the draft goes (see ask); left while sending, it is kept.
      draft: { ...keep, fields: (users) => ({ name: typed.name, users }) },
      run: (users) => f.store.getState().createBoard(typed.name.trim(), parseEmails(users)).then(onCreated),
      done: 'Board created',
    });
  askName(kept !== undefined);
}
