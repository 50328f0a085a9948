/** `inboard card create|move|archive`. */
import type { CreateCardInput, MoveCardInput } from '../api/schema-cards.js';
import { cardId, COMMON_HELP, intArg, parse, positionals, UsageError, within } from './args.js';
import { emit, one } from './output.js';
import { boardOfCard, resolveBoard, resolveColumn } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const WRITE_ACTIONS: ReadonlySet<string> = new Set(['create', 'move', 'archive']);

const CREATE_HELP = `Usage: inboard card create --board B --column C --title TEXT [options]

Creates a card. B is a board id or name; C a column id, Label_<n> or name.

Options
  --board B          the board (required)
  --column C         the column (required)
  --title TEXT       the card title (required)
  --note TEXT        a note on the new card
  --comment TEXT     a first comment
  --subtask TEXT     a sub-task
  --assignee EMAIL   assign someone; repeat for several
  --unread           create it unread (default read)

Examples
  inboard card create --board 1 --column 3 --title "Refund order 1182"
  inboard card create --board support --column "To do" --title "Call ACME" \\
      --assignee a@x.com --assignee b@y.com --unread --json | jq .taskId

--json: {"Success": "…", "taskId": "42"} (ids are strings, exactly as the server gave them;
  taskId is null when the server did not say it)

${COMMON_HELP}`;

const MOVE_HELP = `Usage: inboard card move ID --column C [--board B] [--position N] [options]

Moves a card to column C at position N (0 = top, the default). C is looked up
on board B when given (moving the card to that board), else on the card's
own board.

Examples
  inboard card move 42 --column Done
  inboard card move 42 --board sales --column Label_9 --position 2

--json: the server's status word, e.g. "moved"

${COMMON_HELP}`;

const ARCHIVE_HELP = `Usage: inboard card archive ID [options]

Archives a card (the API's "archive and delete").

Example
  inboard card archive 42

--json: {"id": "42"}

${COMMON_HELP}`;

async function create(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    board: { type: 'string' },
    column: { type: 'string' },
    title: { type: 'string' },
    note: { type: 'string' },
    comment: { type: 'string' },
    subtask: { type: 'string' },
    assignee: { type: 'string', multiple: true },
    unread: { type: 'boolean' },
  });
  if (helpRequested(values, CREATE_HELP)) return 0;
  positionals(rest, []);
  const missing = (['board', 'column', 'title'] as const).filter(
    (k) => values[k] === undefined || values[k].trim() === '',
  );
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, values.board ?? '');
    const column = await resolveColumn(client, board, values.column ?? '');
    const body: CreateCardInput = {
      BoardId: board.Id,
      ColumnId: column.Id,
      CardTitle: values.title ?? '',
      ...(values.note !== undefined ? { Note: values.note } : {}),
      ...(values.comment !== undefined ? { Comment: values.comment } : {}),
      ...(values.subtask !== undefined ? { SubTask: values.subtask } : {}),
      ...(values.assignee !== undefined ? { Assignee: values.assignee } : {}),
      ...(values.unread === true ? { ReadStatus: 0 as const } : {}),
    };
    const res = await client.createCard(body);
    emit(
      values.json === true,
      res,
      () =>
        `Created card ${res.taskId === null ? '(id not given by the server)' : one(res.taskId)} in ${one(board.Name)} / ${one(column.Name)}: ${one(body.CardTitle)}\n`,
    );
    return 0;
  });
}

async function move(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    column: { type: 'string' },
    board: { type: 'string' },
    position: { type: 'string' },
  });
  if (helpRequested(values, MOVE_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  if (values.column === undefined) throw new UsageError('missing --column');
  const position = values.position === undefined ? 0 : intArg('--position', values.position, 0);
  return withClient(values, async (client) => {
    const board = values.board !== undefined ? await resolveBoard(client, values.board) : await boardOfCard(client, id);
    const column = await resolveColumn(client, board, values.column ?? '');
    const body: MoveCardInput = {
      Id: id,
      NewColumnId: column.Id,
      NewPosition: position,
      ...(values.board !== undefined ? { NewBoardId: board.Id } : {}),
    };
    const res = await client.moveCard(body);
    emit(
      values.json === true,
      res,
      () => `Moved card ${one(id)} to ${one(board.Name)} / ${one(column.Name)} at position ${position}: ${one(res)}\n`,
    );
    return 0;
  });
}

async function archive(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, ARCHIVE_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  return withClient(values, async (client) => {
    const res = await client.archiveCard(id);
    emit(values.json === true, res, () => `Archived card ${one(res.id)}\n`);
    return 0;
  });
}

export function writeAction(action: string, argv: string[]): Promise<number> {
  const run = action === 'create' ? create : action === 'move' ? move : archive;
  return within(`card ${action}`, () => run(argv));
}
