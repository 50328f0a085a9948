/**
 * `GET /v2/board/:boardId/mailboxes` (an extension): the board's mailboxes
 * and whether their mail is flowing, for anyone who may see the board — so
 * a TUI can tell its owner when mail is stuck and what to run. Mailboxes
 * are added and removed with `inboard mailbox …` on the service's database,
 * never over HTTP: a password never travels to this API.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BoardPath } from '../../api/schema.js';
import type { BoardMailbox } from '../../api/schema-mail.js';
import { boardFor, params, principal, type Ctx } from '../context.js';
import { okEnvelope, parse } from '../errors.js';
import { mailboxesOfBoard, STUCK_STATES } from '../mail/imap/mailbox-store.js';
import { storedAddress } from '../mail/imap/mailbox-url.js';

const NoParams = z.strictObject({});

export function mailboxRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/board/:boardId/mailboxes', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const board = await boardFor(ctx, principal(req), Number(boardId));
    const rows = await mailboxesOfBoard(ctx.sql, board.id);
    return okEnvelope(
      rows.map((m): BoardMailbox => ({
        Id: String(m.id),
        BoardId: String(m.board_id),
        Address: m.address,
        Folder: storedAddress(m.imap_url, 'imap').folder,
        State: m.state,
        StateWords: m.state_words,
        Stuck: STUCK_STATES.includes(m.state),
        StateAt: m.state_at,
        LastMessageAt: m.last_message_at,
        Imported: m.imported,
        Sends: m.smtp_url !== null,
      })),
    );
  });
}
