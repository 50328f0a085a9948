/**
 * startService: the programmatic entry of the /v2 service — used in-process
 * by the TUI as its embedded default and by `inboard serve`. Silent unless
 * `log` is given.
 */
import type { AddressInfo } from 'node:net';
import { addKey, ensureUser, findKeyOwner } from './auth.js';
import { buildServer } from './app.js';
import type { Durability } from './db.js';
import { mailSettingsFromEnv, mailSettingsProblem, type MailSettings } from './mail/smtp.js';
import type { MailboxSupervisor, SupervisorOptions } from './mail/imap/supervisor.js';
import type { OutboxWorker } from './mail/outbox-worker.js';
import type { SnoozeWaker } from './waiting/waker.js';
import type { Notifier } from './notifications/index.js';
import { lazySecretBox } from './secrets.js';
import { seedDemo } from './seed.js';
import { openDatabase } from './sql/open.js';
import type { Sql } from './sql/sql.js';

export { buildServer } from './app.js';
export { openDb } from './db.js';

export interface ServiceOptions {
  /** A SQLite file, or a postgres:// URL (sql/open.ts). */
  dbPath: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  apiKey?: string;
  ownerEmail?: string;
  demo?: boolean;
  /** Requests per minute per key; 0 or absent = off. */
  rateLimit?: number;
  log?: (line: string, fields?: Record<string, string | number>) => void;
  /** SQLite synchronous level; see openDb. Default 'full'. */
  durability?: Durability;
  /**
   * The SMTP relay for replies. Absent: INBOARD_SMTP_URL and INBOARD_MAIL_FROM
   * when set (so the embedded service can send too), else replies are refused.
   */
  mail?: MailSettings;
  /**
   * The file the mailboxes' passwords are sealed with (secrets.ts); absent,
   * mailboxes can neither be watched nor send.
   */
  secretFile?: string;
  /** Watch the database's mailboxes from this instance (`inboard serve`); options for tests. */
  watchMailboxes?: boolean | Omit<SupervisorOptions, 'ctx' | 'secrets' | 'log'>;
  /** How long each reply waits in the outbox, to be taken back (ms); default 0 (`inboard serve` passes 10 s). */
  sendDelayMs?: number;
  /** How often the outbox is looked at (ms, default 1000; 0: only by `outbox.tick()`, for tests with a clock). */
  outboxTickMs?: number;
  /** How often snoozed cards are looked at (ms, default 1000; 0: at start and by `snoozes.tick()`, for tests with a clock). */
  snoozeTickMs?: number;
  /** Notifications: mail what stayed unread this long (ms; `serve --notify-email`); how often to look (ms, default 5000; 0: only by `notifier.tick()`). */
  notify?: { emailAfterMs?: number | undefined; tickMs?: number | undefined };
  /** The service's clock (tests). */
  now?: () => number;
  /** The operator token GET /metrics asks for (`serve --metrics-token`); absent, metrics are off. */
  metricsToken?: string;
}

export interface RunningService {
  url: string;
  /** The owner key: the one given, or one created now; '' if the db already had one (keys are stored hashed). */
  apiKey: string;
  /** True when the key was created by this call (show it once). */
  keyCreated: boolean;
  /** True when --demo filled an empty database. */
  seeded: boolean;
  /** Where the data is, for messages: the file, or the URL without its password. */
  database: string;
  /** The mailbox watchers of this instance (null when it watches none). */
  mailboxes: MailboxSupervisor | null;
  /** This instance's outbox worker (`tick()` sends what is due now). */
  outbox: OutboxWorker;
  /** This instance's waker of snoozed cards (`tick()` wakes what is due now). */
  snoozes: SnoozeWaker;
  /** This instance's notifier (`tick()` looks for targets passed and mail due now). */
  notifier: Notifier;
  close(): Promise<void>;
}

export const DEFAULT_OWNER_EMAIL = 'owner@inboard.local';

/** How long a stop waits for requests in progress before closing their connections. */
const CLOSE_GRACE_MS = 10_000;

async function ownerId(sql: Sql, email: string | undefined): Promise<number> {
  const meta = await sql.get<{ value: string }>("SELECT value FROM meta WHERE key = 'owner_user_id'");
  if (meta !== undefined) return Number(meta.value);
  const id = await ensureUser(sql, { email: email ?? DEFAULT_OWNER_EMAIL, plan: 'pro' });
  await sql.run("INSERT INTO meta (key, value) VALUES ('owner_user_id', ?)", [String(id)]);
  return id;
}

/** Makes sure the owner exists and has a usable key; returns the key if known. */
export function ensureOwner(
  db: Sql,
  apiKey?: string,
  ownerEmail?: string,
): Promise<{ ownerId: number; apiKey: string; created: boolean }> {
  return db.tx(async (sql) => {
    // Instances starting at once on one database make one owner, not two.
    await sql.lock('owner');
    const owner = await ownerId(sql, ownerEmail);
    if (apiKey !== undefined) {
      const found = await findKeyOwner(sql, apiKey);
      if (found?.revoked) throw new Error('the given API key has been revoked');
      if (found === null) await addKey(sql, owner, apiKey);
      return { ownerId: owner, apiKey, created: false };
    }
    const active = await sql.get('SELECT 1 AS one FROM api_keys WHERE user_id = ? AND revoked_at IS NULL', [owner]);
    if (active !== undefined) return { ownerId: owner, apiKey: '', created: false };
    return { ownerId: owner, apiKey: await addKey(sql, owner), created: true };
  });
}

export async function startService(opts: ServiceOptions): Promise<RunningService> {
  const mail = opts.mail ?? mailSettingsFromEnv(process.env);
  const problem = mail === undefined ? undefined : mailSettingsProblem(mail);
  if (problem !== undefined) throw new Error(problem);
  const db = await openDatabase(opts.dbPath, opts.durability);
  try {
    const owner = await ensureOwner(db, opts.apiKey, opts.ownerEmail);
    const seeded = opts.demo === true ? await seedDemo(db, owner.ownerId) : false;
    const watch = opts.watchMailboxes === true ? {} : (opts.watchMailboxes ?? false);
    const app = buildServer({
      db,
      mail,
      rateLimit: opts.rateLimit ?? 0,
      ...(opts.log ? { log: opts.log } : {}),
      mailboxes: { secrets: opts.secretFile === undefined ? undefined : lazySecretBox(opts.secretFile), watch },
      ...(opts.sendDelayMs !== undefined ? { sendDelayMs: opts.sendDelayMs } : {}),
      ...(opts.outboxTickMs !== undefined ? { outboxTickMs: opts.outboxTickMs } : {}),
      ...(opts.snoozeTickMs !== undefined ? { snoozeTickMs: opts.snoozeTickMs } : {}),
      ...(opts.now !== undefined ? { now: opts.now } : {}),
      ...(opts.notify !== undefined ? { notify: opts.notify } : {}),
      metricsToken: opts.metricsToken,
    });
    await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 0 });
    const addr = app.server.address() as AddressInfo;
    const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
    let closed = false;
    return {
      url: `http://${host}:${addr.port}`,
      apiKey: owner.apiKey,
      keyCreated: owner.created,
      seeded,
      database: db.where,
      mailboxes: app.mailboxes,
      outbox: app.outbox,
      snoozes: app.snoozes,
      notifier: app.notifier,
      async close() {
        if (closed) return;
        closed = true;
        // Requests in progress are answered first (app.ts), but one that never ends must not hold the stop.
        const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        await app.close();
        clearTimeout(force);
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
