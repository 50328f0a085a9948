/**
 * Screen keys once no overlay has taken them: the board's and the card
 * detail's actions. Navigation goes to runBoardAction; every other action
 * starts a flow (a prompt, a picker or a y/n) from flows/.
 */
import type { CardId } from '../../api/tolerant.js';
import type { BoardState, BoardStore } from '../../store/index.js';
import { isServerId } from '../../store/index.js';
import type { BoardFilter } from '../filter.js';
import { addText, archive, deleteComment, editComment, editTitle, newCard } from '../flows/card-flows.js';
import { newColumn } from '../flows/board-flows.js';
import type { Flow } from '../flows/flow.js';
import { moveTo } from '../flows/move-flows.js';
import { assignees } from '../flows/people-flows.js';
import { tagManager, tagPicker } from '../flows/tag-flows.js';
import type { Action } from '../keymap.js';
import { runBoardAction } from './use-board-keys.js';

export interface ScreenKeys {
  store: BoardStore;
  flow: Flow;
  /** The filter as the previous key left it (read at each key, not from the last render). */
  filter(): BoardFilter | null;
  openDetail(cardId: CardId): void;
  closeDetail(): void;
  /** The selected comment as the previous key left it. */
  commentSel(): number | null;
  setCommentSel(id: number | null): void;
  scrollBy(delta: number): void;
  pageRows: number;
}

/**
 * Moves the cursor onto a card the filter shows, looking forward first in
 * its column; `acrossColumns` (a filter just set) also looks in the other
 * columns when this one shows nothing. Walking keys stay in their column.
 */
