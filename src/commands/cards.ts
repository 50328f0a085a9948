/** `inboard cards BOARD [--column COL] [--all]`: cards of a board, grouped by column. */
import { LIMITS } from '../api/schema.js';
import { isUnreadable, type Board, type Card, type CardRow, type Column } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import { COMMON_HELP, intArg, parse, positionals, UsageError } from './args.js';
import { emit, one, table } from './output.js';
import { resolveBoard, resolveColumn } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const CARDS_HELP = `Usage: inboard cards BOARD [--column COL] [--all] [--limit N] [--page N] [options]

Lists the cards of a board, column by column. BOARD is a board id or name;
COL a column id, its Label_<n> id or its name (names are case-insensitive).
Without --column, every column's first page is listed.

Options
  --column COL      only this column
  --all             follow the pages until a short one (every card)
  --limit N         cards per page (default ${LIMITS.pageSizeDefault}, at most ${LIMITS.pageSizeMax})
  --page N          which page to show (default 1; not with --all)

Examples
  inboard cards support
  inboard cards 1 --column "To do" --all
  inboard cards 1 --column Label_3 --json | jq '.[0].Cards[].TaskName'

--json: always a list of column groups, left to right:
  [{"Column": {"Id": 3, "ColumnId": "Label_3", "Name": "To do"},
    "Cards": [{"ServiceTaskId": "42", "TaskName": "…", "ReadUnreadStatus": 1,
               "ColumnId": "Label_3", "BoardId": 1, "DueDate": null,
               "Assignees": ["a@x"], "ThreadOwnerEmail": "…", "CreatedAt": "…",
               "Status": "0", "CustomFields": "[]", "Tags": […]}, …],
    "More": false}, …]
  "More" is true when the last page fetched was full: there may be more cards.

${COMMON_HELP}`;

export interface ColumnGroup {
  Column: Column;
  Cards: CardRow[];
  More: boolean;
}

/** A guard against a server that ignores `page` and repeats itself. */
const MAX_PAGES = 10_000;

export async function fetchColumn(
  client: Client,
  boardId: number,
  column: Column,
  opts: { all: boolean; page: number; limit: number },
): Promise<ColumnGroup> {
  const cards: CardRow[] = [];
  let page = opts.page;
  for (let n = 0; n < MAX_PAGES; n++, page++) {
    const batch = await client.listCards(boardId, column.Id, page, opts.limit);
    // A page starting with a card we already have: the server is not paging; stop.
    const first = batch[0] === undefined ? undefined : rowId(batch[0]);
    if (n > 0 && first !== undefined && cards.some((c) => rowId(c) === first)) {
      return { Column: column, Cards: cards, More: false };
    }
    cards.push(...batch);
    const full = batch.length >= opts.limit;
    if (!opts.all || !full) return { Column: column, Cards: cards, More: full };
  }
  return { Column: column, Cards: cards, More: true };
}

const rowId = (row: CardRow): string | undefined => (isUnreadable(row) ? (row.rawId ?? undefined) : row.ServiceTaskId);

export function tagNames(card: Pick<Card, 'Tags'>): string {
  return (card.Tags ?? []).map((t) => t.Name).join(', ');
}

function human(board: Board, groups: ColumnGroup[]): string {
  const heading = `Board ${board.Id}: ${one(board.Name)}\n\n`;
  return (
    heading +
    groups
      .map((g) => {
        const title = `${one(g.Column.Name)} (${g.Column.ColumnId === null ? `id ${g.Column.Id}` : one(g.Column.ColumnId)}) — ${g.Cards.length} card${g.Cards.length === 1 ? '' : 's'}${
          g.More ? ', more with --all' : ''
        }`;
        if (g.Cards.length === 0) return `${title}\n`;
        const rows = g.Cards.map((c) =>
          isUnreadable(c)
            ? [c.rawId ?? '?', '', `unreadable: ${c.unreadable}`, '', '', '']
            : [
                c.ServiceTaskId,
                c.ReadUnreadStatus === 0 ? '•' : '',
                c.TaskName,
                c.Assignees.join(', '),
                tagNames(c),
                (c.CreatedAt ?? '').slice(0, 10),
              ],
        );
        return `${title}\n${table(
          [
            { header: 'ID' },
            { header: 'NEW' },
            { header: 'TITLE', max: 60 },
            { header: 'ASSIGNEES', max: 30 },
            { header: 'TAGS', max: 30 },
            { header: 'CREATED' },
          ],
          rows,
        )}`;
      })
      .join('\n')
  );
}

export async function cards(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    column: { type: 'string' },
    all: { type: 'boolean' },
    limit: { type: 'string' },
    page: { type: 'string' },
  });
  if (helpRequested(values, CARDS_HELP)) return 0;
  const [boardRef = ''] = positionals(rest, ['BOARD']);
  const all = values.all === true;
  if (all && values.page !== undefined) throw new UsageError('--page and --all do not go together');
  const limit =
    values.limit === undefined ? LIMITS.pageSizeDefault : intArg('--limit', values.limit, 1, LIMITS.pageSizeMax);
  const page = values.page === undefined ? 1 : intArg('--page', values.page);
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, boardRef);
    const cols =
      values.column === undefined
        ? await client.listColumns(board.Id)
        : [await resolveColumn(client, board, values.column)];
    const groups: ColumnGroup[] = [];
    for (const col of cols) groups.push(await fetchColumn(client, board.Id, col, { all, page, limit }));
    emit(values.json === true, groups, () => human(board, groups));
    return 0;
  });
}
