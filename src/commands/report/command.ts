/**
 * `inboard report --board B [--since 30d | --from DATE --to DATE] [--by
 * assignee|tag|mailbox] [--json | --csv]`: a board's figures over a period
 * (docs/reports.md), as charts at the terminal's width, JSON or CSV. A
 * server without reports (DragApp) gets the cards per column from its
 * listing, and the rest said as not offered.
 */
import { isApiError } from '../../api/errors.js';
import type { Client } from '../../api/types.js';
import { REPORT_BY, type ReportBy, type ReportParams } from '../../api/schema-reports.js';
import { listingLines, LISTING_NOT_OFFERED, reportLines } from '../../text/report-lines.js';
import { sanitize } from '../../text/sanitize.js';
import { COMMON_HELP, parse, positionals, UsageError } from '../args.js';
import { fetchColumn } from '../cards.js';
import { printJson, stdout } from '../output.js';
import { resolveBoard } from '../resolve.js';
import { helpRequested, withClient } from '../session.js';
import { reportCsv } from './csv.js';

export const REPORT_HELP = `Usage: inboard report --board B [--since 30d | --from DATE [--to DATE]] [options]
       inboard report B ...

How board B (an id or name) is doing over a period: new conversations,
customer messages and replies per day; first and later response times and
resolution time (median, 90th percentile); the share answered within the
board's response targets; open, waiting, late and snoozed cards per column
now; customer messages by weekday and hour; and who handled what. Times are
business time when the board has business hours (inboard board sla), else
clock time — the report says which. Definitions: docs/reports.md.

Options
  --since Nd        the last N days, today included (default 30d)
  --from DATE       the first day (2026-11-01) or an ISO 8601 time
  --to DATE         the last day, included (default: now)
  --by WHAT         the breakdown: assignee (default), tag or mailbox
  --csv             every figure as a row: section,key,figure,value,unit

Examples
  inboard report --board support --since 7d
  inboard report support --from 2026-11-01 --to 2026-11-30 --by tag --csv > november.csv
  inboard report 1 --json | jq '.Speed.FirstResponse.MedianSeconds'

--json: the report as the service gives it; every duration in seconds, a
  share as a fraction (0…1), a figure with nothing to count null.

${COMMON_HELP}`;

export async function report(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    board: { type: 'string' },
    since: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    by: { type: 'string' },
    csv: { type: 'boolean' },
  });
  if (helpRequested(values, REPORT_HELP)) return 0;
  const [given] = positionals(rest, [], ['BOARD']);
  if (given !== undefined && values.board !== undefined) throw new UsageError('give the board once: BOARD or --board');
  const boardRef = values.board ?? given;
  if (boardRef === undefined || boardRef.trim() === '') throw new UsageError('missing --board');
  if (values.json === true && values.csv === true) throw new UsageError('give --json or --csv, not both');
  const period = periodOf(values);
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, boardRef);
    const width = process.stdout.isTTY ? Math.max(40, process.stdout.columns || 80) : 80;
    try {
      const r = await client.getBoardReport(board.Id, period);
      if (values.json === true) printJson(r);
      else if (values.csv === true) stdout.write(reportCsv(r));
      else
        stdout.write(
          `${reportLines(r, board.Name, width)
            .map((l) => l.text)
            .join('\n')}\n`,
        );
      return 0;
    } catch (e) {
      if (!isApiError(e) || e.kind !== 'unsupported') throw e;
    }
    const columns = await cardsPerColumn(client, board.Id);
    if (values.json === true)
      printJson({ BoardId: board.Id, Offered: false, Columns: columns, Said: LISTING_NOT_OFFERED });
    else if (values.csv === true)
      stdout.write(
        [
          'section,key,figure,value,unit',
          ...columns.map((c) => `now,"${sanitize(c.name).replace(/"/g, '""')}",cards,${c.open},count`),
        ].join('\r\n') + '\r\n',
      );
    else
      stdout.write(
        `${listingLines(board.Name, columns, width)
          .map((l) => l.text)
          .join('\n')}\n`,
      );
    return 0;
  });
}

function periodOf(values: {
  since?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  by?: string | undefined;
}): ReportParams {
  if (values.since !== undefined && (values.from !== undefined || values.to !== undefined))
    throw new UsageError('give --since, or --from and --to, not both');
  if (values.since !== undefined && !/^\d+d$/.test(values.since))
    throw new UsageError(`--since: "${sanitize(values.since)}" is not a number of days — write e.g. 30d`);
  if (values.to !== undefined && values.from === undefined) throw new UsageError('--to needs --from');
  if (values.by !== undefined && !(REPORT_BY as readonly string[]).includes(values.by))
    throw new UsageError(`--by: "${sanitize(values.by)}" — give ${REPORT_BY.join(', ')}`);
  return {
    ...(values.since !== undefined ? { since: values.since } : {}),
    ...(values.from !== undefined ? { from: values.from } : {}),
    ...(values.to !== undefined ? { to: values.to } : {}),
    ...(values.by !== undefined ? { by: values.by as ReportBy } : {}),
  };
}

/** The cards each column lists: all a server without reports can tell. */
async function cardsPerColumn(client: Client, boardId: number): Promise<{ name: string; open: number }[]> {
  const columns = await client.listColumns(boardId);
  const out: { name: string; open: number }[] = [];
  for (const column of columns) {
    const group = await fetchColumn(client, boardId, column, { all: true, page: 1, limit: 100 });
    out.push({ name: column.Name, open: group.Cards.length });
  }
  return out;
}
