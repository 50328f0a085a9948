/** Cards: /v2/card… (create, read, update, move, archive, notes, sub-tasks, tags). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CardIdPath, CardPath } from '../../api/schema.js';
import {
  AddNoteBody,
  AddSubTaskBody,
  AddTagBody,
  CreateCardBody,
  MoveCardBody,
  SetTagsBody,
  UpdateCardBody,
} from '../../api/schema-cards.js';
import type { Principal } from '../auth.js';
import { isoNow } from '../db.js';
import {
  boardFor,
  cardFor,
  checkAssignees,
  columnOn,
  params,
  principal,
  write,
  type BoardRow,
  type Ctx,
} from '../context.js';
import { badRequest, notFound, okEnvelope, parse } from '../errors.js';
import { positionAt, topPosition } from '../positions.js';
import { cardDetailOut } from '../serialise.js';

const NoParams = z.strictObject({});

interface Extras {
  Note?: string | undefined;
  Comment?: string | undefined;
  SubTask?: string | undefined;
}

/** Note/Comment/SubTask given on create or update are added to the card. */
function addExtras(ctx: Ctx, p: Principal, cardId: number, e: Extras): void {
  const now = isoNow(ctx.now());
  const ins = (table: string, body: string | undefined) => {
    if (body !== undefined) {
      ctx
        .q(`INSERT INTO ${table} (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)`)
        .run(cardId, p.userId, body, now);
    }
  };
  ins('notes', e.Note);
  ins('comments', e.Comment);
  ins('subtasks', e.SubTask);
}

function setAssignees(ctx: Ctx, board: BoardRow, cardId: number, emails: string[] | null): void {
  const list = emails === null ? [] : checkAssignees(ctx, board, emails);
  ctx.q('DELETE FROM card_assignees WHERE card_id = ?').run(cardId);
  for (const email of list) ctx.q('INSERT INTO card_assignees (card_id, email) VALUES (?, ?)').run(cardId, email);
}

/** After a move to another board, drop what belongs to the old one. */
function adoptBoard(ctx: Ctx, board: BoardRow, cardId: number): void {
  ctx
    .q('DELETE FROM card_tags WHERE card_id = ? AND tag_id NOT IN (SELECT id FROM tags WHERE board_id = ?)')
    .run(cardId, board.id);
  ctx
    .q(
      `DELETE FROM card_assignees WHERE card_id = ? AND email <> ?
       AND email NOT IN (SELECT email FROM board_members WHERE board_id = ?)`,
    )
    .run(cardId, board.owner_email, board.id);
}

function tagOnBoard(ctx: Ctx, tagId: number, boardId: number, field: string): void {
  const tag = ctx.q('SELECT board_id FROM tags WHERE id = ?').get(tagId) as { board_id: number } | undefined;
  if (tag === undefined) throw notFound(`Tag ${tagId} not found`);
  if (tag.board_id !== boardId) throw badRequest(`${field}: tag ${tagId} belongs to another board`);
}

