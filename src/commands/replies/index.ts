/**
 * `inboard replies list|add|edit|remove --board BOARD`: a board's saved
 * replies, kept on the service and shared by its members.
 */
import { SAVED_REPLY_LIMITS } from '../../api/schema-replies.js';
import { SAVED_REPLY_VARIABLES } from '../../text/template.js';
import { COMMON_HELP, parse, UsageError } from '../args.js';
import { helpRequested } from '../session.js';

export const REPLIES_HELP = `Usage: inboard replies list --board BOARD [options]
       inboard replies add NAME --board BOARD --text TEXT|- | --file FILE [options]
       inboard replies edit NAME --board BOARD [--name NEW] [--text TEXT|- | --file FILE] [options]
       inboard replies remove NAME --board BOARD [options]

A board's saved replies: texts its members send often, kept on the service.
Any member adds one; its author or the board's owner edits or removes it.
NAME is the reply's name (case ignored), one per board. The service fills in
${SAVED_REPLY_VARIABLES.map((v) => `{{${v}}}`).join(', ')}
for the card answered (inboard card reply ID --saved NAME); any other
{{variable}} is refused. At most ${SAVED_REPLY_LIMITS.name} characters of name and ${SAVED_REPLY_LIMITS.text.toLocaleString('en')} of text.

Options
  --board BOARD  the board (its id or name)
  --text TEXT    the reply's text (- reads it from stdin)
  --file FILE    the reply's text, from a file
  --name NEW     (edit) a new name

Examples
  inboard replies list --board support
  inboard replies add "Refund done" --board support --text "Hi {{customer.first_name}}, your refund is on its way."
  inboard replies add "Need order" --board 1 --file need-order.txt
  inboard replies edit "Refund done" --board support --name "Refunded"
  inboard replies remove "Refunded" --board support

--json: list: [{"Id": "1", "BoardId": "1", "Name": "…", "Text": "…", "Author": "…",
  "CreatedAt": "…", "UpdatedAt": "…"}, …]; add, edit and remove: that one reply.

${COMMON_HELP}`;

export const REPLIES_OPTIONS = {
  board: { type: 'string' },
  text: { type: 'string' },
  file: { type: 'string' },
  name: { type: 'string' },
} as const;

export async function replies(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, REPLIES_OPTIONS);
  if (helpRequested(values, REPLIES_HELP)) return 0;
  const [sub, ...rest] = positionals;
  switch (sub) {
    case 'list':
      return (await import('./list.js')).list(values, rest);
    case 'add':
    case 'edit':
    case 'remove':
      return (await import('./write.js')).write(sub, values, rest);
    case undefined:
      throw new UsageError('missing what to do: list, add, edit or remove');
    default:
      throw new UsageError(`unknown '${sub}': list, add, edit or remove`);
  }
}
