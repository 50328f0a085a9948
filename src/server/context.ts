/**
 * What every route gets: the database, cached statements, the clock, the
 * write runner, and the access rules (who may see which board).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cardETag } from '../api/schema-teams.js';
import type { Principal } from './auth.js';
import type { ChangeLog, Changed } from './changes.js';
import type { ChangeFeed } from './changes-feed.js';
import type { Database, Sql } from './sql/sql.js';
import { HttpError, badRequest, forbidden, notFound } from './errors.js';
import { ifMatchOf } from './if-match.js';
import type { IdempotencyStore } from './idempotency.js';
import type { ReadCache } from './read-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface Ctx {
  /** The database, for starting transactions. */
  db: Database;
  /** Where statements go: the database outside a write, the write's transaction inside one. */
  sql: Sql;
  now: () => number;
  idempotency: IdempotencyStore;
  pages: ReadCache;
  changes: ChangeLog;
  feed: ChangeFeed;
  /** Inside a write: the card version its If-Match names, if it sent one (versions.ts). */
  ifMatch?: number | undefined;
  /** Inside a write: the cards it changed and their new versions (versions.ts). */
  touched?: Map<number, number>;
}

export function principal(req: FastifyRequest): Principal {
  if (req.principal === null) throw new HttpError(401, 'Missing API key');
  return req.principal;
}

/**
 * Runs a write transactionally (honouring Idempotency-Key) and sends its
 * answer; `changed` records what it changed for GET /v2/events, in the same
 * transaction. `fn` gets the context of that transaction: its statements
 * must go through it (named `ctx` there, shadowing the outer one on purpose).
 */
export async function write(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  fn: (p: Principal, changed: Changed, ctx: Ctx) => unknown,
): Promise<FastifyReply> {
  const p = principal(req);
  const ifMatch = ifMatchOf(req);
  const touched = new Map<number, number>();
  let result;
  try {
    result = await ctx.idempotency.run(req, p.keyId, ctx.now(), async (sql) => {
      touched.clear();
      const inTx: Ctx = { ...ctx, sql, ifMatch, touched };
      const changed = ctx.changes.recorder(sql, p, ctx.now());
      const out = await fn(p, changed.record, inTx);
      await changed.flush();
      return out;
    });
  } finally {
    ctx.pages.bump();
    ctx.feed.nudge();
  }
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  // The card's new version, when the write changed one card (a replay's answer was stored without it).
  const [only] = touched.values();
  if (!result.replayed && touched.size === 1 && only !== undefined) reply.header('etag', cardETag(only));
  return reply.code(result.status).type('application/json; charset=utf-8').send(result.body);
}

/** GET/DELETE parameters: the query string, overlaid by a JSON object body. */
export function params(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body: unknown = req.body;
  if (body === undefined || body === null) return { ...query };
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('body: must be a JSON object');
  return { ...query, ...(body as Record<string, unknown>) };
}

export interface BoardRow {
  id: number;
  name: string;
  owner_id: number;
  owner_email: string;
  archived_at: string | null;
}

/**
 * Owner or listed member may see a board; anyone else gets 403. An archived
 * board answers 404, except to `archivedToo` (the events stream, which
 * tells its members that it was archived).
 */
export async function boardFor(ctx: Ctx, p: Principal, boardId: number, archivedToo = false): Promise<BoardRow> {
  // Remembered until the database changes (ReadCache.sync): every column,
  // card and tag request asks this first.
  const board = await ctx.pages.memo(`board:${boardId}:${p.userId}`, async () => {
    const board = await ctx.sql.get<BoardRow>(
      `SELECT b.id, b.name, b.owner_id, u.email AS owner_email, b.archived_at
       FROM boards b JOIN users u ON u.id = b.owner_id WHERE b.id = ?`,
      [boardId],
    );
    if (board === undefined) throw notFound(`Board ${boardId} not found`);
    if (board.owner_id === p.userId) return board;
    const member = await ctx.sql.get('SELECT 1 AS one FROM board_members WHERE board_id = ? AND email = ?', [
      boardId,
      p.email,
    ]);
    if (member === undefined) throw forbidden(`Board ${boardId} is not shared with ${p.email}`);
    return board;
  });
  if (board.archived_at !== null && !archivedToo) throw notFound(`Board ${boardId} is archived`);
  return board;
}

/**
 * The board's owner runs it (members, columns, tags, its name, archiving);
 * members work its cards. `what` completes "only the owner may …".
 */
export async function ownedBoard(ctx: Ctx, p: Principal, boardId: number, what: string): Promise<BoardRow> {
  const board = await boardFor(ctx, p, boardId);
  if (board.owner_id !== p.userId) {
    throw forbidden(`Only the board's owner (${board.owner_email}) may ${what} on board ${boardId}`);
  }
  return board;
}

export interface ColumnRow {
  id: number;
  board_id: number;
  name: string;
}

export async function columnOn(ctx: Ctx, boardId: number, columnId: number, field?: string): Promise<ColumnRow> {
  const col = await ctx.pages.memo(`column:${columnId}`, () =>
    ctx.sql.get<ColumnRow>('SELECT id, board_id, name FROM columns WHERE id = ?', [columnId]),
  );
  if (col === undefined) throw notFound(`Column ${columnId} not found`);
  if (col.board_id !== boardId) {
    if (field !== undefined) throw badRequest(`${field}: column ${columnId} is not on board ${boardId}`);
    throw notFound(`Column ${columnId} not found on board ${boardId}`);
  }
  return col;
}

export interface CardRow {
  id: number;
  board_id: number;
  column_id: number;
  title: string;
  read_status: number;
  due_date: string | null;
  thread_owner_email: string;
  status: string;
  custom_fields: string;
  archived: number;
  /** When it was last archived (ISO); NULL while active, and for cards archived before this was kept. */
  archived_at: string | null;
  position: number;
  created_at: string;
  /** Counts the card's changes: 1 when created, one more with each (versions.ts). */
  version: number;
  /** Waiting and snooze (waiting/schema.ts). */
  waiting_since: string | null;
  waiting_first: number;
  snoozed: number;
  snooze_until_ms: number | null;
  snooze_reply: number;
  snoozed_by: string | null;
  back_from_snooze: number;
}

/** A card the caller may see; `active` refuses archived cards (they only answer reads). */
export async function cardFor(ctx: Ctx, p: Principal, cardId: number | string, active: boolean): Promise<CardRow> {
  // Ids arrive as text; one past 2^53 is no card here, and must not round onto one that is.
  const n = Number(cardId);
  const card =
    Number.isSafeInteger(n) && n > 0 ? await ctx.sql.get<CardRow>('SELECT * FROM cards WHERE id = ?', [n]) : undefined;
  if (card === undefined) throw notFound(`Card ${cardId} not found`);
  await boardFor(ctx, p, card.board_id);
  if (active && card.archived) throw notFound(`Card ${cardId} is archived`);
  return card;
}

/** Emails allowed as assignees: the board's owner and members. */
export async function checkAssignees(ctx: Ctx, board: BoardRow, emails: string[]): Promise<string[]> {
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  for (const email of unique) {
    if (email === board.owner_email.toLowerCase()) continue;
    const member = await ctx.sql.get('SELECT 1 AS one FROM board_members WHERE board_id = ? AND email = ?', [
      board.id,
      email,
    ]);
    if (member === undefined) {
      throw badRequest(`Assignee: ${email} is not a member of board ${board.id}`);
    }
  }
  return unique;
}
