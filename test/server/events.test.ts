/** Contract: GET /v2/events (extension) — a teammate's writes as Server-Sent Events, resumable, scoped to the key's boards, across processes on one file. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventData } from '../../src/api/schema-events.js';
import { revokeKey } from '../../src/server/auth.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { callAt, startTestService, type TestService } from './helpers.js';
import { openSse, type SseStream } from './sse.js';

let s: TestService;
let keyB: string;
let keyC: string;
const open: SseStream[] = [];
const stream = async (key: string, query = '?BoardId=1', headers: Record<string, string> = {}, url = s.url) => {
  const st = await openSse(`${url}/v2/events${query}`, key, headers);
  open.push(st);
  return st;
};

beforeAll(async () => {
  s = await startTestService();
  keyB = await s.addUser('bea@team.test');
  keyC = await s.addUser('cy@elsewhere.test');
  await s.withSql((db) => db.run("INSERT INTO board_members (board_id, email) VALUES (1, 'bea@team.test')"));
});
afterAll(async () => {
  for (const st of open) st.close();
  await s.close();
});

const firstCard = async (key: string, column = 1) => {
  const r = await s.call('GET', `/v2/board/1/column/${column}/cards?page=1&limit=5`, { key });
  return String(r.json.data[0].ServiceTaskId);
};
const move = (key: string, id: string, column: number) =>
  s.call('POST', '/v2/card/move-card', { key, body: { Id: id, NewColumnId: column, NewPosition: 0 } });
const comment = (key: string, id: string, text: string) =>
  s.call('POST', '/v2/comment', { key, body: { CardId: id, Body: text } });

describe('GET /v2/events', () => {
  it('streams a teammate’s move as an event naming board, card, kind and who', async () => {
    const a = await stream(s.key);
    expect(a.status).toBe(200);
    expect(String(a.headers['content-type'])).toMatch(/^text\/event-stream/);
    const id = await firstCard(keyB);
    expect((await move(keyB, id, 2)).status).toBe(200);
    const e = await a.next();
    expect(e?.event).toBe('card-moved');
    expect(e?.id).toMatch(/^\d+$/);
    expect(EventData.parse(JSON.parse(e?.data ?? ''))).toEqual({
      BoardId: 1,
      CardId: id,
      Kind: 'card-moved',
      By: 'bea@team.test',
    });
  });

  it('mail delivered in is the sender’s change, even through the reader’s own key', async () => {
    const a = await stream(s.key);
    const message = [
      'From: Ana Lima <ana@customer.example>',
      'To: support@example.com',
      'Subject: Where is my order?',
      'Message-ID: <events-1@customer.example>',
      'Date: Tue, 24 Nov 2026 09:00:00 +0000',
      '',
      'It has not arrived.',
      '',
    ].join('\r\n');
    const r = await s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: 1, Message: Buffer.from(message).toString('base64') },
    });
    expect(r.status).toBe(200);
    const e = await a.next();
    expect(EventData.parse(JSON.parse(e?.data ?? ''))).toMatchObject({
      CardId: String(r.json.data.CardId),
      Kind: 'card-created',
      By: 'ana@customer.example',
    });
  });

  it('resumes from Last-Event-ID without losing what happened while away', async () => {
    const a = await stream(s.key);
    const id = await firstCard(keyB);
    await comment(keyB, id, 'one');
    const seen = await a.next();
    a.close();
    await comment(keyB, id, 'two');
    await move(keyB, id, 3);
    const again = await stream(s.key, '?BoardId=1', { 'last-event-id': seen?.id ?? '' });
    const first = await again.next();
    const second = await again.next();
    expect([first?.event, second?.event]).toEqual(['comment', 'card-moved']);
    expect(Number(first?.id)).toBe(Number(seen?.id) + 1);
    expect(Number(second?.id)).toBe(Number(seen?.id) + 2);
  });

  it('an id it never gave is answered with a reload event', async () => {
    const a = await stream(s.key, '?BoardId=1', { 'last-event-id': '999999' });
    expect((await a.next())?.event).toBe('reload');
  });

  it('a key sees only the events of boards it may see', async () => {
    const refused = await s.call('GET', '/v2/events?BoardId=1', { key: keyC });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: true, code: 403 });
    expect((await s.call('GET', '/v2/events', { key: null })).status).toBe(401);
    const c = await stream(keyC, '');
    await move(keyB, await firstCard(keyB), 1);
    const own = await s.call('POST', '/v2/board', { key: keyC, body: { Name: 'Elsewhere' } });
    const e = await c.next();
    // Events come in id order: had board 1's move reached this key, it would come first.
    expect(JSON.parse(e?.data ?? '')).toMatchObject({ BoardId: own.json.data.Id, Kind: 'board', CardId: null });
  });

  it('a revoked key’s stream ends at the next event', async () => {
    const keyD = await s.addUser('dee@team.test');
    await s.withSql((db) => db.run("INSERT INTO board_members (board_id, email) VALUES (1, 'dee@team.test')"));
    const d = await stream(keyD);
    await s.withSql((db) => revokeKey(db, keyD));
    await comment(keyB, await firstCard(keyB), 'after the revoke');
    expect(await d.next()).toBeNull();
  });

  it('refuses a Last-Event-ID that is no id, in words', async () => {
    const r = await s.call('GET', '/v2/events', { headers: { 'last-event-id': 'yesterday' } });
    expect(r.status).toBe(400);
    expect(r.json.message).toContain('Last-Event-ID');
  });

  it('a second service on the same file streams the first one’s writes, and ends its streams on close', async () => {
    let other: RunningService | undefined = await startService({ dbPath: s.dbPath, apiKey: s.key });
    try {
      const a = await stream(s.key, '?BoardId=1', {}, other.url);
      const id = await firstCard(keyB);
      await comment(keyB, id, 'through the first');
      const e = await a.next();
      expect(JSON.parse(e?.data ?? '')).toMatchObject({ CardId: id, Kind: 'comment', By: 'bea@team.test' });
      // The other service still answers requests over the same file.
      expect((await callAt(other.url, keyB, 'GET', '/v2/me')).json.data.Email).toBe('bea@team.test');
      await other.close();
      other = undefined;
      expect(await a.next()).toBeNull();
    } finally {
      await other?.close();
    }
  });
});
