/**
 * The card detail's keys, each with what it does: scrolling, selecting a
 * comment with Tab, and the card keys of the board acting on the open card.
 */
import type { Comment } from '../../api/tolerant.js';
import type { DetailState } from '../../store/index.js';
import { isOthers } from '../../store/index.js';
import { addText, archive, deleteComment, editComment, editTitle } from '../flows/card-flows.js';
import { moveTo } from '../flows/move-flows.js';
import { assignees } from '../flows/people-flows.js';
import { tagPicker } from '../flows/tag-flows.js';
import type { ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = ScreenBinding<ScreenKeys>;

const open = (k: ScreenKeys): DetailState => {
  const d = k.store.getState().detail;
  if (d === null) throw new Error('no card open');
  return d;
};
const comments = (k: ScreenKeys): readonly Comment[] => k.store.getState().detail?.data?.Comments ?? [];
const selected = (k: ScreenKeys): Comment | undefined => comments(k).find((c) => c.CommentId === k.commentSel());
const title = (k: ScreenKeys): string => {
  const s = k.store.getState();
  const id = open(k).cardId;
  return s.view.cards.get(id)?.title ?? s.detail?.data?.TaskName ?? '';
};

/** A card action on the open card; leaving the detail when the card goes (moved away, archived). */
const onCard = (run: (k: ScreenKeys, leave: () => void) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  run(k, k.closeDetail);
};

const stepComment = (dir: 1 | -1) => (k: ScreenKeys) => {
  const list = comments(k);
  const at = list.findIndex((c) => c.CommentId === k.commentSel());
  const next = at < 0 ? (dir === 1 ? 0 : list.length - 1) : at + dir;
  k.setCommentSel(list[next]?.CommentId ?? null);
};
/** A teammate's comment is not offered for changing: whose it is, said before anything is typed. */
const notYours = (k: ScreenKeys): string | null => {
  const c = selected(k);
  if (c === undefined || !isOthers(k.store.getState().me, c)) return null;
  const who = c.UserEmail ?? (c.UserId === null ? 'a teammate' : `user ${c.UserId}`);
  return `That comment is ${who}'s: only its author can change or delete it`;
};

const noComments = (k: ScreenKeys) =>
  comments(k).length === 0
    ? k.store.getState().detail?.data?.Comments === undefined
      ? 'No comments to select here'
      : 'This card has no comments'
    : null;

export const DETAIL_KEYS: readonly B[] = (
  [
    { action: 'scroll.up', keys: ['up', 'k'], group: 'Navigate', help: 'scroll up', run: (k) => k.scrollBy(-1) },
    { action: 'scroll.down', keys: ['down', 'j'], group: 'Navigate', help: 'scroll down', run: (k) => k.scrollBy(1) },
    {
      action: 'comment.next',
      keys: ['tab'],
      group: 'Navigate',
      help: 'select the next comment',
      hint: 'select comment',
      hintKey: 'Tab',
      unavailable: noComments,
      run: stepComment(1),
    },
    {
      action: 'comment.prev',
      keys: ['S-tab'],
      group: 'Navigate',
      help: 'select the previous comment',
      unavailable: noComments,
      run: stepComment(-1),
    },
    {
      action: 'card.edit',
      keys: ['e'],
      group: 'Card',
      help: 'edit the selected comment (yours only), else the title',
      hint: 'edit',
      unavailable: notYours,
      run: onCard((k) => {
        const c = selected(k);
        if (c !== undefined) editComment(k.flow, open(k).cardId, c.CommentId, c.Comment);
        else editTitle(k.flow, open(k).cardId, title(k));
      }),
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
    {
      action: 'card.comment',
      keys: ['c'],
      group: 'Card',
      help: 'comment',
      hint: 'comment',
      run: onCard((k) => addText(k.flow, open(k).cardId, 'comment')),
    },
    {
      action: 'card.note',
      keys: ['N'],
      group: 'Card',
      help: 'note',
      run: onCard((k) => addText(k.flow, open(k).cardId, 'note')),
    },
    {
      action: 'card.subtask',
      keys: ['s'],
      group: 'Card',
      help: 'sub-task',
      run: onCard((k) => addText(k.flow, open(k).cardId, 'subTask')),
    },
    {
      action: 'card.tags',
      keys: ['t'],
      group: 'Card',
      help: 'tags',
      run: onCard((k) => tagPicker(k.flow, open(k).cardId)),
    },
    {
      action: 'card.assign',
      keys: ['@'],
      group: 'Card',
      help: 'assignees',
      run: onCard((k) => assignees(k.flow, open(k).cardId)),
    },
    {
      action: 'card.moveTo',
      keys: ['m'],
      group: 'Move',
      help: 'move to another column or board',
      run: onCard((k, leave) => moveTo(k.flow, [open(k).cardId], leave)),
    },
    {
      action: 'card.archive',
      keys: ['a'],
      group: 'Card',
      help: 'archive (asks y/n)',
      run: onCard((k, leave) => archive(k.flow, [open(k).cardId], title(k), leave)),
    },
    {
      action: 'detail.back',
      keys: ['esc', 'q'],
      group: 'App',
      help: 'back to the board (with a comment selected: unselect it)',
      hint: 'back',
      run: (k) => {
        if (k.commentSel() !== null) k.setCommentSel(null);
        else k.closeDetail();
      },
    },
  ] satisfies Omit<B, 'scope'>[]
).map((b): B => ({ ...b, scope: 'detail' }));
