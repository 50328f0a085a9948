/**
 * `inboard card due|read|unread|tick|untick|restore`: the card changes that
 * are extensions of the local service (docs/api.md › Extensions). Against a
 * server without one, the client's "… is not offered by this server" is
 * what the user reads (exit 1).
 */
import { dueInstant, localDateTime, parseDue } from '../text/due-parse.js';
import { sanitize } from '../text/sanitize.js';
import { cardId, COMMON_HELP, intArg, parse, positionals, UsageError, within } from './args.js';
import { emit, one } from './output.js';
import { boardOfCard, resolveColumn } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const STATE_ACTIONS: ReadonlySet<string> = new Set(['due', 'read', 'unread', 'tick', 'untick', 'restore']);

const DUE_HELP = `Usage: inboard card due ID DATE [--past] [options]
       inboard card due ID --clear [options]

Sets the due date of card ID, or clears it. DATE is a day (2026-12-01) or a
moment with its time zone (2026-12-01T17:00:00Z, 2026-12-01T17:00+01:00),
sent as given: the server keeps a moment in UTC and a day as a day. Anything
else is read as the board's D key reads it, in your local time zone:
"2026-12-01 17:00", today, tomorrow, fri, "mon 9am", "next week",
"in 2 days", +3d, +2h, +1w, and 25/11 or 11/25 (day and month in your
locale's order; a number over 12 is the day either way).

A date in the past is refused (exit 2) unless --past says it is meant.

Examples
  inboard card due 42 2026-12-01
  inboard card due 42 2026-12-01T17:00+01:00
  inboard card due 42 "tomorrow 17:00"
  inboard card due 42 2020-01-01 --past
  inboard card due 42 --clear

--json: {"CardId": "42", "DueDate": "2026-12-01T16:00:00.000Z"} (null when cleared)

${COMMON_HELP}`;

const readHelp = (read: boolean) => `Usage: inboard card ${read ? 'read' : 'unread'} ID [options]

Marks card ID ${read ? 'read' : 'unread'}.

Example
  inboard card ${read ? 'read' : 'unread'} 42

--json: {"CardId": "42", "ReadStatus": ${read ? 1 : 0}}

${COMMON_HELP}`;

const tickHelp = (done: boolean) => `Usage: inboard card ${done ? 'tick' : 'untick'} ID SUBTASK [options]

${done ? 'Ticks' : 'Unticks'} sub-task SUBTASK of card ID (its id, as \`inboard card ID\` lists it).

Example
  inboard card ${done ? 'tick' : 'untick'} 42 7

--json: {"CardId": "42", "SubTaskId": 7, "Done": ${done}}

${COMMON_HELP}`;

const RESTORE_HELP = `Usage: inboard card restore ID [--column C] [--position N] [options]

Brings archived card ID back: to the column it was archived from, or to
column C of its board (an id, Label_<n> or name), at position N (0 = top,
the default).

Examples
  inboard card restore 42
  inboard card restore 42 --column Done --position 2

--json: {"CardId": "42", "ColumnId": 3, "Position": 0} (where the card went)

${COMMON_HELP}`;

/** A day or moment in the server's own form that is before now; not judged when it isn't a real date (the server says why). */
function serverFormPast(date: string, now: Date): string | null {
  const when = dueInstant(date);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (when === null || (day !== null && when.getDate() !== Number(day[3]))) return null;
  return when.getTime() < now.getTime() ? localDateTime(when) : null;
}

/**
 * The server's own forms go as typed; the rest is read as people write dates
 * (text/due-parse.ts). A date in the past goes only with --past: a typo of
 * the year must not make a card overdue without a word.
 */
function dueValue(date: string, pastOk: boolean): string {
  const now = new Date();
  let value: string;
  let past: string | null;
  if (/^\d{4}-\d{2}-\d{2}(T.*(Z|[+-]\d{2}:\d{2}))?$/.test(date)) {
    value = date;
    past = serverFormPast(date, now);
  } else {
    const read = parseDue(date, now);
    if (!read.ok) throw new UsageError(read.error);
    if (read.value === null) throw new UsageError('missing DATE (or --clear)');
    value = read.value;
    past = read.past === true ? read.words : null;
  }
  if (past !== null && !pastOk)
    throw new UsageError(`'${sanitize(date)}' is in the past (${past}): add --past to set it anyway`);
  return value;
}

async function due(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { clear: { type: 'boolean' }, past: { type: 'boolean' } });
  if (helpRequested(values, DUE_HELP)) return 0;
  const clear = values.clear === true;
  if (clear && rest.length > 1) throw new UsageError('give DATE or --clear, not both');
  const [idRaw = '', date] = positionals(rest, ['ID'], clear ? [] : ['DATE']);
  const id = cardId(idRaw);
  if (!clear && (date === undefined || date.trim() === '')) throw new UsageError('missing DATE (or --clear)');
  return withClient(values, async (client) => {
    const res = await client.setDueDate(id, clear ? null : dueValue((date ?? '').trim(), values.past === true));
    emit(values.json === true, res, () =>
      res.DueDate === null
        ? `Card ${one(res.CardId)}: no due date\n`
        : `Card ${one(res.CardId)} due ${one(res.DueDate)}\n`,
    );
    return 0;
  });
}

async function readState(read: boolean, argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, readHelp(read))) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  return withClient(values, async (client) => {
    const res = await client.setReadStatus(id, read);
    emit(values.json === true, res, () => `Marked card ${one(res.CardId)} ${read ? 'read' : 'unread'}\n`);
    return 0;
  });
}

async function tick(done: boolean, argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, tickHelp(done))) return 0;
  const [idRaw = '', subRaw = ''] = positionals(rest, ['ID', 'SUBTASK']);
  const id = cardId(idRaw);
  const subTask = intArg('SUBTASK', subRaw);
  return withClient(values, async (client) => {
    const res = await client.tickSubTask(id, subTask, done);
    emit(
      values.json === true,
      res,
      () => `${res.Done ? 'Ticked' : 'Unticked'} sub-task ${res.SubTaskId} of card ${one(res.CardId)}\n`,
    );
    return 0;
  });
}

async function restore(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    column: { type: 'string' },
    position: { type: 'string' },
  });
  if (helpRequested(values, RESTORE_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  const position = values.position === undefined ? undefined : intArg('--position', values.position, 0);
  return withClient(values, async (client) => {
    // An archived card still answers GET, so its board's columns can be named.
    const board = await boardOfCard(client, id);
    const column = values.column === undefined ? undefined : await resolveColumn(client, board, values.column);
    const res = await client.restoreCard(id, {
      ...(column === undefined ? {} : { ColumnId: column.Id }),
      ...(position === undefined ? {} : { Position: position }),
    });
    const name =
      column?.Name ??
      (res.ColumnId === null
        ? undefined
        : (await client.listColumns(board.Id).catch(() => [])).find((c) => c.Id === res.ColumnId)?.Name);
    const where = name === undefined ? (res.ColumnId === null ? '' : ` to column ${res.ColumnId}`) : ` to ${one(name)}`;
    const at = res.Position === null ? '' : ` at position ${res.Position}`;
    emit(values.json === true, res, () => `Restored card ${one(res.CardId)}${where}${at}\n`);
    return 0;
  });
}

export function stateAction(action: string, argv: string[]): Promise<number> {
  const run = (): Promise<number> => {
    switch (action) {
      case 'due':
        return due(argv);
      case 'read':
      case 'unread':
        return readState(action === 'read', argv);
      case 'tick':
      case 'untick':
        return tick(action === 'tick', argv);
      default:
        return restore(argv);
    }
  };
  return within(`card ${action}`, run);
}