export function snapToFilter(store: BoardStore, ids: ReadonlySet<CardId>, dir: 1 | -1 = 1, acrossColumns = false): void {
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

/**
 * `/`: the text part of the filter; a tag chosen in the tag manager stays.
 * The board filters as you type; Esc puts back the filter there was before
 * `/` (refining "refund" and changing your mind must not lose it).
 */
function filterPrompt(k: ScreenKeys): void {
  const f = k.flow;
  const tagId = k.store.getState().filter?.tagId ?? null;
  const before = k.store.getState().filter?.text ?? '';
  const setText = (text: string) => k.store.getState().setFilter({ text, tagId });
  const key = f.overlays.show({
    kind: 'text',
    title: 'Filter — title, tag or assignee',
    initial: before,
    multiline: false,
    error: null,
    busy: false,
    foot: before === '' ? 'filters as you type · Enter keeps it · Esc drops it' : 'filters as you type · Enter keeps it · Esc puts back the filter you had',
    scope: 'filter-prompt',
    onChange: setText,
    onSubmit: (v) => {
      setText(v.trim() === '' ? '' : v);
      f.overlays.close(key);
    },
    onCancel: () => {
      setText(before);
      f.overlays.close(key);
    },
  });
}

/** The selected cards still on the board, in board order (column by column, top to bottom); null when none. */
function selectedInOrder(s: BoardState): CardId[] | null {
  if (s.selected.size === 0) return null;
  const ids = s.columns.flatMap((c) => (s.view.columns[c.label] ?? []).filter((card) => s.selected.has(card.id)).map((card) => card.id));
  return ids.length === 0 ? null : ids;
}

/** Card-level actions, shared by the board (focused card) and the detail (open card). */
function cardAction(k: ScreenKeys, action: Action, cardId: CardId, inDetail: boolean): boolean {
  const s = k.store.getState();
  const title = s.view.cards.get(cardId)?.title ?? s.detail?.data?.TaskName ?? '';
  const leave = inDetail ? k.closeDetail : undefined;
  // On the board, m and a act on the selected cards when there are some.
  const targets = inDetail ? [cardId] : (selectedInOrder(s) ?? [cardId]);
  switch (action) {
    case 'card.edit': editTitle(k.flow, cardId, title); return true;
    case 'card.comment': addText(k.flow, cardId, 'comment'); return true;
    case 'card.note': addText(k.flow, cardId, 'note'); return true;
    case 'card.subtask': addText(k.flow, cardId, 'subTask'); return true;
    case 'card.tags': tagPicker(k.flow, cardId); return true;
    case 'card.assign': assignees(k.flow, cardId); return true;
    case 'card.moveTo': moveTo(k.flow, targets, leave); return true;
    case 'card.archive': archive(k.flow, targets, title, leave); return true;
    default: return false;
  }
}

/** Actions about the focused card: refused, with a word, on a row the client could not read. */
const ACTS_ON_CARD: ReadonlySet<Action> = new Set<Action>([
  'open', 'card.select', 'card.edit', 'card.comment', 'card.note', 'card.subtask', 'card.tags', 'card.assign',
  'card.moveTo', 'card.archive', 'move.left', 'move.right', 'move.up', 'move.down',
]);

export function boardKey(k: ScreenKeys, action: Action | undefined): void {
  if (action === undefined) return;
  const s = k.store.getState();
  const filter = k.filter();
  const cardId = s.cursor.cardId !== null && (filter === null || filter.ids.has(s.cursor.cardId)) ? s.cursor.cardId : null;
  const unreadable = cardId === null ? undefined : s.view.cards.get(cardId)?.unreadable;
  if (unreadable !== undefined && ACTS_ON_CARD.has(action)) {
    k.flow.notify(`This row could not be read (${unreadable}): there is no card to act on`);
    return;
  }
  if (action === 'open') {
    if (cardId !== null && isServerId(cardId)) k.openDetail(cardId);
    return;
  }
  if (action === 'back') {
    // Esc undoes the nearest thing first: the selection, then the filter.
    if (s.selected.size > 0) s.clearSelected();
    else if (filter !== null) s.setFilter(null);
    else s.clearError();
    return;
  }
  if (action === 'card.select') {
    if (cardId !== null && isServerId(cardId)) s.toggleSelected(cardId);
    return;
  }
  s.clearError();
  switch (action) {
    case 'card.new': return newCard(k.flow);
    case 'column.new': return newColumn(k.flow);
    case 'filter': return filterPrompt(k);
    case 'tags.manage': return tagManager(k.flow);
    case 'sequences': {
      // Asked for before the list shows, so it is "loading" from its first
      // frame and keys typed meanwhile wait for it (see Picker).
      void s.loadSequences();
      const key = k.flow.overlays.show({ kind: 'sequences', onCancel: () => k.flow.overlays.close(key) });
      return;
    }
  }
  if (cardId !== null && cardAction(k, action, cardId, false)) return;
  if (runBoardAction(k.store, action, k.pageRows) && filter !== null) {
    snapToFilter(k.store, filter.ids, action === 'card.prev' || action === 'page.up' ? -1 : 1);
  }
}

export function detailKey(k: ScreenKeys, action: Action | undefined): void {
  const s = k.store.getState();
  const detail = s.detail;
  if (detail === null || action === undefined) return;
  const comments = detail.data?.Comments ?? [];
  const commentSel = k.commentSel();
  const selected = comments.find((c) => c.CommentId === commentSel);
  if (action === 'back') {
    if (commentSel !== null) k.setCommentSel(null);
    else k.closeDetail();
    return;
  }
  if (action === 'card.next') return k.scrollBy(1);
  if (action === 'card.prev') return k.scrollBy(-1);
  if (action === 'comment.next' || action === 'comment.prev') {
    if (comments.length === 0) return;
    const at = comments.findIndex((c) => c.CommentId === commentSel);
    const next = at < 0 ? (action === 'comment.next' ? 0 : comments.length - 1) : at + (action === 'comment.next' ? 1 : -1);
    k.setCommentSel(comments[next]?.CommentId ?? null);
    return;
  }
  s.clearError();
  if (action === 'card.edit' && selected !== undefined) return editComment(k.flow, detail.cardId, selected.CommentId, selected.Comment);
  if (action === 'comment.delete') {
    if (selected !== undefined) deleteComment(k.flow, detail.cardId, selected.CommentId, selected.Comment);
    else k.flow.notify('Select a comment with Tab first');
    return;
  }
  cardAction(k, action, detail.cardId, true);
}
