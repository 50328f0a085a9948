/**
 * `inboard card title ID TITLE`: renames a card. The client's updateCard
 * carries it — PUT /v2/card/:id on the reference, save-title on DragApp (the
 * route that tells DragApp's other open clients). A PUT must repeat the
 * card's board and column, so both are read from the card first; a server
 * whose detail doesn't say the column is asked to be told it (--column).
 */
import type { CardDetail, Column } from '../api/read-model.js';
import { LIMITS } from '../api/schema.js';
import { cardId, COMMON_HELP, CommandError, parse, positionals, UsageError, within } from './args.js';
import { emit, one } from './output.js';
import { boardById, resolveColumn } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const TITLE_ACTIONS: ReadonlySet<string> = new Set(['title']);

const TITLE_HELP = `Usage: inboard card title ID TITLE [--column C] [options]

Renames card ID to TITLE (at most ${LIMITS.cardTitle} characters). The card
stays where it is: its board and column are read from the card first.
--column C (an id, Label_<n> or name) names its column when the server's
card detail doesn't say it.

Examples
  inboard card title 42 "Refund order 1182 (sent)"
  inboard card title 18c2f3a9b4d5e6f7 "Invoice resent" --column New

--json: {"CardId": "42", "Title": "…", "Answer": "…"} (Answer: the server's own word)

${COMMON_HELP}`;

/** Whether `col` is the column a card's `ColumnId` (`Label_4`, or a bare id) names. */
function isColumn(col: Column, label: string): boolean {
  const l = label.trim().toLowerCase();
  return col.ColumnId?.toLowerCase() === l || `label_${col.Id}` === l || String(col.Id) === l;
}

function checkedTitle(raw: string): string {
  const title = raw.trim();
  if (title === '') throw new UsageError('TITLE is empty');
  if (title.length > LIMITS.cardTitle) {
    throw new UsageError(`TITLE is ${title.length} characters; at most ${LIMITS.cardTitle}`);
  }
  return title;
}

async function title(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { column: { type: 'string' } });
  if (helpRequested(values, TITLE_HELP)) return 0;
  const [idRaw = '', raw = ''] = positionals(rest, ['ID', 'TITLE']);
  const id = cardId(idRaw);
  const newTitle = checkedTitle(raw);
  return withClient(values, async (client) => {
    const card: CardDetail = await client.getCard(id);
    const boardId = card.BoardId;
    if (boardId === undefined || boardId === null) {
      throw new CommandError(`the server did not say which board card ${one(id)} is on; nothing was changed`);
    }
    const label = card.ColumnId;
    let column: Column | undefined;
    if (values.column !== undefined)
      column = await resolveColumn(client, await boardById(client, boardId), values.column);
    else if (label !== undefined && label !== null) {
      column = (await client.listColumns(boardId)).find((c) => isColumn(c, label));
    }
    if (column === undefined) {
      throw new CommandError(
        `the server did not say which column card ${one(id)} is in: give --column; nothing was changed`,
      );
    }
    const answer = await client.updateCard(id, { BoardId: boardId, ColumnId: column.Id, CardTitle: newTitle });
    const was = card.TaskName;
    emit(values.json === true, { CardId: id, Title: newTitle, Answer: answer }, () =>
      was === undefined
        ? `Renamed card ${one(id)} to “${one(newTitle)}”\n`
        : `Renamed card ${one(id)}: “${one(was)}” → “${one(newTitle)}”\n`,
    );
    return 0;
  });
}

export function titleAction(action: string, argv: string[]): Promise<number> {
  return within(`card ${action}`, () => title(argv));
}
