/** The operator's routes of an instance (health, readiness, metrics), outside /v2 and its keys. */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import type { MailboxSupervisor } from '../mail/imap/supervisor.js';
import { healthRoutes } from './health.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered without an API key (the route checks what it needs itself). */
    open?: boolean;
  }
}

export interface OpsOptions {
  mailboxes: MailboxSupervisor | null;
}

export function opsRoutes(app: FastifyInstance, ctx: Ctx, o: OpsOptions): void {
  healthRoutes(app, ctx, o.mailboxes);
}
