/** `inboard mailbox add`: a board connected to a mailbox; prints the mailbox's id. */
import { readFile } from 'node:fs/promises';
import { secretFilePath } from '../../config/paths.js';
import type { Credential, Credentials } from '../../server/mail/imap/credentials.js';
import type { ServerAddress } from '../../server/mail/imap/mailbox-url.js';
import type { AfterImport } from '../../server/mail/imap/mailbox-store.js';
import type { Sql } from '../../server/sql/sql.js';
import { MailboxUsage, say, withDatabase, type Values } from './shared.js';

interface Named {
  id: number;
  name: string;
}

/** A board or column by id, exact name (any case), or a unique start of a name. */
function pick<T extends Named>(rows: T[], ref: string, what: string): T {
  const byId = /^\d+$/.test(ref) ? rows.find((r) => Number(r.id) === Number(ref)) : undefined;
  if (byId !== undefined) return byId;
  const lower = ref.trim().toLowerCase();
  const exact = rows.filter((r) => r.name.toLowerCase() === lower);
  const found = exact.length > 0 ? exact : rows.filter((r) => r.name.toLowerCase().startsWith(lower));
  if (found.length === 1) return found[0]!;
  if (found.length === 0)
    throw new MailboxUsage(
      `no ${what} '${ref}'${rows.length > 0 ? `: there are ${rows.map((r) => `'${r.name}'`).join(', ')}` : ''}`,
    );
  throw new MailboxUsage(
    `'${ref}' names ${found.length} ${what}s (${found.map((r) => `${r.id} '${r.name}'`).join(', ')}): give its id`,
  );
}

async function fileText(path: string, what: string): Promise<string> {
  const text = await readFile(path, 'utf8').catch((e: Error) => {
    throw new MailboxUsage(`can't read the ${what} file ${path}: ${e.message}`);
  });
  const line = text.replace(/\r?\n$/, '');
  if (line === '') throw new MailboxUsage(`the ${what} file ${path} is empty`);
  return line;
}

function afterImport(text: string | undefined): AfterImport {
  const v = text ?? 'keep';
  if (v === 'keep' || v === 'seen') return v;
  if (/^move:.+/.test(v)) return v as `move:${string}`;
  throw new MailboxUsage(`--after-import must be keep, seen or move:FOLDER, not '${v}'`);
}

async function imapCredential(values: Values, inUrl: string | undefined): Promise<Credential> {
  const given = [
    inUrl !== undefined,
    values['password-file'] !== undefined,
    values['oauth-token-file'] !== undefined,
    values['oauth-token-command'] !== undefined,
  ].filter(Boolean).length;
  if (given > 1)
    throw new MailboxUsage(
      'give one way to log in: a password (in the URL or --password-file) or an OAuth2 token (--oauth-token-file or --oauth-token-command)',
    );
  if (inUrl !== undefined) return { kind: 'password', password: inUrl };
  if (values['password-file'] !== undefined)
    return { kind: 'password', password: await fileText(values['password-file'], 'password') };
  if (values['oauth-token-file'] !== undefined) return { kind: 'token-file', path: values['oauth-token-file'] };
  if (values['oauth-token-command'] !== undefined)
    return { kind: 'token-command', command: values['oauth-token-command'] };
  const env = process.env.INBOARD_MAILBOX_PASSWORD;
  if (env !== undefined && env !== '') return { kind: 'password', password: env };
  throw new MailboxUsage(
    'no password: give --password-file FILE or INBOARD_MAILBOX_PASSWORD (or an OAuth2 token: --oauth-token-file, --oauth-token-command)',
  );
}

async function boardAndColumn(sql: Sql, values: Values): Promise<{ board: Named; column: Named | null }> {
  const boards = await sql.all<Named>('SELECT id, name FROM boards WHERE archived_at IS NULL ORDER BY id');
  const board = pick(boards, values.board ?? '', 'board');
  if (values.column === undefined) {
    const any = await sql.get('SELECT 1 AS one FROM columns WHERE board_id = ?', [board.id]);
    if (any === undefined) throw new MailboxUsage(`board '${board.name}' has no column to put mail in: add one first`);
    return { board, column: null };
  }
  const columns = await sql.all<Named>('SELECT id, name FROM columns WHERE board_id = ? ORDER BY position, id', [
    board.id,
  ]);
  return { board, column: pick(columns, values.column, `column of '${board.name}'`) };
}

/** `--since DATE` or `--new-only` as where the import starts; null: the folder's whole backlog. */
async function importStart(values: Values): Promise<Date | 'now' | null> {
  const since = values.since;
  if (since !== undefined && values['new-only'] === true)
    throw new MailboxUsage('--since and --new-only: give one (--new-only is --since now)');
  if (values['new-only'] === true) return 'now';
  if (since === undefined) return null;
  const { sinceDate } = await import('../../server/mail/imap/import-from.js');
  const d = sinceDate(since);
  if (d === null) throw new MailboxUsage(`--since '${since}' is not a date: write it as YYYY-MM-DD (2026-11-01)`);
  return d;
}

