/**
 * What `GET /metrics` exposes, in Prometheus' text format (prom-client, loaded
 * only when an operator token is set, so the embedded service never pays
 * for it). Requests are counted as they end, in plain numbers
 * (request-tally.ts: prom-client's own would cost microseconds each); the
 * rest is read when scraped.
 * Database-wide figures (mailbox messages, the outbox) are the same on
 * every instance of one database; lag, event streams and the pool are this
 * instance's own.
 */
import type { Counter, Gauge, Registry } from 'prom-client';
import type { Ctx } from '../context.js';
import type { MailboxSupervisor } from '../mail/imap/supervisor.js';
import { RequestTally } from './request-tally.js';

export interface MetricsSources {
  ctx: Ctx;
  mailboxes: MailboxSupervisor | null;
}

const SEARCH_ROUTE = '/v2/search';
const CONNECTED = new Set(['idle', 'polling', 'importing']);

export interface ServiceMetrics {
  /** One finished request: its route's pattern (never its ids), method, status and seconds. */
  request(route: string, method: string, status: number, seconds: number): void;
  text(): Promise<string>;
  readonly contentType: string;
}

/** A collect() that reads the database: a database away leaves the figure out rather than fail the scrape. */
const quietly = (fn: () => Promise<void>) => () => fn().catch(() => undefined);

export async function createMetrics({ ctx, mailboxes }: MetricsSources): Promise<ServiceMetrics> {
  const prom = await import('prom-client');
  const registry: Registry = new prom.Registry();
  const registers = [registry];
  prom.collectDefaultMetrics({ register: registry });
  const db = ctx.db;

  const requests = new RequestTally(SEARCH_ROUTE);
  new prom.Gauge({
    name: 'inboard_event_streams_open',
    help: 'Event streams (GET /v2/events) open on this instance',
    registers,
    collect() {
      this.set(ctx.feed.open);
    },
  });
  const dbUp = new prom.Gauge({
    name: 'inboard_database_up',
    help: '1 when the database answered this scrape, else 0',
    registers,
  });
  const messages: Counter<'mailbox' | 'outcome'> = new prom.Counter({
    name: 'inboard_mailbox_messages_total',
    help: "Messages a mailbox's watchers have met, by outcome: imported, duplicate, echo (our own reply), seen-before, unreadable (failed: kept as a card saying so), pending",
    labelNames: ['mailbox', 'outcome'] as const,
    registers,
    collect: quietly(async () => {
      const rows = await db.all<{ mailbox_id: number; outcome: string; n: number }>(
        'SELECT mailbox_id, outcome, COUNT(*) AS n FROM mailbox_messages GROUP BY mailbox_id, outcome',
      );
      messages.reset();
      for (const r of rows) messages.inc({ mailbox: String(r.mailbox_id), outcome: r.outcome }, Number(r.n));
    }),
  });
  const connected: Gauge<'mailbox'> = new prom.Gauge({
    name: 'inboard_mailbox_connected',
    help: '1 when the mailbox is connected to its server (idle, polling or importing), else 0',
    labelNames: ['mailbox'] as const,
    registers,
    collect: quietly(async () => {
      const rows = await db.all<{ id: number; state: string }>('SELECT id, state FROM mailboxes');
      connected.reset();
      for (const r of rows) connected.set({ mailbox: String(r.id) }, CONNECTED.has(r.state) ? 1 : 0);
    }),
  });
  new prom.Gauge({
    name: 'inboard_mailbox_lag_seconds',
    help: 'Seconds since the oldest message not yet imported arrived on the server (0 when caught up); mailboxes this instance watches',
    labelNames: ['mailbox'] as const,
    registers,
    collect() {
      this.reset();
      for (const id of mailboxes?.watching() ?? [])
        this.set({ mailbox: String(id) }, mailboxes?.watcher(id)?.lagSeconds(ctx.now()) ?? 0);
    },
  });
  const outbox: Gauge<'state'> = new prom.Gauge({
    name: 'inboard_outbox_messages',
    help: 'Replies in the outbox, by state (waiting, sending, failed)',
    labelNames: ['state'] as const,
    registers,
    collect: quietly(async () => {
      const rows = await db.all<{ state: string; n: number }>(
        "SELECT state, COUNT(*) AS n FROM outbox WHERE state <> 'sent' GROUP BY state",
      );
      outbox.reset();
      for (const s of ['waiting', 'sending', 'failed']) outbox.set({ state: s }, 0);
      for (const r of rows) outbox.set({ state: r.state }, Number(r.n));
    }),
  });
  const oldestWait: Gauge = new prom.Gauge({
    name: 'inboard_outbox_oldest_wait_seconds',
    help: 'Seconds since the oldest reply still waiting or sending was queued (0 when none is)',
    registers,
    collect: quietly(async () => {
      const row = await db.get<{ oldest: number | null }>(
        "SELECT MIN(created_ms) AS oldest FROM outbox WHERE state IN ('waiting', 'sending')",
      );
      const oldest = row?.oldest ?? null;
      oldestWait.set(oldest === null ? 0 : Math.max(0, (ctx.now() - Number(oldest)) / 1000));
    }),
  });
  if (db.pool !== undefined) {
    new prom.Gauge({
      name: 'inboard_database_pool_connections',
      help: "This instance's PostgreSQL connections: total open, idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const p = db.pool?.();
        if (p === undefined) return;
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }

  return {
    contentType: registry.contentType,
    request: (route, method, status, seconds) => requests.request(route, method, status, seconds),
    async text() {
      // Asked first, so the other figures' reads meet a database known to answer (or not).
      const up = await db.get('SELECT 1 AS one').then(
        () => 1,
        () => 0,
      );
      dbUp.set(up);
      return requests.text() + (await registry.metrics());
    },
  };
}
