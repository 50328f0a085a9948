/**
 * A picker's state: the highlighted row and the type-to-filter text (`/`,
 * as in lazygit and fzf lists). Pure functions plus a hook, in the style of
 * @inkjs/ui's use-*-state; the keys that change it are in use-picker-input.
 */
import { useMemo, useRef, useState } from 'react';
import { foldText } from '../../text/fold.js';
import { graphemes } from '../../text/graphemes.js';
import type { Marks, PickItem } from './types.js';

/** A picker of several: what is marked now. */
export interface MarkState {
  readonly on: ReadonlySet<string>;
  /** Of several cards, what only some have and nobody has marked or unmarked yet. */
  readonly some: ReadonlySet<string>;
  /** Space was used: Enter applies the marks instead of adding or removing the highlighted item alone. */
  readonly touched: boolean;
}

export interface PickerState {
  /** Row of `visibleRows` highlighted; -1 when none is (nothing matches). */
  readonly index: number;
  /** `/` was pressed: the filter line shows and keys are text. */
  readonly filtering: boolean;
  readonly query: string;
  /** Null unless the picker takes several (`marks`). */
  readonly marks: MarkState | null;
}

export { foldText } from '../../text/fold.js';

export interface Rows {
  rows: readonly PickItem[];
  /** How many rows are items that match (the actions after them don't count). */
  matches: number;
}

/**
 * The rows shown: without a filter, every item as given; with one, the items
 * whose (already sanitised) label contains it, then every action. Actions
 * ("+ New tag…", "Type an email…") are kept whatever the filter: typing a
 * name that isn't there is exactly when "+ New tag…" is wanted, and the
 * filter text would otherwise hide the way to create it.
 */
export function visibleRows(items: readonly PickItem[], folded: readonly string[], s: PickerState): Rows {
  if (!s.filtering) return { rows: items, matches: items.length };
  const q = foldText(s.query);
  const hits = items.filter((it, k) => it.action !== true && (folded[k] ?? '').includes(q));
  return { rows: [...hits, ...items.filter((it) => it.action === true)], matches: hits.length };
}

/** After the filter text changed: the first match, or none. */
const firstMatch = (r: Rows): number => (r.matches > 0 ? 0 : -1);

/** Moves the highlight by `delta` rows, wrapping; from none, down is the first row and up the last. */
export function step(s: PickerState, r: Rows, delta: 1 | -1): PickerState {
  const n = r.rows.length;
  if (n === 0) return s;
  const at = s.index < 0 ? (delta === 1 ? -1 : 0) : Math.min(s.index, n - 1);
  return { ...s, index: (at + delta + n) % n };
}

export function startFilter(s: PickerState): PickerState {
  return s.filtering ? s : { ...s, filtering: true, query: '' };
}

/** Types into the filter; the first match is highlighted. */
export function typeText(
  s: PickerState,
  items: readonly PickItem[],
  folded: readonly string[],
  text: string,
): PickerState {
  const next = { ...s, query: s.query + text };
  return { ...next, index: firstMatch(visibleRows(items, folded, next)) };
}

/** Backspace: one character (a whole grapheme) less; on an empty filter, stop filtering. */
export function erase(s: PickerState, items: readonly PickItem[], folded: readonly string[]): PickerState {
  if (s.query === '') return stopFilter(s, items, folded);
  const parts = [...graphemes().segment(s.query)];
  const next = {
    ...s,
    query: parts
      .slice(0, -1)
      .map((p) => p.segment)
      .join(''),
  };
  return { ...next, index: firstMatch(visibleRows(items, folded, next)) };
}

/** Ends filtering; the item highlighted stays highlighted in the whole list. */
export function stopFilter(s: PickerState, items: readonly PickItem[], folded: readonly string[]): PickerState {
  const picked = visibleRows(items, folded, s).rows[s.index];
  const at = picked === undefined ? 0 : items.indexOf(picked);
  return { ...s, index: Math.max(0, at), filtering: false, query: '' };
}

export const marksFrom = (m: Marks | undefined): MarkState | null =>
  m === undefined ? null : { on: new Set(m.on), some: new Set(m.some ?? []), touched: false };

/** Space on an item: marked ⇄ unmarked; an item some of the cards have becomes marked. */
export function toggleMark(m: MarkState, value: string): MarkState {
  const on = new Set(m.on);
  const some = new Set(m.some);
  if (some.delete(value) || !on.has(value)) on.add(value);
  else on.delete(value);
  return { on, some, touched: true };
}

/** What Enter applies: the items marked, and the items unmarked (neither "some" nor actions). */
export function applied(m: MarkState, items: readonly PickItem[]): { on: string[]; off: string[] } {
  const options = items.filter((i) => i.action !== true).map((i) => i.value);
  return {
    on: options.filter((v) => m.on.has(v)),
    off: options.filter((v) => !m.on.has(v) && !m.some.has(v)),
  };
}

/** How a row shows its mark: ✓ marked, - on some of the cards, blank unmarked; null in a picker of one and on an action. */
export function markOf(m: MarkState | null, item: PickItem): string | null {
  if (m === null || item.action === true) return null;
  return m.on.has(item.value) ? '✓' : m.some.has(item.value) ? '-' : ' ';
}

/**
 * The state as the last key left it (`latest`, read by key handlers: keys of
 * one chunk arrive before React renders) and as rendered (`state`).
 */
export function usePickerState(items: readonly PickItem[], initialIndex: number, marks?: Marks, filtering = false) {
  const [state, setState] = useState<PickerState>(() => ({
    index: Math.max(0, initialIndex),
    filtering,
    query: '',
    marks: marksFrom(marks),
  }));
  const latest = useRef(state);
  // Marks given again (the card's tags arrived with the options) while none were touched: those count.
  const given = useRef(marks);
  if (given.current !== marks) {
    given.current = marks;
    if (latest.current.marks?.touched !== true) {
      latest.current = { ...latest.current, marks: marksFrom(marks) };
      setState(latest.current);
    }
  }
  const folded = useMemo(() => items.map((it) => foldText(it.label)), [items]);
  const set = (next: PickerState): void => {
    latest.current = next;
    setState(next);
  };
  const rows = useMemo(() => visibleRows(items, folded, state), [items, folded, state]);
  return { state, latest, set, folded, rows };
}
