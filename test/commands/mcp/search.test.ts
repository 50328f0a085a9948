/**
 * search_threads as an MCP client calls it (the SDK's client, the built
 * dist/cli.js) against a real service over a real SQLite file, its demo
 * workspace: each answer held against what the service itself finds and
 * what its cards are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable, type SearchHit } from '../../../src/api/read-model.js';
import { startFixture, type Fixture } from '../helpers.js';
import { startMcp, type Mcp } from './helpers.js';

interface Match {
  cardId: string;
  title: string;
  boardId: number | null;
  board: string | null;
  column: string | null;
  archived: boolean;
  where: string;
  snippet: string;
  matched: string[];
  from: string | null;
  date: string | null;
}
interface Found {
  understood: string | null;
  page: number;
  total: number | null;
  nextPage: number | null;
  cards: Match[];
  unreadable: unknown[];
}

let f: Fixture;
let m: Mcp;
beforeAll(async () => {
  f = await startFixture();
  m = await startMcp(f.env);
});
afterAll(async () => {
  await m?.close();
  await f?.close();
});

const hitsOf = async (q: string, boardId?: number): Promise<SearchHit[]> =>
  (await f.client.search(q, { ...(boardId === undefined ? {} : { boardId }), limit: 100 })).hits.filter(
    (h): h is SearchHit => !isUnreadable(h),
  );

describe('search_threads', () => {
  it('a hit in an email: the card, its board and column, the snippet with the words, sender and date', async () => {
    const found = await m.ok<Found>('search_threads', { query: 'from:priya refund' });
    const expected = await hitsOf('from:priya refund');
    expect(expected.length).toBeGreaterThan(0);
    expect(found.cards.map((c) => c.cardId)).toEqual(expected.map((h) => h.ServiceTaskId));
    expect(found.total).toBe(expected.length);
    expect(found.understood).toContain('refund');
    const first = found.cards[0] as Match;
    const card = await f.client.getCard(first.cardId);
    expect(first).toMatchObject({ title: card.TaskName, boardId: card.BoardId, where: 'message', archived: false });
    expect(first.board).toBe((await f.client.getBoard(card.BoardId as number)).Name);
    const column = (await f.client.listColumns(card.BoardId as number)).find((c) => c.ColumnId === card.ColumnId);
    expect(first.column).toBe(column?.Name);
    expect(first.from).toMatch(/priya/i);
    expect(Number.isNaN(Date.parse(first.date ?? ''))).toBe(false);
    expect(first.matched.length).toBeGreaterThan(0);
    expect(first.matched.some((w) => /refund/i.test(w))).toBe(true);
    for (const w of first.matched) expect(first.snippet).toContain(w);
  });

  it('a snippet holding terminal escapes comes back escaped', async () => {
    await f.client.createComment('2', 'Kettle \u001b]52;c;cGF5\u0007 arrived dented');
    const found = await m.ok<Found>('search_threads', { query: 'dented kettle' });
    const hit = found.cards.find((c) => c.cardId === '2');
    expect(hit).toMatchObject({ where: 'comment' });
    expect(hit?.snippet).toContain('^[]52;c;cGF5^G');
    expect(hit?.snippet).not.toMatch(/[\u0000-\u001f]/u);
  });

  it('filters and one board: exactly the cards the service finds, each what the filters ask', async () => {
    const query = 'tag:billing is:unread -tag:urgent';
    const found = await m.ok<Found>('search_threads', { query, boardId: 1 });
    const expected = await hitsOf(query, 1);
    expect(expected.length).toBeGreaterThan(0);
    expect(found.cards.map((c) => c.cardId)).toEqual(expected.map((h) => h.ServiceTaskId));
    for (const c of found.cards) {
      const card = await f.client.getCard(c.cardId);
      expect(c.boardId).toBe(1);
      expect(card.ReadUnreadStatus).toBe(0);
      const tags = card.Tags?.map((t) => t.Name) ?? [];
      expect(tags).toContain('Billing');
      expect(tags).not.toContain('Urgent');
    }
  });

  it('pages: nextPage leads to the next card, until the last', async () => {
    const all = await hitsOf('invoice');
    expect(all.length).toBeGreaterThan(1);
    const one = await m.ok<Found>('search_threads', { query: 'invoice', limit: 1 });
    expect(one).toMatchObject({ page: 1, nextPage: 2, total: all.length });
    expect(one.cards.map((c) => c.cardId)).toEqual([all[0]?.ServiceTaskId]);
    const two = await m.ok<Found>('search_threads', { query: 'invoice', limit: 1, page: 2 });
    expect(two.cards.map((c) => c.cardId)).toEqual([all[1]?.ServiceTaskId]);
    const last = await m.ok<Found>('search_threads', { query: 'invoice', limit: 1, page: all.length });
    expect(last.nextPage).toBeNull();
  });

  it('a query it cannot read: isError in the parser’s words, naming query; the next call is served', async () => {
    const words = await m.fails('search_threads', { query: 'refund is:urgent' });
    expect(words).toMatch(/^search_threads with query "refund is:urgent" failed: query: /);
    expect(words).toContain('is: takes unread, read, archived, waiting, snoozed, late');
    expect(words).toContain('understood so far: refund');
    expect(await m.fails('search_threads', { query: 'colour:red' })).toContain('colour: is not an operator here');
    expect(await m.fails('search_threads', { query: '' })).toMatch(/query/);
    expect(await m.fails('search_threads', { query: 'refund', limit: 101 })).toMatch(/limit/);
    expect((await m.ok<Found>('search_threads', { query: 'refund' })).cards.length).toBeGreaterThan(0);
  });
});
