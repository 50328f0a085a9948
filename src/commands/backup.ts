/**
 * `inboard backup FILE` and `inboard restore FILE`: a SQLite database and
 * its mailbox key file (FILE.key), copied whole or not at all. The backup
 * is SQLite's online backup, taken in one step from one read snapshot, so
 * `serve` keeps writing meanwhile; every file is written under a temporary
 * name and renamed into place. A restore refuses a database in use: it
 * asks SQLite for an exclusive lock, which any open connection (a running
 * `serve`, the board's embedded service) holds it off from.
 */
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDbPath, secretFilePath } from '../config/paths.js';

const HELP = `Usage: inboard backup FILE [--db PATH]
       inboard restore FILE [--db PATH]

backup copies a SQLite database (default ${defaultDbPath()}, or INBOARD_DB)
to FILE while inboard serve keeps writing, and its mailbox key file to
FILE.key (mode 0600). The key unseals the mailboxes' passwords: keep it as
secret as they are, and with the backup: without it the restored mailboxes
can't log in.

restore puts FILE (and FILE.key) back as the database (and its key file),
keeping what it replaces as PATH.before-restore. It refuses while anything
has the database open (stop inboard serve first), and refuses a file that
is not an inboard database. A restored server imports each mailbox from
where the backup's cursors stood: nothing lost, nothing doubled.

For PostgreSQL use pg_dump and pg_restore: docs/team-server.md.
`;

const say = (cmd: string, msg: string, code: number): number => {
  process.stderr.write(`inboard ${cmd}: ${msg}\n`);
  return code;
};

