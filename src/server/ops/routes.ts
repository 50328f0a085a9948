/** The operator's routes of an instance (health, readiness, metrics), outside /v2 and its keys. */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { HttpError } from '../errors.js';
import type { MailboxSupervisor } from '../mail/imap/supervisor.js';
import { healthRoutes } from './health.js';
import { createMetrics, type ServiceMetrics } from './metrics.js';
import { operatorCheck } from './operator-token.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered without an API key (the route checks what it needs itself). */
    open?: boolean;
  }
}

export interface OpsOptions {
  mailboxes: MailboxSupervisor | null;
  /** The operator token that unlocks GET /metrics; absent, the route says metrics are off. */
  metricsToken?: string | undefined;
}

export function opsRoutes(app: FastifyInstance, ctx: Ctx, o: OpsOptions): void {
  healthRoutes(app, ctx, o.mailboxes);
  const token = o.metricsToken;
  if (token === undefined || token === '') {
    app.get('/metrics', { config: { open: true } }, async () => {
      throw new HttpError(
        404,
        'Metrics are off: start inboard serve with --metrics-token (or INBOARD_METRICS_TOKEN) to serve them here',
      );
    });
    return;
  }
  const allowed = operatorCheck(token);
  let metrics: ServiceMetrics | null = null;
  app.addHook('onReady', async () => {
    metrics = await createMetrics({ ctx, mailboxes: o.mailboxes });
  });
  app.addHook('onResponse', async (req, reply) => {
    metrics?.request(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { open: true } }, async (req, reply) => {
    if (!allowed(req.headers.authorization))
      throw new HttpError(
        401,
        'Metrics need the operator token: send Authorization: Bearer TOKEN, the token given to inboard serve with --metrics-token or INBOARD_METRICS_TOKEN',
        { 'www-authenticate': 'Bearer realm="inboard metrics"' },
      );
    if (metrics === null) throw new HttpError(503, 'Metrics are starting; ask again in a moment');
    const text = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
