/**
 * Watches one mailbox: connects (imapflow), catches up from the UID cursor,
 * then waits in IMAP IDLE — each EXISTS wakes a fetch from the cursor — or,
 * on a server without IDLE, fetches every few seconds. A dropped connection
 * is reconnected with backoff (a second up to minutes; a refused login
 * waits longer), and each change of state is written once, in words.
 *
 * The folder is opened read-only unless the owner asked for the messages to
 * be marked or moved, and messages are fetched with BODY.PEEK: the mailbox
 * is left as it was.
 */
import type { ImapFlow } from 'imapflow';
import { MAIL_LIMITS } from '../../../api/schema-mail.js';
import type { Principal } from '../../auth.js';
import type { Ctx } from '../../context.js';
import type { SecretBox } from '../../secrets.js';
import { imapClient, troubleOf, type Trouble } from './connect.js';
import { importBatch, OVERSIZED_KEEP_BYTES, resetCursor, type Fetched } from './import.js';
import { credentialsOf, mailboxById, setState, type MailboxRow, type MailboxState } from './mailbox-store.js';
import { storedAddress, type ServerAddress } from './mailbox-url.js';

export interface WatchOptions {
  ctx: Ctx;
  /** The key the passwords are sealed with; undefined when its file is missing. */
  secrets: SecretBox | undefined;
  log?: ((line: string) => void) | undefined;
  /** How often a server without IDLE is asked (ms). */
  pollMs?: number;
  /** Backoff after a failure: first and largest wait (ms); a refused login waits at least `loginMs`. */
  backoff?: { firstMs: number; maxMs: number; loginMs: number };
}

const DEFAULT_BACKOFF = { firstMs: 1_000, maxMs: 5 * 60_000, loginMs: 5 * 60_000 };
export const DEFAULT_POLL_MS = 10_000;
/** One transaction's worth: few enough to keep a write short, enough to import a backlog quickly. */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 16 * 1024 * 1024;

const seconds = (ms: number): string => String(Math.round(ms / 10) / 100);

async function ownerOf(ctx: Ctx, boardId: number): Promise<Principal> {
  const row = await ctx.db.get<{ id: number; email: string }>(
    'SELECT u.id, u.email FROM boards b JOIN users u ON u.id = b.owner_id WHERE b.id = ?',
    [boardId],
  );
  if (row === undefined) throw new Error(`board ${boardId} no longer exists`);
  return { keyId: 0, userId: Number(row.id), email: row.email, plan: 'pro', trialStartedAt: null };
}

export class MailboxWatcher {
  private stopped = false;
  private client: ImapFlow | null = null;
  private wake: (() => void) | null = null;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private catching = false;
  private readonly opts: Required<Omit<WatchOptions, 'secrets' | 'log'>> & Pick<WatchOptions, 'secrets' | 'log'>;
  /** Settles when the loop has ended (after stop()). */
  readonly done: Promise<void>;
  /** When the oldest message listed but not yet imported arrived (ms); null when caught up (metrics' lag). */
  private behindSince: number | null = null;

  constructor(
    readonly mailboxId: number,
    opts: WatchOptions,
  ) {
    this.opts = { pollMs: DEFAULT_POLL_MS, backoff: DEFAULT_BACKOFF, ...opts };
    this.done = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.client?.close();
    await this.done;
  }

  private async state(s: MailboxState, words: string): Promise<void> {
    const changed = await setState(this.opts.ctx.db, this.mailboxId, s, words, this.opts.ctx.now()).catch(() => false);
    if (changed) this.opts.log?.(`mailbox ${this.mailboxId}: ${words}`);
  }

