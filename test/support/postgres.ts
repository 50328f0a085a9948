/**
 * A real PostgreSQL for the test run: Debian's binaries (installed with
 * apt-get when missing and we are root), a throwaway cluster in a temp dir,
 * on a free loopback port. test/global-setup.ts starts one per run and hands
 * its URL to the test processes in INBOARD_TEST_PG_URL; test files take a
 * fresh database each with freshPostgresUrl().
 *
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the
 * `postgres` user and its commands run through runuser.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

export const TEST_PG_ENV = 'INBOARD_TEST_PG_URL';
/** Roles in this group must log in with their password (pg_hba below): the wrong-password tests. */
export const PASSWORD_ROLE_GROUP = 'inboard_password_users';

export interface TestCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Stops the server but keeps its data, as an outage would; resume() starts it again on the same port. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

const isRoot = (): boolean => process.getuid?.() === 0;

function findBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(root, versions[0], 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb !== '') return dirname(realpathSync(initdb));
  } catch {
    // not on PATH either
  }
  return undefined;
}

function installDebianPackage(): void {
  execFileSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq postgresql'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 600_000,
  });
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

/** Runs a PostgreSQL command as the cluster's owner; its stderr is the error's message. */
function runAsOwner(bin: string, args: string[]): void {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
    const said = `${e.stderr?.toString() ?? ''}${e.stdout?.toString() ?? ''}`.trim();
    throw new Error(`${bin} ${args.join(' ')} failed: ${said || e.message}`);
  }
}

const HBA = `# Tests only: everyone trusted on loopback, but the password group.
local all all trust
host all +${PASSWORD_ROLE_GROUP} 127.0.0.1/32 scram-sha-256
host all all 127.0.0.1/32 trust
host all all ::1/128 trust
`;

export interface ClusterOptions {
  /**
   * fsync, synchronous commit and full-page writes on, as a server people
   * rely on runs: for benchmark figures. Off by default (tests only).
   */
  durable?: boolean;
}

/** Starts a throwaway cluster; throws, saying why, when it can't. */
export async function startPostgres(opts: ClusterOptions = {}): Promise<TestCluster> {
  let bin = findBinaries();
  if (bin === undefined && isRoot()) {
    installDebianPackage();
    bin = findBinaries();
  }
  if (bin === undefined) {
    throw new Error(
      'PostgreSQL for the tests: no initdb (looked in /usr/lib/postgresql/*/bin and on PATH) and not root to apt-get install postgresql. ' +
        `Install Debian's postgresql, or set ${TEST_PG_ENV} to a server's URL.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'inboard-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  runAsOwner(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  writeFileSync(join(data, 'pg_hba.conf'), HBA);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // Tests only: a crash of the test machine loses nothing worth keeping. And no autovacuum: a run
    // makes hundreds of small databases that live a few seconds, which the launcher would visit in turn.
    ...(opts.durable === true
      ? []
      : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c autovacuum=off']),
    '-c max_connections=300',
  ].join(' ');
  const pgCtl = join(bin, 'pg_ctl');
  const resume = (): void =>
    runAsOwner(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  const pause = (): void => runAsOwner(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  resume();
  const stop = async (): Promise<void> => {
    try {
      runAsOwner(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  watchOver(process.pid, pgCtl, data, dir);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await withClient(url, (c) => c.query(`CREATE ROLE ${PASSWORD_ROLE_GROUP} NOLOGIN`));
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pause, resume, stop };
}

/** If the run dies without its teardown, the cluster goes with it rather than linger. */
function watchOver(pid: number, pgCtl: string, data: string, dir: string): void {
  const stopCmd = isRoot()
    ? `runuser -u postgres -- "${pgCtl}" -D "${data}" -m immediate stop`
    : `"${pgCtl}" -D "${data}" -m immediate stop`;
  const script = `while kill -0 ${pid} 2>/dev/null && [ -d "${data}" ]; do sleep 2; done; [ -d "${data}" ] && { ${stopCmd}; rm -rf "${dir}"; }`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let created = 0;
/** Per server: whether CREATE DATABASE takes STRATEGY (PostgreSQL 15 and later). */
const strategyKnown = new Map<string, Promise<boolean>>();

/**
 * A new, empty database on the server at `baseUrl`; its URL. Copied as files
 * where the server can (STRATEGY = FILE_COPY): PostgreSQL 15's default writes
 * the whole template through the WAL, about 75 ms a database against 22 ms,
 * and the suites make hundreds of them.
 */
export async function createDatabase(baseUrl: string, template?: string): Promise<string> {
  const name = `inboard_${process.pid}_${++created}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(baseUrl, async (c) => {
    let fileCopy = strategyKnown.get(baseUrl);
    if (fileCopy === undefined) {
      fileCopy = c.query<{ v: string }>('SHOW server_version_num').then((r) => Number(r.rows[0]?.v) >= 150000);
      strategyKnown.set(baseUrl, fileCopy);
    }
    const from = template === undefined ? '' : ` TEMPLATE ${template}`;
    await c.query(`CREATE DATABASE ${name}${from}${(await fileCopy) ? ' STRATEGY = FILE_COPY' : ''}`);
  });
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

function testServerUrl(): string {
  const base = process.env[TEST_PG_ENV];
  if (base === undefined || base === '') {
    throw new Error(`${TEST_PG_ENV} is not set: run the tests through vitest (test/global-setup.ts starts PostgreSQL)`);
  }
  return base;
}

/** A fresh, empty database on this test run's server (test/global-setup.ts started it). */
export function freshPostgresUrl(): Promise<string> {
  return createDatabase(testServerUrl());
}

/** Per server: the name of a database this process brought to the schema's version, to copy. */
const migratedTemplates = new Map<string, Promise<string>>();

/**
 * A fresh database already at the schema's version, for a service under
 * test: a copy of one `migrate` brought there once in this process, rather
 * than every suite's service running every migration again. The migrations
 * themselves run on empty databases in their own suites
 * (test/server/ops/migrations.test.ts, test/server/sql/).
 */
export async function freshMigratedPostgresUrl(migrate: (url: string) => Promise<void>): Promise<string> {
  const base = testServerUrl();
  let template = migratedTemplates.get(base);
  if (template === undefined) {
    template = createDatabase(base).then(async (url) => {
      await migrate(url);
      return new URL(url).pathname.slice(1);
    });
    migratedTemplates.set(base, template);
  }
  return createDatabase(base, await template);
}
