/**
 * `inboard mail-in --board BOARD [--column COLUMN]`: one RFC 5322 message on
 * stdin, as an MTA's pipe transport, procmail or fetchmail hand it over,
 * delivered through the service (POST /v2/mail/inbound), which makes a card
 * of it or threads it onto the card it answers. Prints the card's id.
 *
 * Exit statuses are sendmail's (sysexits.h), which mail systems act on:
 * 0 delivered; 65 a message that cannot be read (bounced, said in words);
 * 75 try again later — the service unreachable or busy, and also a wrong
 * key or board, so a mistake in the set-up keeps mail queued at the MTA
 * instead of losing it; 64 a command line that cannot work.
 */
import { parseArgs } from 'node:util';
import { isApiError } from '../api/errors.js';
import { MAIL_LIMITS } from '../api/schema-mail.js';
import { sanitize } from '../text/sanitize.js';
import { resolveBoard, resolveColumn } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const EX_OK = 0;
export const EX_USAGE = 64;
export const EX_DATAERR = 65;
export const EX_TEMPFAIL = 75;

const MIB = 1024 * 1024;

const HELP = `Usage: inboard mail-in --board BOARD [--column COLUMN] [options] < message

Delivers one email (RFC 5322, on stdin) to a board: a new card in its first
column (or COLUMN), titled by the subject — or, when the message answers one
already on a card (In-Reply-To, References), added to that card, which
becomes unread and comes back from the archive. Prints the card's id.
The same Message-ID delivered twice is one message. Messages up to
${MAIL_LIMITS.messageBytes / MIB} MiB, attachments included.

Options
  --board BOARD     board id or name
  --column COLUMN   column id or name for new cards (default: the first)
  --url URL         the /v2 service (or INBOARD_URL; neither: the embedded service)
  --api-key KEY     its key; prefer INBOARD_API_KEY (flags show in \`ps\`)
  --insecure        allow plain http:// to a host that is not loopback
  -h, --help        this text

Exit status (sysexits): 0 delivered; 65 not a message it can read (nothing
made; the MTA bounces it); 75 try again later (the service unreachable or
busy, or its key or board wrong: the MTA keeps the mail queued); 64 usage.

Examples
  Postfix (master.cf):  inboard unix - n n - - pipe
    flags=Rq user=inboard argv=/usr/bin/inboard mail-in --board Support --url https://inboard.example
  procmail:             :0 w
                        | inboard mail-in --board Support
`;

/**
 * stdin up to `limit` bytes; undefined past it. The rest is read and dropped,
 * not kept: the memory stays bounded, and the sender never meets a closed pipe.
 */
async function readCapped(limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size <= limit) chunks.push(b);
    else chunks.length = 0;
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

const say = (text: string) => void process.stderr.write(`inboard mail-in: ${sanitize(text, { multiline: true })}\n`);

/** The service's words for a message it will not take: 400/413 about the `Message` field. */
const isMessageRefusal = (status: number, message: string) =>
  (status === 400 || status === 413) && message.startsWith('Message:');

function messageOf(body: string): string {
  try {
    const v: unknown = JSON.parse(body);
    if (v !== null && typeof v === 'object' && 'message' in v && typeof v.message === 'string') return v.message;
  } catch {
    // Not JSON: the text itself is all there is to say.
  }
  return body.slice(0, 300);
}

export async function mailIn(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        board: { type: 'string' },
        column: { type: 'string' },
        url: { type: 'string' },
        'api-key': { type: 'string' },
        insecure: { type: 'boolean' },
        profile: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    say(`${e instanceof Error ? e.message : String(e)}\nSee 'inboard mail-in --help'.`);
    return EX_USAGE;
  }
  if (helpRequested(values, HELP)) return EX_OK;
  const boardRef = values.board;
  if (boardRef === undefined || boardRef.trim() === '') {
    say("missing --board BOARD\nSee 'inboard mail-in --help'.");
    return EX_USAGE;
  }
  const raw = await readCapped(MAIL_LIMITS.messageBytes);
  if (raw === undefined) {
    say(
      `the message is over the limit of ${MAIL_LIMITS.messageBytes / MIB} MiB for one message; nothing was delivered`,
    );
    return EX_DATAERR;
  }
  if (raw.toString('latin1').trim() === '') {
    say('no message on stdin: pipe one email in (inboard mail-in --board BOARD < message.eml)');
    return EX_DATAERR;
  }
  try {
    return await withClient(values, async (client) => {
      const board = await resolveBoard(client, boardRef);
      const column = values.column === undefined ? undefined : await resolveColumn(client, board, values.column);
      const answer = await client.raw('POST', '/v2/mail/inbound', {
        BoardId: board.Id,
        ...(column === undefined ? {} : { ColumnId: column.Id }),
        Message: raw.toString('base64'),
      });
      const words = messageOf(answer.body);
      if (answer.status === 200) {
        const data: unknown = (JSON.parse(answer.body) as { data?: unknown }).data;
        const cardId = (data as { CardId?: unknown } | undefined)?.CardId;
        if (typeof cardId !== 'string') {
          say(`the service answered without a card id (${words}); the MTA will try again`);
          return EX_TEMPFAIL;
        }
        process.stdout.write(`${sanitize(cardId)}\n`);
        return EX_OK;
      }
      if (isMessageRefusal(answer.status, words)) {
        say(`${words}; no card was made`);
        return EX_DATAERR;
      }
      say(`the service refused the delivery (${answer.status}): ${words}; the MTA will try again`);
      return EX_TEMPFAIL;
    });
  } catch (e) {
    const words = e instanceof Error ? e.message : String(e);
    const status = isApiError(e) && e.status > 0 ? ` (${e.status})` : '';
    say(`could not deliver: ${words}${status}; the MTA will try again`);
    return EX_TEMPFAIL;
  }
}
