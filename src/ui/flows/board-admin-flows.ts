/**
 * Running a board from the TUI (the owner's): renaming it, its members,
 * archiving it — from the board and from the board list — and renaming and
 * deleting the focused column. Prompts keep what was typed: a refusal shows
 * in the prompt and on the status bar, in the server's words, the text
 * still there. Deleting a column with cards asks which column takes them.
 */
import { EXTENSION_WORDS } from '../../api/extension-words.js';
import { ownerOnly, selectPaging, type BoardState } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { parseEmails } from './board-flows.js';
import { ask, why, type Flow } from './flow.js';
import { press } from '../keys/active.js';

const nameOf = (s: BoardState, boardId: number): string => s.boards.items.find((b) => b.Id === boardId)?.Name ?? '';

type AdminExtension = 'updateBoard' | 'archiveBoard' | 'updateColumn' | 'deleteColumn';

/** Once the server has said it lacks the route, the key says so instead of asking again. */
export const notOffered = (s: BoardState, ext: AdminExtension): string | null =>
  s.offers(ext) === false ? `${EXTENSION_WORDS[ext]} is not offered by this server` : null;

/** Why the board's owner-only action can't run on board `boardId`, or null. */
export function boardReason(
  s: BoardState,
  boardId: number | null,
  action: 'rename it' | 'change its members' | 'archive it',
): string | null {
  if (boardId === null) return 'No board is open';
  return notOffered(s, action === 'archive it' ? 'archiveBoard' : 'updateBoard') ?? ownerOnly(s, boardId, action);
}

/** Why the focused column can't be renamed or deleted, or null. */
export function columnReason(s: BoardState, action: 'rename columns' | 'delete columns'): string | null {
  if (s.columns[s.cursor.col] === undefined) return 'No column here';
  if (action === 'delete columns' && s.columns.length < 2) return 'A board keeps at least one column';
  return (
    notOffered(s, action === 'rename columns' ? 'updateColumn' : 'deleteColumn') ?? ownerOnly(s, s.boardId, action)
  );
}

const EMAIL = /^[^@\s]+@[^@\s]+$/;

export function renameBoard(f: Flow, boardId: number): void {
  const was = nameOf(f.store.getState(), boardId);
  ask(f, {
    title: `Rename board “${sanitize(was)}” — name`,
    initial: was,
    run: (v) => f.store.getState().renameBoard(v.trim(), boardId),
    done: 'Board renamed',
    draft: {
      id: { kind: 'boardName', board: boardId, card: null },
      label: 'board name',
      reopen: press('board', 'board.rename'),
      edit: {},
    },
  });
}

/** The members as a text list of emails: what is typed replaces them (the owner always stays). */
export function editMembers(f: Flow, boardId: number): void {
  const b = f.store.getState().boards.items.find((x) => x.Id === boardId);
  const initial = (b?.Users ?? []).join(', ');
  ask(f, {
    title: `Members of “${sanitize(b?.Name ?? '')}” — emails, comma-separated (empty: only the owner${
      b !== undefined && b.Owner !== '' ? `, ${sanitize(b.Owner)}` : ''
    })`,
    initial,
    allowEmpty: true,
    check: (v) => {
      const bad = parseEmails(v).find((e) => !EMAIL.test(e));
      return bad === undefined ? null : `“${sanitize(bad)}” is not an email address`;
    },
    run: (v) => f.store.getState().setMembers(parseEmails(v), boardId),
    done: 'Members saved',
    draft: {
      id: { kind: 'members', board: boardId, card: null },
      label: 'board members',
      reopen: press('board', 'board.members'),
      edit: {},
    },
  });
}

/** y/n, then the board is archived; `after` runs once it is (the board list shows again). */
export function archiveBoard(f: Flow, boardId: number, after: () => void): void {
  const name = sanitize(nameOf(f.store.getState(), boardId));
  const key = f.overlays.show({
    kind: 'confirm',
    question: `Archive board “${name}”? It leaves every list; its cards stay on the server.`,
    onNo: () => f.overlays.close(key),
    onYes: () => {
      f.overlays.close(key);
      f.store
        .getState()
        .archiveBoard(boardId)
        .then(
          () => {
            f.notify(`Archived board “${name}”`);
            after();
          },
          () => undefined, // the status bar has the server's words
        );
    },
  });
}

export function renameColumn(f: Flow): void {
  const s = f.store.getState();
  const col = s.columns[s.cursor.col];
  if (col === undefined) return;
  ask(f, {
    title: `Rename column “${col.displayName}” — name`,
    initial: col.name,
    run: (v) => f.store.getState().renameColumn(col.label, v.trim()),
    done: 'Column renamed',
    draft: {
      id: { kind: 'columnName', board: s.boardId, card: null },
      label: `name of column “${col.displayName}”`,
      reopen: `${press('board', 'column.rename')} on it`,
      // One draft per board: it comes back on the column it was typed for only.
      fields: (text) => ({ text, column: col.label }),
      edit: { matches: (kept) => kept.column === col.label },
    },
  });
}

/** Whether the column may hold cards the store hasn't counted: pages not loaded, or still loading. */
function cardsIn(s: BoardState, label: string): number | null {
  const n = (s.view.columns[label] ?? []).length;
  const p = selectPaging(label)(s);
  return n > 0 ? n : p.hasMore || p.pages === 0 || p.error !== null ? null : 0;
}

/** y/n; a column with cards then asks where they go. A 409 (cards came meanwhile) asks too. */
export function deleteColumn(f: Flow): void {
  const s = f.store.getState();
  const col = s.columns[s.cursor.col];
  if (col === undefined) return;
  const n = cardsIn(s, col.label);
  const holds = n === null ? 'It may hold cards: you will be asked where they go.' : n === 0 ? 'It is empty.' : null;
  const key = f.overlays.show({
    kind: 'confirm',
    question: `Delete column “${col.displayName}”?`,
    details: [holds ?? `Its ${n} card${n === 1 ? '' : 's'} go to a column you pick next.`],
    onNo: () => f.overlays.close(key),
    onYes: () => {
      f.overlays.close(key);
      if (n !== null && n > 0) return pickTarget(f, col.label, col.displayName, null);
      send(f, col.label, col.displayName, undefined);
    },
  });
}

function send(f: Flow, label: string, name: string, to: string | undefined): void {
  f.store
    .getState()
    .deleteColumn(label, to)
    .then(
      (moved) =>
        f.notify(
          moved > 0
            ? `Deleted column “${name}”; ${moved} card${moved === 1 ? '' : 's'} moved`
            : `Deleted column “${name}”`,
        ),
      (e: unknown) => {
        // Cards are there after all (a teammate's, or pages not loaded): ask where they go.
        if ((e as { status?: unknown }).status === 409 && to === undefined && f.store.getState().columns.length > 1)
          pickTarget(f, label, name, why(e));
      },
    );
}

/** The other columns; the cards of the one deleted go to the top of the one picked. */
function pickTarget(f: Flow, label: string, name: string, error: string | null): void {
  const others = f.store.getState().columns.filter((c) => c.label !== label);
  const key = f.overlays.show({
    kind: 'pick',
    title: `Delete “${name}”: move its cards to`,
    items: others.map((c) => ({ value: c.label, label: c.displayName })),
    status: error === null ? null : { text: error, error: true },
    onCancel: () => f.overlays.close(key),
    onPick: (to) => {
      f.overlays.close(key);
      send(f, label, name, to);
    },
  });
}
