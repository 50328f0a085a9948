/**
 * A card's history, written where every write ends: the change log's flush
 * (changes.ts), in the write's transaction. Each card a write says it
 * changed is read as it is now and compared with how it was after its last
 * recorded change (`card_states`); each difference becomes a history row
 * with who and when. So no route records history itself, and a new route
 * that calls `changed()` is in the history without a line of its own.
 */
import type { EventKind } from '../../api/schema-events.js';
import { RULE_KINDS, type RuleNote } from '../rules/notes.js';
import type { Sql } from '../sql/sql.js';
import { compare, type CardState, type Entry } from './compare.js';

/** What was recorded of one card: its entries, who made them, and how it is now. */
export interface Recorded {
  cardId: number;
  by: string;
  entries: Entry[];
  now: CardState;
}

/** What one write said about one card. */
export interface CardChange {
  boardId: number;
  by: string;
  kinds: Set<EventKind>;
}

/**
 * The cards of a write's change-log rows ([board, card, kind, by]), each with
 * whom the write named first: mail delivered is the sender's change, and
 * what it sets off (a snooze woken by the answer) is theirs too.
 */
export function historyOf(
  rows: readonly (readonly [number, number | null, EventKind, string])[],
): Map<number, CardChange> {
  const cards = new Map<number, CardChange>();
  for (const [boardId, cardId, kind, by] of rows) {
    if (cardId === null) continue;
    const seen = cards.get(cardId) ?? { boardId, by, kinds: new Set<EventKind>() };
    seen.kinds.add(kind);
    cards.set(cardId, seen);
  }
  return cards;
}

/** Kinds that say nothing about the fields a history follows. */
const NOT_IN_HISTORY: ReadonlySet<EventKind> = new Set(['presence', 'comment', 'note', 'sub-task']);

interface StateRow {
  board_id: number;
  board_name: string;
  column_name: string;
  title: string;
  due_date: string | null;
  snoozed: number;
  snooze_until_ms: number | string | null;
  snooze_reply: number;
  archived: number;
  last_out: number | string | null;
  last_in: number | string | null;
  last_out_kind: string | null;
}

async function stateOf(sql: Sql, cardId: number): Promise<CardState | undefined> {
  const row = await sql.get<StateRow>(
    `SELECT c.board_id, b.name AS board_name, col.name AS column_name, c.title, c.due_date, c.snoozed,
       c.snooze_until_ms, c.snooze_reply, c.archived,
       (SELECT max(m.id) FROM messages m WHERE m.card_id = c.id AND m.direction = 'out') AS last_out,
       (SELECT max(m.id) FROM messages m WHERE m.card_id = c.id AND m.direction = 'in') AS last_in,
       (SELECT m.kind FROM messages m WHERE m.card_id = c.id AND m.direction = 'out' ORDER BY m.id DESC LIMIT 1)
         AS last_out_kind
     FROM cards c JOIN boards b ON b.id = c.board_id JOIN columns col ON col.id = c.column_id WHERE c.id = ?`,
    [cardId],
  );
  if (row === undefined) return undefined;
  const tags = await sql.all<{ name: string }>(
    'SELECT t.name FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = ? ORDER BY t.name',
    [cardId],
  );
  const people = await sql.all<{ email: string }>('SELECT email FROM card_assignees WHERE card_id = ? ORDER BY email', [
    cardId,
  ]);
  const until = row.snooze_until_ms === null ? null : new Date(Number(row.snooze_until_ms)).toISOString();
  const snoozeWords = [until, Number(row.snooze_reply) === 1 ? 'an answer' : null].filter((x) => x !== null);
  return {
    boardId: Number(row.board_id),
    board: row.board_name,
    column: row.column_name,
    title: row.title,
    due: row.due_date,
    snoozed: Number(row.snoozed) === 1 ? snoozeWords.join(' or ') : null,
    archived: Number(row.archived) === 1,
    tags: tags.map((t) => t.name),
    assignees: people.map((a) => a.email.toLowerCase()),
    lastOut: Number(row.last_out ?? 0),
    lastIn: Number(row.last_in ?? 0),
    lastOutKind: row.last_out_kind,
  };
}

/** How a new card came: a watched mailbox, mail posted in, or the API. */
async function viaOf(sql: Sql, cardId: number): Promise<string> {
  if (await sql.get('SELECT 1 AS one FROM mailbox_messages WHERE card_id = ?', [cardId])) return 'mailbox';
  const mail = await sql.get("SELECT 1 AS one FROM messages WHERE card_id = ? AND direction = 'in'", [cardId]);
  return mail === undefined ? 'api' : 'mail-in';
}

/**
 * Records the history of what one write changed; call inside its
 * transaction, after its changes. Answers what it recorded (notifications
 * are told from it).
 */
export async function recordHistory(
  sql: Sql,
  cards: ReadonlyMap<number, CardChange>,
  userId: number,
  nowMs: number,
  ruled: ReadonlyMap<number, RuleNote[]> = new Map(),
): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  for (const [cardId, change] of cards) {
    if ([...change.kinds].every((k) => NOT_IN_HISTORY.has(k))) continue;
    const now = await stateOf(sql, cardId);
    if (now === undefined) continue;
    const kept = await sql.get<{ state: string }>('SELECT state FROM card_states WHERE card_id = ?', [cardId]);
    const before = kept === undefined ? undefined : (JSON.parse(kept.state) as CardState);
    const created = change.kinds.has('card-created');
    const via = created && before === undefined ? await viaOf(sql, cardId) : null;
    const all = compare(before, now, change.kinds, via);
    // Notifications are told from every change, a rule's included (notifications/derive.ts).
    recorded.push({ cardId, by: change.by, entries: all, now });
    // What rules did is told once, by each rule's name (rules/notes.ts).
    const notes = ruled.get(cardId) ?? [];
    const entries = all.filter((e) => notes.length === 0 || !RULE_KINDS.has(e.kind));
    const rows = [
      ...entries.map((e) => [e.kind, change.by, e.detail] as const),
      ...notes.map((n) => ['rule', `rule ${n.rule}`, { Added: n.did }] as const),
    ];
    for (const [kind, by, detail] of rows) {
      await sql.run(
        `INSERT INTO card_history (card_id, board_id, kind, user_id, by_email, created_ms, detail)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [cardId, now.boardId, kind, userId, by, nowMs, JSON.stringify(detail)],
      );
    }
    await sql.run(
      'INSERT INTO card_states (card_id, state) VALUES (?, ?) ON CONFLICT (card_id) DO UPDATE SET state = excluded.state',
      [cardId, JSON.stringify(now)],
    );
  }
  return recorded;
}