  /** Waits `ms`, or less when stopped. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
  }

  private delay(attempt: number, t: Trouble): number {
    const b = this.opts.backoff;
    const base = Math.min(b.maxMs, b.firstMs * 2 ** Math.min(attempt - 1, 20));
    const ms = t.state === 'login-failed' ? Math.max(base, b.loginMs) : base;
    return Math.round(ms * (0.8 + Math.random() * 0.4));
  }

  private async loop(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      let addr: ServerAddress | undefined;
      try {
        const row = await mailboxById(this.opts.ctx.db, this.mailboxId);
        if (row === undefined) return;
        addr = storedAddress(row.imap_url, 'imap');
        await this.session(row, addr, attempt === 0);
        attempt = 0;
      } catch (err) {
        if (this.stopped) break;
        attempt++;
        const t: Trouble =
          addr === undefined
            ? { state: 'failed', words: err instanceof Error ? err.message : String(err) }
            : troubleOf(err, addr);
        await this.state(t.state, t.words);
        await this.pause(this.delay(attempt, t));
      }
    }
  }

  /** One connection, from login until it closes; throws why it ended. */
  private async session(row: MailboxRow, addr: ServerAddress, fresh: boolean): Promise<void> {
    if (this.opts.secrets === undefined)
      throw new Error(
        'no secret key file to unseal the password with (INBOARD_SECRET_FILE, or the file beside the database)',
      );
    const creds = credentialsOf(this.opts.secrets, row);
    const owner = await ownerOf(this.opts.ctx, row.board_id);
    // After a failure its words stay until a connection works: a retry is not news.
    if (fresh) await this.state('connecting', `connecting to ${addr.host}:${addr.port}`);
    // IDLE soon after the last command (imapflow waits 15 s by default): until it starts, no new mail is announced.
    const client = await imapClient(addr, creds.imap, { autoIdleDelay: 250 });
    this.client = client;
    let failure: unknown;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.on('error', (e: unknown) => (failure ??= e));
    let poll: NodeJS.Timeout | undefined;
    try {
      await client.connect();
      if (this.stopped) return;
      await client.mailboxOpen(addr.folder, { readOnly: row.after_import === 'keep' });
      const idle = client.capabilities.has('IDLE');
      client.on('exists', () => this.kick(client, row, owner));
      await this.catchUp(client, row, owner);
      await this.state(
        idle ? 'idle' : 'polling',
        idle
          ? `connected and idle on ${addr.folder} (IMAP IDLE)`
          : `polling ${addr.folder} every ${seconds(this.opts.pollMs)} s: the server does not offer IMAP IDLE`,
      );
      if (!idle) poll = setInterval(() => this.kick(client, row, owner), this.opts.pollMs);
      await closed;
      if (this.stopped) return;
      throw failure instanceof Error ? failure : new Error('the server closed the connection');
    } finally {
      clearInterval(poll);
      this.client = null;
      client.close();
    }
  }

  /** Something changed in the folder: fetch from the cursor (once more if a fetch is running). */
  private kick(client: ImapFlow, row: MailboxRow, owner: Principal): void {
    if (this.catching) {
      this.again = true;
      return;
    }
    this.running = this.catchUp(client, row, owner).catch((err: unknown) => {
      // A fetch that fails leaves the cursor where it was; the reconnect starts again from it.
      if (!this.stopped)
        this.opts.log?.(`mailbox ${this.mailboxId}: ${troubleOf(err, storedAddress(row.imap_url, 'imap')).words}`);
      client.close();
    });
  }

  /** Fetches and imports everything past the cursor, in batches, until nothing new is left. */
  private async catchUp(client: ImapFlow, row: MailboxRow, owner: Principal): Promise<void> {
    this.catching = true;
    try {
      do {
        this.again = false;
        await this.fetchNew(client, row, owner);
      } while (this.again && !this.stopped);
    } finally {
      this.catching = false;
    }
  }

