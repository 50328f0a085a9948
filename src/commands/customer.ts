/** `inboard customer EMAIL`: every conversation with an address, on the boards the key sees (a local-service extension). */
import { localDateTime } from '../text/due-words.js';
import { COMMON_HELP, parse, positionals, UsageError } from './args.js';
import { emit, one, table } from './output.js';
import { helpRequested, withClient } from './session.js';

export const CUSTOMER_HELP = `Usage: inboard customer EMAIL [options]

Lists the cards whose email came from EMAIL, on every board your key can
see, newest first: the board, the column, whether it is open, snoozed or
archived, and when the customer last wrote on it. The local service offers
it; another server may not (the error says so).

Examples
  inboard customer jane@example.com
  inboard customer jane@example.com --json | jq -r '.Cards[].CardId'

--json: {"Email": "jane@example.com", "Name": "Jane Doe", "Total": 3,
  "Cards": [{"CardId": "42", "Title": "…", "BoardId": 1, "BoardName": "Support",
             "ColumnName": "Inbox", "State": "open|snoozed|archived",
             "LastAt": "2026-11-27T12:00:00.000Z"}]}
  At most 50 cards; Total counts them all.

${COMMON_HELP}`;

export async function customer(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, CUSTOMER_HELP)) return 0;
  const [email = ''] = positionals(rest, ['EMAIL']);
  if (!/^[^@\s]+@[^@\s]+$/.test(email.trim())) throw new UsageError(`'${email}' is not an email address`);
  return withClient(values, async (client) => {
    const c = await client.customer(email.trim());
    emit(values.json === true, c, () => {
      const who = c.Name !== null && c.Name !== c.Email ? `${one(c.Name)} <${one(c.Email)}>` : one(c.Email);
      const heading = `${who}: ${c.Total} conversation${c.Total === 1 ? '' : 's'}${c.Total > c.Cards.length ? ` (the newest ${c.Cards.length} shown)` : ''}\n`;
      if (c.Cards.length === 0) return heading;
      const rows = c.Cards.map((k) => {
        const at = Date.parse(k.LastAt);
        return [
          k.CardId,
          k.Title,
          `${k.BoardName} › ${k.ColumnName}`,
          k.State,
          Number.isNaN(at) ? k.LastAt : localDateTime(new Date(at)),
        ];
      });
      return `${heading}\n${table(
        [
          { header: 'ID' },
          { header: 'TITLE', max: 60 },
          { header: 'WHERE', max: 40 },
          { header: 'STATE' },
          { header: 'LAST WROTE' },
        ],
        rows,
      )}`;
    });
    return 0;
  });
}
