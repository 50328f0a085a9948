/**
 * What the engine benches share: a durable PostgreSQL (fsync on, as a team
 * would run it), instances of the service in processes of their own
 * (engine-target.ts), a board with one big column written straight into
 * either engine, and the CPU time of the database's own processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { openDb } from '../../src/server/db.js';
import { GAP } from '../../src/server/positions.js';
import { createDatabase, startPostgres, type TestCluster } from '../../test/support/postgres.js';

export const KEY = 'bench-owner-key-000000001';
export const HEADERS = { authorization: KEY, 'content-type': 'application/json' };

export interface Instance {
  url: string;
  pid: number;
  /** Server CPU time (user + system) so far, µs. */
  cpu(): Promise<number>;
  /** RSS after a full GC (and the heap used), bytes. */
  memory(): Promise<{ rss: number; heapUsed: number }>;
  /** Starts a CPU profile of the instance; the returned function stops it and gives it. */
  profile(): Promise<() => Promise<unknown>>;
  stop(): Promise<void>;
}

const target = new URL('./engine-target.ts', import.meta.url).pathname;

/** Starts one instance of the service on `db` (a file or a postgres:// URL): this tree's, or that of the checkout at `tree`. */
export async function startInstance(db: string, tree?: string): Promise<Instance> {
  const script = tree === undefined ? target : join(tree, 'bench/lib/engine-target.ts');
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
    ...(tree === undefined ? {} : { cwd: tree }),
    env: { ...process.env, NODE_ENV: 'production', BENCH_DB: db, BENCH_KEY: KEY },
  });
  const line = await new Promise<string>((resolve, reject) => {
    if (child.stdout === null) throw new Error('no stdout');
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench instance exited (${code})`)));
  });
  const { url, side } = JSON.parse(line) as { url: string; side: string };
  const json = async <T>(path: string, method = 'GET'): Promise<T> =>
    (await (await fetch(side + path, { method })).json()) as T;
  return {
    url,
    pid: child.pid ?? 0,
    async cpu() {
      const u = await json<{ user: number; system: number }>('/cpu');
      return u.user + u.system;
    },
    async memory() {
      await json('/gc', 'POST');
      return json<{ rss: number; heapUsed: number }>('/mem');
    },
    async profile() {
      await json('/profile/start', 'POST');
      return () => json('/profile/stop', 'POST');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface Cluster {
  /** A database of its own for this bench on the cluster. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startDurablePostgres(): Promise<Cluster> {
  const cluster: TestCluster = await startPostgres({ durable: true });
  const url = await createDatabase(cluster.url);
  return { url, port: Number(new URL(cluster.url).port), stop: () => cluster.stop() };
}

export interface Column {
  boardId: number;
  columnId: number;
  /** Card ids, in column order. */
  ids: number[];
}

async function post<T>(url: string, path: string, body: unknown): Promise<T> {
  const r = await fetch(url + path, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  const json = (await r.json()) as { data: T };
  if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.data;
}

const title = (i: number) => `Re: ticket #${i} — customer question ${'✉️'.repeat(i % 3)}`;
const created = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();

/**
 * A board with one column of `cards` cards: board and column through the
 * API of the instance at `url`, the cards straight into the database (the
 * rows POST /v2/card writes, GAP apart) — the setup, not what is measured.
 */
export async function seedColumn(db: string, url: string, cards: number): Promise<Column> {
  const boardId = (await post<{ Id: number }>(url, '/v2/board', { Name: 'Bench' })).Id;
  await post(url, `/v2/board/${boardId}/column`, { Name: 'Big' });
  const cols = (await (await fetch(`${url}/v2/board/${boardId}/columns`, { headers: HEADERS })).json()) as {
    data: { Id: number }[];
  };
  const columnId = cols.data[0]?.Id;
  if (columnId === undefined) throw new Error('the bench column was not created');
  const ids: number[] = [];
  if (db.startsWith('postgres')) {
    const c = new pg.Client({ connectionString: db });
    await c.connect();
    try {
      await c.query('BEGIN');
      for (let i = 0; i < cards; i++) {
        const r = await c.query<{ id: string }>(
          `INSERT INTO cards (board_id, column_id, title, thread_owner_email, position, created_at)
           VALUES ($1, $2, $3, 'owner@inboard.local', $4, $5) RETURNING id`,
          [boardId, columnId, title(i), i * GAP, created(i)],
        );
        ids.push(Number(r.rows[0]?.id));
      }
      await c.query('COMMIT');
      await c.query('ANALYZE');
    } finally {
      await c.end();
    }
  } else {
    const sqlite = openDb(db);
    const insert = sqlite.prepare(
      `INSERT INTO cards (board_id, column_id, title, thread_owner_email, position, created_at)
       VALUES (?, ?, ?, 'owner@inboard.local', ?, ?)`,
    );
    sqlite.transaction(() => {
      for (let i = 0; i < cards; i++) {
        ids.push(Number(insert.run(boardId, columnId, title(i), i * GAP, created(i)).lastInsertRowid));
      }
    })();
    sqlite.close();
  }
  return { boardId, columnId, ids };
}

const TICKS = 100; // USER_HZ on Linux: /proc's CPU times are in 1/100 s

/**
 * CPU time (µs) of each process of the cluster listening on `port`: its
 * postmaster and every backend and worker under it, by pid. The pool closes
 * idle connections, and a backend's time leaves /proc with it, so compare
 * two readings with `cpuSince`.
 */
export function postgresCpu(port: number): Map<string, number> {
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const stat = (pid: string) => {
    try {
      const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the ")" that closes the command name: state is 3rd, ppid 4th, utime 14th, stime 15th.
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      return { ppid: f[1] as string, cpu: ((Number(f[11]) + Number(f[12])) / TICKS) * 1e6 };
    } catch {
      return undefined;
    }
  };
  const master = procs.find((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return cmd.some((a) => a.endsWith('postgres')) && cmd.join(' ').includes(`-p ${port} `);
    } catch {
      return false;
    }
  });
  const out = new Map<string, number>();
  if (master === undefined) return out;
  out.set(master, stat(master)?.cpu ?? 0);
  for (const pid of procs) {
    const s = stat(pid);
    if (s?.ppid === master) out.set(pid, s.cpu);
  }
  return out;
}

/** CPU µs spent between two readings by the processes alive at the second (those gone meanwhile are not counted). */
export function cpuSince(before: Map<string, number>, after: Map<string, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum;
}
