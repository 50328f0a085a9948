/**
 * The store's extra actions (comments, tags, other boards' columns, email
 * sequences) against the real local service with the demo workspace.
 */
import { describe, expect, it } from 'vitest';
import type { BoardStore } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-extras');
const client = () => demo.client({ maxAttempts: 1 });
const open = (name: string): Promise<BoardStore> => demo.open(name, {}, { maxAttempts: 1 });

const cardTitled = (store: BoardStore, title: string) =>
  [...store.getState().view.cards.values()].find((c) => c.title === title)!;

describe('store extras', () => {
  it('edits and deletes an own comment; another author’s comment is refused with the server’s words', async () => {
    const store = await open('Support Inbox');
    const card = cardTitled(store, 'Team seats: upgrade from 5 to 12 mid-cycle');
    await store.getState().openCard(card.id);
    const theirs = store.getState().detail!.data!.Comments![0]!;
    await expect(store.getState().updateComment(card.id, theirs.CommentId, 'mine now')).rejects.toThrow(
      /Only the author/,
    );
    expect(store.getState().lastError).toMatch(/Only the author/);

    await store.getState().addComment(card.id, 'first draft');
    const mine = store.getState().detail!.data!.Comments!.find((c) => c.Comment === 'first draft')!;
    await store.getState().updateComment(card.id, mine.CommentId, 'second draft');
    expect(store.getState().detail!.data!.Comments!.some((c) => c.Comment === 'second draft')).toBe(true);
    await store.getState().deleteComment(card.id, mine.CommentId);
    expect(store.getState().detail!.data!.Comments!.some((c) => c.CommentId === mine.CommentId)).toBe(false);
  });

  it('creates and deletes a board tag', async () => {
    const store = await open('Support Inbox');
    const id = await store.getState().createTag('Escalated', 1);
    expect(store.getState().tags.find((t) => t.Id === id)?.Name).toBe('Escalated');
    await store.getState().deleteTag(id);
    expect(store.getState().tags.some((t) => t.Id === id)).toBe(false);
    await expect(store.getState().deleteTag(id)).rejects.toThrow(/not found/);
  });

  it('moves a card to a column of another board', async () => {
    const store = await open('Support Inbox');
    const sales = store.getState().boards.items.find((b) => b.Name === 'Sales Pipeline')!;
    const columns = await store.getState().loadColumnsOf(sales.Id);
    const target = columns[1]!;
    const card = cardTitled(store, 'Which plan includes audit logs?');
    await store.getState().moveCard(card.id, target.label, 0, sales.Id);
    expect(store.getState().view.cards.get(card.id)).toBeUndefined();
    const there = readableCards(await client().listCards(sales.Id, target.id, 1));
    expect(there[0]?.TaskName).toBe('Which plan includes audit logs?');
  });

  it('lists email sequences and opens one with its steps in order', async () => {
    const store = await open('Support Inbox');
    await store.getState().loadSequences();
    const items = store.getState().sequences.items;
    expect(items.map((i) => i.Name)).toEqual(['Trial onboarding', 'Demo no-show follow-up']);
    await store.getState().openSequence(String(items[1]!.EmailTemplateId));
    const steps = store.getState().sequence!.data!.EmailFollowups;
    expect(steps.map((s) => s.Sequence)).toEqual([1, 2, 3, 4]);
    await store.getState().openSequence('999999');
    expect(store.getState().sequence!.error).toMatch(/not found/);
  });
});
