/**
 * Every resource's routes that need only the request context: the one place
 * a new route module is registered. Routes that send mail, stream events or
 * run workers are set up in app.ts beside what they need.
 */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { attachmentRoutes } from './attachments.js';
import { boardAdminRoutes } from './board-admin.js';
import { boardRoutes } from './boards.js';
import { cardExtensionRoutes } from './card-extensions.js';
import { cardRoutes } from './cards.js';
import { commentRoutes } from './comments.js';
import { emailSequenceRoutes } from './email-sequences.js';
import { presenceRoutes } from './presence.js';
import { mailboxRoutes } from './mailboxes.js';
import { meRoutes } from './me.js';
import { tagRoutes } from './tags.js';
import { reportRoutes } from '../reports/route.js';
import { searchRoutes } from '../search/route.js';
import { waitingRoutes } from '../waiting/routes.js';
import { historyRoutes } from '../history/routes.js';
import { rulesRoutes } from '../rules/routes.js';
import { customerRoutes } from '../customers/routes.js';
import { savedReplyRoutes } from '../replies/routes.js';

export function resourceRoutes(app: FastifyInstance, ctx: Ctx): void {
  boardRoutes(app, ctx);
  boardAdminRoutes(app, ctx);
  cardRoutes(app, ctx);
  cardExtensionRoutes(app, ctx);
  commentRoutes(app, ctx);
  tagRoutes(app, ctx);
  emailSequenceRoutes(app, ctx);
  meRoutes(app, ctx);
  presenceRoutes(app, ctx);
  mailboxRoutes(app, ctx);
  attachmentRoutes(app, ctx);
  searchRoutes(app, ctx);
  waitingRoutes(app, ctx);
  reportRoutes(app, ctx);
  historyRoutes(app, ctx);
  rulesRoutes(app, ctx);
  customerRoutes(app, ctx);
  savedReplyRoutes(app, ctx);
}
