/**
 * buildServer: the /v2 service as a Fastify instance over an open database.
 * One validation mechanism (zod in handlers, see errors.parse), one error
 * shape (the envelope), one log line per request — never the key.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { authenticate } from './auth.js';
import { answerClientError } from './client-errors.js';
import { CHANGES_CHANNEL, ChangeLog } from './changes.js';
import { ChangeFeed } from './changes-feed.js';
import type { Ctx } from './context.js';
import { HttpError, errorEnvelope } from './errors.js';
import { IdempotencyStore } from './idempotency.js';
import type { MailSettings } from './mail/smtp.js';
import { FixedWindowLimiter } from './rate-limit.js';
import { ReadCache } from './read-cache.js';
import type { Database } from './sql/sql.js';
import { eventRoutes } from './routes/events.js';
import { resourceRoutes } from './routes/index.js';
import { mailRoutes } from './routes/mail.js';
import { MailboxSupervisor, type SupervisorOptions } from './mail/imap/supervisor.js';
import { OutboxWorker } from './mail/outbox-worker.js';
import type { SecretBox } from './secrets.js';
import { SnoozeWaker } from './waiting/waker.js';
import { opsRoutes } from './ops/routes.js';
import { notifications } from './notifications/index.js';

export interface BuildOptions {
  db: Database;
  /** Requests per minute per key; 0 or absent = off. */
  rateLimit?: number;
  /** One line per event; `fields` (a request's id, method, path, status, time) for a structured log. */
  log?: (line: string, fields?: Record<string, string | number>) => void;
  /** Clock, injectable so tests can age a trial without waiting a week. */
  now?: () => number;
  /** The SMTP relay replies leave through; absent, replies are refused with a 409 that says so. */
  mail?: MailSettings | undefined;
  /**
   * The team's mailboxes (mail/imap/): the key their passwords are sealed
   * with, and whether this instance watches them (`inboard serve`).
   */
  mailboxes?: { secrets: SecretBox | undefined; watch: false | Omit<SupervisorOptions, 'ctx' | 'secrets' | 'log'> };
  /** How long a reply waits in the outbox before it is sent (ms; `inboard serve --send-delay`); 0 or absent: at once. */
  sendDelayMs?: number;
  /** How often this instance's outbox worker looks (ms, default 1000; 0: only when tests call `tick`). */
  outboxTickMs?: number;
  /** How often snoozed cards are looked at (ms, default 1000; 0: at start and when tests call `snoozes.tick()`). */
  snoozeTickMs?: number;
  /** Notifications: mail what stayed unread `emailAfterMs` (`--notify-email`); how often to look (ms, 0: tests' `tick`). */
  notify?: { emailAfterMs?: number | undefined; tickMs?: number | undefined };
  /** The operator token GET /metrics asks for (ops/); absent, metrics are off. */
  metricsToken?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mailbox watchers of this instance; null when it watches none. */
    mailboxes: MailboxSupervisor | null;
    /** This instance's sender of the outbox's replies. */
    outbox: OutboxWorker;
    /** This instance's waker of snoozed cards whose time came. */
    snoozes: SnoozeWaker;
  }
}

export const BODY_LIMIT = 1024 * 1024;

/** An X-Request-Id taken from a request as is: nothing a log line or header could be bent by. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's own client-error messages are safe to show; a few get clearer words. */
function clientMessage(err: FastifyError, bodyLimit: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body: malformed JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `body: larger than the limit of ${bodyLimit} bytes`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type: send application/json';
    default:
      return err.message;
  }
}

function noSchemas(): never {
  throw new Error('Fastify route schemas are not used here: validate with zod in the handler (src/server/errors.ts)');
}

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/** What every route and background worker of one instance shares: the database, its caches, the change log. */
export function serviceContext(db: Database, now: () => number = Date.now): Ctx {
  const pages = new ReadCache(db);
  // Access rules read through the cache: a delivery first drops what another process's writes made stale.
  const feed = new ChangeFeed(db, {
    beforeDelivery: () => pages.sync(),
    listen: (wake) => db.listen(CHANGES_CHANNEL, wake),
  });
  return { db, sql: db, now, idempotency: new IdempotencyStore(db), pages, changes: new ChangeLog(), feed };
}

