/** `inboard card thread ID`: the email behind a card, oldest first (card-reply.ts answers it). */
import type { CardMessage } from '../api/schema-mail.js';
import { cardId, COMMON_HELP, parse, positionals, within } from './args.js';
import { block, emit, fields, one } from './output.js';
import { size as byteCount } from './outgoing.js';
import { when } from './sent.js';
import { helpRequested, withClient } from './session.js';

export const THREAD_ACTIONS: ReadonlySet<string> = new Set(['thread']);

const THREAD_HELP = `Usage: inboard card thread ID [options]

Shows the email behind card ID, oldest first: each message's direction
(in: came to the board; out: a reply sent from it), date, From, To, Cc,
Subject, attachments (name and size) and text.

--json: [{"MessageId", "Direction", "From", "To": [], "Cc": [], "ReplyTo",
  "Date", "Subject", "Text", "Html", "Attachments": [{"Name", "Size",
  "ContentType"}], "InReplyTo", "References": [], "CreatedAt"}]

The local service offers this; another server may not (the error says so).

${COMMON_HELP}`;

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

export function threadAction(action: string, argv: string[]): Promise<number> {
  return within(`card ${action}`, () => thread(argv));
}
