/**
 * `#`'s store part (store/jump.ts) against the real local service with the
 * demo workspace: a card on a later page of its column, on another board, an
 * id the server has not, an archived card, one further down than a jump
 * looks, and one the filter hides.
 */
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { JUMP_PAGES } from '../../src/store/jump.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-jump');
const client = () => demo.client({ maxAttempts: 1 });

async function boardNamed(name: string) {
  const board = readableBoards(await client().listBoards()).find((b) => b.Name === name)!;
  const columns = await client().listColumns(board.Id);
  return { board, columns };
}

/** The last card of a board's column, by the server. */
async function lastCardOf(name: string, column = 0) {
  const { board, columns } = await boardNamed(name);
  const col = columns[column]!;
  const cards = readableCards(await client().listCards(board.Id, col.Id, 1, 200));
  return { board, col, card: cards.at(-1)! };
}

const focused = (s: { cursor: { cardId: CardId | null } }) => s.cursor.cardId;

describe('jumpToCard', () => {
  it('loads pages of the card’s column until it is there, and focuses it', async () => {
    const { card } = await lastCardOf('Support Inbox');
    const store = await demo.open('Support Inbox', { pageSize: 1 });
    expect(store.getState().view.cards.get(card.ServiceTaskId)).toBeUndefined();
    const out = await store.getState().jumpToCard(card.ServiceTaskId);
    expect(out).toMatchObject({ found: true, switched: false, unfiltered: false });
    expect(focused(store.getState())).toBe(card.ServiceTaskId);
  });

  it('opens the card’s board when it is another one', async () => {
    const { board, card } = await lastCardOf('Sales Pipeline', 1);
    const store = await demo.open('Support Inbox');
    const out = await store.getState().jumpToCard(card.ServiceTaskId);
    expect(out).toEqual({
      found: true,
      cardId: card.ServiceTaskId,
      boardId: board.Id,
      switched: true,
      unfiltered: false,
    });
    expect(store.getState().boardId).toBe(board.Id);
    expect(focused(store.getState())).toBe(card.ServiceTaskId);
    const cursor = store.getState().cursor;
    expect(store.getState().columns[cursor.col]?.label).toBe(
      store.getState().view.cards.get(card.ServiceTaskId)?.columnLabel,
    );
  });

  it('an id the server has not is said in words, and nothing moves; ids are never read as numbers', async () => {
    const store = await demo.open('Support Inbox');
    const before = store.getState().cursor;
    await expect(store.getState().jumpToCard('999999')).rejects.toThrow('No card 999999 on this server');
    // One past 2^53: a number would round it onto 9007199254740992.
    await expect(store.getState().jumpToCard('9007199254740993')).rejects.toThrow(
      'No card 9007199254740993 on this server',
    );
    expect(store.getState().cursor).toBe(before);
    expect(store.getState().lastError).toBeNull();
  });

  it('an archived card is said to be archived', async () => {
    const { card } = await lastCardOf('Sales Pipeline', 2);
    await client().archiveCard(card.ServiceTaskId);
    const store = await demo.open('Support Inbox');
    await expect(store.getState().jumpToCard(card.ServiceTaskId)).rejects.toThrow(
      `Card ${card.ServiceTaskId} is archived`,
    );
  });

  it('a card further down than a jump looks is named with its board, and how far it looked', async () => {
    const { board, columns } = await boardNamed('Support Inbox');
    const col = columns.at(-1)!;
    // New cards go on top: the first of these ends up deepest.
    const created: CardId[] = [];
    for (let i = 0; i < JUMP_PAGES + 2; i++) {
      const r = await client().createCard({ BoardId: board.Id, ColumnId: col.Id, CardTitle: `deep ${i}` });
      created.push(r.taskId!);
    }
    const store = await demo.open('Sales Pipeline', { pageSize: 1 });
    const out = await store.getState().jumpToCard(created[0]!);
    expect(out).toEqual({
      found: false,
      message: `Card ${created[0]} is on board “Support Inbox” but not in its first ${JUMP_PAGES} cards`,
    });
    // The board is open, as far as it was loaded.
    expect(store.getState().boardId).toBe(board.Id);
  });

  it('clears the filter when it hides the card, in the same update as the focus', async () => {
    const { card } = await lastCardOf('Support Inbox', 1);
    const store = await demo.open('Support Inbox');
    store.getState().setFilter({ text: 'no card is called this', tagId: null });
    const seen: boolean[] = [];
    const stop = store.subscribe((s) => seen.push(s.cursor.cardId === card.ServiceTaskId && s.filter !== null));
    const out = await store.getState().jumpToCard(card.ServiceTaskId, { hidden: () => true });
    stop();
    expect(out).toMatchObject({ found: true, unfiltered: true });
    expect(store.getState().filter).toBeNull();
    expect(seen).not.toContain(true);
    expect(focused(store.getState())).toBe(card.ServiceTaskId);
  });
});
