/**
 * The mailboxes table: what `inboard mailbox …` adds, lists and removes,
 * the watcher's state in words, its UID cursor, and the lease that lets one
 * instance of a team server watch a mailbox at a time.
 */
import { isoNow } from '../../db.js';
import type { SecretBox } from '../../secrets.js';
import type { Sql } from '../../sql/sql.js';
import { readCredentials, type Credentials } from './credentials.js';

export type AfterImport = 'keep' | 'seen' | `move:${string}`;

export interface MailboxRow {
  id: number;
  board_id: number;
  column_id: number | null;
  address: string;
  imap_url: string;
  smtp_url: string | null;
  from_addr: string;
  secret: Buffer;
  after_import: AfterImport;
  created_at: string;
  uid_validity: string | null;
  last_uid: number;
  imported: number;
  last_message_at: string | null;
  state: MailboxState;
  state_words: string;
  state_at: string | null;
  lease_owner: string | null;
  lease_until_ms: number;
}

/**
 * waiting: no instance has watched it yet; idle: connected, IMAP IDLE;
 * polling: connected to a server without IDLE; importing: catching up;
 * the rest are why it is not connected (state_words has the server's words).
 */
export type MailboxState =
  'waiting' | 'connecting' | 'idle' | 'polling' | 'importing' | 'login-failed' | 'unreachable' | 'no-folder' | 'failed';

export const STUCK_STATES: readonly MailboxState[] = ['login-failed', 'unreachable', 'no-folder', 'failed'];

export interface NewMailbox {
  boardId: number;
  columnId: number | null;
  address: string;
  imapUrl: string;
  smtpUrl: string | null;
  from: string;
  credentials: Credentials;
  afterImport: AfterImport;
}

/** Numbers from PostgreSQL's BIGINT arrive as text; these columns are small. */
export function mailboxOf(r: MailboxRow): MailboxRow {
  return {
    ...r,
    id: Number(r.id),
    board_id: Number(r.board_id),
    column_id: r.column_id === null ? null : Number(r.column_id),
    last_uid: Number(r.last_uid),
    imported: Number(r.imported),
    lease_until_ms: Number(r.lease_until_ms),
  };
}

export async function addMailbox(sql: Sql, box: SecretBox, m: NewMailbox, nowMs = Date.now()): Promise<number> {
  const row = await sql.get<{ id: number }>(
    `INSERT INTO mailboxes (board_id, column_id, address, imap_url, smtp_url, from_addr, secret, after_import,
       created_at, state, state_words)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', 'not watched yet: inboard serve watches it once it runs')
     RETURNING id`,
    [
      m.boardId,
      m.columnId,
      m.address,
      m.imapUrl,
      m.smtpUrl,
      m.from,
      box.seal(JSON.stringify(m.credentials)),
      m.afterImport,
      isoNow(nowMs),
    ],
  );
  return Number(row?.id);
}

export async function allMailboxes(sql: Sql): Promise<MailboxRow[]> {
  return (await sql.all<MailboxRow>('SELECT * FROM mailboxes ORDER BY id')).map(mailboxOf);
}

export async function mailboxById(sql: Sql, id: number): Promise<MailboxRow | undefined> {
  const r = await sql.get<MailboxRow>('SELECT * FROM mailboxes WHERE id = ?', [id]);
  return r === undefined ? undefined : mailboxOf(r);
}

export async function mailboxesOfBoard(sql: Sql, boardId: number): Promise<MailboxRow[]> {
  return (await sql.all<MailboxRow>('SELECT * FROM mailboxes WHERE board_id = ? ORDER BY id', [boardId])).map(
    mailboxOf,
  );
}

export async function removeMailbox(sql: Sql, id: number): Promise<boolean> {
  return (await sql.run('DELETE FROM mailboxes WHERE id = ?', [id])) > 0;
}

export function credentialsOf(box: SecretBox, m: MailboxRow): Credentials {
  return readCredentials(box.open(m.secret));
}

/** Writes the state only when it changed, so a mailbox that keeps failing writes (and logs) once. */
export async function setState(
  sql: Sql,
  id: number,
  state: MailboxState,
  words: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const n = await sql.run(
    'UPDATE mailboxes SET state = ?, state_words = ?, state_at = ? WHERE id = ? AND (state <> ? OR state_words <> ?)',
    [state, words, isoNow(nowMs), id, state, words],
  );
  return n > 0;
}

/**
 * Takes or renews the lease: free, expired, or already ours. Several
 * instances may run this at once; the row's update decides who holds it.
 */
export async function takeLease(sql: Sql, id: number, owner: string, nowMs: number, forMs: number): Promise<boolean> {
  const n = await sql.run(
    `UPDATE mailboxes SET lease_owner = ?, lease_until_ms = ?
     WHERE id = ? AND (lease_owner IS NULL OR lease_owner = ? OR lease_until_ms < ?)`,
    [owner, nowMs + forMs, id, owner, nowMs],
  );
  return n > 0;
}

export async function dropLease(sql: Sql, id: number, owner: string): Promise<void> {
  await sql.run('UPDATE mailboxes SET lease_owner = NULL, lease_until_ms = 0 WHERE id = ? AND lease_owner = ?', [
    id,
    owner,
  ]);
}
