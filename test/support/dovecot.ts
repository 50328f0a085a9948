/**
 * A real IMAP server for the tests: Debian's Dovecot (installed with apt-get
 * when missing and we are root), a throwaway instance in a temp dir with its
 * own base_dir, logs and state, on a free loopback port, so it runs beside any
 * system instance. Plain LOGIN on loopback (ssl = no), passwd-file users.
 *
 * Dovecot refuses to keep mail as uid 0 (first_valid_uid), so as root the
 * maildirs belong to a dedicated system user (MAIL_USER, created when missing);
 * the daemon itself starts as root and drops to it per session.
 *
 * append() and list() go through imapflow, never hand-written IMAP; list()
 * EXAMINEs the folder and fetches no body, so it never sets \Seen.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

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
    opts?: { folder?: string; flags?: string[] },
  ): Promise<{ uid: number; uidValidity: bigint }>;
  /** What a folder holds now, by uid; read without touching any flag. */
  list(user: string, folder?: string): Promise<ImapListedMessage[]>;
  /** Gives the folder a new UIDVALIDITY (doveadm mailbox update), keeping its messages; the new value. */
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
/** Owns the maildirs when we are root (Dovecot won't keep mail as root). */
const MAIL_USER = 'inboardmail';

const isRoot = (): boolean => process.getuid?.() === 0;

function findBinary(name: string, dirs: string[]): string | undefined {
  for (const d of dirs) if (existsSync(join(d, name))) return join(d, name);
  try {
    const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    return found === '' ? undefined : found;
  } catch {
    return undefined;
  }
}

const findDovecot = (): string | undefined => findBinary('dovecot', ['/usr/sbin', '/usr/local/sbin']);
const findDoveadm = (): string | undefined => findBinary('doveadm', ['/usr/bin', '/usr/local/bin']);

function installDebianPackage(): void {
  execFileSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq dovecot-imapd'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 600_000,
  });
}

/** The system user the mail belongs to: MAIL_USER as root (created when missing), else ourselves. */
function mailOwner(): { name: string; uid: number; gid: number } {
  if (!isRoot()) {
    const me = userInfo();
    return { name: me.username, uid: me.uid, gid: me.gid };
  }
  const id = (flag: string): number => Number(execFileSync('id', [flag, MAIL_USER], { encoding: 'utf8' }).trim());
  try {
    return { name: MAIL_USER, uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      MAIL_USER,
    ]);
    return { name: MAIL_USER, uid: id('-u'), gid: id('-g') };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr !== null ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** True once something on the port greets with `* OK` (Dovecot's imap-login is up). */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let said = '';
    const done = (ok: boolean): void => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(1_000, () => done(false));
    sock.on('error', () => done(false));
    sock.on('data', (d: Buffer) => {
      said += d.toString('latin1');
      if (said.includes('\n')) done(said.startsWith('* OK'));
    });
  });
}

interface Layout {
  dir: string;
  port: number;
  sentFolder: boolean;
  /** Capabilities to announce instead of Dovecot's own (idle: false). */
  capabilities?: string[];
}

function config({ dir, port, sentFolder, capabilities }: Layout): string {
  const owner = mailOwner();
  // Not root: every Dovecot process runs as us, and nothing can chroot.
  const internal = isRoot() ? 'dovecot' : owner.name;
  const login = isRoot() ? 'dovenull' : owner.name;
  const noChroot = isRoot() ? '' : 'chroot =';
  return `# A throwaway instance for the tests (test/support/dovecot.ts).
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/log
instance_name = inboard-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A refused password answers at once (the default waits 2 s).
auth_failure_delay = 0
default_internal_user = ${internal}
default_login_user = ${login}
first_valid_uid = ${owner.uid}
mail_location = maildir:${dir}/mail/%d/%n
# Tests open many connections per user (a watcher, the helper, a second import).
mail_max_userip_connections = 100
mail_fsync = never
${capabilities === undefined ? '' : `imap_capability = ${capabilities.join(' ')}`}
service imap-login {
  ${noChroot}
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  ${noChroot}
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%d/%n
}
namespace inbox {
  inbox = yes
  separator = /
${sentFolder ? '  mailbox Sent {\n    special_use = \\Sent\n    auto = create\n  }' : ''}
}
`;
}

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

  let child: ChildProcess | undefined;
  const log = (): string => (existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim() : '');
  const resume = async (): Promise<void> => {
    if (child !== undefined) return;
    const proc = spawn(dovecot, ['-F', '-c', confFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    let exited = false;
    proc.once('exit', () => (exited = true));
    child = proc;
    const deadline = Date.now() + 20_000;
    while (!(await greets(layout.port))) {
      if (exited || Date.now() > deadline) {
        child = undefined;
        proc.kill('SIGKILL');
        const why = exited ? `exited with ${String(proc.exitCode)}` : 'no `* OK` greeting within 20 s';
        throw new Error(`Dovecot for the tests ${why} on port ${layout.port}: ${`${stderr}\n${log()}`.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const pause = async (): Promise<void> => {
    const proc = child;
    if (proc === undefined) return;
    child = undefined;
    if (proc.exitCode === null && proc.signalCode === null) {
      const gone = new Promise((r) => proc.once('exit', r));
      // The master leaves its imap processes behind, and they keep their clients
      // for ~10 s: kill them too, so every connection drops as in an outage.
      const sessions = proc.pid === undefined ? [] : childrenOf(proc.pid);
      proc.kill('SIGTERM');
      for (const pid of sessions) killQuietly(pid);
      await gone;
    }
  };
  const killNow = (): void => void child?.kill('SIGTERM');
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
        const r = await c.append(folder, raw, o.flags ?? []);
        if (r === false || r.uid === undefined || r.uidValidity === undefined) {
          throw new Error(`APPEND to ${user}'s ${folder} answered no UID (UIDPLUS)`);
        }
        return { uid: r.uid, uidValidity: r.uidValidity };
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

/** The processes whose parent is `pid` (Dovecot's master forks every service itself), from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** If the run dies without its teardown (even SIGKILL), the instance goes with it rather than linger. */
function watchOver(pid: number, dir: string): void {
  const script = `while kill -0 ${pid} 2>/dev/null && [ -d "${dir}" ]; do sleep 2; done; [ -d "${dir}" ] && { [ -f "${dir}/run/master.pid" ] && kill "$(cat "${dir}/run/master.pid")"; sleep 1; rm -rf "${dir}"; }`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}
