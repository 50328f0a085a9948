/**
 * `inboard card forward ID --to ADDR` (a message of the thread sent on,
 * with its attachments) and `inboard card compose --board B --to ADDR`
 * (new mail written first; its card is made with it). Like a reply: files
 * and addresses checked before anything is sent, the member's signature,
 * text typed on stdin kept when the server refuses.
 */
import { cardId, COMMON_HELP, parse, positionals, textArg, UsageError, within } from './args.js';
import { reply } from './card-reply.js';
import { emit, one } from './output.js';
import { addresses, readFiles, SEND_OPTIONS, signatureChoice } from './outgoing.js';
import { resolveBoard, resolveColumn } from './resolve.js';
import { keepingText, sentText } from './sent.js';
import { helpRequested, withClient } from './session.js';

export const SEND_ACTIONS: ReadonlySet<string> = new Set(['reply', 'forward', 'compose']);

const SEND_FLAGS_HELP = `  --cc EMAIL        copies (repeat, or a,b)
  --bcc EMAIL       blind copies
  --attach FILE     a file to send with it (repeat; at most 20, 25 MiB in all;
                    its type from its name)
  --no-signature    no signature (else your config's "signature", else the board's)`;

const FORWARD_HELP = `Usage: inboard card forward ID --to EMAIL [--to EMAIL]... [--cc EMAIL]... [--bcc EMAIL]...
                            [--body NOTE|-] [--message MESSAGE-ID] [--attach FILE]... [--no-signature] [options]

Forwards a message of card ID's thread: "Fwd: " its subject, your note on
top, then its headers and text quoted, and its attachments as they came. The
thread records it. With --body -, the note is read from stdin.

Options
  --to EMAIL        whom to (required; repeat, or a,b)
  --body NOTE       a note above the forwarded message
  --message ID      which message (its Message-ID, from inboard card thread ID
                    --json); default the customer's newest
${SEND_FLAGS_HELP}

Examples
  inboard card forward 42 --to finance@example.com --body "Can you refund this?"
  inboard card forward 42 --to lead@example.com --message '<p1@customer.example>'

--json: {"CardId", "MessageId", "From"?, "To": [], "Cc": [], "Bcc"?: [], "Subject", "Date",
  "Kind": "forward", "Attachments"?: [...], "OutboxId"?, "SendsAt"?}

${COMMON_HELP}`;

const COMPOSE_HELP = `Usage: inboard card compose --board B --to EMAIL --subject TEXT --body TEXT|- [--cc EMAIL]...
                            [--bcc EMAIL]... [--attach FILE]... [--column C] [--no-signature] [options]

Writes first to a customer: sends new mail from board B and makes a card whose
first message is it (the customer's answer joins that card). B is a board id
or name; C a column id, Label_<n> or name (default the board's first). With
--body -, the text is read from stdin.

Options
  --board B         the board it is sent from (required)
  --to EMAIL        whom to (required; repeat, or a,b)
  --subject TEXT    its subject (required)
  --body TEXT       its text (required)
  --column C        where its card goes
${SEND_FLAGS_HELP}

Examples
  inboard card compose --board support --to ana@example.com --subject "Your order" --body "It ships today."
  inboard card compose --board 1 --to ana@example.com --subject Quote --body - --attach quote.pdf < note.txt

Prints the new card, then what was sent:
  Created card 42 with new mail
  Mail sent to ana@example.com (1 file)
--json: {"CardId", "MessageId", "From"?, "To": [], "Cc": [], "Bcc"?: [], "Subject", "Date",
  "Kind": "new", "Attachments"?: [...], "OutboxId"?, "SendsAt"?}

${COMMON_HELP}`;

async function forward(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    ...SEND_OPTIONS,
    to: { type: 'string', multiple: true },
    body: { type: 'string' },
    message: { type: 'string' },
  });
  if (helpRequested(values, FORWARD_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  const to = addresses('--to', values.to) ?? [];
  if (to.length === 0) throw new UsageError('missing --to: whom to forward it to');
  const cc = addresses('--cc', values.cc);
  const bcc = addresses('--bcc', values.bcc);
  if (values.message !== undefined && values.message.trim() === '') throw new UsageError('--message is empty');
  const { files } = await readFiles(values.attach ?? []);
  const signature = signatureChoice(values['no-signature']);
  const note = values.body === undefined ? undefined : await textArg('--body', values.body);
  return keepingText(
    `forward-note-${id}`,
    note ?? '',
    () => values.body === '-',
    () =>
      withClient(values, async (client) => {
        const sent = await client.forwardCard(id, {
          To: to,
          ...(cc !== undefined && cc.length > 0 ? { Cc: cc } : {}),
          ...(bcc !== undefined && bcc.length > 0 ? { Bcc: bcc } : {}),
          ...(note !== undefined ? { Body: note } : {}),
          ...(values.message !== undefined ? { MessageId: values.message.trim() } : {}),
          ...(files.length > 0 ? { Attachments: files } : {}),
          ...signature,
        });
        emit(values.json === true, sent, () => sentText('Forward', sent, files.length));
        return 0;
      }),
  );
}

async function compose(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    ...SEND_OPTIONS,
    board: { type: 'string' },
    column: { type: 'string' },
    to: { type: 'string', multiple: true },
    subject: { type: 'string' },
    body: { type: 'string' },
  });
  if (helpRequested(values, COMPOSE_HELP)) return 0;
  positionals(rest, []);
  const missing = (['board', 'to', 'subject', 'body'] as const).filter((k) => values[k] === undefined);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
  const to = addresses('--to', values.to) ?? [];
  if (to.length === 0) throw new UsageError('--to is empty: whom to write to');
  const subject = values.subject?.trim() ?? '';
  if (subject === '') throw new UsageError('--subject is empty');
  const cc = addresses('--cc', values.cc);
  const bcc = addresses('--bcc', values.bcc);
  const { files } = await readFiles(values.attach ?? []);
  // Before stdin is read: a config problem must not cost typed text.
  const signature = signatureChoice(values['no-signature']);
  const text = await textArg('--body', values.body);
  return keepingText(
    'compose-draft',
    text,
    () => values.body === '-',
    () =>
      withClient(values, async (client) => {
        const board = await resolveBoard(client, values.board ?? '');
        const column = values.column === undefined ? undefined : await resolveColumn(client, board, values.column);
        const sent = await client.composeMail(board.Id, {
          To: to,
          Subject: subject,
          Body: text,
          ...(cc !== undefined && cc.length > 0 ? { Cc: cc } : {}),
          ...(bcc !== undefined && bcc.length > 0 ? { Bcc: bcc } : {}),
          ...(column !== undefined ? { ColumnId: column.Id } : {}),
          ...(files.length > 0 ? { Attachments: files } : {}),
          ...signature,
        });
        const card = sent.CardId === '' ? '(its id not given by the server)' : one(sent.CardId);
        emit(
          values.json === true,
          sent,
          () => `Created card ${card} with new mail\n${sentText('Mail', sent, files.length)}`,
        );
        return 0;
      }),
  );
}

export function sendAction(action: string, argv: string[]): Promise<number> {
  const run = action === 'reply' ? reply : action === 'forward' ? forward : compose;
  return within(`card ${action}`, () => run(argv));
}