  private async fetchNew(client: ImapFlow, row: MailboxRow, owner: Principal): Promise<void> {
    const { ctx } = this.opts;
    const box = client.mailbox;
    if (box === false) return;
    const uidValidity = String(box.uidValidity);
    const now = await mailboxById(ctx.db, this.mailboxId);
    if (now === undefined) return void (this.stopped = true);
    if (now.uid_validity !== uidValidity) {
      if (now.uid_validity !== null)
        this.opts.log?.(
          `mailbox ${this.mailboxId}: UIDVALIDITY changed, reading the folder again (nothing is imported twice)`,
        );
      await resetCursor(ctx, this.mailboxId, uidValidity);
    }
    const from = now.uid_validity === uidValidity ? now.last_uid : 0;
    // Without IDLE the server says what arrived only in answer to a command.
    if (!client.capabilities.has('IDLE')) await client.noop();
    if (box.exists === 0) return;
    // `n:*` always answers the newest message, even below n: keep only what is past the cursor.
    const listed = (
      await client.fetchAll(`${from + 1}:*`, { uid: true, size: true, internalDate: true }, { uid: true })
    )
      .filter((m) => m.uid > from)
      .sort((a, b) => a.uid - b.uid);
    this.behind(listed);
    if (listed.length > BATCH_MESSAGES) await this.state('importing', `importing ${listed.length} messages`);
    const target = { mailbox: row, owner };
    for (let i = 0; i < listed.length && !this.stopped;) {
      const batch: typeof listed = [];
      let bytes = 0;
      while (i < listed.length && batch.length < BATCH_MESSAGES && (batch.length === 0 || bytes < BATCH_BYTES)) {
        const m = listed[i++]!;
        batch.push(m);
        bytes += Math.min(m.size ?? 0, MAIL_LIMITS.messageBytes);
      }
      const fetched = await this.sources(client, batch);
      const done = await importBatch(ctx, target, uidValidity, fetched);
      if (done === null) return;
      this.behind(listed.slice(i));
      await this.afterImport(
        client,
        row,
        fetched.map((f) => f.uid),
      );
    }
  }

  private async sources(client: ImapFlow, listed: { uid: number; size?: number; internalDate?: Date | string }[]) {
    const small = listed.filter((m) => (m.size ?? 0) <= MAIL_LIMITS.messageBytes).map((m) => m.uid);
    const out: Fetched[] = [];
    const arrived = (d: Date | string | undefined) => (d === undefined ? undefined : new Date(d));
    if (small.length > 0) {
      for (const m of await client.fetchAll(
        small.join(','),
        { uid: true, source: true, internalDate: true },
        { uid: true },
      )) {
        if (m.source !== undefined)
          out.push({ uid: m.uid, raw: m.source, size: m.source.length, arrived: arrived(m.internalDate) });
      }
    }
    for (const big of listed.filter((m) => (m.size ?? 0) > MAIL_LIMITS.messageBytes)) {
      const m = await client.fetchOne(
        String(big.uid),
        { uid: true, source: { maxLength: OVERSIZED_KEEP_BYTES } },
        { uid: true },
      );
      if (m !== false && m.source !== undefined)
        out.push({
          uid: big.uid,
          raw: m.source,
          size: big.size ?? m.source.length,
          arrived: arrived(big.internalDate),
        });
    }
    return out.sort((a, b) => a.uid - b.uid);
  }

  /** What the owner asked to be done in the mailbox once imported: nothing by default. */
  private async afterImport(client: ImapFlow, row: MailboxRow, uids: number[]): Promise<void> {
    if (uids.length === 0 || row.after_import === 'keep') return;
    const range = uids.join(',');
    if (row.after_import === 'seen') await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
    else await client.messageMove(range, row.after_import.slice('move:'.length), { uid: true });
  }

  private behind(pending: { internalDate?: Date | string }[]): void {
    let oldest = pending.length === 0 ? null : this.opts.ctx.now();
    for (const m of pending) {
      const t = m.internalDate === undefined ? NaN : new Date(m.internalDate).getTime();
      if (oldest !== null && t < oldest) oldest = t;
    }
    this.behindSince = oldest;
  }

  /** Seconds since the oldest message listed and not yet imported arrived; 0 when caught up. */
  lagSeconds(nowMs: number): number {
    return this.behindSince === null ? 0 : Math.max(0, (nowMs - this.behindSince) / 1000);
  }

  /** Settles when the fetch in progress (if any) has ended: for tests and shutdown. */
  settled(): Promise<void> {
    return this.running;
  }
}
