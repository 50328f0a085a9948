/**
 * The filters of a search (`tag:` `assignee:` `board:` `column:` `is:`
 * `has:` `before:` `after:` `waiting:`) as SQL on the card `c` and, apart,
 * on the index row `h` (a count asks for cards, not rows), the same on both engines. Names (boards, columns, tags) are matched here in
 * JS, folded as the words are (`board:zurich` finds Zürich), among the
 * boards the asker may see; what they name becomes a list of ids.
 */
import { foldText } from '../../text/fold.js';
import type { Filter } from '../../text/search-query.js';
import type { Principal } from '../auth.js';
import type { Ctx } from '../context.js';
import { and, placeholders, type Fragment, type Value } from '../sql/sql.js';
import { responseDues } from '../waiting/targets.js';

export interface Scope {
  /** The boards searched: visible to the asker, narrowed by BoardId and board:. */
  boards: Map<number, string>;
  columns: Map<number, string>;
}

export interface FilterSql {
  /** Conditions on the card `c`. */
  card: Fragment;
  /** Conditions on the index row `h` (has:, before:, after:). */
  row: Fragment;
  /** has:attachment without words: the rows are the messages with attachments. */
  attachmentsOnly: boolean;
}

const contains = (name: string, value: string) => foldText(name).includes(foldText(value));
const likeEscape = (s: string) => s.replace(/[\\%_]/gu, (c) => `\\${c}`);

/** The boards `p` may see (owner or member, not archived), or just `only` (already checked). */
export async function scopeOf(ctx: Ctx, p: Principal, only: number | null, filters: readonly Filter[]): Promise<Scope> {
  const rows = await ctx.sql.all<{ id: number; name: string }>(
    `SELECT b.id, b.name FROM boards b WHERE b.archived_at IS NULL
       AND (b.owner_id = ? OR EXISTS (SELECT 1 FROM board_members m WHERE m.board_id = b.id AND m.email = ?))
     ORDER BY b.id`,
    [p.userId, p.email],
  );
  const boards = new Map<number, string>();
  for (const b of rows) {
    if (only !== null && b.id !== only) continue;
    const keep = filters.every(
      (f) => f.kind !== 'board' || (contains(b.name, f.value) || String(b.id) === f.value) !== f.negated,
    );
    if (keep) boards.set(b.id, b.name);
  }
  const columns = new Map<number, string>();
  if (boards.size > 0) {
    const ids = [...boards.keys()];
    for (const c of await ctx.sql.all<{ id: number; name: string }>(
      `SELECT id, name FROM columns WHERE board_id IN (${placeholders(ids.length)})`,
      ids,
    )) {
      columns.set(c.id, c.name);
    }
  }
  return { boards, columns };
}