/** An error of the file system in words, naming the path. */
function fsWords(err: unknown, path: string): string {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return `the disk holding ${dirname(path)} is full`;
  if (code === 'ENOENT') return `the folder ${dirname(path)} does not exist`;
  if (code === 'EACCES' || code === 'EPERM') return `no permission to write in ${dirname(path)}`;
  return err instanceof Error ? err.message : String(err);
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Copies `from` to `to` under a temporary name, then renames it into place. */
function copyInPlace(from: string, to: string, mode?: number): void {
  const tmp = `${to}.tmp-${process.pid}`;
  try {
    copyFileSync(from, tmp);
    if (mode !== undefined) chmodSync(tmp, mode);
    syncFile(tmp);
    renameSync(tmp, to);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

type Sqlite = typeof import('better-sqlite3');

/** Why `path` is not an inboard database this build can serve, or null when it is one. */
async function notInboard(Database: Sqlite, path: string): Promise<string | null> {
  const { SCHEMA_VERSION } = await import('../server/db.js');
  let db;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    const version = Number(db.pragma('user_version', { simple: true }));
    if (!tables.has('meta') || !tables.has('boards') || !tables.has('users') || version < 1)
      return `${path} is a SQLite database, but not inboard's (no boards, users and meta tables)`;
    if (version > SCHEMA_VERSION)
      return `${path} has schema version ${version}, newer than this inboard's ${SCHEMA_VERSION}: restore it with that inboard`;
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return `${path} is damaged (SQLite's check: ${String(check)})`;
    return null;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') return `${path} is not an inboard database (not a SQLite file)`;
    return `${path}: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    db?.close();
  }
}

/**
 * A restored database is served by no one yet: the mailbox leases it was
 * copied with belong to instances of the database it was taken from, and
 * would keep every mailbox unwatched until they ran out.
 */
function dropLeases(Database: Sqlite, path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mailboxes'").get();
    if (has !== undefined) db.prepare('UPDATE mailboxes SET lease_owner = NULL, lease_until_ms = 0').run();
  } finally {
    db.close();
  }
}

/** Whether another connection has the database open: SQLite refuses an exclusive lock then. */
function inUse(Database: Sqlite, path: string): boolean {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    // Free: what the log holds goes into the file, so nothing is left beside it to be mistaken for the new one's.
    db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw err;
  } finally {
    db.close();
  }
}

function parse(cmd: string, argv: string[]): { file: string; db: string } | number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    return say(cmd, `${err instanceof Error ? err.message : String(err)}\nSee 'inboard ${cmd} --help'.`, 2);
  }
  if (parsed.values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [file, ...more] = parsed.positionals;
  if (file === undefined || more.length > 0) return say(cmd, `give one FILE\nSee 'inboard ${cmd} --help'.`, 2);
  const db = parsed.values.db ?? (process.env.INBOARD_DB || defaultDbPath());
  if (/^postgres(ql)?:\/\//i.test(db.trim()))
    return say(
      cmd,
      'PostgreSQL is backed up with pg_dump and restored with pg_restore (docs/team-server.md); keep the mailbox key file (INBOARD_SECRET_FILE) with the dump',
      2,
    );
  return { file, db };
}

export async function backup(argv: string[]): Promise<number> {
  const args = parse('backup', argv);
  if (typeof args === 'number') return args;
  const { file, db } = args;
  if (!existsSync(db)) return say('backup', `no database at ${db}`, 1);
  if (!existsSync(dirname(file)) && dirname(file) !== '.')
    return say('backup', `the folder ${dirname(file)} does not exist; nothing was written`, 1);
  const { default: Database } = await import('better-sqlite3');
  const tmp = `${file}.tmp-${process.pid}`;
  const source = new Database(db, { readonly: true, fileMustExist: true });
  try {
    // All pages in one step: one read snapshot, consistent while others write (a step at a time would restart on each write).
    await source.backup(tmp, { progress: () => 1e9 });
    // One self-contained file: out of WAL mode, so reading it later leaves no -wal/-shm beside it.
    const copy = new Database(tmp);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const why = await notInboard(Database, tmp);
    if (why !== null) throw new Error(why.replace(tmp, db));
    syncFile(tmp);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    return say('backup', `${fsWords(err, file)}; nothing was written`, 1);
  } finally {
    source.close();
  }
  process.stdout.write(`${file}\n`);
  const key = secretFilePath(db);
  if (!existsSync(key)) {
    process.stderr.write(
      `inboard backup: no mailbox key file at ${key}: the copy has no mailbox passwords to unseal (none were sealed, or the key is elsewhere: INBOARD_SECRET_FILE)\n`,
    );
    return 0;
  }
  try {
    copyInPlace(key, `${file}.key`, 0o600);
  } catch (err) {
    return say('backup', `the database is copied, but its key file is not: ${fsWords(err, `${file}.key`)}`, 1);
  }
  process.stdout.write(`${file}.key\n`);
  process.stderr.write(
    `inboard backup: warning: ${file}.key unlocks the mailboxes' passwords; keep it as secret as they are, and with the backup\n`,
  );
  return 0;
}

export async function restore(argv: string[]): Promise<number> {
  const args = parse('restore', argv);
  if (typeof args === 'number') return args;
  const { file, db } = args;
  if (!existsSync(file)) return say('restore', `no file at ${file}`, 1);
  const { default: Database } = await import('better-sqlite3');
  const why = await notInboard(Database, file);
  if (why !== null) return say('restore', `${why}; nothing was changed`, 1);
  if (!existsSync(dirname(db)))
    return say('restore', `the folder ${dirname(db)} does not exist; nothing was changed`, 1);
  try {
    if (existsSync(db) && inUse(Database, db))
      return say(
        'restore',
        `${db} is in use (inboard serve, or a board on it, has it open): stop it first; nothing was changed`,
        1,
      );
    const tmp = `${db}.tmp-${process.pid}`;
    try {
      copyFileSync(file, tmp);
      dropLeases(Database, tmp);
      syncFile(tmp);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
    if (existsSync(db)) renameSync(db, `${db}.before-restore`);
    for (const side of ['-wal', '-shm']) rmSync(`${db}${side}`, { force: true });
    renameSync(tmp, db);
  } catch (err) {
    return say('restore', `${fsWords(err, db)}; nothing was changed`, 1);
  }
  process.stdout.write(`${db}\n`);
  const key = `${file}.key`;
  const target = secretFilePath(db);
  if (!existsSync(key)) {
    process.stderr.write(
      `inboard restore: no ${key} beside the backup: mailboxes whose passwords were sealed with another key can't log in until given again (inboard mailbox add)\n`,
    );
    return 0;
  }
  try {
    if (existsSync(target)) renameSync(target, `${target}.before-restore`);
    copyInPlace(key, target, 0o600);
  } catch (err) {
    return say('restore', `the database is restored, but its key file is not: ${fsWords(err, target)}`, 1);
  }
  process.stdout.write(`${target}\n`);
  return 0;
}