async function readCursor(imap: ServerAddress, credential: Credential, from: Date | 'now') {
  const { startingCursor } = await import('../../server/mail/imap/import-from.js');
  const { troubleOf } = await import('../../server/mail/imap/connect.js');
  try {
    const c = await startingCursor(imap, credential, from);
    say(
      `${c.skipped} message${c.skipped === 1 ? '' : 's'} already in ${imap.folder} ${c.skipped === 1 ? 'is' : 'are'} left behind: ${
        from === 'now'
          ? 'only what arrives from now on'
          : `only what arrived on or after ${from.toISOString().slice(0, 10)}`
      } is imported`,
    );
    return c;
  } catch (e) {
    throw new Error(
      `--${from === 'now' ? 'new-only' : 'since'}: can't read ${imap.folder} to start after its backlog: ${troubleOf(e, imap).words}; nothing was added`,
    );
  }
}

export async function add(values: Values, rest: string[]): Promise<number> {
  if (rest.length > 0) throw new MailboxUsage(`unexpected argument '${rest[0]}'`);
  if (values.board === undefined) throw new MailboxUsage('add needs --board BOARD');
  if (values.imap === undefined) throw new MailboxUsage('add needs --imap imaps://USER@HOST/FOLDER');
  const { parseServerUrl, urlOf, BadMailboxUrl } = await import('../../server/mail/imap/mailbox-url.js');
  const { addressOf } = await import('../../server/mail/smtp.js');
  const parsed = (text: string, kind: 'imap' | 'smtp') => {
    try {
      return parseServerUrl(text, kind);
    } catch (e) {
      if (e instanceof BadMailboxUrl) throw new MailboxUsage(`--${kind}: ${e.message}`);
      throw e;
    }
  };
  const imap = parsed(values.imap, 'imap');
  const smtp = values.smtp === undefined ? null : parsed(values.smtp, 'smtp');
  const from = values.from ?? (/^[^\s@]+@[^\s@]+$/.test(imap.user) ? imap.user : undefined);
  if (from === undefined)
    throw new MailboxUsage(`--from ADDRESS is needed: the IMAP user '${imap.user}' is not an email address`);
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(addressOf(from)))
    throw new MailboxUsage(`--from '${from}' is not an email address such as support@example.com`);
  if (smtp !== null && smtp.user === '' && values['smtp-password-file'] !== undefined)
    throw new MailboxUsage(
      '--smtp-password-file: the SMTP URL names no user, so it logs in with none (name the user in the URL to log in)',
    );
  const after = afterImport(values['after-import']);
  const start = await importStart(values);
  const credentials: Credentials = {
    imap: await imapCredential(values, imap.password),
    smtp:
      smtp?.password !== undefined
        ? { kind: 'password', password: smtp.password }
        : values['smtp-password-file'] !== undefined
          ? { kind: 'password', password: await fileText(values['smtp-password-file'], 'SMTP password') }
          : null,
  };
  // Where the import starts is read from the folder before anything is written.
  const cursor = start === null ? null : await readCursor(imap, credentials.imap, start);
  if (imap.password !== undefined || smtp?.password !== undefined)
    say(
      'the password was given in a URL: it may be in your shell history; --password-file or INBOARD_MAILBOX_PASSWORD keep it out of both',
    );
  return withDatabase(values, async (db, target) => {
    const { ensureSecretBox } = await import('../../server/secrets.js');
    const { addMailbox } = await import('../../server/mail/imap/mailbox-store.js');
    const { MAILBOXES_CHANNEL } = await import('../../server/mail/imap/supervisor.js');
    const secrets = ensureSecretBox(secretFilePath(target));
    const id = await db.tx(async (sql) => {
      const { board, column } = await boardAndColumn(sql, values);
      const imapUrl = urlOf(imap);
      const twin = await sql.get<{ id: number; board_id: number }>(
        'SELECT id, board_id FROM mailboxes WHERE imap_url = ?',
        [imapUrl],
      );
      if (twin !== undefined)
        throw new MailboxUsage(
          `${imapUrl} is mailbox ${twin.id} already (on board ${twin.board_id}): remove it first to move it`,
        );
      const made = await addMailbox(sql, secrets, {
        boardId: Number(board.id),
        columnId: column === null ? null : Number(column.id),
        address: addressOf(from),
        imapUrl,
        smtpUrl: smtp === null ? null : urlOf(smtp),
        from,
        credentials,
        afterImport: after,
      });
      if (cursor !== null)
        await sql.run('UPDATE mailboxes SET uid_validity = ?, last_uid = ? WHERE id = ?', [
          cursor.uidValidity,
          cursor.lastUid,
          made,
        ]);
      await sql.signal(MAILBOXES_CHANNEL);
      return made;
    });
    say(
      `passwords sealed with the key in ${secrets.path}; inboard serve on this database watches it now (inboard mailbox test ${id})`,
    );
    process.stdout.write(`${id}\n`);
    return 0;
  });
}
