/**
 * The card detail's keys, each with what it does: scrolling, selecting a
 * note, comment or sub-task with Tab, ticking a sub-task, and the card keys
 * of the board acting on the open card.
 */
import type { Comment, SubTask } from '../../api/read-model.js';
import type { DetailState } from '../../store/index.js';
import { isOthers, liveDetail } from '../../store/index.js';
import { detailItems, stepSel } from '../detail-selection.js';
import { deleteComment, editComment, editTitle } from '../flows/card-flows.js';
import { ATTACHMENT_KEYS } from './attachment-keys.js';
import { cardBindings, type CardScreen } from './card-actions.js';
import type { ScreenKeys } from './context.js';
import { HISTORY_KEYS } from './history-keys.js';
import { CUSTOMER_KEYS } from './customer-keys.js';
import { CARD_REFRESH_KEY } from './refresh-keys.js';
import type { ScreenBinding } from './types.js';

type B = ScreenBinding<ScreenKeys>;

const open = (k: ScreenKeys): DetailState => {
  const d = k.store.getState().detail;
  if (d === null) throw new Error('no card open');
  return d;
};
const comments = (k: ScreenKeys): readonly Comment[] => k.store.getState().detail?.data?.Comments ?? [];
/** The selected comment, when a comment is what Tab selected. */
const selected = (k: ScreenKeys): Comment | undefined => {
  const sel = k.detailSel();
  return sel?.kind === 'comment' ? comments(k).find((c) => c.CommentId === sel.id) : undefined;
};
/** The selected sub-task as shown (a tick still on its way included). */
const selectedSubTask = (k: ScreenKeys): SubTask | undefined => {
  const sel = k.detailSel();
  const s = k.store.getState();
  const data = s.detail?.data;
  if (sel?.kind !== 'subTask' || data === null || data === undefined) return undefined;
  return liveDetail(data, s.pending).SubTasks?.find((t) => t.SubTaskId === sel.id);
};
const title = (k: ScreenKeys): string => {
  const s = k.store.getState();
  const id = open(k).cardId;
  return s.view.cards.get(id)?.title ?? s.detail?.data?.TaskName ?? '';
};

/** A key on the open card: the error of an earlier attempt goes once the user acts again. */
const onCard = (run: (k: ScreenKeys) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  run(k);
};

const step = (dir: 1 | -1) => (k: ScreenKeys) =>
  k.setDetailSel(stepSel(detailItems(k.store.getState().detail?.data), k.detailSel(), dir));
/** A teammate's comment is not offered for changing: whose it is, said before anything is typed. */
const notYours = (k: ScreenKeys): string | null => {
  const c = selected(k);
  if (c === undefined || !isOthers(k.store.getState().me, c)) return null;
  const who = c.UserEmail ?? (c.UserId === null ? 'a teammate' : `user ${c.UserId}`);
  return `That comment is ${who}'s: only its author can change or delete it`;
};

const nothingToSelect = (k: ScreenKeys) =>
  detailItems(k.store.getState().detail?.data).length === 0 ? 'This card has no notes, comments or sub-tasks' : null;

const noSubTask = (k: ScreenKeys): string | null => {
  if (selectedSubTask(k) === undefined) return 'Select a sub-task with Tab first';
  return k.store.getState().offers('tickSubTask') === false ? 'Ticking sub-tasks is not offered by this server' : null;
};

/**
 * The detail's card is the open one; a card action that takes it away
 * (moved to another board, archived) closes the detail. `e` edits the
 * selected comment when Tab selected one.
 */
export const DETAIL_CARDS: CardScreen = {
  scope: 'detail',
  unavailable: (k) => (k.store.getState().detail === null ? 'No card is open' : null),
  targets: (k) => ({ ids: [open(k).cardId], title: title(k), record: () => undefined, leave: k.closeDetail }),
  selects: false,
  hinted: ['card.edit', 'card.comment', 'card.reply'],
  override: {
    'card.edit': {
      help: 'edit the selected comment (yours only), else the title',
      unavailable: (k) => {
        const sel = k.detailSel();
        if (sel !== null && sel.kind !== 'comment')
          return `Only comments can be edited here: Tab to one, or Esc to unselect and edit the title`;
        return notYours(k);
      },
      run: (k, on) => {
        const c = selected(k);
        if (c !== undefined) editComment(k.flow, open(k).cardId, c.CommentId, c.Comment);
        else editTitle(k.flow, open(k).cardId, on.title);
      },
    },
  },
};

export const DETAIL_KEYS: readonly B[] = (
  [
    { action: 'scroll.up', keys: ['up', 'k'], group: 'Navigate', help: 'scroll up', run: (k) => k.scrollBy(-1) },
    { action: 'scroll.down', keys: ['down', 'j'], group: 'Navigate', help: 'scroll down', run: (k) => k.scrollBy(1) },
    {
      action: 'item.next',
      keys: ['tab'],
      group: 'Navigate',
      help: 'select the next note, comment or sub-task',
      hint: 'select',
      hintKey: 'Tab',
      unavailable: nothingToSelect,
      run: step(1),
    },
    {
      action: 'item.prev',
      keys: ['S-tab'],
      group: 'Navigate',
      help: 'select the previous note, comment or sub-task',
      unavailable: nothingToSelect,
      run: step(-1),
    },
    {
      action: 'subtask.tick',
      keys: [' '],
      group: 'Card',
      help: 'tick or untick the selected sub-task',
      unavailable: noSubTask,
      run: (k) => {
        const t = selectedSubTask(k);
        if (t === undefined) return;
        k.store.getState().clearError();
        k.store
          .getState()
          .tickSubTask(open(k).cardId, t.SubTaskId, t.Done !== true)
          .catch(() => undefined); // unticked again; the status bar has the server's words
      },
    },
    {
      action: 'comment.delete',
      keys: ['d'],
      group: 'Card',
      help: 'delete the selected comment (yours only)',
      unavailable: (k) => (selected(k) === undefined ? 'Select a comment with Tab first' : notYours(k)),
      run: onCard((k) => {
        const c = selected(k);
        if (c !== undefined) deleteComment(k.flow, open(k).cardId, c.CommentId, c.Comment);
      }),
    },
    ...ATTACHMENT_KEYS,
    ...cardBindings(DETAIL_CARDS),
    ...HISTORY_KEYS,
    ...CUSTOMER_KEYS,
    CARD_REFRESH_KEY,
    {
      action: 'detail.back',
      keys: ['esc', 'q'],
      group: 'App',
      help: 'back to the board (with an item selected: unselect it)',
      hint: 'back',
      run: (k) => {
        if (k.detailSel() !== null) k.setDetailSel(null);
        else k.closeDetail();
      },
    },
  ] satisfies Omit<B, 'scope'>[]
).map((b): B => ({ ...b, scope: 'detail' }));
