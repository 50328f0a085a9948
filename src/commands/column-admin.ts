/**
 * `inboard column rename|delete --board BOARD COLUMN`: a board's columns, the
 * owner's to change on the local service. Deleting a column that still has
 * cards is refused (exit 1, the server's words) unless --move-cards-to says
 * where they go.
 */
import { COMMON_HELP, parse, positionals, UsageError, within } from './args.js';
import { emit, one } from './output.js';
import { resolveBoard, resolveColumn } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const COLUMN_HELP = `Usage: inboard column rename --board BOARD COLUMN NAME [options]
       inboard column delete --board BOARD COLUMN [--move-cards-to COLUMN] [options]

Renames or deletes a column of a board: only the board's owner may (the
server refuses anyone else, in words). BOARD is a board id or name; COLUMN
a column id, Label_<id> or name.

A column that still has cards is deleted only with --move-cards-to: its
cards (archived ones too) go to the top of that column first, in their order.
A board's only column stays.

Examples
  inboard column rename --board support "To do" Incoming
  inboard column delete --board support Waiting --move-cards-to "To do"

--json: rename prints the column {"Id", "ColumnId", "Name"};
  delete prints {"ColumnId": 12, "MovedCards": 3, "MovedTo": 8}.

${COMMON_HELP}`;

const BOARD_FLAG = { board: { type: 'string' } } as const;

const boardRef = (v: string | undefined): string => {
  if (v === undefined || v.trim() === '') throw new UsageError('missing --board BOARD');
  return v;
};

async function rename(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, BOARD_FLAG);
  if (helpRequested(values, COLUMN_HELP)) return 0;
  const ref = boardRef(values.board);
  const [colRef = '', name = ''] = positionals(rest, ['COLUMN', 'NAME']);
  if (name.trim() === '') throw new UsageError('NAME is empty');
  return withClient(values, async (client) => {
    const b = await resolveBoard(client, ref);
    const col = await resolveColumn(client, b, colRef);
    const after = await client.updateColumn(b.Id, col.Id, name.trim());
    emit(values.json === true, after, () => `Renamed column ${one(col.Name)} to ${one(after.Name)}\n`);
    return 0;
  });
}

async function remove(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { ...BOARD_FLAG, 'move-cards-to': { type: 'string' } });
  if (helpRequested(values, COLUMN_HELP)) return 0;
  const ref = boardRef(values.board);
  const [colRef = ''] = positionals(rest, ['COLUMN']);
  const toRef = values['move-cards-to'];
  if (toRef !== undefined && toRef.trim() === '') throw new UsageError('--move-cards-to is empty');
  return withClient(values, async (client) => {
    const b = await resolveBoard(client, ref);
    const col = await resolveColumn(client, b, colRef);
    const to = toRef === undefined ? undefined : await resolveColumn(client, b, toRef);
    if (to !== undefined && to.Id === col.Id)
      throw new UsageError('--move-cards-to names the column being deleted: give another one');
    const res = await client.deleteColumn(b.Id, col.Id, to?.Id);
    emit(values.json === true, res, () =>
      res.MovedCards > 0 && to !== undefined
        ? `Deleted column ${one(col.Name)}; ${res.MovedCards} card${res.MovedCards === 1 ? '' : 's'} moved to ${one(to.Name)}\n`
        : `Deleted column ${one(col.Name)}\n`,
    );
    return 0;
  });
}

export async function column(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === 'rename') return within('column rename', () => rename(rest));
  if (first === 'delete') return within('column delete', () => remove(rest));
  const { values } = parse(argv, {});
  if (helpRequested(values, COLUMN_HELP)) return 0;
  throw new UsageError(
    first === undefined
      ? 'missing the action (rename, delete)'
      : `'${one(first)}' is not an action of column (rename, delete)`,
  );
}
