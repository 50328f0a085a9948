/**
 * Drives the store with the real client over a MockAgent: the remote service
 * is the only thing scripted. Nothing here asserts on time; `.delay()` only
 * decides which answer lands first.
 */
import { MockAgent } from 'undici';
import type { Interceptable } from 'undici';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import type { Column } from '../../src/api/schema.js';
import type { CardListed } from '../../src/api/schema-cards.js';
import type { CardId } from '../../src/api/tolerant.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';

export const ORIGIN = 'http://127.0.0.1:7432';
export const KEY = 'store-test-key-0123456789';
export const BOARD = 1;

export const ok = <T>(data: T) => ({ message: 'OK', error: false, code: 200, data });
export const refusal = (code: number, message: string) => ({ message, error: true, code });

export const column = (id: number, name: string): Column => ({ Id: id, ColumnId: `Label_${id}`, Name: name });
export const COLUMNS = [column(11, 'Inbox'), column(12, 'Doing'), column(13, 'Done')];

export const card = (id: number, col: number, title = `Card ${id}`): CardListed => ({
  ServiceTaskId: id,
  TaskName: title,
  ReadUnreadStatus: 1,
  ColumnId: `Label_${col}`,
  BoardId: BOARD,
  DueDate: null,
  Assignees: null,
  ThreadOwnerEmail: 'owner@example.com',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  Status: '0',
  CustomFields: '[]',
});

const agents: MockAgent[] = [];
export async function closeAgents(): Promise<void> {
  await Promise.all(agents.splice(0).map((a) => a.close()));
}

export function scripted(
  pageSize = 50,
  clientOptions: Partial<ClientOptions> = {},
): { agent: MockAgent; pool: Interceptable; store: BoardStore } {
  const agent = new MockAgent();
  agents.push(agent);
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  // One attempt: a refusal reaches the store at once (retries are the client's own tests).
  const client = createClient({ baseUrl: ORIGIN, apiKey: KEY, dispatcher: agent, maxAttempts: 1, ...clientOptions });
  return { agent, pool, store: createBoardStore(client, { pageSize }) };
}

const cardsPath = (col: number, page: number) => (p: string) =>
  p.startsWith(`/v2/board/${BOARD}/column/${col}/cards?`) &&
  new URLSearchParams(p.split('?')[1]).get('page') === String(page);

/** Scripts one listing of the board: columns, tags and page 1 of each column. */
export function serveBoard(pool: Interceptable, cards: Record<number, CardListed[]>, columns = COLUMNS): void {
  pool.intercept({ path: `/v2/board/${BOARD}/columns`, method: 'GET' }).reply(200, ok(columns));
  for (const c of columns) serveCards(pool, c.Id, 1, cards[c.Id] ?? []);
}

export function serveTags(pool: Interceptable): void {
  pool
    .intercept({ path: (p) => p.startsWith('/v2/tag?'), method: 'GET' })
    .reply(200, ok([]))
    .persist();
}

export function serveCards(pool: Interceptable, col: number, page: number, list: CardListed[], delayMs = 0) {
  const scope = pool.intercept({ path: cardsPath(col, page), method: 'GET' }).reply(200, ok(list));
  if (delayMs > 0) scope.delay(delayMs);
}

/** A request body a scripted answer got, as text (the client sends JSON text). */
export function sentText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  throw new Error(`unexpected request body (${typeof body})`);
}

/** Scripts one move-card answer and records the body it was sent. */
export function serveMove(
  pool: Interceptable,
  answer: { status: number; message?: string; delayMs?: number },
  bodies: unknown[] = [],
) {
  const scope = pool.intercept({ path: '/v2/card/move-card', method: 'POST' }).reply((opts) => {
    bodies.push(JSON.parse(sentText(opts.body)));
    return answer.status === 200
      ? { statusCode: 200, data: ok('moved') }
      : { statusCode: answer.status, data: refusal(answer.status, answer.message ?? 'refused') };
  });
  if (answer.delayMs) scope.delay(answer.delayMs);
  return bodies;
}

/** Opens the board with `cards` as the server's state. */
export async function opened(cards: Record<number, CardListed[]>, pageSize = 50) {
  const s = scripted(pageSize);
  serveTags(s.pool);
  serveBoard(s.pool, cards);
  await s.store.getState().openBoard(BOARD);
  return s;
}

/** Titles per column as the screen shows them. */
export function titles(store: BoardStore, col: number): string[] {
  return (store.getState().view.columns[`Label_${col}`] ?? []).map((c) => c.title);
}

export function ids(store: BoardStore, col: number): CardId[] {
  return (store.getState().view.columns[`Label_${col}`] ?? []).map((c) => c.id);
}

export function confirmedIds(store: BoardStore, col: number): readonly CardId[] {
  return store.getState().confirmed.order[`Label_${col}`] ?? [];
}

/** Resolve with the error a promise rejects with (fails the test if it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}
