/**
 * The recorded service answers as the real one does (plain fetch here, not
 * the project's client, so a client bug can't hide a fixture bug).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RECORDED_DEFAULT_KEY, startRecordedService, type RecordedService } from './recorded-service.js';

let svc: RecordedService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

async function start(opts?: Parameters<typeof startRecordedService>[0]): Promise<RecordedService> {
  svc = await startRecordedService(opts);
  return svc;
}

/** A request with the right key; the raw text and its JSON.parse (lossy on purpose: callers assert on `text`). */
async function call(s: RecordedService, method: string, path: string, body?: string, auth = s.key) {
  const res = await fetch(s.url + path, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body,
  });
  const text = await res.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary answers
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json };
}

describe('recorded service', () => {
  it('writes the big id as raw digits, alongside hex, WhatsApp, camelCase, minimal and unreadable rows', async () => {
    const s = await start();
    const r = await call(s, 'GET', '/v2/board/1/column/11/cards?page=1');
    expect(r.status).toBe(200);
    expect(r.text).toContain('"DragTaskId":9007199254740993,');
    expect(r.text).toContain('"DragTaskId":101,');
    expect(r.text).toContain('"DragTaskId":"18c2f3a9b4d5e6f7"');
    expect(r.text).toContain('"Assignees":"[\\"ana@example.com\\"]"');
    expect(r.json).toMatchObject({ error: false, code: 200 });
    const rows = r.json.data as Record<string, unknown>[];
    expect(rows).toHaveLength(6);
    expect(rows.every((x) => !('ServiceTaskId' in x))).toBe(true);
    expect(rows[0]).toMatchObject({
      TaskName: 'Re: Invoice #10482',
      ReadUnreadStatus: 0,
      ColumnId: 'Label_9726643905',
      BoardId: 1,
    });
    expect(rows[3]).toMatchObject({
      dragTaskId: 102,
      taskName: 'Password reset loop',
      customFields: '{oops',
      assignees: 'ana@example.com,ben@example.com',
    });
    expect(rows[4]).toEqual({ Id: 103, Title: 'Call back Müller' });
    expect(rows[5]).toEqual({ TaskName: { oops: true } });
    expect(s.cardIds(11)).toEqual(['101', '9007199254740993', '18c2f3a9b4d5e6f7', '102', '103']);

    const page3 = await call(s, 'GET', '/v2/board/1/column/11/cards?page=3&limit=2');
    expect(page3.json.data).toEqual([{ Id: 103, Title: 'Call back Müller' }, { TaskName: { oops: true } }]);
    const wa = await call(s, 'GET', '/v2/board/1/column/12/cards?page=1');
    expect(wa.text).toContain('"DragTaskId":"wamid-4915112345678-7-1"');
  });

  it('serves boards with Users as a string or [], IntegrationType, and an unreadable entry', async () => {
    const s = await start();
    const r = await call(s, 'GET', '/v2/board');
    expect(r.json.data).toEqual([
      {
        Id: 1,
        Name: 'Support inbox',
        Owner: 'owner@example.com',
        Users: 'ana@example.com,ben@example.com',
        IntegrationType: null,
      },
      { Id: 2, Name: 'Sales', Owner: 'owner@example.com', Users: [] },
      { Owner: 'x@example.com' },
      { Id: 3, Name: 'WhatsApp', Owner: 'owner@example.com', Users: [], IntegrationType: 'WHATSAPP' },
    ]);
  });

  it('lists columns as {Id, Name} with no ColumnId, and refuses a Label_ column id for cards', async () => {
    const s = await start();
    const cols = await call(s, 'GET', '/v2/board/1/columns');
    expect(cols.json.data).toEqual([
      { Id: 11, Name: 'New' },
      { Id: 12, Name: 'In progress' },
      { Id: 13, Name: 'Done' },
    ]);
    for (const c of cols.json.data) expect(Object.keys(c)).toEqual(['Id', 'Name']);
    const label = await call(s, 'GET', '/v2/board/1/column/Label_9726643905/cards?page=1');
    expect(label.status).toBe(400);
    expect(label.json).toEqual({ message: 'Invalid ColumnId Or BoardId', error: true, code: 400 });
    const otherBoard = await call(s, 'GET', '/v2/board/2/column/11/cards?page=1');
    expect(otherBoard.status).toBe(400);
  });

  it('answers a card detail with exactly Id, Title, Note, BoardId, matching the id exactly', async () => {
    const s = await start();
    const r = await call(s, 'GET', '/v2/card/101');
    expect(r.json.data).toEqual({
      Id: 101,
      Title: 'Re: Invoice #10482',
      Note: 'Customer says the total is wrong.',
      BoardId: 1,
    });
    const big = await call(s, 'GET', '/v2/card/9007199254740993');
    expect(Object.keys(big.json.data)).toEqual(['Id', 'Title', 'Note', 'BoardId']);
    expect(big.text).toContain('"Id":9007199254740993,');
    expect(big.json.data.Note).toBe('');
    const rounded = await call(s, 'GET', '/v2/card/9007199254740992');
    expect(rounded.status).toBe(404);
    expect(rounded.json).toEqual({ message: 'Card not found', error: true, code: 404 });
  });

  it('moves by numeric NewColumnId, refuses a Label_ one, and refuses a rounded numeric Id', async () => {
    const s = await start();
    const moved = await call(s, 'POST', '/v2/card/move-card', '{"Id":"101","NewColumnId":12,"NewPosition":1}');
    expect(moved.json).toMatchObject({ error: false, data: 'success' });
    expect(s.cardIds(12)).toEqual(['wamid-4915112345678-7-1', '101', '104']);
    expect(s.cardIds(11)).not.toContain('101');
    const listed = await call(s, 'GET', '/v2/board/1/column/12/cards?page=1');
    expect(listed.json.data[1]).toMatchObject({ DragTaskId: 101, ColumnId: 'Label_9726643906' });

    const label = await call(
      s,
      'POST',
      '/v2/card/move-card',
      '{"Id":"102","NewColumnId":"Label_9726643906","NewPosition":0}',
    );
    expect(label.status).toBe(400);
    expect(label.json.message).toBe('Invalid ColumnId Or BoardId');
    expect(s.cardIds(11)).toContain('102');

    // Written by hand: the digits a rounding client would send.
    const lossy = await call(
      s,
      'POST',
      '/v2/card/move-card',
      '{"Id":9007199254740992,"NewColumnId":13,"NewPosition":0}',
    );
    expect(lossy.status).toBe(400);
    expect(lossy.json).toEqual({ message: 'Id lost precision', error: true, code: 400 });
    expect(s.cardIds(13)).toEqual([]);
    expect(s.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v2/card/move-card',
      body: '{"Id":9007199254740992,"NewColumnId":13,"NewPosition":0}',
    });

    const exact = await call(
      s,
      'POST',
      '/v2/card/move-card',
      '{"Id":"9007199254740993","NewColumnId":13,"NewPosition":0}',
    );
    expect(exact.status).toBe(200);
    expect(s.cardIds(13)).toEqual(['9007199254740993']);
  });

  it('answers the routes the real service lacks with Express HTML 404s', async () => {
    const s = await start();
    const tags = await call(s, 'PUT', '/v2/card/101/tags', '{"TagIds":[1]}');
    expect(tags.status).toBe(404);
    expect(tags.type).toMatch(/^text\/html/);
    expect(tags.text).toMatch(/^<!DOCTYPE html>/);
    expect(tags.text).toContain('<pre>Cannot PUT /v2/card/101/tags</pre>');
    const seq = await call(s, 'POST', '/v2/email-sequence', '{}');
    expect(seq.status).toBe(404);
    expect(seq.text).toContain('<pre>Cannot POST /v2/email-sequence</pre>');
    expect(s.tagsAdded).toEqual([]);
  });

  it('creates cards on top, takes comments without the envelope, tags and archives', async () => {
    const s = await start();
    const made = await call(
      s,
      'POST',
      '/v2/card',
      JSON.stringify({ BoardId: 1, ColumnId: 13, CardTitle: 'Ship it', Note: 'n1', Comment: 'c1' }),
    );
    expect(made.json).toEqual({ Error: false, Success: 'Task created', taskId: 105 });
    expect(s.cardIds(13)).toEqual(['105']);
    expect(s.notes).toEqual([{ cardId: '105', body: 'n1' }]);
    const comment = await call(s, 'POST', '/v2/comment', '{"CardId":"18c2f3a9b4d5e6f7","Body":"on it"}');
    expect(comment.json).toMatchObject({
      Error: false,
      CommentDetails: { UserId: 7, Comment: 'on it', EntityId: '18c2f3a9b4d5e6f7' },
    });
    expect(s.comments).toEqual([
      { cardId: '105', body: 'c1' },
      { cardId: '18c2f3a9b4d5e6f7', body: 'on it' },
    ]);
    const tagged = await call(s, 'POST', '/v2/card/101/tags', '{"TagId":"2"}');
    expect(tagged.json.data).toEqual({ CardId: '101' });
    expect(s.tagsAdded).toEqual([{ cardId: '101', tagId: '2' }]);
    const renamed = await call(s, 'PUT', '/v2/card/104', '{"BoardId":1,"ColumnId":12,"CardTitle":"Draft the FAQ v2"}');
    expect(renamed.json.data).toBe('104');
    expect(s.titles('104')).toBe('Draft the FAQ v2');
    const gone = await call(s, 'DELETE', '/v2/card/9007199254740993');
    expect(gone.json.data).toEqual({ id: '9007199254740993' });
    expect(s.archived).toEqual(['9007199254740993']);
    expect(s.cardIds(11)).not.toContain('9007199254740993');
    expect((await call(s, 'GET', '/v2/tag?BoardId=1')).json.data).toEqual([
      { Id: 1, Name: 'Urgent', Color: '1', BoardId: 1 },
      { Id: 2, Name: 'Billing', Color: '6', BoardId: 1 },
    ]);
    const seq = await call(s, 'GET', '/v2/email-sequence');
    expect(seq.json).toMatchObject({ EmailTemplateId: 501, LastSent: null });
    expect(seq.json).not.toHaveProperty('data');
  });

  it('gives a canned answer once, then answers normally', async () => {
    const s = await start();
    s.answerNext('POST', /^\/v2\/card\/move-card$/, { status: 200, body: 'success', contentType: 'text/plain' });
    s.answerNext('GET', /\/cards$/, { status: 200, body: '{"message":"Nope","error":true,"code":500}' });
    const plain = await call(s, 'POST', '/v2/card/move-card', '{"Id":"101","NewColumnId":13,"NewPosition":0}');
    expect(plain).toMatchObject({ status: 200, text: 'success', type: 'text/plain' });
    expect(s.cardIds(13)).toEqual([]);
    const err = await call(s, 'GET', '/v2/board/1/column/11/cards?page=1');
    expect(err.json).toEqual({ message: 'Nope', error: true, code: 500 });
    const real = await call(s, 'GET', '/v2/board/1/column/11/cards?page=1');
    expect(real.json.data).toHaveLength(6);
  });

  it('takes the key bare or as Bearer, and refuses any other with a 401 envelope', async () => {
    const s = await start({ key: 'k-123' });
    expect(s.key).toBe('k-123');
    expect((await call(s, 'GET', '/v2/board', undefined, 'k-123')).status).toBe(200);
    expect((await call(s, 'GET', '/v2/board', undefined, 'Bearer k-123')).status).toBe(200);
    const wrong = await call(s, 'GET', '/v2/board', undefined, RECORDED_DEFAULT_KEY);
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Invalid or revoked API key', error: true, code: 401 });
  });

  it('runs standalone: one line on stdout, then serves until SIGTERM', async () => {
    const main = fileURLToPath(new URL('./recorded-service-main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--key', 'k-main'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout });
    const [first] = (await once(lines, 'line')) as [string];
    expect(first).toMatch(/^listening http:\/\/127\.0\.0\.1:\d+$/);
    const url = first.slice('listening '.length);
    const res = await fetch(`${url}/v2/board/2`, { headers: { authorization: 'k-main' } });
    expect(await res.json()).toMatchObject({ data: { Id: 2, Name: 'Sales' } });
    const more: string[] = [];
    lines.on('line', (l) => more.push(l));
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(more).toEqual([]);
  });
});
