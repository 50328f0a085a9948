/**
 * A mailbox world for the tests: a real Dovecot (test/support/dovecot.ts), a
 * real service on loopback watching its mailboxes with short timers, a board
 * with two columns, and a test SMTP relay for the mailbox's replies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSecretBox } from '../../../../src/server/secrets.js';
import { startingCursor } from '../../../../src/server/mail/imap/import-from.js';
import { storedAddress } from '../../../../src/server/mail/imap/mailbox-url.js';
import {
  addMailbox,
  allMailboxes,
  type AfterImport,
  type MailboxRow,
} from '../../../../src/server/mail/imap/mailbox-store.js';
import type { SupervisorOptions } from '../../../../src/server/mail/imap/supervisor.js';
import { startDovecot, type DovecotOptions, type TestImapServer } from '../../../support/dovecot.js';
import { startRelay, type TestRelay } from '../../../support/mail.js';
import { startTestService, type TestService } from '../../helpers.js';

export const SUPPORT = 'support@acme.test';

/** Timers short enough for a test, the same code paths as in use. */
export const FAST: Omit<SupervisorOptions, 'ctx' | 'secrets' | 'log'> = {
  tickMs: 150,
  leaseMs: 1_500,
  watch: { pollMs: 250, backoff: { firstMs: 100, maxMs: 500, loginMs: 400 } },
};

export interface World {
  imap: TestImapServer;
  relay: TestRelay;
  s: TestService;
  boardId: number;
  columns: number[];
  secretFile: string;
  log: string[];
  /** Connects the board to a user's mailbox (as `inboard mailbox add` does); the mailbox's id. */
  connect(o?: {
    user?: string;
    folder?: string;
    afterImport?: AfterImport;
    password?: string;
    smtp?: boolean;
    /** Where the import starts, as `mailbox add --since DATE` / `--new-only` set it. */
    since?: Date | 'now';
  }): Promise<number>;
  mailbox(id: number): Promise<MailboxRow>;
  /** Cards on the board (archived too), oldest first. */
  cards(): Promise<{ id: number; title: string; archived: number; read_status: number }[]>;
  close(): Promise<void>;
}

export async function startWorld(
  o: { imap?: DovecotOptions; supervisor?: Omit<SupervisorOptions, 'ctx' | 'secrets' | 'log'> } = {},
): Promise<World> {
  const imap = await startDovecot(o.imap);
  const relay = await startRelay({ user: SUPPORT, pass: imap.password(SUPPORT) });
  const log: string[] = [];
  const keyDir = mkdtempSync(join(tmpdir(), 'inboard-secret-'));
  const secretFile = join(keyDir, 'mailbox.key');
  const s = await startTestService({ secretFile, watchMailboxes: o.supervisor ?? FAST, log: (l) => void log.push(l) });
  const board = await s.call('POST', '/v2/board', { body: { Name: 'Support Inbox' } });
  const boardId = Number(board.json.data.Id);
  for (const Name of ['New', 'Doing']) await s.call('POST', `/v2/board/${boardId}/column`, { body: { Name } });
  const cols = await s.call('GET', `/v2/board/${boardId}/columns`);
  const columns = (cols.json.data as { ColumnId: string }[]).map((c) => Number(c.ColumnId));
  const relayPort = new URL(relay.url).port;
  return {
    imap,
    relay,
    s,
    boardId,
    columns,
    secretFile,
    log,
    async connect(c = {}) {
      const user = c.user ?? SUPPORT;
      const folder = c.folder ?? 'INBOX';
      const imapUrl = `imap://${encodeURIComponent(user)}@127.0.0.1:${imap.port}/${folder}`;
      const password = c.password ?? imap.password(user);
      const cursor =
        c.since === undefined
          ? null
          : await startingCursor(storedAddress(imapUrl, 'imap'), { kind: 'password', password }, c.since);
      return s.withSql(async (db) => {
        const id = await addMailbox(db, ensureSecretBox(secretFile), {
          boardId,
          columnId: null,
          address: user,
          imapUrl,
          smtpUrl: c.smtp === false ? null : `smtp://${encodeURIComponent(user)}@127.0.0.1:${relayPort}`,
          from: `Acme Support <${user}>`,
          credentials: { imap: { kind: 'password', password }, smtp: null },
          afterImport: c.afterImport ?? 'keep',
        });
        if (cursor !== null)
          await db.run('UPDATE mailboxes SET uid_validity = ?, last_uid = ? WHERE id = ?', [
            cursor.uidValidity,
            cursor.lastUid,
            id,
          ]);
        await db.tx((sql) => sql.signal('inboard_mailboxes'));
        return id;
      });
    },
    mailbox: (id) =>
      s.withSql(async (db) => {
        const row = (await allMailboxes(db)).find((m) => m.id === id);
        if (row === undefined) throw new Error(`no mailbox ${id}`);
        return row;
      }),
    cards: () =>
      s.withSql((db) =>
        db.all<{ id: number; title: string; archived: number; read_status: number }>(
          'SELECT id, title, archived, read_status FROM cards WHERE board_id = ? ORDER BY id',
          [boardId],
        ),
      ),
    async close() {
      await s.close();
      await relay.close();
      await imap.stop();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` answers something other than undefined (polling; the test's own time limit bounds it). */
export async function until<T>(check: () => Promise<T | undefined | false>, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end)
      throw new Error(`gave up waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A world whose support mailbox is connected and idle: the start of most mailbox suites. */
export async function startWatched(): Promise<{ w: World; box: number }> {
  const w = await startWorld();
  const box = await w.connect();
  await until(async () => (await w.mailbox(box)).state === 'idle', 'the mailbox watched');
  return { w, box };
}
