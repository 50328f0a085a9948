/** What the `inboard mailbox` subcommands share: the usage, the flags, the database they open. */
import { type parseArgs } from 'node:util';
import { defaultDbPath, secretFilePath } from '../../config/paths.js';
import type { Database } from '../../server/sql/sql.js';

export const HELP = `Usage
  inboard mailbox add --board BOARD --imap URL [--smtp URL] [--from ADDRESS] [options]
      connect a board to a mailbox; prints the mailbox's id
  inboard mailbox list [--json]      each mailbox and whether its mail is flowing
  inboard mailbox test ID            log in to its IMAP and SMTP servers and say what works
  inboard mailbox remove ID          stop watching it (the mailbox itself is untouched)

URLs (the user percent-encoded: support%40acme.test)
  imaps://USER@HOST[:993][/FOLDER]   TLS; FOLDER defaults to INBOX
  imap://USER@HOST[:143][/FOLDER]    STARTTLS (required unless the host is loopback)
  smtps://USER@HOST[:465]            TLS
  smtp://USER@HOST[:587]             STARTTLS (required unless the host is loopback)
  smtp://HOST[:PORT]                 no user: no login (a relay that trusts its network)

Options of add
  --column COLUMN            column for new cards (default: the board's first)
  --from ADDRESS             From of replies (default: the IMAP user, when it is an address)
  --password-file FILE       the password, in a file (or INBOARD_MAILBOX_PASSWORD; a
                             password in the URL works too but shows in \`ps\` and shell history)
  --smtp-password-file FILE  SMTP's own password (default: the IMAP one)
  --oauth-token-file FILE    log in with OAuth2 (XOAUTH2): the access token, read at each connection
  --oauth-token-command CMD  log in with OAuth2: a command that prints a fresh access token
  --after-import WHAT        keep (default: the mailbox is left as it was), seen (mark read),
                             or move:FOLDER
  --since DATE               import only what the server received on or after DATE (YYYY-MM-DD),
                             not the folder's whole backlog
  --new-only                 import only what arrives from now on
  --db PATH|URL              the service's database (default ${defaultDbPath()}, or INBOARD_DB)

Passwords are sealed with a key outside the database: INBOARD_SECRET_FILE,
else a 0600 file beside the SQLite file (for PostgreSQL: ${secretFilePath('postgres://')}).
Give every instance of a team server the same file.
`;

export const OPTIONS = {
  db: { type: 'string' },
  board: { type: 'string' },
  column: { type: 'string' },
  imap: { type: 'string' },
  smtp: { type: 'string' },
  from: { type: 'string' },
  'password-file': { type: 'string' },
  'smtp-password-file': { type: 'string' },
  'oauth-token-file': { type: 'string' },
  'oauth-token-command': { type: 'string' },
  'after-import': { type: 'string' },
  since: { type: 'string' },
  'new-only': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

export class MailboxUsage extends Error {}

export const say = (line: string): void => void process.stderr.write(`inboard mailbox: ${line}\n`);

export async function withDatabase<T>(values: Values, fn: (db: Database, target: string) => Promise<T>): Promise<T> {
  const target = values.db ?? (process.env.INBOARD_DB || defaultDbPath());
  const { openDatabase } = await import('../../server/sql/open.js');
  const db = await openDatabase(target);
  try {
    return await fn(db, target);
  } finally {
    await db.close();
  }
}

/** A mailbox id as typed: a whole number. */
export function mailboxId(text: string | undefined, sub: string): number {
  if (text === undefined) throw new MailboxUsage(`${sub} needs the mailbox's ID (inboard mailbox list shows them)`);
  if (!/^[1-9]\d{0,15}$/.test(text))
    throw new MailboxUsage(`'${text}' is not a mailbox id: give the number inboard mailbox list shows`);
  return Number(text);
}
