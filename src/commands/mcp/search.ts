/**
 * search_threads (the vendor's name, so an assistant's prompts carry over):
 * the client's `search`, as `inboard search` calls it — GET /v2/search on
 * inboard's service, DragApp's own search route there. The query is read
 * here first with the one parser (text/search-query.ts), so a query it
 * cannot read is refused in the parser's words on any server, nothing sent.
 */
import { z } from 'zod';
import { isUnreadable, type SearchHit } from '../../api/read-model.js';
import { SEARCH_LIMITS } from '../../api/schema-search.js';
import { hasMorePages } from '../../api/search-result.js';
import { parseSearch } from '../../text/search-query.js';
import { sanitize } from '../../text/sanitize.js';
import { boardId, page } from './inputs.js';
import { ToolError } from './lookup.js';
import { UnreadableOut, unreadableOut } from './shapes.js';
import { tool, type Tool } from './tool.js';

const query = z
  .string()
  .min(1)
  .max(SEARCH_LIMITS.queryLength)
  .describe(
    'What to find, in the search language: refund kettle (every word, stemmed, case and accents ignored), "broken kettle" (a phrase), -kettle (not this word), refund OR return, from:jane (sender or author), to:support, subject:invoice; filters tag:billing assignee:sam assignee:me board:support column:doing is:unread is:read is:archived is:waiting (the customer waits for an answer) is:snoozed is:late (past the board’s response target) waiting:>2h waiting:<30m has:attachment before:2026-10-01 after:2026-09-01 (or after:mon); -tag:spam leaves those cards out.',
  );

const limit = z
  .number()
  .int()
  .min(1)
  .max(SEARCH_LIMITS.pageSizeMax)
  .optional()
  .describe(`Cards per page (default ${SEARCH_LIMITS.pageSizeDefault}, at most ${SEARCH_LIMITS.pageSizeMax}).`);

const MatchOut = z.object({
  cardId: z.string().describe('Exactly as given: pass it to get_card, get_thread and the card tools'),
  title: z.string(),
  boardId: z.number().nullable(),
  board: z.string().nullable().describe("The board's name; null when the server did not say"),
  columnId: z.string().nullable().describe('The label of its column ("Label_3")'),
  column: z.string().nullable().describe("The column's name; null when the server did not say"),
  archived: z.boolean(),
  where: z.string().describe('Which text held the words: title, note, subtask, comment or message'),
  snippet: z.string().describe('The stretch of that text around the words, on one line ("" when none)'),
  matched: z.array(z.string()).describe('The words of the snippet that matched the query'),
  from: z.string().nullable().describe("The message's sender, or the note's or comment's author; else null"),
  date: z.string().nullable().describe("The message's date, else when the text was written"),
});

/** A match in the tool's words. Its texts come from mail and people outside: escaped as for a terminal, which is where an assistant may show them. */
function matchOut(h: SearchHit): z.infer<typeof MatchOut> {
  const clean = (s: string | null) => (s === null ? null : sanitize(s));
  return {
    cardId: h.ServiceTaskId,
    title: sanitize(h.TaskName),
    boardId: h.BoardId,
    board: clean(h.BoardName),
    columnId: h.ColumnId,
    column: clean(h.ColumnName),
    archived: h.Archived,
    where: sanitize(h.Where),
    snippet: sanitize(h.Snippet.map((p) => p.Text).join('')),
    matched: [...new Set(h.Snippet.filter((p) => p.Hit).map((p) => sanitize(p.Text)))],
    from: clean(h.From),
    date: h.Date,
  };
}

export const SEARCH_TOOLS: readonly Tool[] = [
  tool({
    name: 'search_threads',
    title: 'Search cards and their email',
    group: 'Search',
    description:
      'Finds cards by the words of their titles, notes, sub-tasks, comments and email (subject, sender, recipients, text), on every board this key sees or on boardId; best match first, one entry per card, archived cards included and marked. Each says where the words were, a snippet, who wrote that text and when. The query takes words, "phrases", -words, OR, from: to: subject:, and the filters tag: assignee: board: column: is: has: before: after: (see query). A query that cannot be read is refused saying why. More: pass nextPage as page. On DragApp only words (whole words, no stemming) or from: alone.',
    input: { query, boardId: boardId.optional().describe('Only this board (default: every board)'), page, limit },
    output: {
      query: z.string(),
      understood: z.string().nullable().describe('The query as the server read it, in words'),
      boardId: z.number().nullable().describe('The board searched; null: every board'),
      page: z.number(),
      total: z.number().nullable().describe('Matching cards on every page; null when the server does not say'),
      totalAtLeast: z
        .boolean()
        .describe('True when total is a lower bound: the server counted only the cards of the newest matches'),
      nextPage: z.number().nullable().describe('The page to ask for next; null when this is the last'),
      cards: z.array(MatchOut),
      unreadable: z.array(UnreadableOut),
    },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const parsed = parseSearch(a.query);
      if (!parsed.ok)
        throw new ToolError(
          `query: ${parsed.error}${parsed.understood === '' ? '' : ` (understood so far: ${parsed.understood})`}`,
        );
      const p = a.page ?? 1;
      const per = a.limit ?? SEARCH_LIMITS.pageSizeDefault;
      const got = await client.search(a.query, {
        ...(a.boardId === undefined ? {} : { boardId: a.boardId }),
        page: p,
        limit: per,
      });
      const more = hasMorePages(got, p, per, got.hits.length);
      return {
        query: a.query,
        understood: got.understood === null ? null : sanitize(got.understood),
        boardId: a.boardId ?? null,
        page: p,
        total: got.total,
        totalAtLeast: got.totalAtLeast,
        nextPage: more && got.hits.length > 0 ? p + 1 : null,
        cards: got.hits.filter((h): h is SearchHit => !isUnreadable(h)).map(matchOut),
        unreadable: got.hits.filter(isUnreadable).map(unreadableOut),
      };
    },
  }),
];