export function cardRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/card/:id', async (req) => {
    const { id } = parse(CardIdPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return okEnvelope(cardDetailOut(ctx, cardFor(ctx, principal(req), id, false)));
  });

  app.post('/v2/card', async (req, reply) => {
    const body = parse(CreateCardBody, req.body ?? {});
    return write(ctx, req, reply, (p, changed) => {
      const board = boardFor(ctx, p, body.BoardId);
      const col = columnOn(ctx, board.id, body.ColumnId, 'ColumnId');
      // New cards arrive at the top, as new mail does in an inbox.
      const info = ctx
        .q(
          `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, position, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          board.id,
          col.id,
          body.CardTitle,
          body.ReadStatus ?? 1,
          p.email,
          topPosition(ctx.q, col.id),
          isoNow(ctx.now()),
        );
      const cardId = Number(info.lastInsertRowid);
      if (body.Assignee !== undefined) setAssignees(ctx, board, cardId, body.Assignee);
      addExtras(ctx, p, cardId, body);
      changed(board.id, cardId, 'card-created');
      return { Error: false, Success: 'Card created', taskId: cardId };
    });
  });

  app.put('/v2/card/:cardId', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(UpdateCardBody, req.body ?? {});
    return write(ctx, req, reply, (p, changed) => {
      const card = cardFor(ctx, p, cardId, true);
      const board = body.BoardId === card.board_id ? boardFor(ctx, p, card.board_id) : boardFor(ctx, p, body.BoardId);
      const col = columnOn(ctx, board.id, body.ColumnId, 'ColumnId');
      if (col.id !== card.column_id) {
        // A different column in an update moves the card to the top of it.
        ctx
          .q('UPDATE cards SET board_id = ?, column_id = ?, position = ? WHERE id = ?')
          .run(board.id, col.id, topPosition(ctx.q, col.id, card.id), card.id);
        if (board.id !== card.board_id) adoptBoard(ctx, board, card.id);
      }
      ctx.q('UPDATE cards SET title = ? WHERE id = ?').run(body.CardTitle, card.id);
      if (body.Assignee !== undefined) setAssignees(ctx, board, card.id, body.Assignee);
      addExtras(ctx, p, card.id, body);
      const kind = col.id === card.column_id ? 'card-changed' : 'card-moved';
      changed(card.board_id, card.id, kind);
      if (board.id !== card.board_id) changed(board.id, card.id, kind);
      return okEnvelope(String(card.id), 'Card updated');
    });
  });

  app.post('/v2/card/move-card', async (req, reply) => {
    const body = parse(MoveCardBody, req.body ?? {});
    return write(ctx, req, reply, (p, changed) => {
      const card = cardFor(ctx, p, body.Id, true);
      const board = boardFor(ctx, p, body.NewBoardId ?? card.board_id);
      const col = columnOn(ctx, board.id, body.NewColumnId, 'NewColumnId');
      const position = positionAt(ctx.q, col.id, body.NewPosition, card.id);
      ctx
        .q('UPDATE cards SET board_id = ?, column_id = ?, position = ? WHERE id = ?')
        .run(board.id, col.id, position, card.id);
      if (board.id !== card.board_id) adoptBoard(ctx, board, card.id);
      changed(card.board_id, card.id, 'card-moved');
      if (board.id !== card.board_id) changed(board.id, card.id, 'card-moved');
      return okEnvelope('success', 'Card moved');
    });
  });

  app.delete('/v2/card/:cardId', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, (p, changed) => {
      const card = cardFor(ctx, p, cardId, false);
      // Archive, not delete: the card leaves column lists but still answers GET.
      // The first archive's time stays: archiving again is no newer event.
      ctx
        .q('UPDATE cards SET archived = 1, archived_at = COALESCE(archived_at, ?) WHERE id = ?')
        .run(isoNow(ctx.now()), card.id);
      changed(card.board_id, card.id, 'card-archived');
      return okEnvelope({ id: String(card.id) }, 'Card archived');
    });
  });

  const addText = (path: string, table: string, schema: typeof AddNoteBody | typeof AddSubTaskBody, what: string) =>
    app.post(path, async (req, reply) => {
      const { cardId } = parse(CardPath, req.params, 'path');
      const body = parse(schema, req.body ?? {});
      return write(ctx, req, reply, (p, changed) => {
        const card = cardFor(ctx, p, cardId, true);
        changed(card.board_id, card.id, table === 'notes' ? 'note' : 'sub-task');
        ctx
          .q(`INSERT INTO ${table} (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)`)
          .run(card.id, p.userId, body.Body, isoNow(ctx.now()));
        return okEnvelope({ CardId: String(card.id) }, `${what} added`);
      });
    });
  addText('/v2/card/:cardId/note', 'notes', AddNoteBody, 'Note');
  addText('/v2/card/:cardId/sub-task', 'subtasks', AddSubTaskBody, 'Sub-task');

  app.post('/v2/card/:cardId/tags', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(AddTagBody, req.body ?? {});
    return write(ctx, req, reply, (p, changed) => {
      const card = cardFor(ctx, p, cardId, true);
      changed(card.board_id, card.id, 'tags');
      tagOnBoard(ctx, Number(body.TagId), card.board_id, 'TagId');
      ctx.q('INSERT OR IGNORE INTO card_tags (card_id, tag_id) VALUES (?, ?)').run(card.id, Number(body.TagId));
      return okEnvelope({ CardId: String(card.id) }, 'Tag added');
    });
  });

  app.put('/v2/card/:cardId/tags', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(SetTagsBody, req.body ?? {});
    return write(ctx, req, reply, (p, changed) => {
      const card = cardFor(ctx, p, cardId, true);
      changed(card.board_id, card.id, 'tags');
      const ids = [...new Set(body.TagIds)];
      for (const id of ids) tagOnBoard(ctx, Number(id), card.board_id, 'TagIds');
      ctx.q('DELETE FROM card_tags WHERE card_id = ?').run(card.id);
      for (const id of ids) ctx.q('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?)').run(card.id, Number(id));
      return okEnvelope({ CardId: String(card.id), TagIds: ids }, 'Tags set');
    });
  });
}
