/**
 * A board's response targets (`board_targets`) and what they make of a
 * card: when its answer falls due. The first response target runs from the
 * customer's first unanswered message while the team has never replied; the
 * next response target from the oldest one since the team's last reply.
 * With business hours the clock runs only inside them, in the board's zone.
 */
import type { BoardTargets } from '../../api/schema-waiting.js';
import { addBusinessTime, parseBusinessHours, type BusinessHours } from '../../text/business-hours.js';
import type { Sql } from '../sql/sql.js';
import { placeholders } from '../sql/sql.js';

export interface TargetsRow {
  board_id: number;
  first_response_s: number | null;
  next_response_s: number | null;
  hours: string | null;
  zone: string;
}

export const targetsOut = (boardId: number, row: TargetsRow | undefined): BoardTargets => ({
  BoardId: boardId,
  FirstResponseSeconds: row?.first_response_s ?? null,
  NextResponseSeconds: row?.next_response_s ?? null,
  Hours: row?.hours ?? null,
  Zone: row?.zone ?? 'UTC',
});

export function targetsOf(sql: Sql, boardId: number): Promise<TargetsRow | undefined> {
  return sql.get<TargetsRow>('SELECT * FROM board_targets WHERE board_id = ?', [boardId]);
}

/** Reads each board's targets once for a page of cards, and says when each card's answer is due. */
export async function responseDues(sql: Sql, boardIds: readonly number[]): Promise<DueRule> {
  const unique = [...new Set(boardIds)];
  const rows =
    unique.length === 0
      ? []
      : await sql.all<TargetsRow>(
          `SELECT * FROM board_targets WHERE board_id IN (${placeholders(unique.length)})`,
          unique,
        );
  const rules = new Map(rows.map((r) => [Number(r.board_id), ruleOf(r)]));
  return (card) => {
    const rule = rules.get(Number(card.board_id));
    if (rule === undefined || card.waiting_since === null) return { due: null, target: null };
    const target = Number(card.waiting_first) === 1 ? 'first' : 'next';
    const seconds = target === 'first' ? rule.first : rule.next;
    const since = Date.parse(card.waiting_since);
    if (seconds === null || Number.isNaN(since)) return { due: null, target: null };
    return { due: new Date(addBusinessTime(since, seconds, rule.hours, rule.zone)).toISOString(), target };
  };
}

export type DueRule = (card: { board_id: number; waiting_since: string | null; waiting_first: number }) => {
  due: string | null;
  target: 'first' | 'next' | null;
};

interface Rule {
  first: number | null;
  next: number | null;
  hours: BusinessHours | null;
  zone: string;
}

function ruleOf(r: TargetsRow): Rule {
  const parsed = r.hours === null ? null : parseBusinessHours(r.hours);
  return {
    first: r.first_response_s === null ? null : Number(r.first_response_s),
    next: r.next_response_s === null ? null : Number(r.next_response_s),
    // Stored only after parsing (routes.ts): a row that no longer parses counts around the clock.
    hours: parsed?.ok === true ? parsed.hours : null,
    zone: r.zone,
  };
}