export async function filterSql(
  ctx: Ctx,
  p: Principal,
  scope: Scope,
  filters: readonly Filter[],
  withWords: boolean,
): Promise<FilterSql> {
  const boardIds = [...scope.boards.keys()];
  const card: Fragment[] = [{ text: `c.board_id IN (${placeholders(boardIds.length)})`, params: boardIds }];
  const row: Fragment[] = [];
  const add = (negated: boolean, sql: string, ...ps: Value[]) =>
    card.push({ text: negated ? `NOT (${sql})` : sql, params: ps });
  const addRow = (negated: boolean, sql: string, ...ps: Value[]) =>
    row.push({ text: negated ? `NOT (${sql})` : sql, params: ps });
  let attachmentsOnly = false;
  for (const f of filters) {
    switch (f.kind) {
      case 'board':
        break; // in the scope
      case 'column': {
        const ids = [...scope.columns].filter(([, name]) => contains(name, f.value)).map(([id]) => id);
        add(f.negated, ids.length === 0 ? '1 = 0' : `c.column_id IN (${placeholders(ids.length)})`, ...ids);
        break;
      }
      case 'tag': {
        const ids = await tagIds(ctx, boardIds, f.value);
        const sql =
          ids.length === 0
            ? '1 = 0'
            : `EXISTS (SELECT 1 FROM card_tags ct WHERE ct.card_id = c.id AND ct.tag_id IN (${placeholders(ids.length)}))`;
        add(f.negated, sql, ...ids);
        break;
      }
      case 'assignee':
        if (f.me)
          add(f.negated, 'EXISTS (SELECT 1 FROM card_assignees a WHERE a.card_id = c.id AND a.email = ?)', p.email);
        else
          add(
            f.negated,
            "EXISTS (SELECT 1 FROM card_assignees a WHERE a.card_id = c.id AND LOWER(a.email) LIKE ? ESCAPE '\\')",
            `%${likeEscape(f.value)}%`,
          );
        break;
      case 'is':
        if (f.value === 'archived') add(f.negated, 'c.archived = 1');
        else if (f.value === 'waiting') add(f.negated, 'c.waiting_since IS NOT NULL');
        else if (f.value === 'snoozed') add(f.negated, 'c.snoozed = 1');
        else if (f.value === 'late') {
          const late = await lateCards(ctx, boardIds);
          add(f.negated, late.length === 0 ? '1 = 0' : `c.id IN (${placeholders(late.length)})`, ...late);
        } else {
          // The asker's own mark, else the card's: as two lists asked once, not a lookup per card
          // (PostgreSQL's ranking of a word in 5,000 messages with is:unread, by hand: 11 against 23 ms).
          const status = f.value === 'read' ? 1 : 0;
          add(
            f.negated,
            `c.id IN (SELECT card_id FROM card_reads WHERE user_id = ? AND read_status = ?)
             OR (c.read_status = ? AND c.id NOT IN (SELECT card_id FROM card_reads WHERE user_id = ?))`,
            p.userId,
            status,
            status,
            p.userId,
          );
        }
        break;
      case 'waiting': {
        // Waited longer than the length: since before (now - length); shorter: since after it.
        const since = new Date(ctx.now() - f.seconds * 1000).toISOString();
        add(f.negated, `c.waiting_since IS NOT NULL AND c.waiting_since ${f.op === '>' ? '<' : '>'} ?`, since);
        break;
      }
      case 'has':
        if (!withWords && !f.negated) attachmentsOnly = true;
        else
          addRow(
            f.negated,
            "h.kind = 'message' AND EXISTS (SELECT 1 FROM messages m WHERE m.id = h.src AND m.attachments <> '[]')",
          );
        break;
      case 'before':
        addRow(false, 'h.at < ?', f.at);
        break;
      case 'after':
        addRow(false, 'h.at > ?', f.at);
        break;
    }
  }
  return { card: and(...card), row: and(...row), attachmentsOnly };
}

/**
 * The waiting cards past their board's response target. When it falls due
 * depends on business hours in a zone (waiting/targets.ts), so it is worked
 * out here for the waiting cards of boards with targets, not in SQL.
 */
async function lateCards(ctx: Ctx, boardIds: number[]): Promise<number[]> {
  if (boardIds.length === 0) return [];
  const rows = await ctx.sql.all<{ id: number; board_id: number; waiting_since: string; waiting_first: number }>(
    `SELECT c.id, c.board_id, c.waiting_since, c.waiting_first FROM cards c
     WHERE c.board_id IN (${placeholders(boardIds.length)}) AND c.waiting_since IS NOT NULL
       AND EXISTS (SELECT 1 FROM board_targets t WHERE t.board_id = c.board_id)`,
    boardIds,
  );
  const dueOf = await responseDues(
    ctx.sql,
    rows.map((r) => r.board_id),
  );
  const now = ctx.now();
  return rows
    .filter((r) => {
      const { due } = dueOf(r);
      return due !== null && Date.parse(due) < now;
    })
    .map((r) => r.id);
}

async function tagIds(ctx: Ctx, boardIds: number[], value: string): Promise<number[]> {
  if (boardIds.length === 0) return [];
  const tags = await ctx.sql.all<{ id: number; name: string }>(
    `SELECT id, name FROM tags WHERE board_id IN (${placeholders(boardIds.length)})`,
    boardIds,
  );
  // A tag named exactly so wins over those whose names contain it (as the board's filter does).
  const exact = tags.filter((t) => foldText(t.name) === foldText(value));
  return (exact.length > 0 ? exact : tags.filter((t) => contains(t.name, value))).map((t) => t.id);
}
