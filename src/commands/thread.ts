/**
 * `inboard card thread ID` (the email behind a card) and `inboard card reply
 * ID --body TEXT` (an answer sent by the server's SMTP relay). A reply
 * refused keeps the text: typed on stdin, it is saved to a file named in the
 * error, since the shell's history does not hold it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardMessage } from '../api/schema-mail.js';
import { heldReply } from '../api/held.js';
import { dataDir } from '../config/paths.js';
import { cardId, COMMON_HELP, CommandError, parse, positionals, textArg, within } from './args.js';
import { block, emit, fields, one } from './output.js';
import { helpRequested, withClient } from './session.js';

export const THREAD_ACTIONS: ReadonlySet<string> = new Set(['thread', 'reply']);

const THREAD_HELP = `Usage: inboard card thread ID [options]

Shows the email behind card ID, oldest first: each message's direction
(in: came to the board; out: a reply sent from it), date, From, To, Cc,
Subject, attachments (name and size) and text.

--json: [{"MessageId", "Direction", "From", "To": [], "Cc": [], "ReplyTo",
  "Date", "Subject", "Text", "Html", "Attachments": [{"Name", "Size",
  "ContentType"}], "InReplyTo", "References": [], "CreatedAt"}]

The local service offers this; another server may not (the error says so).

${COMMON_HELP}`;

const REPLY_HELP = `Usage: inboard card reply ID --body TEXT|- [--cc EMAIL]... [--seen MESSAGE-ID [--send-anyway]] [options]

Answers the email behind card ID: to the last message that came in (its
Reply-To, or its From), "Re: " its subject, threaded by In-Reply-To and
References. The server sends it through its SMTP relay (inboard serve
--smtp URL --from ADDRESS), after its send delay (inboard serve
--send-delay). With --body -, the text is read from stdin.

--seen names the newest message of the thread you have read (its Message-ID,
from inboard card thread ID --json): when the thread got a message since, or a
teammate's reply waits to go, the reply is held, nothing sent, exit 1, and
what arrived is printed. Read it; --send-anyway then sends it all the same.

Examples
  inboard card reply 42 --body "It left our warehouse today."
  inboard card reply 42 --body - --cc lead@example.com < answer.txt
  inboard card reply 42 --body "Done." --seen '<p2@customer.example>'

--json: {"CardId", "MessageId", "To": [], "Cc": [], "Subject", "Date", "OutboxId"?, "SendsAt"?}

${COMMON_HELP}`;

const KIB = 1024;
/** A file's size in words: `512 B`, `48 KB`, `1.2 MB`. */
export const byteCount = (n: number) =>
  n < KIB ? `${n} B` : n < KIB * KIB ? `${(n / KIB).toFixed(0)} KB` : `${(n / KIB / KIB).toFixed(1)} MB`;

/** `2026-11-24T08:15:00.000Z` → `2026-11-24 08:15 UTC`: one zone for every reader of a script's output. */
const when = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;

export function threadText(id: string, messages: CardMessage[]): string {
  if (messages.length === 0) return `Card ${one(id)} has no email.\n`;
  const parts = messages.map((m, i) => {
    const head = fields([
      ['From', m.From],
      ['To', m.To.join(', ')],
      ...(m.Cc.length > 0 ? ([['Cc', m.Cc.join(', ')]] as [string, string][]) : []),
      ['Subject', m.Subject],
      ...(m.Attachments.length > 0
        ? ([
            ['Attachments', m.Attachments.map((a) => `${a.Name} (${byteCount(a.Size)}, ${a.ContentType})`).join('; ')],
          ] as [string, string][])
        : []),
    ]);
    return `[${i + 1}] ${m.Direction === 'in' ? 'in ' : 'out'} ${one(when(m.Date))}\n${head}\n${block(m.Text.trimEnd())}\n`;
  });
  const count = `${messages.length} message${messages.length === 1 ? '' : 's'}`;
  // A server that gives less than the whole thread says so, once.
  const note = messages.find((m) => m.ThreadNote !== undefined && m.ThreadNote !== '')?.ThreadNote;
  return `Card ${one(id)} · ${count}\n${note === undefined ? '' : `Note: ${one(note)}\n`}\n${parts.join('\n')}`;
}

async function thread(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, THREAD_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  return withClient(values, async (client) => {
    const messages = await client.listMessages(id);
    emit(values.json === true, messages, () => threadText(id, messages));
    return 0;
  });
}

/** The text of a refused reply, kept where the person can find it; the file's path, or undefined if it could not be written. */
function keepDraft(id: string, text: string): string | undefined {
  const dir = dataDir();
  const path = join(dir, `reply-draft-${id.replace(/[^\w-]/g, '_')}-${Date.now()}.txt`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  } catch {
    return undefined;
  }
}

async function reply(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    body: { type: 'string' },
    cc: { type: 'string', multiple: true },
    seen: { type: 'string' },
    'send-anyway': { type: 'boolean', default: false },
  });
  if (helpRequested(values, REPLY_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  const text = await textArg('--body', values.body);
  const cc = (values.cc ?? [])
    .flatMap((c) => c.split(','))
    .map((c) => c.trim())
    .filter((c) => c !== '');
  try {
    return await withClient(values, async (client) => {
      const sent = await client
        .replyToCard(id, {
          Body: text,
          ...(cc.length > 0 ? { Cc: cc } : {}),
          ...(values.seen !== undefined ? { Seen: values.seen } : {}),
          ...(values['send-anyway'] === true ? { SendAnyway: true } : {}),
        })
        .catch((e: unknown) => {
          const held = heldReply(e);
          // What arrived, on stderr, under the server's words (which say the text was not sent).
          if (held !== undefined && held.Arrived.length > 0) process.stderr.write(threadText(id, held.Arrived));
          throw e;
        });
      const how =
        sent.SendsAt === undefined
          ? 'Reply sent to'
          : `Reply waits in the outbox until ${when(sent.SendsAt)} (reply ${sent.OutboxId ?? '?'}), then goes to`;
      emit(
        values.json === true,
        sent,
        () =>
          `${how} ${one(sent.To.join(', '))}${sent.Cc.length > 0 ? ` (cc ${one(sent.Cc.join(', '))})` : ''}\n` +
          fields([
            ['Subject', sent.Subject],
            ['Message-ID', sent.MessageId],
          ]),
      );
      return 0;
    });
  } catch (e) {
    if (values.body !== '-' && heldReply(e) === undefined) throw e;
    const kept = keepDraft(id, text);
    if (kept === undefined) throw e;
    const words = e instanceof Error ? e.message : String(e);
    throw new CommandError(`${words} — your text is kept in ${kept}`);
  }
}

export function threadAction(action: string, argv: string[]): Promise<number> {
  return within(`card ${action}`, () => (action === 'thread' ? thread(argv) : reply(argv)));
}
