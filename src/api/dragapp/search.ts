/**
 * Search on DragApp: its own route, as its vendor's client sends it
 * (evidence §2.17, email.ts:337-369) — `POST /v1.18/teamBoard/emailData/search-emails`
 * with `boardIds`, `searchParams` (`{key: "ThreadInfo" | "MsgFrom", value: "%…%"}`),
 * `filterParams`, `assignees` and `tagList` as JSON-encoded strings, answered
 * as emailData/fetch is (`{Response: {Label_N: {id: item}}}`).
 *
 * What that route can do, as recorded: the words of a thread (matched as
 * whole words, no stemming) or its sender, on given boards, archived cards
 * left out. So a query is sent only when it is words (or a phrase) alone, or
 * `from:` alone; anything else — -words, OR, subject:/to:, the filters — is
 * refused in one sentence before anything is sent. The route has no paging
 * the client understands (`offsetTask`/`offsetEmail` are unexplained): the
 * whole answer is read and paged here.
 */
import { parseSearch, type TextTerm } from '../../text/search-query.js';
import { ApiError } from '../errors.js';
import { isUnreadable, type SearchHit, type SearchResult, type Unreadable } from '../read-model.js';
import type { Endpoints } from '../operations.js';
import { isRecord } from '../tolerant.js';
import { readItem } from './read.js';
import { v1, type DragState } from './state.js';

const SEARCH = '/v1.18/teamBoard/emailData/search-emails';
const DEFAULT_LIMIT = 20;

const CANNOT = "DragApp's search looks for words in a thread, or its sender (from:), one or the other; it can't take";

function refuse(message: string): ApiError {
  return new ApiError({ status: 0, method: 'POST', path: SEARCH, kind: 'unsupported', retryable: false, message });
}

/** The text sent, and which of the two keys it goes under; or a refusal in words. */
function translate(query: string): { key: 'ThreadInfo' | 'MsgFrom'; value: string; understood: string } {
  const parsed = parseSearch(query);
  if (!parsed.ok) throw refuse(parsed.error);
  const q = parsed.query;
  const terms = q.clauses.filter((c): c is TextTerm => c.kind === 'text');
  const beyond = [
    ...(q.clauses.some((c) => c.kind === 'or') ? ['OR'] : []),
    ...(terms.some((t) => t.negated) ? ['-words'] : []),
    ...new Set(terms.filter((t) => t.field === 'to' || t.field === 'subject').map((t) => `${t.field}:`)),
    ...new Set(q.filters.map((f) => `${f.kind}:`)),
  ];
  const fields = new Set(terms.map((t) => t.field));
  if (fields.size > 1 && beyond.length === 0) beyond.push('words and from: together');
  if (beyond.length > 0) throw refuse(`${CANNOT} ${beyond.join(', ')}`);
  const value = terms.map((t) => t.words.join(' ')).join(' ');
  const key = fields.has('from') ? 'MsgFrom' : 'ThreadInfo';
  return { key, value, understood: `${q.understood} (on DragApp: whole words as typed, no stemming)` };
}

function hitOf(item: ReturnType<typeof readItem>, board: string | null, column: string | null): SearchHit | Unreadable {
  const row = item.row;
  if (isUnreadable(row)) return row;
  const { Snippet, ...card } = row;
  return {
    ...card,
    BoardName: board,
    ColumnName: column,
    Archived: false,
    Where: item.thread === undefined ? 'title' : 'message',
    Snippet: Snippet === undefined || Snippet === '' ? [] : [{ Text: Snippet, Hit: false }],
    From: item.thread?.from ?? row.Sender ?? null,
    Date: item.thread?.date ?? null,
  };
}

export function dragAppSearch(s: DragState): Endpoints<'search'> {
  return {
    async search(w, query, where = {}, o) {
      const t = translate(query);
      const team = await s.teamBoards(w, o);
      const boards = where.boardId === undefined ? team.boards.map((b) => b.Id) : [where.boardId];
      const answer = await v1(w, 'POST', SEARCH, {
        body: {
          boardIds: JSON.stringify(boards),
          searchParams: JSON.stringify({ key: t.key, value: `%${t.value}%` }),
          filterParams: JSON.stringify({ readStatus: [1, 0], labelColor: [] }),
          assignees: JSON.stringify([]),
          tagList: JSON.stringify([]),
          includeArchived: 0,
          offsetTask: 0,
          offsetEmail: 0,
        },
        o,
      });
      const hits: (SearchHit | Unreadable)[] = [];
      const byLabel = isRecord(answer) && isRecord(answer.Response) ? answer.Response : {};
      for (const [label, items] of Object.entries(byLabel)) {
        if (!isRecord(items)) continue;
        for (const v of Object.values(items)) {
          const item = readItem(v);
          const boardId = isUnreadable(item.row) ? undefined : (item.row.BoardId ?? undefined);
          const board = team.boards.find((b) => b.Id === boardId);
          const column = (boardId === undefined ? undefined : team.columns.get(boardId))?.find(
            (c) => c.labelId === label,
          );
          hits.push(hitOf(item, board?.Name ?? null, column?.name ?? null));
        }
      }
      const limit = where.limit ?? DEFAULT_LIMIT;
      const page = where.page ?? 1;
      return {
        hits: hits.slice((page - 1) * limit, page * limit),
        total: hits.length,
        totalAtLeast: false,
        understood: t.understood,
      } satisfies SearchResult;
    },
  };
}
