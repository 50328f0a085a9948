/** The kinds that change a field of a card: title, tags, assignees, due date, read state, a sub-task's tick. */
import { withTitle } from '../card.js';
import type { KindSpec } from '../mutation-kinds.js';
import { isStale } from '../../api/errors.js';
import { onCard, onScreen, putBase, titleStale, unchangedSince } from './context.js';
import { dueStale } from './due-conflict.js';

export const editTitle: KindSpec<'editTitle'> = {
  effect(d, m, id) {
    const card = d.get(id);
    if (card !== undefined) d.put(withTitle(card, m.title));
  },
  request: async (ctx, m) => {
    const id = ctx.realId(m.cardId);
    // With versions, If-Match catches a change meanwhile in the same request; without, a read just before.
    const versioned = m.version !== undefined || ctx.version(id) !== undefined;
    if (!versioned && m.from !== undefined) await unchangedSince(ctx, id, m.from, m.title);
    try {
      // No Assignee field: absent leaves the assignees as they are.
      return await ctx.client.updateCard(
        id,
        { ...putBase(ctx, id), CardTitle: m.title },
        onCard(ctx, id, undefined, m.version),
      );
    } catch (e) {
      if (!isStale(e)) throw e;
      return titleStale(ctx, id, m, e);
    }
  },
  identity: null,
  newCardId: null,
  landed: async (ctx, m) => (await ctx.client.getCard(ctx.realId(m.cardId))).TaskName === m.title,
  readBack: null,
  detail: (d, m) => ({ ...d, TaskName: m.title }),
  undo: {
    card: onScreen,
    describe: (_m, _card, say) => `title change of ${say.title}`,
    inverse: (m, card) => ({
      inverse: { kind: 'editTitle', cardId: card.id, title: card.title },
      after: { title: m.title },
      before: { title: card.title },
    }),
    needs: null,
  },
};

/** Undoing a tag change sets the tags back, which needs the `setTags` extension. */
const tagsUndo = {
  card: onScreen,
  describe: (_m: unknown, _card: unknown, say: { title: string }) => `tags of ${say.title}`,
  needs: { offers: ['setTags'], why: 'Adding a tag cannot be undone on this server (it cannot remove tags)' },
} as const;

export const setTags: KindSpec<'setTags'> = {
  effect(d, m, id, result) {
    const card = d.get(id);
    if (card === undefined) return;
    const fromServer = result as { TagIds?: readonly number[] | null } | undefined;
    d.put({ ...card, tagIds: [...(fromServer?.TagIds ?? m.tagIds)] });
  },
  request: (ctx, m) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.setTags(id, [...m.tagIds], onCard(ctx, id));
  },
  identity: null,
  newCardId: null,
  landed: null,
  readBack: null,
  detail: null,
  undo: {
    ...tagsUndo,
    inverse: (m, card) => ({
      inverse: { kind: 'setTags', cardId: card.id, tagIds: [...card.tagIds] },
      after: { tagIds: [...m.tagIds] },
      before: { tagIds: card.tagIds },
    }),
  },
};

export const addTag: KindSpec<'addTag'> = {
  effect(d, m, id) {
    const card = d.get(id);
    if (card !== undefined && !card.tagIds.includes(m.tagId)) d.put({ ...card, tagIds: [...card.tagIds, m.tagId] });
  },
  request: (ctx, m, o) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.addTag(id, m.tagId, onCard(ctx, id, o));
  },
  identity: null,
  newCardId: null,
  landed: null,
  readBack: null,
  detail: null,
  undo: {
    ...tagsUndo,
    inverse: (m, card) => ({
      inverse: { kind: 'setTags', cardId: card.id, tagIds: [...card.tagIds] },
      after: { tagIds: [...new Set([...card.tagIds, m.tagId])] },
      before: { tagIds: card.tagIds },
    }),
  },
};

