/**
 * Contract: presence (extension). A TUI says which card it has open and
 * whether it is writing a reply; teammates hear it on the event stream and
 * read it from the board; it lapses by itself 30 s after the last renewal
 * (the service's clock, moved by the test); a key sees presence only on
 * boards it can see, and cannot say it is on a card it can't see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { EventData, Presence, PRESENCE_TTL_MS } from '../../src/api/schema-events.js';
import { startTestService, type TestService } from './helpers.js';
import { openSse, type SseStream } from './sse.js';

let s: TestService;
let keyB: string;
let keyC: string;
let clock = Date.parse('2026-11-27T12:00:00Z');
const open: SseStream[] = [];

beforeAll(async () => {
  s = await startTestService({ now: () => clock });
  keyB = await s.addUser('sam.rivera@example.com');
  keyC = await s.addUser('cy@elsewhere.test');
});
afterAll(async () => {
  for (const st of open) st.close();
  await s.close();
});

const firstCard = async () => {
  const r = await s.call('GET', '/v2/board/1/column/1/cards?page=1&limit=5');
  return String(r.json.data[0].ServiceTaskId);
};
const on = (key: string, session: string, cardId: string | null, writing = false) =>
  s.call('PUT', '/v2/presence', { key, body: { Session: session, CardId: cardId, Writing: writing } });
const list = async (key: string, board = 1) => {
  const r = await s.call('GET', `/v2/board/${board}/presence`, { key });
  expect(r.status, r.text).toBe(200);
  return envelope(z.array(Presence)).parse(r.json).data;
};

describe('presence', () => {
  it('a teammate opening a card and writing is an event on the board, and listed; it lapses 30 s after the last word', async () => {
    const id = await firstCard();
    const a = await openSse(`${s.url}/v2/events?BoardId=1`, s.key, {});
    open.push(a);
    expect((await on(keyB, 'session-sam-1', id)).status).toBe(200);
    const e = await a.next();
    expect(e?.event).toBe('presence');
    expect(EventData.parse(JSON.parse(e?.data ?? ''))).toMatchObject({
      CardId: id,
      Kind: 'presence',
      By: 'sam.rivera@example.com',
    });
    expect(await list(s.key)).toEqual([
      {
        Session: 'session-sam-1',
        Email: 'sam.rivera@example.com',
        CardId: id,
        Writing: false,
        Until: new Date(clock + PRESENCE_TTL_MS).toISOString(),
      },
    ]);
    await on(keyB, 'session-sam-1', id, true);
    expect((await a.next())?.event).toBe('presence');
    expect((await list(s.key))[0]?.Writing).toBe(true);
    // Renewed, still there; then quiet: gone, with no one saying so.
    clock += 20_000;
    await on(keyB, 'session-sam-1', id, true);
    clock += 20_000;
    expect(await list(s.key)).toHaveLength(1);
    clock += PRESENCE_TTL_MS;
    expect(await list(s.key)).toEqual([]);
    // Leaving says so at once.
    await on(keyB, 'session-sam-1', id);
    await on(keyB, 'session-sam-1', null);
    expect(await list(s.key)).toEqual([]);
  });

  it('a key sees presence only on boards it can see, and cannot be on a card it can’t see', async () => {
    const id = await firstCard();
    await on(keyB, 'session-sam-2', id);
    const hidden = await s.call('GET', '/v2/board/1/presence', { key: keyC });
    expect(hidden.status).toBe(403);
    const refused = await on(keyC, 'session-cy-1', id);
    expect(refused.status).toBe(403);
    const bad = await s.call('PUT', '/v2/presence', { body: { Session: 'x', CardId: id } });
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toMatch(/^Session:/);
  });
});
