/**
 * The board list (`b`, and the first screen without `--board`): the shared
 * Picker in the keymap's `picker` scope, so its keys come through the key
 * router like every other screen's — type-ahead is held while the list
 * loads, `/` filters as in every picker, and the footer and `?` help name its
 * keys. The actions that aren't the list's own (n new board, e rename, m
 * members, a archive, r reload, q, ?, Esc back) go to App through `onAction`.
 */
import { useMemo } from 'react';
import type { Board, Unreadable } from '../api/read-model.js';
import { isKeyRefusal } from '../config/key-refused.js';
import { sanitize } from '../text/sanitize.js';
import type { Action } from './keys/types.js';
import { press } from './keys/active.js';
import { Picker, type PickItem } from './prompts/Picker.js';

export interface BoardPickerProps {
  boards: readonly Board[];
  /** Entries of the list the client could not read: told on the status line. */
  unreadable?: readonly Unreadable[];
  loading: boolean;
  error: string | null;
  currentId: number | null;
  width: number;
  height: number;
  /** False while something over it (a prompt, the help) takes the keys. */
  isActive: boolean;
  onSelect: (boardId: number) => void;
  /** `value`: the highlighted board's id, when there is one (e, m and a act on it). */
  onAction: (action: Action, value: string | null) => void;
}

/** "1 entry of the board list could not be read (it has no board id)". */
function unreadableWords(rows: readonly Unreadable[]): string {
  const first = rows[0];
  const what = rows.length === 1 ? '1 entry of the board list' : `${rows.length} entries of the board list`;
  const id = first?.rawId ? `${sanitize(first.rawId)}: ` : '';
  return `${what} could not be read (${id}${sanitize(first?.unreadable ?? '')})`;
}

export function BoardPicker({
  boards,
  unreadable = [],
  loading,
  error,
  currentId,
  width,
  height,
  isActive,
  onSelect,
  onAction,
}: BoardPickerProps) {
  // Sanitised here, once: what is drawn is also what `/` matches.
  const items = useMemo(
    (): PickItem[] =>
      boards.map((b) => {
        const users = b.Users.length > 0 ? ` · shared with ${sanitize(b.Users.join(', '))}` : '';
        return { value: String(b.Id), label: `${sanitize(b.Name)}  — ${sanitize(b.Owner)}${users}` };
      }),
    [boards],
  );
  const initial = Math.max(
    0,
    boards.findIndex((b) => b.Id === currentId),
  );
  // Keys wait only while there is nothing to pick yet (the first load, or
  // one after a failure); a reload keeps the list it has and takes keys.
  const waiting = loading && boards.length === 0;
  const status =
    error !== null
      ? { text: isKeyRefusal(error) ? error : `${error} — ${press('picker', 'list.reload')} to retry`, error: true }
      : !loading && boards.length === 0
        ? {
            text:
              unreadable.length > 0
                ? `${unreadableWords(unreadable)}; no board to open`
                : `No boards yet — ${press('picker', 'board.new')} to create one.`,
          }
        : unreadable.length > 0
          ? { text: unreadableWords(unreadable), error: true }
          : null;
  return (
    <Picker
      // Mounted afresh when the first boards arrive: the picker reads its
      // initial row once, and the current board is only known to be in the
      // list then. Keys held meanwhile go to the new one (see KeyRouter).
      key={boards.length === 0 ? 'empty' : 'list'}
      scope="picker"
      title="Boards"
      items={items}
      width={width}
      height={height}
      initialIndex={initial}
      loading={waiting}
      status={status}
      help="Enter open · n new board"
      isActive={isActive}
      onPick={(id) => onSelect(Number(id))}
      onCancel={() => onAction('list.close', null)}
      onAction={(action, value) => onAction(action, value)}
    />
  );
}
