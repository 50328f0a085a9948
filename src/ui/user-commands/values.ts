/**
 * What a command is given about a card: its values (`{{id}}`, `{{title}}`…)
 * as the server has them — raw, not sanitised: they go to the command, not
 * to the terminal — and its email thread as text, as the detail shows it
 * (thread-lines.ts), for the command's stdin.
 */
import type { CardId } from '../../api/read-model.js';
import type { BoardState, BoardStore, ThreadMessage } from '../../store/index.js';
import { threadLines } from '../thread-lines.js';
import type { Values } from './template.js';

export interface CardInput {
  readonly values: Values;
  /** The thread as text; empty for a card without one. */
  readonly stdin: string;
  /** Why the thread could not be read (the command still runs, with nothing on stdin), or null. */
  readonly threadError: string | null;
}

/** Wide enough that no line of a message is wrapped: the command gets lines as written. */
const UNWRAPPED = 1_000_000;

/** `Priya Shah <priya@example.com>` → `priya@example.com`; text without an address is no address. */
export function addressOf(from: string): string | undefined {
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  if (angled !== null) return angled[1];
  const bare = /[^\s<>"',;]+@[^\s<>"',;]+/.exec(from);
  return bare?.[0];
}

function boardName(s: BoardState, boardId: number | null): string | undefined {
  return boardId === null ? undefined : s.boards.items.find((b) => b.Id === boardId)?.Name;
}

/** The open board's values: what a board command (`"on": "board"`) is given. */
export function boardValues(s: BoardState): Values {
  const board = boardName(s, s.boardId);
  return board === undefined ? {} : { board };
}

/** The first message that came in: whom the thread is with. */
const firstIn = (messages: readonly ThreadMessage[] | null | undefined): ThreadMessage | undefined =>
  messages?.find((m) => m.Direction === 'in');

/** The card's values and thread, its thread read first (kept threads are not asked for again). */
export async function cardInput(store: BoardStore, id: CardId): Promise<CardInput> {
  if (store.getState().threadsOffered !== false) await store.getState().loadThread(id);
  const s = store.getState();
  const card = s.view.cards.get(id);
  const detail = s.detail?.cardId === id ? s.detail.data : null;
  const entry = s.threads.get(id);
  const label = card?.columnLabel ?? detail?.ColumnId ?? null;
  const column = label === null ? undefined : s.columns.find((c) => c.label === label)?.name;
  const board = boardName(s, card?.boardId ?? detail?.BoardId ?? s.boardId);
  const from = firstIn(entry?.messages)?.From ?? card?.sender;
  const address = from === undefined ? undefined : addressOf(from);
  const url = card?.url ?? detail?.Url;
  const values: Values = {
    id,
    title: card?.title ?? detail?.TaskName ?? '',
    ...(board !== undefined ? { board } : {}),
    ...(column !== undefined ? { column } : {}),
    ...(address !== undefined ? { from: address } : {}),
    ...(url !== undefined ? { url } : {}),
  };
  const messages = entry?.messages ?? [];
  const stdin =
    messages.length === 0
      ? ''
      : `${threadLines(
          { entry, notOffered: false, sending: [], unfolded: true, newestFirst: false, unfoldKey: null },
          UNWRAPPED,
        )
          .map((l) => l.text)
          .join('\n')
          .trim()}\n`;
  return { values, stdin, threadError: entry?.error ?? null };
}
