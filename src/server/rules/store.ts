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
}

export async function boardNames(sql: Sql, boardId: number): Promise<Board> {
  const tags = await sql.all<{ id: number; name: string }>('SELECT id, name FROM tags WHERE board_id = ?', [boardId]);
  const columns = await sql.all<{ id: number; name: string }>(
    'SELECT id, name FROM columns WHERE board_id = ? ORDER BY position, id',
    [boardId],
  );
  const members = await sql.all<{ email: string }>(
    `SELECT u.email FROM boards b JOIN users u ON u.id = b.owner_id WHERE b.id = ?
     UNION SELECT email FROM board_members WHERE board_id = ?`,
    [boardId, boardId],
  );
  const replies = await sql.all<{ name_key: string }>('SELECT name_key FROM saved_replies WHERE board_id = ?', [
    boardId,
  ]);
  const byName = <T extends { name: string }>(xs: T[]) => {
    const m = new Map<string, T>();
    for (const x of xs) if (!m.has(x.name.toLowerCase())) m.set(x.name.toLowerCase(), x);
    return m;
  };
  return {
    id: boardId,
    tags: byName(tags.map((t) => ({ id: Number(t.id), name: t.name }))),
    columns: byName(columns.map((c) => ({ id: Number(c.id), name: c.name }))),
    members: [...new Set(members.map((m) => m.email.toLowerCase()))].sort(),
    replies: new Set(replies.map((r) => r.name_key)),
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
export async function takingWork(sql: Sql, board: Board): Promise<string[]> {
  const away = await sql.all<{ email: string }>('SELECT email FROM rule_away WHERE board_id = ?', [board.id]);
  const out = new Set(away.map((a) => a.email.toLowerCase()));
  return board.members.filter((m) => !out.has(m));
}
