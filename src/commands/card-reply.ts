/**
 * `inboard card reply ID --body TEXT`: an answer to the email behind a card,
 * to everyone on the message answered unless told otherwise, with files and
 * the member's signature. Files and addresses are checked before anything is
 * sent; a refused reply keeps text typed on stdin in a file.
 */
import { heldReply } from '../api/held.js';
import type { Client } from '../api/types.js';
import { cardId, COMMON_HELP, parse, positionals, textArg, UsageError } from './args.js';
import { savedText } from './replies/filled.js';
import { emit } from './output.js';
import { addresses, readFiles, SEND_OPTIONS, signatureChoice } from './outgoing.js';
import { keepingText, sentText } from './sent.js';
import { helpRequested, withClient } from './session.js';
import { threadText } from './thread.js';

export const REPLY_HELP = `Usage: inboard card reply ID --body TEXT|- | --saved NAME [--send-unfilled] [--attach FILE]... [--to EMAIL]... [--cc EMAIL]...
                          [--bcc EMAIL]... [--no-cc] [--no-signature] [--seen MESSAGE-ID [--send-anyway]] [options]

Answers the email behind card ID: its last message that came in, "Re: " its
subject, threaded by In-Reply-To and References. By default it goes to all:
To the customer (Reply-To, else From), Cc everyone else on that message (its
To and Cc) but the team's own addresses, as the server works them out. The
server sends it from the board's mailbox (or inboard serve --smtp/--from),
after its send delay (inboard serve --send-delay). With --body -, the text is
read from stdin. With --saved NAME, the text is the board's saved reply of
that name (inboard replies --help), its {{variables}} filled for this card.

Options
  --to EMAIL        send to these instead of the customer (repeat, or a,b)
  --cc EMAIL        copy these instead of the others on the message
  --no-cc           copy no one
  --bcc EMAIL       blind copies
  --attach FILE     a file to send with it (repeat; at most 20, 25 MiB in all;
                    its type from its name)
  --saved NAME      send the board's saved reply NAME, filled for this card;
                    when a variable has no value here (a customer who gave no
                    name), nothing is sent and the variable is named
  --send-unfilled   with --saved: send it even so, the variable as written
  --no-signature    no signature (else your config's "signature", else the board's)
  --seen ID         the newest message of the thread you have read (its
                    Message-ID, from inboard card thread ID --json): when the
                    thread got a message since, or a teammate's reply waits to
                    go, the reply is held, nothing sent, exit 1, and what
                    arrived is printed. Read it; --send-anyway then sends it.

A missing or unreadable file, a folder, files over 25 MiB, or an address that
is not one are refused before anything is sent, naming the file or address.

Examples
  inboard card reply 42 --body "It left our warehouse today."
  inboard card reply 42 --body - --attach invoice.pdf --attach label.png < answer.txt
  inboard card reply 42 --body "Thanks!" --no-cc --bcc lead@example.com
  inboard card reply 42 --body "Done." --seen '<p2@customer.example>'
  inboard card reply 42 --saved "Refund done"

--json: {"CardId", "MessageId", "From"?, "To": [], "Cc": [], "Bcc"?: [], "Subject", "Date",
  "Kind"?, "Attachments"?: [{"Id", "Url", "Name", "Size", "ContentType"}], "OutboxId"?, "SendsAt"?}

${COMMON_HELP}`;

export async function reply(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    ...SEND_OPTIONS,
    body: { type: 'string' },
    to: { type: 'string', multiple: true },
    'no-cc': { type: 'boolean' },
    seen: { type: 'string' },
    'send-anyway': { type: 'boolean', default: false },
    saved: { type: 'string' },
    'send-unfilled': { type: 'boolean', default: false },
  });
  if (helpRequested(values, REPLY_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  const to = addresses('--to', values.to);
  const cc = values['no-cc'] === true ? [] : addresses('--cc', values.cc);
  const bcc = addresses('--bcc', values.bcc);
  const { files } = await readFiles(values.attach ?? []);
  // Before stdin is read: a config problem must not cost typed text.
  const signature = signatureChoice(values['no-signature']);
  const send = async (client: Client, text: string) => {
    const sent = await client
      .replyToCard(id, {
        Body: text,
        ...(to !== undefined && to.length > 0 ? { To: to } : {}),
        ...(cc !== undefined ? { Cc: cc } : {}),
        ...(bcc !== undefined && bcc.length > 0 ? { Bcc: bcc } : {}),
        ...(files.length > 0 ? { Attachments: files } : {}),
        ...signature,
        ...(values.seen !== undefined ? { Seen: values.seen } : {}),
        ...(values['send-anyway'] === true ? { SendAnyway: true } : {}),
      })
      .catch((e: unknown) => {
        const held = heldReply(e);
        // What arrived, on stderr, under the server's words (which say the text was not sent).
        if (held !== undefined && held.Arrived.length > 0) process.stderr.write(threadText(id, held.Arrived));
        throw e;
      });
    emit(values.json === true, sent, () => sentText('Reply', sent, files.length));
    return 0;
  };
  const saved = values.saved;
  if (saved !== undefined) {
    if (values.body !== undefined) throw new UsageError('give --body or --saved, not both');
    return withClient(values, async (client) =>
      send(client, await savedText(client, id, saved, values['send-unfilled'] === true)),
    );
  }
  if (values['send-unfilled'] === true) throw new UsageError('--send-unfilled goes with --saved NAME');
  const text = await textArg('--body', values.body);
  const fromStdin = values.body === '-';
  return keepingText(
    `reply-draft-${id}`,
    text,
    (e) => fromStdin || heldReply(e) !== undefined,
    () => withClient(values, (client) => send(client, text)),
  );
}
