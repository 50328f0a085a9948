/**
 * What a report reads from the database, in one read transaction: the
 * board's columns and targets, its cards, their messages (only the fields
 * the figures need), when each card was archived, and the group each card
 * is in for the breakdown asked.
 */
import type { ReportBy } from '../../api/schema-reports.js';
import type { Sql } from '../sql/sql.js';
import { targetsOf, type TargetsRow } from '../waiting/targets.js';

export interface ColumnRow {
  id: number;
  name: string;
}

export interface ReportCard {
  id: number;
  columnId: number;
  createdMs: number;
  archived: boolean;
  snoozed: boolean;
  waitingSince: string | null;
  waitingFirst: number;
}

export interface ReportMessage {
  cardId: number;
  out: boolean;
  automatic: boolean;
  /** Its date, never later than it arrived (as waiting time reads it). */
  atMs: number;
  arrivedMs: number;
}

export interface ReportData {
  columns: ColumnRow[];
  targets: TargetsRow | undefined;
  cards: ReportCard[];
  /** In arrival order (their ids). */
  messages: ReportMessage[];
  /** Per card, the times it was archived, in order. */
  resolutions: Map<number, number[]>;
  /** Per card, its groups for the breakdown. */
  groups: Map<number, string[]>;
}

const GROUPS: Record<ReportBy, string> = {
  assignee: `SELECT a.card_id, a.email AS k FROM card_assignees a JOIN cards c ON c.id = a.card_id WHERE c.board_id = ?`,
  tag: `SELECT ct.card_id, t.name AS k FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE t.board_id = ?`,
  mailbox: `SELECT DISTINCT mm.card_id, mb.address AS k FROM mailbox_messages mm
    JOIN mailboxes mb ON mb.id = mm.mailbox_id WHERE mb.board_id = ? AND mm.card_id IS NOT NULL`,
};

const ms = (s: string): number => Date.parse(s);

/**
 * `sinceMs`: the period's start. Only the threads of cards with a message
 * that arrived or a resolution since then are read: the others hold nothing
 * the period's figures count (what is open now is read from the cards).
 */
export function loadReport(sql: Sql, boardId: number, by: ReportBy, sinceMs: number): Promise<ReportData> {
  const since = new Date(sinceMs).toISOString();
  return sql.tx(async (sql) => {
    const columns = await sql.all<ColumnRow>('SELECT id, name FROM columns WHERE board_id = ? ORDER BY position, id', [
      boardId,
    ]);
    const targets = await targetsOf(sql, boardId);
    const cardRows = await sql.all<{
      id: number;
      column_id: number;
      created_at: string;
      archived: number;
      snoozed: number;
      waiting_since: string | null;
      waiting_first: number;
    }>(
      `SELECT id, column_id, created_at, archived, snoozed, waiting_since, waiting_first FROM cards WHERE board_id = ?`,
      [boardId],
    );
    const msgRows = await sql.all<{
      card_id: number;
      direction: string;
      automatic: number;
      sent_at: string;
      created_at: string;
    }>(
      `SELECT m.card_id, m.direction, CASE WHEN m.automatic IS NULL THEN 0 ELSE 1 END AS automatic, m.sent_at, m.created_at
       FROM messages m JOIN cards c ON c.id = m.card_id WHERE c.board_id = ? AND (
         m.card_id IN (SELECT x.card_id FROM messages x WHERE x.created_at >= ?)
         OR m.card_id IN (SELECT r.card_id FROM card_resolutions r WHERE r.resolved_at >= ?))
       ORDER BY m.id`,
      [boardId, since, since],
    );
    const resRows = await sql.all<{ card_id: number; resolved_at: string }>(
      `SELECT r.card_id, r.resolved_at FROM card_resolutions r JOIN cards c ON c.id = r.card_id
       WHERE c.board_id = ? ORDER BY r.resolved_at`,
      [boardId],
    );
    const groupRows = await sql.all<{ card_id: number; k: string }>(GROUPS[by], [boardId]);
    const resolutions = new Map<number, number[]>();
    for (const r of resRows) {
      const id = Number(r.card_id);
      const at = ms(r.resolved_at);
      if (Number.isNaN(at)) continue;
      const list = resolutions.get(id);
      if (list === undefined) resolutions.set(id, [at]);
      else list.push(at);
    }
    const groups = new Map<number, string[]>();
    for (const g of groupRows) {
      const id = Number(g.card_id);
      const list = groups.get(id);
      if (list === undefined) groups.set(id, [g.k]);
      else if (!list.includes(g.k)) list.push(g.k);
    }
    const messages: ReportMessage[] = [];
    for (const m of msgRows) {
      const sent = ms(m.sent_at);
      const arrived = ms(m.created_at);
      if (Number.isNaN(arrived)) continue;
      messages.push({
        cardId: Number(m.card_id),
        out: m.direction === 'out',
        automatic: Number(m.automatic) === 1,
        atMs: Number.isNaN(sent) ? arrived : Math.min(sent, arrived),
        arrivedMs: arrived,
      });
    }
    return {
      columns: columns.map((c) => ({ id: Number(c.id), name: c.name })),
      targets,
      cards: cardRows.map((c) => ({
        id: Number(c.id),
        columnId: Number(c.column_id),
        createdMs: ms(c.created_at),
        archived: Number(c.archived) === 1,
        snoozed: Number(c.snoozed) === 1,
        waitingSince: c.waiting_since,
        waitingFirst: Number(c.waiting_first),
      })),
      messages,
      resolutions,
      groups,
    };
  }, 'read');
}
