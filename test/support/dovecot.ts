/**
 * A real IMAP server for the tests: Debian's Dovecot (installed with apt-get
 * when missing and we are root), a throwaway instance in a temp dir with its
 * own base_dir, logs and state, on a free loopback port, so it runs beside any
 * system instance. Plain LOGIN on loopback (ssl = no), passwd-file users.
 *
 * Dovecot refuses to keep mail as uid 0 (first_valid_uid), so as root the
 * maildirs belong to a dedicated system user (`inboardmail`, created when missing);
 * the daemon itself starts as root and drops to it per session.
 *
 * append() and list() go through imapflow, never hand-written IMAP; list()
 * EXAMINEs the folder and fetches no body, so it never sets \Seen.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import {
  config,
  dovecotProcess,
  findDoveadm,
  findDovecot,
  freePort,
  installDebianPackage,
  isRoot,
  mailOwner,
  watchOver,
  type Layout,
} from './dovecot-instance.js';

export interface TestImapServer {
  host: string;
  /** Plain IMAP (no TLS) on loopback. */
  port: number;
  /** imap://user%40domain:password@127.0.0.1:PORT, with /FOLDER when given (each part percent-encoded). */
  url(user: string, folder?: string): string;
  password(user: string): string;
  /** APPENDs raw bytes to a user's folder (INBOX by default) with the given flags (e.g. ['\\Seen']). */
  append(
    user: string,
    raw: Buffer,
    opts?: { folder?: string; flags?: string[]; date?: Date },
  ): Promise<{ uid: number; uidValidity: bigint }>;
  /** Many APPENDs over one connection (a backlog); their UIDs in order. */
  appendMany(user: string, raws: Buffer[], opts?: { folder?: string; flags?: string[] }): Promise<number[]>;
  /** What a folder holds now, by uid; read without touching any flag. */
  list(user: string, folder?: string): Promise<ImapListedMessage[]>;
  /**
   * Gives the folder a new UIDVALIDITY (doveadm mailbox update), keeping its messages and their uids; the new
   * value. A session that has the folder selected hears nothing at once (not even in IDLE): Dovecot drops it
   * at its next sync (a NOOP, or the next message arriving), and only a new SELECT sees the new value.
   */
  changeUidValidity(user: string, folder?: string): Promise<bigint>;
  createFolder(user: string, name: string): Promise<void>;
  deleteFolder(user: string, name: string): Promise<void>;
  /** Stops Dovecot (every connection drops) and starts it again on the same port with the same mail. */
  restart(): Promise<void>;
  /** Stops Dovecot but keeps its mail, as an outage would; resume() starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops Dovecot and removes its mail. */
  stop(): Promise<void>;
}

export interface ImapListedMessage {
  uid: number;
  flags: string[];
  messageId: string | null;
  size: number;
}

export interface DovecotOptions {
  /** Default: support@acme.test and other@acme.test. */
  users?: string[];
  /** false: IDLE left out of the capabilities, so clients must poll. Default true. */
  idle?: boolean;
  /** A Sent folder (special_use \Sent, auto = create) in the inbox namespace. Default true. */
  sentFolder?: boolean;
}

