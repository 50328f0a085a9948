/** The DragApp stand-in answers as the evidence records (the shapes the dialect is built against). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64, HEX_THREAD } from './dragapp-shapes.js';
import { startDragAppService, type DragAppService } from './dragapp-service.js';

let svc: DragAppService;
beforeAll(async () => {
  svc = await startDragAppService();
});
afterAll(() => svc.close());

async function call(method: string, path: string, body?: unknown, auth = svc.key) {
  const res = await fetch(svc.url + path, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text stays text
  }
  return { status: res.status, json: parsed as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('the DragApp stand-in', () => {
  it('refuses any key but its own, bare', async () => {
    expect((await call('GET', '/v1.18/teamBoard/boards', undefined, `Bearer ${svc.key}`)).status).toBe(401);
  });

  it('boards: MainBoard, SecondaryBoards, ColumnsByBoard with Label_N ids and prefixed names', async () => {
    const { json } = await call('GET', '/v1.18/teamBoard/boards');
    expect(json.MainBoard.BoardId).toBe(1);
    expect(json.MainBoard.ContributorEmails).toBe('ana@example.com,ben@example.com');
    expect(json.SecondaryBoards.map((b: { Id: number }) => b.Id)).toEqual([2]);
    expect(json.ColumnsByBoard['1'][1]).toEqual({
      labelId: 'Label_2',
      labelName: 'Dteamboard-12-3#In progress',
      userRole: '1',
    });
    const list = await call('POST', '/v1.18/teamBoard/list');
    expect(Array.isArray(list.json)).toBe(true);
  });

  it('a column: objects keyed by id, threads and tasks mixed, base64 task titles', async () => {
    const { json } = await call('GET', '/v1.18/teamBoard/emailData/fetch?boardId=1&columnId=Label_1');
    const items = json.Response.Label_1;
    expect(Array.isArray(items)).toBe(false);
    expect(Object.keys(items).sort()).toEqual(['101', '102', '103', HEX_THREAD]);
    expect(items[HEX_THREAD].entityType).toBe(1);
    expect(items[HEX_THREAD].threadInfoJson.msgFrom).toBe('Jane Doe <jane@example.com>');
    expect(items['101'].entityType).toBe(0);
    expect(items['102'].taskName).toBe(b64('Ünïcode task ✓'));
    expect(items['102'].dragTaskName).toBeUndefined();
  });

  it('/v2 column-cards and move-card refuse; card detail has four keys', async () => {
    const cards = await call('GET', '/v2/board/1/column/Label_1/cards?page=1&limit=10');
    expect(cards.json.message).toBe('Invalid ColumnId Or BoardId');
    const move = await call('POST', '/v2/card/move-card', { Id: '101', NewColumnId: 1, NewPosition: 0 });
    expect(move.json.message).toBe('Invalid ColumnId Or BoardId');
    const detail = await call('GET', '/v2/card/101');
    expect(Object.keys(detail.json.data).sort()).toEqual(['BoardId', 'Id', 'Note', 'Title']);
  });

  it('move wants strings; an error comes on a 200', async () => {
    const bad = await call('POST', '/v1.18/emailData/move', {
      entityId: '101',
      entityType: '1',
      newColumnId: 'Label_2',
      newBoardId: '1',
      newPosition: 0,
    });
    expect(bad).toEqual({ status: 200, json: { Error: '"newPosition" must be a string', Success: false } });
    const good = await call('POST', '/v1.18/emailData/move', {
      entityId: '101',
      entityType: '1',
      newColumnId: 'Label_2',
      newBoardId: '1',
      newPosition: '1',
    });
    expect(good.json.Success).toBe(true);
    expect(svc.listed(1, 'Label_2')).toEqual(['18c2f3a9b4d5e6f8', '101', '104']);
  });

  it('create with a bare numeric column writes a card no column lists (Bug L1)', async () => {
    const { json } = await call('POST', '/v1.18/task/create', { boardId: 1, columnId: '1', taskName: b64('Ghost') });
    const id = String(json.Response.taskId);
    expect(svc.item(id)?.columnId).toBe('1');
    for (const c of svc.world.boards[0]!.columns) expect(svc.listed(1, c.labelId)).not.toContain(id);
  });

  it('SaveDueDate takes only YYYY-MM-DD HH:mm:ss; save-title needs boardId', async () => {
    const iso = await call('POST', '/v1.18/checklistComment/SaveDueDate', {
      entityId: '104',
      entityType: '1',
      DueDate: '2026-04-01T10:00:00Z',
    });
    expect(iso.json.Success).toBe(false);
    await call('POST', '/v1.18/checklistComment/SaveDueDate', {
      entityId: '104',
      entityType: '1',
      DueDate: '2026-04-01 10:00:00',
    });
    expect(svc.item('104')?.due).toBe('2026-04-01 10:00:00');
    const noBoard = await call('POST', '/v1.18/card/save-title', { entityId: '104', entityType: '1', title: 'X' });
    expect(noBoard.json.Error).toBe('"boardId" is required');
  });

  it('detail-page at the top level; DELETE closes tasks only', async () => {
    const { json } = await call('GET', `/v1.18/entityConversation/detail-page?entityId=103&entityType=1`);
    expect(json.Title).toBe('Test');
    expect(json.Note).toBe('Plain words');
    expect((await call('DELETE', `/v2/card/${HEX_THREAD}`)).status).toBe(404);
    expect((await call('DELETE', '/v2/card/103')).status).toBe(200);
    expect(svc.world.archived).toEqual(['103']);
  });
  it('detail-message: one message by id, under Response; a reply wants its flags as strings', async () => {
    const one = await call('POST', `/v1.18/entityConversation/detail-message?threadId=${HEX_THREAD}`, {
      boardId: 1,
      messageId: HEX_THREAD,
    });
    expect(one.json.Success).toBe(true);
    expect(Object.keys(one.json.Response).sort()).toEqual(
      ['actions', 'attachments', 'messageData', 'recipients', 'rfcMessageId', 'senderMail', 'starred'].sort(),
    );
    const reply = {
      threadId: HEX_THREAD,
      boardId: 1,
      messageId: HEX_THREAD,
      emailType: 'reply',
      to: 'jane@example.com',
      emailContent: '<div>Hi</div>',
      isNewSubject: false,
      isExtension: 'false',
    };
    const refused = await call('POST', '/v1.18/entityConversation/send-as-email-content', reply);
    expect(refused.json).toEqual({ Error: '"isNewSubject" must be a string', Success: false });
    expect(svc.mail.replies).toEqual([]);
    const sent = await call('POST', '/v1.18/entityConversation/send-as-email-content', {
      ...reply,
      isNewSubject: 'false',
    });
    expect(sent.json).toMatchObject({ threadId: HEX_THREAD, labelIds: ['SENT'] });
    expect(svc.mail.replies).toHaveLength(1);
  });
});
