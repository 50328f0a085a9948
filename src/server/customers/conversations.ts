/**
 * The customer's conversations: the cards with a message from one address,
 * on the boards a key can see, newest first. Read through the index on the
 * sender's bare address (`messages.from_key`, history/schema.ts).
 */
import { CUSTOMER_CARDS_SHOWN, type Customer, type CustomerCard } from '../../api/schema-history.js';
import type { Principal } from '../auth.js';
import type { Ctx } from '../context.js';

interface Row {
  id: number | string;
  title: string;
  board_id: number | string;
  board_name: string;
  column_name: string;
  archived: number;
  snoozed: number;
  last_at: string;
}

/** "Jane Doe" out of `"Jane Doe" <jane@example.com>`; null when it names no one. */
export function displayName(from: string): string | null {
  const lt = from.indexOf('<');
  if (lt <= 0) return null;
  const name = from
    .slice(0, lt)
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  return name === '' ? null : name;
}

/** The address a card's customer wrote from: its first message in. */
export async function customerOf(ctx: Ctx, cardId: number): Promise<string | null> {
  const row = await ctx.sql.get<{ from_key: string | null }>(
    "SELECT from_key FROM messages WHERE card_id = ? AND direction = 'in' ORDER BY id LIMIT 1",
    [cardId],
  );
  return row?.from_key ?? null;
}

export async function conversations(
  ctx: Ctx,
  p: Principal,
  email: string,
  except: number | null = null,
): Promise<Customer> {
  const key = email.trim().toLowerCase();
  const rows = await ctx.sql.all<Row>(
    `SELECT c.id, c.title, c.board_id, b.name AS board_name, col.name AS column_name, c.archived, c.snoozed,
       mine.last_at
     FROM (SELECT card_id, max(created_at) AS last_at FROM messages
           WHERE from_key = ? AND direction = 'in' GROUP BY card_id) mine
     JOIN cards c ON c.id = mine.card_id
     JOIN boards b ON b.id = c.board_id
     JOIN columns col ON col.id = c.column_id
     WHERE b.archived_at IS NULL AND c.id <> ?
       AND (b.owner_id = ? OR EXISTS (SELECT 1 FROM board_members bm WHERE bm.board_id = b.id AND bm.email = ?))
     ORDER BY mine.last_at DESC, c.id DESC`,
    [key, except ?? 0, p.userId, p.email],
  );
  // The name their newest messages gave (one sent from a bare address gives none).
  const newest = await ctx.sql.all<{ from_addr: string }>(
    "SELECT from_addr FROM messages WHERE from_key = ? AND direction = 'in' ORDER BY id DESC LIMIT 20",
    [key],
  );
  const cards = rows.slice(0, CUSTOMER_CARDS_SHOWN).map((r): CustomerCard => ({
    CardId: String(r.id),
    Title: r.title,
    BoardId: Number(r.board_id),
    BoardName: r.board_name,
    ColumnName: r.column_name,
    State: Number(r.archived) === 1 ? 'archived' : Number(r.snoozed) === 1 ? 'snoozed' : 'open',
    LastAt: r.last_at,
  }));
  const name = newest.map((m) => displayName(m.from_addr)).find((n) => n !== null) ?? null;
  return { Email: key, Name: name ?? key, Total: rows.length, Cards: cards };
}