export const setAssignees: KindSpec<'setAssignees'> = {
  effect(d, m, id) {
    const card = d.get(id);
    if (card !== undefined) d.put({ ...card, assignees: m.emails === null ? null : [...m.emails] });
  },
  request: (ctx, m) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.updateCard(
      id,
      { ...putBase(ctx, id), Assignee: m.emails === null ? null : [...m.emails] },
      onCard(ctx, id),
    );
  },
  identity: null,
  newCardId: null,
  landed: null,
  readBack: null,
  detail: (d, m) => ({ ...d, Assignees: m.emails === null ? [] : [...m.emails] }),
  undo: {
    card: onScreen,
    describe: (_m, _card, say) => `assignees of ${say.title}`,
    inverse: (m, card) => ({
      inverse: { kind: 'setAssignees', cardId: card.id, emails: card.assignees === null ? null : [...card.assignees] },
      after: { assignees: m.emails },
      before: { assignees: card.assignees },
    }),
    needs: null,
  },
};

export const setDue: KindSpec<'setDue'> = {
  effect(d, m, id, result) {
    const card = d.get(id);
    if (card === undefined) return;
    // The server's normalised value once it answered (a plain date stays a date).
    const fromServer = result as { DueDate?: string | null } | undefined;
    d.put({ ...card, dueDate: fromServer?.DueDate !== undefined ? fromServer.DueDate : m.due });
  },
  request: async (ctx, m) => {
    const id = ctx.realId(m.cardId);
    try {
      return await ctx.client.setDueDate(id, m.due, onCard(ctx, id, undefined, m.version));
    } catch (e) {
      if (!isStale(e)) throw e;
      return dueStale(ctx, id, m, e);
    }
  },
  identity: null,
  newCardId: null,
  landed: null,
  readBack: null,
  detail: (d, m) => ({ ...d, DueDate: m.due }),
  undo: {
    card: onScreen,
    describe: (_m, _card, say) => `due date of ${say.title}`,
    inverse: (m, card) => ({
      inverse: { kind: 'setDue', cardId: card.id, due: card.dueDate },
      after: { dueDate: m.due },
      before: { dueDate: card.dueDate },
    }),
    needs: null,
  },
};

export const setRead: KindSpec<'setRead'> = {
  effect(d, m, id) {
    const card = d.get(id);
    if (card === undefined) return;
    // Read, a card back from its snooze is no longer marked so (the server clears it too).
    d.put({ ...card, unread: !m.read, ...(m.read && card.backFromSnooze === true ? { backFromSnooze: false } : {}) });
  },
  request: (ctx, m) => ctx.client.setReadStatus(ctx.realId(m.cardId), m.read),
  identity: null,
  newCardId: null,
  landed: null,
  readBack: null,
  detail: (d, m) => ({ ...d, ReadUnreadStatus: m.read ? 1 : 0 }),
  undo: {
    card: onScreen,
    describe: (m, _card, say) => `${m.read ? 'read' : 'unread'} mark of ${say.title}`,
    inverse: (m, card) => ({
      inverse: { kind: 'setRead', cardId: card.id, read: !card.unread },
      after: { unread: !m.read },
      before: { unread: card.unread },
    }),
    needs: null,
  },
};

export const tickSubTask: KindSpec<'tickSubTask'> = {
  // On the detail only (below), not on the card row.
  effect: null,
  request: (ctx, m) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.tickSubTask(id, m.subTaskId, m.done, onCard(ctx, id));
  },
  identity: null,
  newCardId: null,
  landed: null,
  readBack: null,
  detail: (d, m) =>
    d.SubTasks === undefined
      ? d
      : { ...d, SubTasks: d.SubTasks.map((t) => (t.SubTaskId === m.subTaskId ? { ...t, Done: m.done } : t)) },
  undo: {
    card: onScreen,
    describe: (_m, _card, say) => `sub-task tick on ${say.title}`,
    inverse: (m) => ({
      inverse: { kind: 'tickSubTask', cardId: m.cardId, subTaskId: m.subTaskId, done: !m.done },
      after: {},
      before: {},
    }),
    needs: null,
  },
};
