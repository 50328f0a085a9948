/**
 * `inboard search QUERY [--board B] [--all] [--json]`: the cards whose texts
 * (titles, notes, sub-tasks, comments, email) hold the words, across every
 * board the key sees, best first (a local-service extension; on DragApp its
 * own search route).
 */
import { isUnreadable, type SearchHit, type SearchResult, type SnippetPart } from '../api/read-model.js';
import { SEARCH_LIMITS } from '../api/schema-search.js';
import { hasMorePages, totalText } from '../api/search-result.js';
import { COMMON_HELP, intArg, parse, UsageError } from './args.js';
import { emit, table } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const SEARCH_HELP = `Usage: inboard search QUERY... [--board B] [--all] [--limit N] [--page N] [options]

Finds cards by the words of their titles, notes, sub-tasks, comments and
email (subject, sender, recipients and text), on every board the key can
see, or on board B (an id or name). Best matches first, one row per card.

The query (the same in the board's search and the API)
  refund kettle      both words, in one text (stemmed: refund finds refunded;
                     case and accents ignored: muller finds Müller)
  "broken kettle"    the phrase
  -kettle            not this word
  refund OR return   either
  from:jane          the sender (a message's From, a note's or comment's author)
  to:support         a message's To or Cc
  subject:invoice    a card's title or a message's subject
  tag:billing  assignee:sam  assignee:me  board:support  column:doing
  is:unread  is:read  is:archived  has:attachment
  is:waiting  is:snoozed  is:late  waiting:>2h  waiting:<30m  (the customer's wait)
  before:2026-10-01  after:mon  (dates as the due-date prompt reads them)
  -tag:spam          - before a filter leaves those cards out

Options
  --board B         only this board
  --all             follow the pages until the last
  --limit N         matches per page (default ${SEARCH_LIMITS.pageSizeDefault}, at most ${SEARCH_LIMITS.pageSizeMax})
  --page N          which page (default 1; not with --all)

Examples
  inboard search from:jane refund
  inboard search '"out of office"' --board support --json | jq -r '.[].ServiceTaskId'

--json: a list of matches, each a card as \`inboard cards\` lists it plus
  "BoardName", "ColumnName", "Archived", "Where" (title, note, subtask,
  comment, message), "Snippet" ([{"Text": "…", "Hit": true}, …]), "From"
  and "Date" (a message's sender and date; a note's or comment's author).

${COMMON_HELP}`;

const MAX_PAGES = 1000;

/** The snippet on one line, the words found in *stars*. */
export const snippetText = (parts: SnippetPart[]): string =>
  parts.map((p) => (p.Hit ? `*${p.Text}*` : p.Text)).join('');

function human(result: SearchResult, more: boolean): string {
  const n = result.hits.length;
  const total = result.total ?? n;
  const read = result.understood === null ? '' : ` for ${result.understood}`;
  const heading = `${totalText(result, n)} card${total === 1 && !result.totalAtLeast ? '' : 's'} found${read}${more ? `, ${n} shown (more with --all or --page)` : ''}\n`;
  if (n === 0) return heading;
  const rows = result.hits.map((h) =>
    isUnreadable(h)
      ? [h.rawId ?? '?', '', '', `unreadable: ${h.unreadable}`, '', '']
      : [
          h.ServiceTaskId,
          h.BoardName ?? String(h.BoardId ?? ''),
          h.ColumnName ?? h.ColumnId ?? '',
          `${h.Archived ? '[archived] ' : ''}${h.TaskName}`,
          whereText(h),
          snippetText(h.Snippet),
        ],
  );
  return `${heading}\n${table(
    [
      { header: 'ID' },
      { header: 'BOARD', max: 20 },
      { header: 'COLUMN', max: 16 },
      { header: 'TITLE', max: 40 },
      { header: 'WHERE', max: 30 },
      { header: 'SNIPPET', max: 80 },
    ],
    rows,
  )}`;
}

const whereText = (h: SearchHit): string => (h.From === null ? h.Where : `${h.Where} (${h.From})`);

/** `-word` (one dash, then not a flag of ours) is a word to leave out, not an option. */
const isExclusion = (a: string) => /^-[^-]/u.test(a) && a !== '-h';

/** The query's words in the order typed: the positionals, with the -words where they stood. */
function queryOf(argv: string[], positionals: string[]): string {
  const out: string[] = [];
  let next = 0;
  for (const a of argv) {
    if (isExclusion(a)) out.push(a);
    else if (a === positionals[next]) out.push(positionals[next++] as string);
  }
  return [...out, ...positionals.slice(next)].join(' ').trim();
}

export async function search(argv: string[]): Promise<number> {
  const { values, positionals } = parse(
    argv.filter((a) => !isExclusion(a)),
    {
      board: { type: 'string' },
      all: { type: 'boolean' },
      limit: { type: 'string' },
      page: { type: 'string' },
    },
  );
  if (helpRequested(values, SEARCH_HELP)) return 0;
  const query = queryOf(argv, positionals);
  if (query === '') throw new UsageError('missing QUERY (inboard search from:jane refund)');
  const all = values.all === true;
  if (all && values.page !== undefined) throw new UsageError('--page and --all do not go together');
  const limit =
    values.limit === undefined
      ? SEARCH_LIMITS.pageSizeDefault
      : intArg('--limit', values.limit, 1, SEARCH_LIMITS.pageSizeMax);
  const first = values.page === undefined ? 1 : intArg('--page', values.page);
  return withClient(values, async (client) => {
    const boardId = values.board === undefined ? undefined : (await resolveBoard(client, values.board)).Id;
    const result: SearchResult = { hits: [], total: null, totalAtLeast: false, understood: null };
    let more = false;
    for (let page = first, n = 0; n < MAX_PAGES; page++, n++) {
      const got = await client.search(query, { ...(boardId === undefined ? {} : { boardId }), page, limit });
      result.hits.push(...got.hits);
      result.total = got.total;
      result.totalAtLeast = got.totalAtLeast;
      result.understood = got.understood;
      more = hasMorePages(got, page, limit, got.hits.length);
      if (!all || !more || got.hits.length === 0) break;
    }
    emit(values.json === true, result.hits, () => human(result, more && !all));
    return 0;
  });
}
