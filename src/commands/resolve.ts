/**
 * BOARD, COL and TAG arguments as people type them: an id, a `Label_<n>`
 * column id, or a name (case-insensitive; a unique start of a name will do).
 * Names are looked up in the server's own lists, so what matches is what the
 * TUI shows.
 */
import { isUnreadable, type Board, type CardId, type Column } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import { CommandError, UsageError } from './args.js';
import { one } from './output.js';

const fold = (s: string) => s.trim().toLocaleLowerCase();
const isId = (s: string) => /^[1-9]\d{0,15}$/.test(s.trim());

/**
 * The one item whose id is `ref` or, failing that, whose name is `ref`.
 * An id wins over a name that happens to be digits; two items with the same
 * name are reported rather than guessed between.
 */
export function pick<T extends { Id: number; Name: string }>(
  items: readonly T[],
  ref: string,
  what: string,
  where: string,
): T {
  const r = ref.trim();
  if (r === '') throw new UsageError(`the ${what} is empty`);
  if (isId(r)) {
    const byId = items.find((i) => i.Id === Number(r));
    if (byId) return byId;
  }
  const exact = items.filter((i) => fold(i.Name) === fold(r));
  // No exact name: a name it uniquely starts ("support" for "Support Inbox").
  const byName = exact.length > 0 ? exact : items.filter((i) => fold(i.Name).startsWith(fold(r)));
  if (byName.length === 1 && byName[0]) return byName[0];
  if (byName.length > 1) {
    throw new CommandError(
      `${byName.length} ${what}s match '${one(r)}'${where}; use an id or the full name: ` +
        byName.map((i) => `${i.Id} ${one(i.Name)}`).join(', '),
    );
  }
  const known = items.map((i) => `${i.Id} ${one(i.Name)}`).join(', ');
  throw new CommandError(`no ${what} '${one(r)}'${where}${known ? ` (${known})` : ''}`);
}

export async function resolveBoard(client: Client, ref: string): Promise<Board> {
  return pick(
    (await client.listBoards()).filter((b): b is Board => !isUnreadable(b)),
    ref,
    'board',
    '',
  );
}

export async function resolveColumn(client: Client, board: Board, ref: string): Promise<Column> {
  const columns = await client.listColumns(board.Id);
  const label = /^Label_([1-9]\d{0,15})$/i.exec(ref.trim());
  if (label) {
    const byLabel = columns.find(
      (c) => c.ColumnId?.toLowerCase() === ref.trim().toLowerCase() || c.Id === Number(label[1]),
    );
    if (byLabel) return byLabel;
  }
  return pick(columns, ref, 'column', ` on board ${board.Id} (${one(board.Name)})`);
}

/** The board a card lives on, from its detail (for resolving its columns and tags by name). */
export async function boardOfCard(client: Client, id: CardId): Promise<Board> {
  const boardId = (await client.getCard(id)).BoardId;
  if (boardId === undefined || boardId === null) {
    throw new CommandError(`the server did not say which board card ${one(id)} is on: give --board`);
  }
  return boardById(client, boardId);
}

/** The board with this id, as a Board (for resolving its columns and tags by name). */
export async function boardById(client: Client, boardId: number): Promise<Board> {
  return client.getBoard(boardId);
}
