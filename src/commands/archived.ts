/** `inboard archived --board B`: a board's archived cards, newest archived first (a local-service extension). */
import { LIMITS } from '../api/schema.js';
import { isUnreadable, type ArchivedCardRow, type Column } from '../api/read-model.js';
import { COMMON_HELP, intArg, parse, positionals, UsageError } from './args.js';
import { tagNames } from './cards.js';
import { emit, one, table } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const ARCHIVED_HELP = `Usage: inboard archived --board B [--all] [--limit N] [--page N] [options]
       inboard archived B ...

Lists the archived cards of board B (an id or name), newest archived first,
with the column each was archived from. \`inboard card restore ID\` brings
one back. The local service offers this list; another server may not (the
error says so).

Options
  --board B         the board (or give it as the first argument)
  --all             follow the pages until a short one (every archived card)
  --limit N         cards per page (default ${LIMITS.pageSizeDefault}, at most ${LIMITS.pageSizeMax})
  --page N          which page to show (default 1; not with --all)

Examples
  inboard archived --board support
  inboard archived 1 --all --json | jq -r '.[] | "\\(.ServiceTaskId) \\(.ArchivedAt)"'

--json: a list of cards as \`inboard cards\` lists them, each with "ArchivedAt"
  (ISO 8601 UTC, or null when the server did not keep the time):
  [{"ServiceTaskId": "42", "TaskName": "…", "ColumnId": "Label_3", …,
    "Tags": […], "ArchivedAt": "2026-11-23T22:57:51.415Z"}, …]

${COMMON_HELP}`;

/** A guard against a server that ignores `page` and repeats itself. */
const MAX_PAGES = 10_000;

const rowId = (row: ArchivedCardRow): string | undefined =>
  isUnreadable(row) ? (row.rawId ?? undefined) : row.ServiceTaskId;

function columnName(columns: Column[], label: string | null): string {
  if (label === null) return '';
  const l = label.toLowerCase();
  const col = columns.find((c) => c.ColumnId?.toLowerCase() === l || `label_${c.Id}` === l || String(c.Id) === l);
  return col?.Name ?? label;
}

export async function archived(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    board: { type: 'string' },
    all: { type: 'boolean' },
    limit: { type: 'string' },
    page: { type: 'string' },
  });
  if (helpRequested(values, ARCHIVED_HELP)) return 0;
  const [given] = positionals(rest, [], ['BOARD']);
  if (given !== undefined && values.board !== undefined) throw new UsageError('give the board once: BOARD or --board');
  const boardRef = values.board ?? given;
  if (boardRef === undefined || boardRef.trim() === '') throw new UsageError('missing --board');
  const all = values.all === true;
  if (all && values.page !== undefined) throw new UsageError('--page and --all do not go together');
  const limit =
    values.limit === undefined ? LIMITS.pageSizeDefault : intArg('--limit', values.limit, 1, LIMITS.pageSizeMax);
  const first = values.page === undefined ? 1 : intArg('--page', values.page);
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, boardRef);
    const rows: ArchivedCardRow[] = [];
    let more = false;
    for (let page = first, n = 0; n < MAX_PAGES; page++, n++) {
      const batch = await client.listArchivedCards(board.Id, page, limit);
      const head = batch[0] === undefined ? undefined : rowId(batch[0]);
      if (n > 0 && head !== undefined && rows.some((r) => rowId(r) === head)) break;
      rows.push(...batch);
      more = batch.length >= limit;
      if (!all || !more) break;
    }
    const columns = values.json === true ? [] : await client.listColumns(board.Id).catch((): Column[] => []);
    emit(values.json === true, rows, () => {
      const heading = `Board ${board.Id}: ${one(board.Name)} — ${rows.length} archived card${rows.length === 1 ? '' : 's'}${more && !all ? ', more with --all' : ''}\n`;
      if (rows.length === 0) return heading;
      const lines = rows.map((c) =>
        isUnreadable(c)
          ? [c.rawId ?? '?', `unreadable: ${c.unreadable}`, '', '', '']
          : [c.ServiceTaskId, c.TaskName, columnName(columns, c.ColumnId), tagNames(c), c.ArchivedAt ?? '—'],
      );
      return `${heading}\n${table(
        [
          { header: 'ID' },
          { header: 'TITLE', max: 60 },
          { header: 'FROM COLUMN', max: 30 },
          { header: 'TAGS', max: 30 },
          { header: 'ARCHIVED' },
        ],
        lines,
      )}`;
    });
    return 0;
  });
}