export const DEFAULT_IMAP_USERS = ['support@acme.test', 'other@acme.test'];
/** Starts a throwaway Dovecot; throws, saying why, when it can't. */
export async function startDovecot(opts: DovecotOptions = {}): Promise<TestImapServer> {
  let dovecot = findDovecot();
  if (dovecot === undefined && isRoot()) {
    installDebianPackage();
    dovecot = findDovecot();
  }
  const doveadm = findDoveadm();
  if (dovecot === undefined || doveadm === undefined) {
    throw new Error(
      'Dovecot for the tests: no dovecot or doveadm (looked in /usr/sbin, /usr/bin and on PATH) and not root to ' +
        "apt-get install dovecot-imapd. Install Debian's dovecot-imapd.",
    );
  }
  const users = opts.users ?? DEFAULT_IMAP_USERS;
  if (users.length === 0) throw new Error('startDovecot: at least one user');
  const dir = mkdtempSync(join(tmpdir(), 'inboard-dovecot-'));
  // Dovecot's auth process (not root) reads the passwd file through this dir.
  chmodSync(dir, 0o755);
  for (const d of ['run', 'state', 'mail']) mkdirSync(join(dir, d));
  const owner = mailOwner();
  if (isRoot()) chownSync(join(dir, 'mail'), owner.uid, owner.gid);
  const passwords = new Map(users.map((u) => [u, `pw-${Math.random().toString(36).slice(2, 12)}`]));
  writeFileSync(join(dir, 'passwd'), [...passwords].map(([u, p]) => `${u}:{PLAIN}${p}::::::\n`).join(''), {
    mode: 0o644,
  });
  const layout: Layout = { dir, port: await freePort(), sentFolder: opts.sentFolder ?? true };
  const confFile = join(dir, 'dovecot.conf');
  writeFileSync(confFile, config(layout));

  const { resume, pause, killNow } = dovecotProcess(dovecot, confFile, dir, layout.port);
  process.once('exit', killNow);
  watchOver(process.pid, dir);

  const password = (user: string): string => {
    const p = passwords.get(user);
    if (p === undefined) throw new Error(`The test IMAP server has no user ${user} (it has ${users.join(', ')})`);
    return p;
  };
  const session = async <T>(user: string, fn: (c: ImapFlow) => Promise<T>): Promise<T> => {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port: layout.port,
      secure: false,
      auth: { user, pass: password(user) },
      logger: false,
    });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.logout().catch(() => c.close());
    }
  };
  const doveadmRun = (args: string[]): string => {
    try {
      return execFileSync(doveadm, ['-c', confFile, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`doveadm ${args.join(' ')} failed: ${e.stderr?.trim() || e.message}`);
    }
  };

  try {
    await resume();
    if (opts.idle === false) {
      // Dovecot 2.3 can only replace the whole list: ask it for its own, then announce it without IDLE.
      const own = await session(users[0] as string, async (c) => [...c.capabilities.keys()]);
      layout.capabilities = own.filter((cap) => cap !== 'IDLE');
      writeFileSync(confFile, config(layout));
      await pause();
      await resume();
    }
  } catch (err) {
    await pause();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  return {
    host: '127.0.0.1',
    port: layout.port,
    password,
    url(user, folder) {
      const base = `imap://${encodeURIComponent(user)}:${encodeURIComponent(password(user))}@127.0.0.1:${layout.port}`;
      return folder === undefined ? base : `${base}/${folder.split('/').map(encodeURIComponent).join('/')}`;
    },
    append: (user, raw, o = {}) =>
      session(user, async (c) => {
        const folder = o.folder ?? 'INBOX';
        const r = await c.append(folder, raw, o.flags ?? [], o.date);
        if (r === false || r.uid === undefined || r.uidValidity === undefined) {
          throw new Error(`APPEND to ${user}'s ${folder} answered no UID (UIDPLUS)`);
        }
        return { uid: r.uid, uidValidity: r.uidValidity };
      }),
    appendMany: (user, raws, o = {}) =>
      session(user, async (c) => {
        const uids: number[] = [];
        for (const raw of raws) {
          const r = await c.append(o.folder ?? 'INBOX', raw, o.flags ?? []);
          if (r === false || r.uid === undefined) throw new Error(`APPEND to ${user} answered no UID (UIDPLUS)`);
          uids.push(r.uid);
        }
        return uids;
      }),
    list: (user, folder = 'INBOX') =>
      session(user, async (c) => {
        // EXAMINE (read-only): nothing in the folder can change, \Seen least of all.
        const box = await c.mailboxOpen(folder, { readOnly: true });
        if (box.exists === 0) return [];
        const got = await c.fetchAll('1:*', { uid: true, flags: true, size: true, envelope: true });
        return got
          .map((m) => ({
            uid: m.uid,
            // \Recent only says which session saw it first (gone in IMAP4rev2): not the mailbox's state.
            flags: [...(m.flags ?? [])].filter((f) => f !== '\\Recent').sort(),
            messageId: m.envelope?.messageId ?? null,
            size: m.size ?? 0,
          }))
          .sort((a, b) => a.uid - b.uid);
      }),
    async changeUidValidity(user, folder = 'INBOX') {
      const status = doveadmRun(['mailbox', 'status', '-u', user, 'uidvalidity', folder]);
      const now = BigInt(/uidvalidity=(\d+)/.exec(status)?.[1] ?? '0');
      // UIDVALIDITY is a non-zero 32-bit number.
      const next = now >= 0xffffffffn ? 1n : now + 1n;
      doveadmRun(['mailbox', 'update', '-u', user, '--uid-validity', String(next), folder]);
      return next;
    },
    createFolder: (user, name) => session(user, async (c) => void (await c.mailboxCreate(name))),
    deleteFolder: (user, name) => session(user, async (c) => void (await c.mailboxDelete(name))),
    restart: async () => {
      await pause();
      await resume();
    },
    pause,
    resume,
    async stop() {
      process.off('exit', killNow);
      try {
        await pause();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
