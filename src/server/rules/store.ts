/**
 * A board's rules in the database: read, in order, with what each needs of
 * the board (its tags, columns and members, read once per use: `Board`).
 * A rule that no longer resolves says why (`problemOf`), in words.
 */
import type { SearchQuery } from '../../text/search-query.js';
import type { Sql } from '../sql/sql.js';
import { parseActions, parseRuleQuery, type Action } from './parse.js';

export interface RuleRow {
  id: number;
  board_id: number;
  position: number;
  name: string;
  query: string;
  actions: string;
  on_what: string;
  enabled: number;
  disabled_reason: string | null;
}

/** A rule as the runner uses it: read once, or why it cannot be read any more. */
export interface Rule {
  row: RuleRow;
  query: SearchQuery | null;
  actions: Action[];
  /** The query or actions no longer parse (the language changed under a stored rule). */
  unreadable: string | null;
}

export function actionList(row: Pick<RuleRow, 'actions'>): string[] {
  try {
    const list: unknown = JSON.parse(row.actions);
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/** Rules read before, by their texts: each message would otherwise parse every rule again. */
const parsed = new Map<string, Omit<Rule, 'row'>>();
const PARSED_KEPT = 2000;

export function ruleOf(row: RuleRow): Rule {
  const key = `${row.query}\u0000${row.actions}`;
  let read = parsed.get(key);
  if (read === undefined) {
    const q = parseRuleQuery(row.query);
    const a = parseActions(actionList(row));
    const unreadable = !q.ok ? q.error : !a.ok ? a.error : null;
    read = { query: q.ok ? q.value : null, actions: a.ok ? a.value : [], unreadable };
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    parsed.set(key, read);
  }
  return { row, ...read };
}

const COLUMNS = 'id, board_id, position, name, query, actions, on_what, enabled, disabled_reason';

export function rulesOf(sql: Sql, boardId: number, enabledOnly = false): Promise<RuleRow[]> {
  return sql.all<RuleRow>(
    `SELECT ${COLUMNS} FROM rules WHERE board_id = ?${enabledOnly ? ' AND enabled = 1' : ''} ORDER BY position, id`,
    [boardId],
  );
}

export function ruleById(sql: Sql, boardId: number, ruleId: number): Promise<RuleRow | undefined> {
  return sql.get<RuleRow>(`SELECT ${COLUMNS} FROM rules WHERE board_id = ? AND id = ?`, [boardId, ruleId]);
}

/** What rules name on a board, by lower-case name. */
export interface Board {
  id: number;
  tags: Map<string, { id: number; name: string }>;
  columns: Map<string, { id: number; name: string }>;
  /** The owner and members, lower case, in order. */
  members: string[];
  /** Its saved replies' names, lower case. */
  replies: Set<string>;
  /** The members who take no work from round-robin. */
  away: Set<string>;
}

interface NameRow {
  kind: 'tag' | 'column' | 'member' | 'reply' | 'away';
  id: number;
  position: number;
  name: string;
}

/** One read for all of it: each statement is a round trip on PostgreSQL, and mail arrives often. */
export async function boardNames(sql: Sql, boardId: number): Promise<Board> {
  const rows = await sql.all<NameRow>(
    `SELECT 'tag' AS kind, id, 0 AS position, name FROM tags WHERE board_id = ?
     UNION ALL SELECT 'column', id, position, name FROM columns WHERE board_id = ?
     UNION ALL SELECT 'member', 0, 0, CAST(u.email AS TEXT) FROM boards b JOIN users u ON u.id = b.owner_id WHERE b.id = ?
     UNION ALL SELECT 'member', 0, 0, CAST(email AS TEXT) FROM board_members WHERE board_id = ?
     UNION ALL SELECT 'reply', 0, 0, name_key FROM saved_replies WHERE board_id = ?
     UNION ALL SELECT 'away', 0, 0, email FROM rule_away WHERE board_id = ?`,
    [boardId, boardId, boardId, boardId, boardId, boardId],
  );
  const of = (kind: NameRow['kind']) => rows.filter((r) => r.kind === kind);
  const byName = (xs: NameRow[]) => {
    const m = new Map<string, { id: number; name: string }>();
    for (const x of xs)
      if (!m.has(x.name.toLowerCase())) m.set(x.name.toLowerCase(), { id: Number(x.id), name: x.name });
    return m;
  };
  const columns = of('column').sort((a, b) => Number(a.position) - Number(b.position) || Number(a.id) - Number(b.id));
  return {
    id: boardId,
    tags: byName(of('tag')),
    columns: byName(columns),
    members: [...new Set(of('member').map((m) => m.name.toLowerCase()))].sort(),
    replies: new Set(of('reply').map((r) => r.name)),
    away: new Set(of('away').map((r) => r.name.toLowerCase())),
  };
}

/** Why the rule cannot run on this board as it is now, or null. */
export function problemOf(rule: Rule, board: Board): string | null {
  if (rule.unreadable !== null) return rule.unreadable;
  for (const f of rule.query?.filters ?? []) {
    if (f.kind === 'tag' && !board.tags.has(f.value))
      return `When: tag:${f.value}: the board has no tag ${f.value} (renamed or deleted?)`;
    if (f.kind === 'column' && !board.columns.has(f.value))
      return `When: column:${f.value}: the board has no column ${f.value} (renamed or deleted?)`;
  }
  for (const a of rule.actions) {
    if (a.kind === 'tag' && !board.tags.has(a.name.toLowerCase()))
      return `Then: tag:${a.name}: the board has no tag ${a.name} (add it first, or was it renamed?)`;
    if (a.kind === 'move' && !board.columns.has(a.column.toLowerCase()))
      return `Then: move:${a.column}: the board has no column ${a.column} (renamed or deleted?)`;
    if (a.kind === 'assign' && !board.members.includes(a.email))
      return `Then: assign:${a.email}: ${a.email} is not a member of the board`;
    if (a.kind === 'reply' && !board.replies.has(a.saved.trim().toLowerCase()))
      return `Then: reply:${a.saved}: the board has no saved reply ${a.saved} (inboard replies list)`;
  }
  return null;
}

/** The members round-robin gives work to: all but those away, in order. */
export function takingWork(board: Board): string[] {
  return board.members.filter((m) => !board.away.has(m));
}
