/** `inboard snoozed --board B`: a board's snoozed cards, soonest to come back first (a local-service extension). */
import { isUnreadable } from '../api/read-model.js';
import { localDateTime } from '../text/due-words.js';
import { COMMON_HELP, parse, positionals, UsageError } from './args.js';
import { emit, one, table } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const SNOOZED_HELP = `Usage: inboard snoozed --board B [options]
       inboard snoozed B ...

Lists the snoozed cards of board B (an id or name), soonest to come back
first, those waiting only for the customer's answer last, with the column
each comes back to. \`inboard card unsnooze ID\` brings one back now.

Examples
  inboard snoozed --board support
  inboard snoozed 1 --json | jq -r '.[] | "\\(.ServiceTaskId) \\(.Snoozed.Until)"'

--json: a list of cards as \`inboard cards\` lists them, each with "ColumnName" and
  "Snoozed": {"Until": "2026-12-04T08:00:00.000Z" or null, "UntilReply": true|false, "By": "you@x"}

${COMMON_HELP}`;

export async function snoozed(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { board: { type: 'string' } });
  if (helpRequested(values, SNOOZED_HELP)) return 0;
  const [given] = positionals(rest, [], ['BOARD']);
  if (given !== undefined && values.board !== undefined) throw new UsageError('give the board once: BOARD or --board');
  const boardRef = values.board ?? given;
  if (boardRef === undefined || boardRef.trim() === '') throw new UsageError('missing --board');
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, boardRef);
    const rows = await client.listSnoozedCards(board.Id);
    emit(values.json === true, rows, () => {
      const heading = `Board ${board.Id}: ${one(board.Name)} — ${rows.length} snoozed card${rows.length === 1 ? '' : 's'}\n`;
      if (rows.length === 0) return heading;
      const lines = rows.map((c) => {
        if (isUnreadable(c)) return [c.rawId ?? '?', `unreadable: ${c.unreadable}`, '', ''];
        const until = c.Snoozed?.Until ?? null;
        const reply = c.Snoozed?.UntilReply === true;
        const when = [until === null ? '' : localDateTime(new Date(until)), reply ? 'or an answer' : '']
          .filter((s) => s !== '')
          .join(' ');
        return [c.ServiceTaskId, c.TaskName, c.ColumnName, when === 'or an answer' ? 'an answer' : when];
      });
      return `${heading}\n${table(
        [{ header: 'ID' }, { header: 'TITLE', max: 60 }, { header: 'COLUMN', max: 30 }, { header: 'BACK AT' }],
        lines,
      )}`;
    });
    return 0;
  });
}