export function buildServer(opts: BuildOptions): FastifyInstance {
  const bootId = randomUUID().slice(0, 8);
  let requestCount = 0;
  const { db, log } = opts;
  const now = opts.now ?? Date.now;
  const limiter = new FixedWindowLimiter(opts.rateLimit ?? 0);
  const ctx = serviceContext(db, now);
  const { feed } = ctx;

  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // On close, idle keep-alive connections end at once; a request in progress is answered first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // The caller's X-Request-Id when it is a plain token (a proxy's, to follow one request
    // across both logs), else one unique within this process's log; echoed in every answer.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : `${bootId}-${(++requestCount).toString(36)}`;
    },
    // Zod validates in the handlers (errors.parse); no route has a Fastify
    // schema. These stand in for Ajv and fast-json-stringify, which Fastify
    // would otherwise load (and the bundle leaves out: scripts/build.mjs); a
    // route given a schema fails at start-up, by name, instead of being
    // validated a second way that drops unknown fields silently.
    schemaController: { compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas } },
    // The router refuses bad percent-encoding and path segments over 100
    // characters before any hook or the error handler runs; without this
    // those answer Fastify's own body, not the envelope.
    frameworkErrors: (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const bad = err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message =
        err.code === 'FST_ERR_BAD_URL'
          ? 'path: malformed percent-encoding'
          : 'path: a segment is longer than 100 characters';
      // Sent here; Fastify ignores what this returns, so the reply (a thenable) is not handed back.
      if (bad) void reply.code(400).send(errorEnvelope(400, message));
      else
        void reply
          .code(500)
          .send(errorEnvelope(500, 'Internal server error; quote the requestId when reporting it', req.id));
    },
    // Requests Node's HTTP parser refuses before Fastify sees them (headers
    // over 16 KB, an unknown method) get the envelope like every refusal.
    clientErrorHandler: answerClientError,
  });

  // GET parameters may come in a JSON body too (the reference leaves it open).
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // An empty body with a JSON content type is "no parameters", not an error:
  // clients often send the header on every DELETE.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') done(null, undefined);
    // Fastify's JSON parser answers through `done`; its type allows a promise, but it returns none.
    else void defaultJson(req, body as string, done);
  });

  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Health and metrics (ops/): no key, no database read before their own.
    if (req.routeOptions.config.open === true) return;
    const t = now();
    await ctx.pages.sync();
    const p = await authenticate(db, req.headers.authorization, t, ctx.pages);
    req.principal = p;
    const d = limiter.hit(p.keyId, t);
    if (!d.ok) {
      throw new HttpError(
        429,
        `Too many requests: the limit is ${opts.rateLimit} per minute per key; retry in ${d.retryAfter} s`,
        {
          'retry-after': String(d.retryAfter),
        },
      );
    }
  });

  if (log) {
    app.addHook('onResponse', async (req, reply) => {
      // The path without its query, and never a header or body: no key, password or message goes to the log.
      const path = pathOf(req.url);
      const ms = Number(reply.elapsedTime.toFixed(1));
      log(`${req.method} ${path} ${reply.statusCode} ${ms}ms ${req.id}`, {
        reqId: req.id,
        method: req.method,
        path,
        status: reply.statusCode,
        ms,
      });
    });
  }

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.status)
        .headers(err.headers)
        .send(errorEnvelope(err.status, err.message, undefined, err.data));
    }
    if (db.isUnavailable(err)) {
      // Nothing was half-written: the transaction rolled back (or never began).
      log?.(`unavailable ${req.id} ${req.method} ${pathOf(req.url)}: ${err.message}`);
      return reply
        .code(503)
        .header('retry-after', '2')
        .send(errorEnvelope(503, 'The database is not answering just now; nothing was changed. Retry in a moment.'));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500)
      return reply
        .code(status)
        .send(errorEnvelope(status, clientMessage(err, req.routeOptions.bodyLimit ?? BODY_LIMIT)));
    log?.(`error ${req.id} ${req.method} ${pathOf(req.url)}: ${err.stack ?? err.message}`);
    return reply
      .code(500)
      .send(errorEnvelope(500, 'Internal server error; quote the requestId when reporting it', req.id));
  });

  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send(errorEnvelope(404, `No such endpoint: ${req.method} ${pathOf(req.url)}`));
  });

  resourceRoutes(app, ctx);
  const replyMail = { relay: opts.mail, secrets: opts.mailboxes?.secrets, log };
  mailRoutes(app, ctx, replyMail, { delayMs: opts.sendDelayMs ?? 0 });
  const outbox = new OutboxWorker({
    ctx,
    mail: replyMail,
    ...(opts.outboxTickMs !== undefined ? { tickMs: opts.outboxTickMs } : {}),
  });
  app.decorate('outbox', outbox);
  app.addHook('onReady', () => outbox.start());
  notifications(app, { ctx, mail: replyMail, ...opts.notify });
  const waker = new SnoozeWaker({
    ctx,
    log,
    ...(opts.snoozeTickMs !== undefined ? { tickMs: opts.snoozeTickMs } : {}),
  });
  app.decorate('snoozes', waker);
  app.addHook('onReady', () => waker.start());
  const watch = opts.mailboxes?.watch ?? false;
  const supervisor =
    watch === false ? null : new MailboxSupervisor({ ...watch, ctx, secrets: opts.mailboxes?.secrets, log });
  app.decorate('mailboxes', supervisor);
  if (supervisor !== null) app.addHook('onReady', () => supervisor.start());
  eventRoutes(app, ctx, feed);
  opsRoutes(app, ctx, { mailboxes: supervisor, metricsToken: opts.metricsToken });
  // Closing (new requests meanwhile get 503): open event streams end first,
  // each told when to come back, so closing does not wait on them; then the
  // outbox finishes what it is sending, and the mailboxes' leases are handed
  // back, at once, for another instance to take (ops/ in docs/architecture.md).
  let closing = false;
  // Answers given while closing end their connection: an idle keep-alive would hold the process (72 s).
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    feed.close();
    await Promise.all([outbox.stop(), waker.stop(), supervisor?.stop()]);
  });
  return app;
}
