/**
 * A picker's keys, through the app's key router: the keymap's `pick` scope
 * (or the picker's own, such as the board list's `picker`), and once `/`
 * starts filtering the shared `pick-filter` scope, where every key the table
 * doesn't bind is text (j, k, digits and r included).
 *
 * Keys typed in one burst (`t / b i l ⏎`) arrive before React renders the
 * ones before them: each key reads and moves `latest`, never the render's
 * state.
 */
import type { Key } from 'ink';
import type { MutableRefObject } from 'react';
import { useKeyHandler } from '../hooks/use-key-router.js';
import { actionFor, keyName, type Action, type Scope } from '../keymap.js';
import type { Marks, PickItem } from './types.js';
import {
  applied,
  erase,
  startFilter,
  step,
  stopFilter,
  toggleMark,
  typeText,
  visibleRows,
  type PickerState,
} from './use-picker-state.js';

export interface UsePickerInputOptions {
  /** The keymap scope of its keys while not filtering. */
  scope: Scope;
  /** Off while something else takes the keys (a prompt over the board list). */
  isActive: boolean;
  items: readonly PickItem[];
  folded: readonly string[];
  latest: MutableRefObject<PickerState>;
  set: (next: PickerState) => void;
  /** The options are still coming: keys are held for them (see KeyRouter). */
  loading: boolean;
  onPick: (value: string) => void;
  onCancel: () => void;
  /** A picker of several: Space marks, Enter applies (see `choose`). */
  marks?: Marks;
  /** The scope's other actions (the board list's n, r, q), on the highlighted item. */
  onAction?: (action: Action, value: string | null) => void;
  /** `?` (not while filtering: there it is text). */
  onHelp: () => void;
  onRetry?: () => void;
}

/** Printable text typed into the filter (not a control key or an escape sequence). */
function typed(input: string, key: Key): string | null {
  if (key.ctrl || key.meta || key.escape || key.return || key.tab) return null;
  // eslint-disable-next-line no-control-regex
  const text = input.replace(/[\x00-\x1f\x7f-\x9f]/g, '');
  return text === '' ? null : text;
}

/**
 * Enter (or a digit) on a row. In a picker of several, before any Space it
 * adds or removes that item alone, as a picker of one would; after a Space,
 * Enter applies the marks and a digit marks its row. Actions ("+ New tag…")
 * are picked either way.
 */
function choose(o: UsePickerInputOptions, s: PickerState, row: PickItem | undefined, digit: boolean): void {
  // Nothing highlighted (no match): Enter does nothing.
  if (row === undefined) return;
  const m = s.marks;
  if (m === null || o.marks === undefined || row.action === true) return o.onPick(row.value);
  if (m.touched && digit) return o.set({ ...s, marks: toggleMark(m, row.value) });
  const marks = m.touched ? m : toggleMark(m, row.value);
  const { on, off } = applied(marks, o.items);
  o.marks.onApply(on, off);
}

export function usePickerInput(o: UsePickerInputOptions): void {
  useKeyHandler(
    (input, key) => {
      const s = o.latest.current;
      const { rows } = visibleRows(o.items, o.folded, s);
      const at = s.index < 0 ? -1 : Math.min(s.index, rows.length - 1);
      const pickAt = (): void => choose(o, s, rows[at], false);
      if (s.filtering) {
        const action = actionFor('pick-filter', keyName(input, key));
        // Esc clears the filter (the highlighted item stays highlighted); a second Esc closes.
        if (action === 'filter.clear') return o.set(stopFilter(s, o.items, o.folded));
        if (action === 'filter.erase') return o.set(erase(s, o.items, o.folded));
        if (action === 'list.prev') return o.set(step(s, { rows, matches: 0 }, -1));
        if (action === 'list.next') return o.set(step(s, { rows, matches: 0 }, 1));
        if (action === 'list.pick') return pickAt();
        const text = typed(input, key);
        if (text !== null) o.set(typeText(s, o.items, o.folded, text));
        return;
      }
      const action = actionFor(o.scope, keyName(input, key));
      if (action === 'list.close') return o.onCancel();
      if (action === 'help') return o.onHelp();
      if (action === 'list.reload' && o.onRetry !== undefined) return o.onRetry();
      if (action === 'list.filter') return o.set(startFilter(s));
      if (rows.length > 0) {
        if (action === 'list.prev') return o.set(step(s, { rows, matches: 0 }, -1));
        if (action === 'list.next') return o.set(step(s, { rows, matches: 0 }, 1));
        if (action === 'list.first') return o.set({ ...s, index: 0 });
        if (action === 'list.last') return o.set({ ...s, index: rows.length - 1 });
        if (action === 'list.pick') return pickAt();
        const nth = action === 'list.nth' ? Number(input) - 1 : -1;
        if (nth >= 0 && nth < rows.length) return choose(o, s, rows[nth], true);
        const row = rows[at];
        if (action === 'list.mark' && s.marks !== null && row !== undefined && row.action !== true)
          return o.set({ ...s, marks: toggleMark(s.marks, row.value) });
      }
      if (action !== undefined) o.onAction?.(action, rows[at]?.value ?? null);
    },
    o.isActive,
    false,
    o.loading,
    {
      // Quitting (the board list's q) doesn't wait for the options, like Esc.
      leaves: (input, key) => !o.latest.current.filtering && actionFor(o.scope, keyName(input, key)) === 'quit',
    },
  );
}
