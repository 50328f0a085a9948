/**
 * Reading a member's notifications: a page, newest first, each with its
 * card and board — or, for a card since archived or on a board the member
 * no longer sees, without them (`Hidden` says why).
 */
import type { Notification, NotificationPage } from '../../api/schema-notifications.js';
import type { Principal } from '../auth.js';
import type { Sql } from '../sql/sql.js';

interface Row {
  id: number | string;
  kind: string;
  board_id: number | string;
  card_id: number | string | null;
  by_email: string;
  words: string | null;
  created_ms: number | string;
  read_ms: number | string | null;
  title: string | null;
  archived: number | string | null;
  board_name: string | null;
  board_archived: string | null;
}

/** The boards the member may see now (owner or member, not archived). */
async function visibleBoards(sql: Sql, p: Pick<Principal, 'userId' | 'email'>): Promise<Set<number>> {
  const rows = await sql.all<{ id: number | string }>(
    `SELECT id FROM boards WHERE archived_at IS NULL
       AND (owner_id = ? OR id IN (SELECT board_id FROM board_members WHERE email = ?))`,
    [p.userId, p.email],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

function hiddenWhy(r: Row, boards: ReadonlySet<number>): string | null {
  if (!boards.has(Number(r.board_id)) || r.board_name === null || r.board_archived !== null)
    return 'the card is on a board you no longer see';
  if (r.card_id !== null && (r.title === null || Number(r.archived) === 1)) return 'the card was archived since';
  return null;
}

function out(r: Row, boards: ReadonlySet<number>): Notification {
  const hidden = hiddenWhy(r, boards);
  return {
    Id: String(r.id),
    Kind: r.kind,
    At: new Date(Number(r.created_ms)).toISOString(),
    By: r.by_email,
    Read: r.read_ms !== null,
    BoardId: Number(r.board_id),
    CardId: hidden !== null || r.card_id === null ? null : String(r.card_id),
    CardTitle: hidden === null ? r.title : null,
    BoardName: hidden === null ? r.board_name : null,
    Words: hidden === null ? r.words : null,
    Hidden: hidden,
  };
}

export async function unreadCount(sql: Sql, userId: number): Promise<number> {
  const row = await sql.get<{ n: number | string }>(
    'SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_ms IS NULL',
    [userId],
  );
  return Number(row?.n ?? 0);
}

export interface PageAsk {
  unread: boolean;
  limit: number;
  before: number | undefined;
}

export async function notificationPage(
  sql: Sql,
  p: Pick<Principal, 'userId' | 'email'>,
  ask: PageAsk,
): Promise<NotificationPage> {
  const where = ['n.user_id = ?'];
  const args: number[] = [p.userId];
  if (ask.unread) where.push('n.read_ms IS NULL');
  if (ask.before !== undefined) {
    where.push('n.id < ?');
    args.push(ask.before);
  }
  const rows = await sql.all<Row>(
    // The card's board now: one moved since to a board the member can't see is shown without its content.
    `SELECT n.id, n.kind, coalesce(c.board_id, n.board_id) AS board_id, n.card_id, n.by_email, n.words, n.created_ms,
       n.read_ms, c.title, c.archived, b.name AS board_name, b.archived_at AS board_archived
     FROM notifications n LEFT JOIN cards c ON c.id = n.card_id
       LEFT JOIN boards b ON b.id = coalesce(c.board_id, n.board_id)
     WHERE ${where.join(' AND ')} ORDER BY n.id DESC LIMIT ${ask.limit + 1}`,
    args,
  );
  const boards = await visibleBoards(sql, p);
  const page = rows.slice(0, ask.limit);
  return {
    Unread: await unreadCount(sql, p.userId),
    Items: page.map((r) => out(r, boards)),
    Next: rows.length > ask.limit && page.length > 0 ? String(page[page.length - 1]?.id) : null,
  };
}
