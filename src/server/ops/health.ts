/**
 * GET /healthz and GET /readyz: for load balancers, systemd and people. No
 * key, and nothing of any board: the process answers (healthz); the
 * database answers, its schema is this build's, and what this instance's
 * mailbox watchers and outbox are doing, a line each (readyz). A database
 * that is away makes readyz 503 with its reason; the process stays up, and
 * readyz is 200 again once it is back.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Ctx } from '../context.js';
import type { MailboxSupervisor } from '../mail/imap/supervisor.js';
import { schemaVersions } from './schema-version.js';

/** Longer than this and the database counts as not answering (PostgreSQL's pool would wait 10 s). */
export const READY_TIMEOUT_MS = 2_000;

function within<T>(ms: number, what: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([what, late]).finally(() => clearTimeout(timer));
}

const plain = (reply: FastifyReply, status: number, lines: string[]) =>
  reply
    .code(status)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`${lines.join('\n')}\n`);

interface OutboxCounts {
  state: string;
  n: number;
  oldest: number | null;
}

/** The lines of a ready instance; throws when the database does not answer. */
async function readiness(ctx: Ctx, mailboxes: MailboxSupervisor | null): Promise<{ ok: boolean; lines: string[] }> {
  const { db } = ctx;
  const v = await schemaVersions(db);
  const schemaOk = v.current === v.latest;
  const lines = [
    `database: answers (${db.engine}, schema version ${v.current} of this build's ${v.latest}` +
      `${schemaOk ? '' : v.current < v.latest ? ': migrations pending' : ': newer than this build'})`,
  ];
  if (mailboxes === null) lines.push('mailboxes: not watched by this instance');
  else {
    const watched = new Set(mailboxes.watching());
    const rows = await db.all<{ id: number; state: string }>('SELECT id, state FROM mailboxes ORDER BY id');
    lines.push(`mailboxes: this instance watches ${watched.size} of ${rows.length}`);
    for (const r of rows) if (watched.has(Number(r.id))) lines.push(`mailbox ${Number(r.id)}: ${r.state}`);
  }
  const out = await db.all<OutboxCounts>(
    'SELECT state, COUNT(*) AS n, MIN(created_ms) AS oldest FROM outbox GROUP BY state ORDER BY state',
  );
  const count = (s: string) => Number(out.find((r) => r.state === s)?.n ?? 0);
  const pending = out.filter((r) => (r.state === 'waiting' || r.state === 'sending') && r.oldest !== null);
  const oldest = pending.length === 0 ? null : Math.min(...pending.map((r) => Number(r.oldest)));
  lines.push(
    `outbox: ${count('waiting')} waiting, ${count('sending')} sending, ${count('failed')} failed` +
      (oldest === null ? '' : `; the oldest queued ${Math.max(0, Math.round((ctx.now() - oldest) / 1000))} s ago`),
  );
  return { ok: schemaOk, lines };
}

export function healthRoutes(app: FastifyInstance, ctx: Ctx, mailboxes: MailboxSupervisor | null): void {
  app.get('/healthz', { config: { open: true } }, async (_req, reply) => plain(reply, 200, ['ok']));

  app.get('/readyz', { config: { open: true } }, async (_req, reply) => {
    let ready;
    try {
      ready = await within(READY_TIMEOUT_MS, readiness(ctx, mailboxes));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return plain(reply.header('retry-after', '2'), 503, ['not ready', `database: not answering: ${why}`]);
    }
    return plain(reply, ready.ok ? 200 : 503, [ready.ok ? 'ready' : 'not ready', ...ready.lines]);
  });
}
