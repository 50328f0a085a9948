/**
 * The board list (`b`, and the first screen without `--board`): the shared
 * Picker in the keymap's `picker` scope, so its keys come through the key
 * router like every other screen's — type-ahead is held while the list
 * loads, `/` filters as in every picker, and the footer and `?` help name its
 * keys. The actions that aren't the list's own (n new board, r reload, q, ?,
 * Esc back) go to App through `onAction`.
 */
import { useMemo } from 'react';
import type { Board } from '../api/schema.js';
import { sanitize } from '../text/sanitize.js';
import type { Action } from './keymap.js';
import { Picker, type PickItem } from './prompts/Picker.js';

export interface BoardPickerProps {
  boards: readonly Board[];
  loading: boolean;
  error: string | null;
  currentId: number | null;
  width: number;
  height: number;
  /** False while something over it (a prompt, the help) takes the keys. */
  isActive: boolean;
  onSelect: (boardId: number) => void;
  onAction: (action: Action) => void;
}

export function BoardPicker({ boards, loading, error, currentId, width, height, isActive, onSelect, onAction }: BoardPickerProps) {
  // Sanitised here, once: what is drawn is also what `/` matches.
  const items = useMemo(
    (): PickItem[] =>
      boards.map((b) => {
        const users = b.Users ? ` · shared with ${sanitize(b.Users)}` : '';
        return { value: String(b.Id), label: `${sanitize(b.Name)}  — ${sanitize(b.Owner)}${users}` };
      }),
    [boards],
  );
  const initial = Math.max(0, boards.findIndex((b) => b.Id === currentId));
  // Keys wait only while there is nothing to pick yet (the first load, or
  // one after a failure); a reload keeps the list it has and takes keys.
  const waiting = loading && boards.length === 0;
  const status =
    error !== null
      ? { text: `${error} — press r to retry`, error: true }
      : !loading && boards.length === 0
        ? { text: 'No boards yet — press n to create one.' }
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
      onCancel={() => onAction('back')}
      onAction={(action) => onAction(action)}
    />
  );
}
