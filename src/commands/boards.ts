/** `inboard boards` and `inboard columns BOARD`. */
import { isUnreadable } from '../api/read-model.js';
import { COMMON_HELP, parse, positionals } from './args.js';
import { emit, table } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const BOARDS_HELP = `Usage: inboard boards [options]

Lists the boards the API key can see: id, name, owner, members.

Examples
  inboard boards
  inboard boards --json | jq '.[].Name'

--json: [{"Id": 1, "Name": "Support", "Owner": "a@x", "Users": ["b@y", "c@z"], "IntegrationType": null}, …]
  (an entry the client could not read: {"unreadable": "why", "rawId": "…"})

${COMMON_HELP}`;

export async function boards(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, BOARDS_HELP)) return 0;
  positionals(rest, []);
  return withClient(values, async (client) => {
    const list = await client.listBoards();
    emit(values.json === true, list, () =>
      table(
        [{ header: 'ID', right: true }, { header: 'NAME' }, { header: 'OWNER' }, { header: 'USERS', max: 60 }],
        list.map((b) =>
          isUnreadable(b)
            ? [b.rawId ?? '?', `unreadable: ${b.unreadable}`, '', '']
            : [b.Id, b.Name, b.Owner, b.Users.join(', ')],
        ),
      ),
    );
    return 0;
  });
}

export const COLUMNS_HELP = `Usage: inboard columns BOARD [options]

Lists the columns of a board, left to right. BOARD is a board id or name
(case-insensitive).

Examples
  inboard columns 1
  inboard columns support --json

--json: [{"Id": 3, "ColumnId": "Label_3", "Name": "To do"}, …]

${COMMON_HELP}`;

export async function columns(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, COLUMNS_HELP)) return 0;
  const [boardRef = ''] = positionals(rest, ['BOARD']);
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, boardRef);
    const list = await client.listColumns(board.Id);
    emit(values.json === true, list, () =>
      table(
        [{ header: 'ID', right: true }, { header: 'COLUMN ID' }, { header: 'NAME', max: 60 }],
        list.map((c) => [c.Id, c.ColumnId, c.Name]),
      ),
    );
    return 0;
  });
}
