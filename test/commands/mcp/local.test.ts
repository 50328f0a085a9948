/**
 * `inboard mcp` as an MCP client runs it (the SDK's client over stdio, the
 * built dist/cli.js) against a real service on loopback over a real SQLite
 * file, with its replies going to a real SMTP relay: every tool called, the
 * service's state read back after every write by the test's own client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { isUnreadable, type CardDetail } from '../../../src/api/read-model.js';
import type { Client } from '../../../src/api/types.js';
import { startService, type RunningService } from '../../../src/server/index.js';
import { TOOLS } from '../../../src/commands/mcp/tools.js';
import { startRelay, type TestRelay } from '../../support/mail.js';
import { KEY } from '../helpers.js';
import { startMcp, type Mcp } from './helpers.js';
import { migratedSqliteFile } from '../../server/helpers.js';

let relay: TestRelay;
let svc: RunningService;
let dir: string;
let env: Record<string, string>;
let api: Client;
let m: Mcp;
beforeAll(async () => {
  relay = await startRelay();
  dir = mkdtempSync(join(tmpdir(), 'inboard-mcp-'));
  svc = await startService({
    dbPath: migratedSqliteFile(dir, 'x.db'),
    apiKey: KEY,
    demo: true,
    mail: { smtpUrl: relay.url, from: 'support@inboard.example' },
  });
  env = {
    INBOARD_URL: svc.url,
    INBOARD_API_KEY: KEY,
    INBOARD_DATA_DIR: join(dir, 'data'),
    INBOARD_CONFIG_DIR: join(dir, 'config'),
  };
  api = createClient({ baseUrl: svc.url, apiKey: KEY });
  m = await startMcp(env);
});
afterAll(async () => {
  await m?.close();
  await svc?.close();
  await relay?.close();
  rmSync(dir, { recursive: true, force: true });
});

const card = (id: string): Promise<CardDetail> => api.getCard(id);
const idsIn = async (boardId: number, columnId: number): Promise<string[]> =>
  (await api.listCards(boardId, columnId, 1, 200)).map((r) => (isUnreadable(r) ? '?' : r.ServiceTaskId));

describe('the tool list', () => {
  it('every tool of the table, each with its schemas, hints and words', async () => {
    const { tools } = await m.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const t of tools) {
      expect(t.description?.length, t.name).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.annotations, t.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
      });
    }
    const hints = (n: string) => tools.find((t) => t.name === n)?.annotations;
    expect(hints('list_boards')).toMatchObject({ readOnlyHint: true });
    expect(hints('search_threads')).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.find((t) => t.name === 'search_threads')?.outputSchema?.properties).toHaveProperty('cards');
    expect(hints('archive_card')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(hints('reply_to_thread')).toMatchObject({
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(hints('move_card')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
  });

  it('--read-only lists no writing tool, and a writing one called anyway is refused in words', async () => {
    const ro = await startMcp(env, ['--read-only']);
    try {
      const { tools } = await ro.client.listTools();
      expect(tools.length).toBeGreaterThan(5);
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      expect(tools.map((t) => t.name)).not.toContain('create_card');
      expect(tools.map((t) => t.name)).toContain('search_threads');
      const found = await ro.ok<{ cards: { cardId: string }[] }>('search_threads', { query: 'invoice' });
      expect(found.cards.map((c) => c.cardId)).toContain('1');
      expect(await ro.fails('archive_card', { cardId: '1' })).toMatch(/archive_card/);
      expect((await card('1')).Archived).not.toBe(true);
      expect(await ro.ok('get_card', { cardId: '1' })).toMatchObject({ cardId: '1' });
    } finally {
      await ro.close();
    }
  });
});

describe('reading', () => {
  it('boards, a board, its columns, its members, its tags', async () => {
    const { boards } = await m.ok<{ boards: { boardId: number; name: string }[] }>('list_boards');
    expect(boards.map((b) => b.name)).toEqual(['Support Inbox', 'Sales Pipeline']);
    expect(await m.ok('get_board', { boardId: 1 })).toMatchObject({ boardId: 1, name: 'Support Inbox' });
    const cols = await m.ok<{ columns: { id: number; columnId: string; name: string }[] }>('list_columns', {
      boardId: 1,
    });
    expect(cols.columns[0]).toEqual({ id: 1, columnId: 'Label_1', name: 'New' });
    expect(await m.ok('list_board_members', { boardId: 1 })).toEqual({
      boardId: 1,
      owner: 'owner@inboard.local',
      members: ['sam.rivera@example.com'],
    });
    const { tags } = await m.ok<{ tags: { name: string }[] }>('list_tags', { boardId: 1 });
    expect(tags.map((t) => t.name)).toContain('Urgent');
  });

  it('a column by label, id or name; a card; its thread', async () => {
    const byName = await m.ok<{ cards: { cardId: string }[] }>('list_cards_in_column', { boardId: 1, columnId: 'new' });
    const byLabel = await m.ok('list_cards_in_column', { boardId: 1, columnId: 'Label_1' });
    expect(await m.ok('list_cards_in_column', { boardId: 1, columnId: '1' })).toEqual(byLabel);
    expect(byName).toEqual(byLabel);
    expect(byName.cards.map((c) => c.cardId)).toEqual(await idsIn(1, 1));
    expect(await m.ok('get_card', { cardId: '1' })).toMatchObject({
      cardId: '1',
      title: 'Re: Invoice #10482 charged twice this month',
      columnId: 'Label_1',
      tags: expect.arrayContaining([expect.objectContaining({ name: 'Urgent' })]),
    });
    const thread = await m.ok<{ messages: { direction: string; from: string; text: string }[] }>('get_thread', {
      cardId: '1',
    });
    expect(thread.messages[0]).toMatchObject({
      direction: 'in',
      from: expect.stringContaining('priya@northwind.example'),
    });
  });
});

describe('writing, the service read back after each', () => {
  let id = '';

  it('create_card', async () => {
    const res = await m.ok<{ cardId: string }>('create_card', {
      boardId: 1,
      columnId: 'In progress',
      title: 'Call ACME back',
      note: 'They asked twice',
      subTask: 'Find the contract',
      assignees: ['sam.rivera@example.com'],
      unread: true,
    });
    id = res.cardId;
    expect(id).toMatch(/^\d+$/);
    const c = await card(id);
    expect(c).toMatchObject({ TaskName: 'Call ACME back', ReadUnreadStatus: 0, Assignees: ['sam.rivera@example.com'] });
    expect(c.Notes?.map((n) => n.Body)).toEqual(['They asked twice']);
    expect(c.SubTasks?.map((s) => s.Body)).toEqual(['Find the contract']);
    expect((await idsIn(1, 2))[0]).toBe(id);
  });

  it('update_card: title, assignees and due date; a stale version is refused and nothing changes', async () => {
    const before = await card(id);
    const out = await m.ok<{ title: string; version: number }>('update_card', {
      cardId: id,
      title: 'Call ACME back today',
      assignees: [],
      dueDate: '2026-12-01',
      version: before.Version,
    });
    const c = await card(id);
    expect(c).toMatchObject({ TaskName: 'Call ACME back today', Assignees: [] });
    expect(c.DueDate).toMatch(/^2026-12-01/);
    expect(out).toMatchObject({ title: 'Call ACME back today', version: c.Version });
    const words = await m.fails('update_card', { cardId: id, title: 'Overwrite', version: before.Version });
    expect(words).toMatch(/update_card with cardId "\d+".*changed/);
    expect((await card(id)).TaskName).toBe('Call ACME back today');
    await m.ok('update_card', { cardId: id, dueDate: null });
    expect((await card(id)).DueDate).toBeNull();
  });

  it('move_card to a position, on its board and to another', async () => {
    await m.ok('move_card', { cardId: id, columnId: 'Done', position: 1 });
    expect((await idsIn(1, 4))[1]).toBe(id);
    const cols = await api.listColumns(2);
    const to = cols[0];
    if (to === undefined) throw new Error('board 2 has no column');
    await m.ok('move_card', { cardId: id, boardId: 2, columnId: to.Name });
    expect((await idsIn(2, to.Id))[0]).toBe(id);
    expect((await card(id)).BoardId).toBe(2);
  });

  it('comments, notes, sub-tasks ticked, read state', async () => {
    const { commentId } = await m.ok<{ commentId: number }>('add_comment', { cardId: id, body: 'Left a voicemail' });
    expect((await card(id)).Comments?.find((c) => c.CommentId === commentId)?.Comment).toBe('Left a voicemail');
    await m.ok('add_note', { cardId: id, body: 'Number: +1 555 0100' });
    expect((await card(id)).Notes?.map((n) => n.Body)).toContain('Number: +1 555 0100');
    await m.ok('add_sub_task', { cardId: id, body: 'Send the quote' });
    const sub = (await card(id)).SubTasks?.find((s) => s.Body === 'Send the quote');
    expect(sub?.Done).toBe(false);
    await m.ok('set_sub_task_done', { cardId: id, subTaskId: sub?.SubTaskId, done: true });
    expect((await card(id)).SubTasks?.find((s) => s.SubTaskId === sub?.SubTaskId)?.Done).toBe(true);
    await m.ok('set_read_state', { cardId: id, read: true });
    expect((await card(id)).ReadUnreadStatus).toBe(1);
    await m.ok('set_read_state', { cardId: id, read: false });
    expect((await card(id)).ReadUnreadStatus).toBe(0);
  });

  it('tags on and off', async () => {
    const tag = (await api.listTags(1))[0];
    if (tag === undefined) throw new Error('no tag');
    await m.ok('add_tag_to_card', { cardId: '2', tagId: tag.Id });
    expect((await card('2')).Tags?.map((t) => t.Id)).toContain(tag.Id);
    const out = await m.ok<{ tagIds: number[] }>('remove_tag_from_card', { cardId: '2', tagId: tag.Id });
    const now = (await card('2')).Tags?.map((t) => t.Id);
    expect(now).not.toContain(tag.Id);
    expect(out.tagIds).toEqual(now);
  });

  it('archive, list archived, restore', async () => {
    await m.ok('archive_card', { cardId: '3' });
    expect((await card('3')).Archived).toBe(true);
    const { cards } = await m.ok<{ cards: { cardId: string }[] }>('list_archived_cards', { boardId: 1 });
    expect(cards.map((c) => c.cardId)).toContain('3');
    await m.ok('restore_card', { cardId: '3', columnId: 'New' });
    expect((await card('3')).Archived).toBe(false);
    expect((await idsIn(1, 1))[0]).toBe('3');
  });

  it('members added and removed; the owner stays', async () => {
    await m.ok('update_board_members', { boardId: 1, add: ['lee@example.com'] });
    expect((await api.getBoard(1)).Users).toEqual(['sam.rivera@example.com', 'lee@example.com']);
    expect(await m.ok('update_board_members', { boardId: 1, remove: ['lee@example.com'] })).toEqual({
      boardId: 1,
      owner: 'owner@inboard.local',
      members: ['sam.rivera@example.com'],
    });
    expect((await api.getBoard(1)).Users).toEqual(['sam.rivera@example.com']);
  });

  it('reply_to_thread: held by the service, sent through its relay, then in the thread', async () => {
    const sent = await m.ok<{ to: string[]; subject: string }>('reply_to_thread', {
      cardId: '1',
      body: 'Refunded the second charge.',
    });
    expect(sent.to.join()).toContain('priya@northwind.example');
    await vi.waitFor(() =>
      expect(relay.received.some((r) => r.raw.includes('Refunded the second charge.'))).toBe(true),
    );
    const thread = await api.listMessages('1');
    expect(thread.at(-1)).toMatchObject({ Direction: 'out', Subject: sent.subject });
  });
});
