/**
 * The parts of the tests' Dovecot (test/support/dovecot.ts) that are about
 * the machine: finding or installing the binaries, who owns the mail, its
 * configuration, and the daemon's process — started in the foreground, and
 * stopped so that every client connection drops.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';

/** Owns the maildirs when we are root (Dovecot won't keep mail as root). */
const MAIL_USER = 'inboardmail';

export const isRoot = (): boolean => process.getuid?.() === 0;

function findBinary(name: string, dirs: string[]): string | undefined {
  for (const d of dirs) if (existsSync(join(d, name))) return join(d, name);
  try {
    const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    return found === '' ? undefined : found;
  } catch {
    return undefined;
  }
}

export const findDovecot = (): string | undefined => findBinary('dovecot', ['/usr/sbin', '/usr/local/sbin']);
export const findDoveadm = (): string | undefined => findBinary('doveadm', ['/usr/bin', '/usr/local/bin']);

export function installDebianPackage(): void {
  try {
    execFileSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq dovecot-imapd'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 600_000,
    });
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(
      `Dovecot for the tests: apt-get install dovecot-imapd failed: ${e.stderr?.toString().trim() || e.message}`,
    );
  }
}

/** The system user the mail belongs to: MAIL_USER as root (created when missing), else ourselves. */
export function mailOwner(): { name: string; uid: number; gid: number } {
  if (!isRoot()) {
    const me = userInfo();
    return { name: me.username, uid: me.uid, gid: me.gid };
  }
  const id = (flag: string): number =>
    Number(execFileSync('id', [flag, MAIL_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { name: MAIL_USER, uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      const args = ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', MAIL_USER];
      execFileSync('useradd', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (err) {
      // Another test process may have just made it: the lookup below tells.
      const e = err as { stderr?: Buffer; message: string };
      try {
        return { name: MAIL_USER, uid: id('-u'), gid: id('-g') };
      } catch {
        throw new Error(
          `Dovecot for the tests: no user ${MAIL_USER} to own the mail, and useradd failed: ${e.stderr?.toString().trim() || e.message}`,
        );
      }
    }
    return { name: MAIL_USER, uid: id('-u'), gid: id('-g') };
  }
}

export function freePort(): Promise<number> {
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

export interface Layout {
  dir: string;
  port: number;
  sentFolder: boolean;
  /** Capabilities to announce instead of Dovecot's own (idle: false). */
  capabilities?: string[];
}

export function config({ dir, port, sentFolder, capabilities }: Layout): string {
  const owner = mailOwner();
  // Not root: every Dovecot process runs as us, and nothing can chroot.
  const internal = isRoot() ? 'dovecot' : owner.name;
  const login = isRoot() ? 'dovenull' : owner.name;
  // Its sockets' group: we can only hand them to a group we are in.
  const group = isRoot() ? 'dovecot' : execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
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
default_internal_group = ${group}
default_login_user = ${login}
first_valid_uid = ${owner.uid}
mail_location = maildir:${dir}/mail/%d/%n
# Tests open many connections per user (a watcher, the helper, a second import).
mail_max_userip_connections = 100
# Tests only: nothing here is worth an fsync.
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
export function watchOver(pid: number, dir: string): void {
  const script = `while kill -0 ${pid} 2>/dev/null && [ -d "${dir}" ]; do sleep 2; done; [ -d "${dir}" ] && { [ -f "${dir}/run/master.pid" ] && kill "$(cat "${dir}/run/master.pid")"; sleep 1; rm -rf "${dir}"; }`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

/** The daemon of one instance, on its port: resume() starts it, pause() stops it. */
export function dovecotProcess(dovecot: string, confFile: string, dir: string, port: number) {
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
    while (!(await greets(port))) {
      if (exited || Date.now() > deadline) {
        child = undefined;
        proc.kill('SIGKILL');
        const why = exited ? `exited with ${String(proc.exitCode)}` : 'no `* OK` greeting within 20 s';
        throw new Error(`Dovecot for the tests ${why} on port ${port}: ${`${stderr}\n${log()}`.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  /** Signals the master and its processes; true when there was one to signal. */
  const kill = (proc: ChildProcess): boolean => {
    if (proc.exitCode !== null || proc.signalCode !== null) return false;
    // The master leaves its imap processes behind, and they keep their clients
    // for ~10 s: kill them too, so every connection drops as in an outage.
    const sessions = proc.pid === undefined ? [] : childrenOf(proc.pid);
    proc.kill('SIGTERM');
    for (const pid of sessions) killQuietly(pid);
    return true;
  };
  const pause = async (): Promise<void> => {
    const proc = child;
    if (proc === undefined) return;
    child = undefined;
    const gone = new Promise((r) => proc.once('exit', r));
    if (kill(proc)) await gone;
  };
  /** For process exit: synchronous, no waiting. */
  const killNow = (): void => void (child !== undefined && kill(child));
  return { resume, pause, killNow };
}
