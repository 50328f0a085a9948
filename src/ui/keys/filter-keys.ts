/**
 * The board's `/` filter: the prompt that sets it, keeping the cursor on a
 * card it shows, and handing its words to the search of every board (Tab,
 * in the prompt or with the filter on).
 */
import type { CardId } from '../../api/read-model.js';
import { filterProblem, type BoardStore } from '../../store/index.js';
import { searchEverywhere } from '../flows/search-flows.js';
import { displayKey } from './names.js';
import { activeBinding as bindingFor, boundIn } from './active.js';
import type { ScreenKeys } from './context.js';

/**
 * Moves the cursor onto a card the filter shows, looking forward first in
 * its column; `acrossColumns` (a filter just set) also looks in the other
 * columns when this one shows nothing. Walking keys stay in their column.
 */
export function snapToFilter(
  store: BoardStore,
  ids: ReadonlySet<CardId>,
  dir: 1 | -1 = 1,
  acrossColumns = false,
): void {
  const s = store.getState();
  if (s.cursor.cardId !== null && ids.has(s.cursor.cardId)) return;
  const col = s.columns[s.cursor.col];
  const list = col === undefined ? [] : (s.view.columns[col.label] ?? []);
  const i = s.cursor.index;
  const ahead = dir === 1 ? list.slice(i) : list.slice(0, i + 1).reverse();
  const behind = dir === 1 ? list.slice(0, i).reverse() : list.slice(i + 1);
  const hit = ahead.find((c) => ids.has(c.id)) ?? behind.find((c) => ids.has(c.id));
  if (hit !== undefined) return s.focusCardId(hit.id);
  if (!acrossColumns) return;
  // Nothing matches here: the first match of the nearest column that has one
  // (rightwards first), rather than a focus on an empty column.
  const at = s.cursor.col;
  for (let d = 1; d < s.columns.length; d++) {
    for (const c of [at + d, at - d]) {
      const label = s.columns[c]?.label;
      const first = label === undefined ? undefined : (s.view.columns[label] ?? []).find((x) => ids.has(x.id));
      if (first !== undefined) return s.focusCardId(first.id);
    }
  }
}

/** "Enter keeps it · Esc drops it · Tab searches every board", then the syntax: the prompt's key line, from the keymap. */
function filterFoot(before: string): string {
  const keep = bindingFor('filter-prompt', 'filter.keep');
  const undo = bindingFor('filter-prompt', 'filter.undo');
  const search = bindingFor('filter-prompt', 'filter.search');
  const key = (b: typeof keep) => displayKey(b?.keys[0] ?? '');
  // With no filter before `/`, putting it back means dropping it.
  return (
    `filters as you type · ${key(keep)} ${keep?.help ?? ''} · ${key(undo)} ${before === '' ? 'drops it' : (undo?.help ?? '')}` +
    (search === undefined || search.keys.length === 0 ? '' : ` · ${key(search)} searches every board`) +
    ' · also is:unread is:overdue is:late due:today due:week waiting:>2h tag:NAME assignee:me, -x excludes'
  );
}

/** Whether the filter hides a card, as the screen draws it (a card opened by the search is then shown). */
export const hiddenBy = (k: ScreenKeys) => (id: CardId) => {
  const filter = k.filter();
  return filter !== null && !filter.ids.has(id);
};

/** The filter's words for the search, or why there are none (Tab on the board). */
export function filterWordsUnavailable(k: ScreenKeys): string | null {
  const text = k.store.getState().filter?.text ?? '';
  return text.trim() === ''
    ? 'No filter words to search for: / filters the board, then Tab searches every board'
    : null;
}

/** Tab with the filter on: its words searched for on every board. */
export function searchFilterWords(k: ScreenKeys): void {
  searchEverywhere(k.flow, hiddenBy(k), k.store.getState().filter?.text ?? '');
}

/**
 * `/`: the text part of the filter (store/filter-query.ts reads it); a tag
 * chosen in the tag manager stays. The board filters as you type, by what
 * can be read so far, and the prompt says what cannot (`is:xyz`); Enter
 * keeps only a filter it can apply whole. Esc puts back the filter there
 * was before `/` (refining "refund" and changing your mind must not lose it).
 */
export function filterPrompt(k: ScreenKeys): void {
  const f = k.flow;
  const tagId = k.store.getState().filter?.tagId ?? null;
  const before = k.store.getState().filter?.text ?? '';
  const setText = (text: string) => k.store.getState().setFilter({ text, tagId });
  const problem = (text: string) => filterProblem(text, k.store.getState().me?.email ?? null);
  const key = f.overlays.show({
    kind: 'text',
    title: 'Filter — title, tag or assignee',
    initial: before,
    multiline: false,
    error: null,
    busy: false,
    foot: filterFoot(before),
    scope: 'filter-prompt',
    onChange: (v) => {
      setText(v);
      f.overlays.update(key, { error: problem(v) });
    },
    onSubmit: (v) => {
      const error = problem(v);
      if (error !== null) return f.overlays.update(key, { error });
      setText(v.trim() === '' ? '' : v);
      f.overlays.close(key);
    },
    onCancel: () => {
      setText(before);
      f.overlays.close(key);
    },
    // Tab: the words to every board's search. The filter stays as Enter would keep it (as before when it can't be).
    onKey: (name, v) => {
      if (boundIn('filter-prompt', name)?.action !== 'filter.search') return false;
      if (v.trim() === '') {
        f.overlays.update(key, { error: 'Type the words to search every board for first' });
        return true;
      }
      setText(problem(v) === null ? v : before);
      searchEverywhere(f, hiddenBy(k), v);
      return true;
    },
  });
}
