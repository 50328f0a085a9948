/**
 * `inboard mcp` against the DragApp stand-in (test/support/dragapp-service.ts):
 * the same tools, the client learning DragApp's routes from its answers, and
 * the stand-in's state checked after every write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEX_THREAD, HEX_THREAD_2 } from '../../support/dragapp-shapes.js';
import { startDragAppService, type DragAppService } from '../../support/dragapp-service.js';
import { startMcp, type Mcp } from './helpers.js';

let svc: DragAppService;
let dir: string;
let m: Mcp;
beforeAll(async () => {
  svc = await startDragAppService();
  dir = mkdtempSync(join(tmpdir(), 'inboard-mcp-drag-'));
  m = await startMcp({
    INBOARD_URL: svc.url,
    INBOARD_API_KEY: svc.key,
    INBOARD_DATA_DIR: join(dir, 'd'),
    INBOARD_CONFIG_DIR: join(dir, 'c'),
  });
});
afterAll(async () => {
  await m?.close();
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('reads', () => {
  it('boards with their members, columns with their labels, a column’s cards with exact ids', async () => {
    const { boards } = await m.ok<{ boards: { boardId: number; name: string; members: string[] }[] }>('list_boards');
    expect(boards[0]).toMatchObject({
      boardId: 1,
      name: 'Support inbox',
      members: ['ana@example.com', 'ben@example.com'],
    });
    const { columns } = await m.ok<{ columns: { columnId: string; name: string }[] }>('list_columns', { boardId: 1 });
    expect(columns.map((c) => [c.columnId, c.name])).toEqual([
      ['Label_1', 'New'],
      ['Label_2', 'In progress'],
      ['Label_9726643905', 'Sprint #3'],
    ]);
    const { cards } = await m.ok<{ cards: { cardId: string; title: string }[] }>('list_cards_in_column', {
      boardId: 1,
      columnId: 'Label_1',
    });
    expect(cards.map((c) => c.cardId)).toEqual(svc.listed(1, 'Label_1'));
    expect(cards.map((c) => c.title)).toContain('Ünïcode task ✓');
    expect(await m.ok('get_card', { cardId: HEX_THREAD })).toMatchObject({
      cardId: HEX_THREAD,
      assignees: ['ana@example.com'],
    });
  });

  it('the one message DragApp gives of a thread, and a note saying so', async () => {
    const t = await m.ok<{ messages: { text: string }[]; note: string | null }>('get_thread', { cardId: HEX_THREAD_2 });
    expect(t.messages.map((x) => x.text).join()).toContain('Could you resend the invoice?');
    expect(t.note).toMatch(/one message of a thread/);
  });
});

describe('search_threads on its search-emails route', () => {
  const searches = () => svc.requests.filter((r) => r.path === '/v1.18/teamBoard/emailData/search-emails');

  it('words: the thread found, its board, column, snippet and sender; from: as MsgFrom', async () => {
    const found = await m.ok<{
      total: number | null;
      cards: { cardId: string; title: string; board: string; column: string; where: string; from: string }[];
    }>('search_threads', { query: 'parcel' });
    expect(found.cards.map((c) => c.title)).toEqual(['Refund for order 1182']);
    const [hit] = found.cards;
    expect(hit).toMatchObject({ board: 'Support inbox', where: 'message', from: 'Jane Doe <jane@example.com>' });
    const item = svc.item(hit?.cardId ?? '');
    expect(item?.title).toBe('Refund for order 1182');
    const { columns } = await m.ok<{ columns: { columnId: string; name: string }[] }>('list_columns', { boardId: 1 });
    expect(hit?.column).toBe(columns.find((c) => c.columnId === item?.columnId)?.name);
    const sent = JSON.parse(searches().at(-1)?.body ?? '{}') as { searchParams?: string };
    expect(JSON.parse(sent.searchParams ?? '{}')).toEqual({ key: 'ThreadInfo', value: '%parcel%' });
    const byFrom = await m.ok<{ cards: { title: string }[] }>('search_threads', { query: 'from:bob', boardId: 1 });
    expect(byFrom.cards.map((c) => c.title)).toEqual(['Invoice question']);
    expect(JSON.parse(JSON.parse(searches().at(-1)?.body ?? '{}').searchParams as string)).toEqual({
      key: 'MsgFrom',
      value: '%bob%',
    });
  });

  it('filters its route cannot take, and a query no server could read: words, nothing sent', async () => {
    const before = searches().length;
    expect(await m.fails('search_threads', { query: 'refund -parcel tag:billing' })).toContain(
      "DragApp's search looks for words in a thread, or its sender (from:), one or the other; it can't take -words, tag:",
    );
    expect(await m.fails('search_threads', { query: 'refund is:urgent' })).toMatch(
      /query: is:urgent: is: takes unread, read, archived, waiting, snoozed, late \(understood so far: refund\)/,
    );
    expect(searches().length).toBe(before);
  });
});

describe('changes, the stand-in checked after each', () => {
  it('create_card in a column named with a # and a long label', async () => {
    const res = await m.ok<{ cardId: string }>('create_card', { boardId: 1, columnId: 'Sprint #3', title: 'Ship it' });
    expect(res.cardId).toBe('300');
    expect(svc.listed(1, 'Label_9726643905')).toEqual(['300']);
    expect(svc.item('300')?.title).toBe('Ship it');
  });

  it('a create the service loses is a failure in words, not a card id', async () => {
    svc.ghostNextCreate = true;
    const words = await m.fails('create_card', { boardId: 1, columnId: 'New', title: 'Lost one' });
    expect(words).toMatch(/create_card with boardId 1, columnId "New", title "Lost one" failed: .*FAILED/);
  });

  it('move_card to a position in another column', async () => {
    await m.ok('move_card', { cardId: '101', columnId: 'In progress', position: 1 });
    expect(svc.listed(1, 'Label_2')[1]).toBe('101');
  });

  it('update_card: a thread renamed through save-title, a due date, assignees', async () => {
    await m.ok('update_card', { cardId: HEX_THREAD_2, title: 'Invoice resent' });
    expect(svc.item(HEX_THREAD_2)?.title).toBe('Invoice resent');
    await m.ok('update_card', { cardId: '104', dueDate: '2026-12-01T17:00:00Z' });
    expect(svc.item('104')?.due).toBe('2026-12-01 17:00:00');
    await m.ok('update_card', { cardId: '104', title: 'Write the FAQ page', assignees: ['ben@example.com'] });
    expect(svc.item('104')).toMatchObject({ title: 'Write the FAQ page', assignees: ['ben@example.com'] });
  });

  it('a comment and a tag', async () => {
    await m.ok('add_comment', { cardId: '104', body: 'Draft is up' });
    expect(svc.world.comments.at(-1)).toMatchObject({ cardId: '104', body: 'Draft is up' });
    await m.ok('add_tag_to_card', { cardId: '104', tagId: 1 });
    expect(svc.world.tagsAdded).toEqual([{ cardId: '104', tagId: '1' }]);
  });

  it('reply_to_thread through send-as-email-content', async () => {
    await m.ok('reply_to_thread', { cardId: HEX_THREAD_2, body: 'Resent just now.' });
    expect(svc.mail.replies.at(-1)).toMatchObject({
      threadId: HEX_THREAD_2,
      emailContent: '<div>Resent just now.</div>',
    });
  });

  it('archives a task; a thread is refused in words, and stays open', async () => {
    await m.ok('archive_card', { cardId: '104' });
    expect(svc.world.archived).toEqual(['104']);
    expect(await m.fails('archive_card', { cardId: HEX_THREAD_2 })).toContain(
      "DragApp can't archive email threads through its API",
    );
    expect(svc.item(HEX_THREAD_2)?.status).toBe('OPEN');
  });

  it('what DragApp does not offer is said, and nothing is sent', async () => {
    const from = svc.requests.length;
    expect(await m.fails('add_note', { cardId: '103', body: 'x' })).toMatch(/add_note with cardId "103".*not offered/i);
    expect(await m.fails('set_read_state', { cardId: '103', read: true })).toMatch(/not offered|does not offer/i);
    expect(svc.requests.slice(from).filter((r) => r.method !== 'GET')).toEqual([]);
    // The members' route is asked once (DragApp has none) and said to be missing.
    expect(await m.fails('update_board_members', { boardId: 1, add: ['cy@example.com'] })).toMatch(
      /update_board_members with boardId 1.*(not offered|has no PUT)/i,
    );
    expect(await m.ok('list_board_members', { boardId: 1 })).toMatchObject({
      members: ['ana@example.com', 'ben@example.com'],
    });
    expect(await m.ok('get_card', { cardId: '103' })).toMatchObject({ cardId: '103' });
    // Snooze is the local service's: its route is asked once (DragApp answers 404) and said to be missing.
    const before = svc.requests.length;
    expect(await m.fails('snooze_card', { cardId: '103', until: '+2d' })).toMatch(/Snoozing cards is not offered/);
    expect(await m.fails('list_snoozed_cards', { boardId: 1 })).toMatch(/Snoozing cards is not offered/);
    expect(svc.requests.slice(before).filter((r) => r.path.includes('snooze'))).toHaveLength(1);
  });
});
