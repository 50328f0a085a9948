/**
 * Saved replies kept for a board, and filled for a card. Other parts of the
 * service (rules that answer with one) use `findSavedReply` and
 * `fillForCard`; the routes (routes.ts) check who may do what.
 */
import { SAVED_REPLY_LIMITS, type SavedReply } from '../../api/schema-replies.js';
import { cardValues, fillTemplate, SAVED_REPLY_VARIABLES, templateProblem, type Filled } from '../../text/template.js';
import { displayName } from '../customers/conversations.js';
import { isoNow } from '../db.js';
import { badRequest } from '../errors.js';
import type { Sql } from '../sql/sql.js';

export interface SavedReplyRow {
  id: number | string;
  board_id: number | string;
  name: string;
  text: string;
  author_id: number | string;
  author_email: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT r.id, r.board_id, r.name, r.text, r.author_id, u.email AS author_email, r.created_at, r.updated_at
  FROM saved_replies r JOIN users u ON u.id = r.author_id`;

export const nameKey = (name: string) => name.trim().toLowerCase();

export function savedReplyOut(r: SavedReplyRow): SavedReply {
  return {
    Id: String(r.id),
    BoardId: String(r.board_id),
    Name: r.name,
    Text: r.text,
    Author: r.author_email,
    CreatedAt: r.created_at,
    UpdatedAt: r.updated_at,
  };
}

/** The text checked: its length and its variables, refused in words naming `field`. */
export function checkReplyText(text: string, field = 'Text'): void {
  if (text.length > SAVED_REPLY_LIMITS.text)
    throw badRequest(
      `${field}: a saved reply must be at most ${SAVED_REPLY_LIMITS.text.toLocaleString('en')} characters (this one has ${text.length.toLocaleString('en')})`,
    );
  const problem = templateProblem(text, SAVED_REPLY_VARIABLES);
  if (problem !== undefined) throw badRequest(`${field}: ${problem}`);
}

/** A board's saved replies, by name. */
export async function savedReplies(sql: Sql, boardId: number): Promise<SavedReplyRow[]> {
  return sql.all<SavedReplyRow>(`${SELECT} WHERE r.board_id = ? ORDER BY r.name_key, r.id`, [boardId]);
}

export async function savedReplyById(sql: Sql, boardId: number, id: number): Promise<SavedReplyRow | undefined> {
  return sql.get<SavedReplyRow>(`${SELECT} WHERE r.board_id = ? AND r.id = ?`, [boardId, id]);
}

/** The board's saved reply of that name (case ignored), if there is one. */
export async function findSavedReply(sql: Sql, boardId: number, name: string): Promise<SavedReplyRow | undefined> {
  return sql.get<SavedReplyRow>(`${SELECT} WHERE r.board_id = ? AND r.name_key = ?`, [boardId, nameKey(name)]);
}

/** Refuses, in words, a name another of the board's replies has. */
export async function checkNameFree(sql: Sql, boardId: number, name: string, except?: number): Promise<void> {
  const other = await findSavedReply(sql, boardId, name);
  if (other !== undefined && Number(other.id) !== except)
    throw badRequest(`Name: board ${boardId} already has a saved reply named "${other.name}"; choose another name`);
}

export async function addSavedReply(
  sql: Sql,
  boardId: number,
  authorId: number,
  reply: { name: string; text: string },
  nowMs: number,
): Promise<number> {
  const now = isoNow(nowMs);
  const row = await sql.get<{ id: number | string }>(
    `INSERT INTO saved_replies (board_id, name, name_key, text, author_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [boardId, reply.name.trim(), nameKey(reply.name), reply.text, authorId, now, now],
  );
  return Number(row?.id);
}

export async function changeSavedReply(
  sql: Sql,
  id: number,
  change: { name?: string | undefined; text?: string | undefined },
  nowMs: number,
): Promise<void> {
  const sets: string[] = ['updated_at = ?'];
  const values: string[] = [isoNow(nowMs)];
  if (change.name !== undefined) {
    sets.push('name = ?', 'name_key = ?');
    values.push(change.name.trim(), nameKey(change.name));
  }
  if (change.text !== undefined) {
    sets.push('text = ?');
    values.push(change.text);
  }
  await sql.run(`UPDATE saved_replies SET ${sets.join(', ')} WHERE id = ?`, [...values, id]);
}

export async function removeSavedReply(sql: Sql, id: number): Promise<void> {
  await sql.run('DELETE FROM saved_replies WHERE id = ?', [id]);
}

/** Who a card's customer is: the name and address of its first message in (none when no mail came). */
async function customerOfCard(sql: Sql, cardId: number): Promise<{ name: string | null; email: string | null }> {
  const row = await sql.get<{ from_addr: string; from_key: string | null }>(
    "SELECT from_addr, from_key FROM messages WHERE card_id = ? AND direction = 'in' ORDER BY id LIMIT 1",
    [cardId],
  );
  if (row === undefined) return { name: null, email: null };
  return { name: displayName(row.from_addr), email: row.from_key };
}

/**
 * `text` filled for a card and the agent sending it (a user id): the
 * customer's, the card's, the board's and the agent's values. A variable
 * with no value here (a customer who gave no name) stays `{{as written}}`
 * and is named in `missing`.
 */
export async function fillForCard(sql: Sql, cardId: number, agentId: number, text: string): Promise<Filled> {
  const card = await sql.get<{ id: number | string; title: string; board_name: string }>(
    'SELECT c.id, c.title, b.name AS board_name FROM cards c JOIN boards b ON b.id = c.board_id WHERE c.id = ?',
    [cardId],
  );
  if (card === undefined) return fillTemplate(text, {});
  const agent = await sql.get<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = ?', [agentId]);
  const customer = await customerOfCard(sql, cardId);
  const values = cardValues(
    { id: String(card.id), title: card.title },
    customer,
    { name: agent?.name, email: agent?.email ?? '' },
    card.board_name,
  );
  return fillTemplate(text, values);
}
