/** Board-level keys: `C` new column; `n` in the board picker makes a board with its users. */
import { ask, type Flow } from './flow.js';

export function newColumn(f: Flow): void {
  ask(f, { title: 'New column — name', run: (v) => f.store.getState().createColumn(v.trim()), done: 'Column created' });
}

/** "a@x.io, b@y.io ;c@z.io" → the emails, in order, without blanks. */
export function parseEmails(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function newBoard(f: Flow, onCreated: (id: number) => void): void {
  ask(f, {
    title: 'New board — name',
    next: (name) =>
      ask(f, {
        title: `New board “${name.trim()}” — users (comma-separated emails, optional)`,
        allowEmpty: true,
        run: (users) => f.store.getState().createBoard(name.trim(), parseEmails(users)).then(onCreated),
        done: 'Board created',
      }),
  });
}
