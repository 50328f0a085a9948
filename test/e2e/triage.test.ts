/**
 * Triage and the preview pane in a real terminal (tmux) against `inboard
 * serve`: a column of 20 cards decided one key each, then what the SERVER
 * holds; and the pane beside the board on a 250-column terminal.
 */
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { CLI } from '../server/process.js';
import { readableCards } from '../support/board-view.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux, lookAtTheBoard } from './tmux.js';

const demo = useServeDemo('triage');

/** One decision per card, in order: `2` moves it to the 2nd column, `a` archives, Space leaves it. */
const PLAN = ['2', 'a', ' ', '2', '2', 'a', ' ', '2', 'a', ' ', '2', '2', ' ', 'a', '2', ' ', 'a', '2', '2', ' '];

/** A board with an inbox of 20 cards, made through the API. */
async function boardOf20(): Promise<{ name: string; boardId: number; columns: number[]; cards: CardId[] }> {
  const client = demo.client();
  const name = 'Triage run';
  const { Id: boardId } = await client.createBoard({ Name: name });
  for (const column of ['Inbox', 'Doing', 'Done']) await client.createColumn(boardId, column);
  const columns = (await client.listColumns(boardId)).map((c) => c.Id);
  for (let i = 1; i <= PLAN.length; i++)
    await client.createCard({
      BoardId: boardId,
      ColumnId: columns[0]!,
      CardTitle: `Mail ${String(i).padStart(2, '0')}`,
    });
  const cards = readableCards(await client.listCards(boardId, columns[0]!, 1, 100)).map((c) => c.ServiceTaskId);
  return { name, boardId, columns, cards };
}

async function idsIn(boardId: number, columnId: number): Promise<CardId[]> {
  return readableCards(await demo.client().listCards(boardId, columnId, 1, 100)).map((c) => c.ServiceTaskId);
}

describe.skipIf(!hasTmux())('triage in a real terminal', () => {
  it('i, then one key per card: the server holds the moves and the archives', async () => {
    const { name, boardId, columns, cards } = await boardOf20();
    expect(cards).toHaveLength(20);
    const t = demo.terminal();
    t.run(`node ${CLI} --board "${name}" --refresh 0`);
    await t.waitFor('Doing (0)');
    await t.waitFor('›');
    await lookAtTheBoard();
    t.keys('i');
    await t.waitFor('1 of 20');
    for (const [i, key] of PLAN.entries()) {
      // As a person does: the card is on screen before its key.
      await t.waitFor(i === 0 ? '1 of 20' : `${i + 1} of 20`);
      await lookAtTheBoard();
      t.keys(key === ' ' ? 'Space' : key);
    }
    const moved = PLAN.filter((k) => k === '2').length;
    const archived = PLAN.filter((k) => k === 'a').length;
    const screen = await t.waitFor('Column done');
    expect(screen).toContain(`Column done: 20 cards · ${moved} moved · ${archived} archived`);

    const expectMoved = cards.filter((_, i) => PLAN[i] === '2');
    const expectArchived = cards.filter((_, i) => PLAN[i] === 'a');
    const expectLeft = cards.filter((_, i) => PLAN[i] === ' ');
    const deadline = Date.now() + 5_000;
    while ((await idsIn(boardId, columns[1]!)).length < moved && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    // Each went to the top of Doing: the last moved is first.
    expect(await idsIn(boardId, columns[1]!)).toEqual([...expectMoved].reverse());
    expect(await idsIn(boardId, columns[0]!)).toEqual(expectLeft);
    for (const id of expectArchived) expect((await demo.client().getCard(id)).Archived).toBe(true);

    // Back on the board, the cursor where triage ended.
    t.keys('Escape');
    const board = await t.waitFor((s) => !s.includes('Column done'));
    expect(board).toContain(`Inbox (${expectLeft.length})`);
    expect(board).toContain(`Doing (${moved})`);
  }, 60_000);

  it('p: the focused card beside the board on a 250-column terminal, and hidden again', async () => {
    const t = demo.terminal({ cols: 250, rows: 40 });
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    // Wide enough: the pane shows by itself, then fills with what is read ahead.
    await t.waitFor((s) => s.includes('Thread owner') && /│ (Thread \(|Notes|Comments)/.test(s));
    t.keys('p');
    await t.waitFor((s) => !s.includes('Thread owner'));
    t.keys('p');
    await t.waitFor('Thread owner');
    // It follows the cursor.
    t.keys('l');
    const screen = await t.waitFor('Column       In progress');
    expect(screen).toContain('Thread owner');
  }, 30_000);
});
