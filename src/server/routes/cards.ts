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
import { touchCard } from '../versions.js';
import { endSnoozeOnArchive } from '../waiting/snooze.js';
import { cardETag } from '../../api/schema-teams.js';

const NoParams = z.strictObject({});

interface Extras {
  Note?: string | undefined;
  Comment?: string | undefined;
  SubTask?: string | undefined;
}

/** Note/Comment/SubTask given on create or update are added to the card. */
async function addExtras(ctx: Ctx, p: Principal, cardId: number, e: Extras): Promise<void> {
  const now = isoNow(ctx.now());
  const ins = async (table: string, body: string | undefined) => {
    if (body !== undefined) {
      await ctx.sql.run(`INSERT INTO ${table} (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)`, [
        cardId,
        p.userId,
        body,
        now,
      ]);
    }
  };
  await ins('notes', e.Note);
  await ins('comments', e.Comment);
  await ins('subtasks', e.SubTask);
}

async function setAssignees(ctx: Ctx, board: BoardRow, cardId: number, emails: string[] | null): Promise<void> {
  const list = emails === null ? [] : await checkAssignees(ctx, board, emails);
  await ctx.sql.run('DELETE FROM card_assignees WHERE card_id = ?', [cardId]);
  for (const email of list) {
    await ctx.sql.run('INSERT INTO card_assignees (card_id, email) VALUES (?, ?)', [cardId, email]);
  }
}

/** After a move to another board, drop what belongs to the old one. */
async function adoptBoard(ctx: Ctx, board: BoardRow, cardId: number): Promise<void> {
  await ctx.sql.run(
    'DELETE FROM card_tags WHERE card_id = ? AND tag_id NOT IN (SELECT id FROM tags WHERE board_id = ?)',
    [cardId, board.id],
  );
  await ctx.sql.run(
    `DELETE FROM card_assignees WHERE card_id = ? AND email <> ?
     AND email NOT IN (SELECT email FROM board_members WHERE board_id = ?)`,
    [cardId, board.owner_email, board.id],
  );
}

async function tagOnBoard(ctx: Ctx, tagId: number, boardId: number, field: string): Promise<void> {
  const tag = await ctx.sql.get<{ board_id: number }>('SELECT board_id FROM tags WHERE id = ?', [tagId]);
  if (tag === undefined) throw notFound(`Tag ${tagId} not found`);
  if (tag.board_id !== boardId) throw badRequest(`${field}: tag ${tagId} belongs to another board`);
}

export function cardRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/card/:id', async (req, reply) => {
    const { id } = parse(CardIdPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const p = principal(req);
    // One snapshot: the ETag is the version of exactly what the body shows.
    const detail = await ctx.db.tx(async (sql) => {
      const inRead = { ...ctx, sql };
      return cardDetailOut(inRead, await cardFor(inRead, p, id, false), p.userId);
    }, 'read');
    reply.header('etag', cardETag(detail.Version ?? 1));
    return okEnvelope(detail);
  });

  app.post('/v2/card', async (req, reply) => {
    const body = parse(CreateCardBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await boardFor(ctx, p, body.BoardId);
      const col = await columnOn(ctx, board.id, body.ColumnId, 'ColumnId');
      // New cards arrive at the top, as new mail does in an inbox.
      const position = await topPosition(ctx.sql, col.id);
      const row = await ctx.sql.get<{ id: number }>(
        `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, position, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [board.id, col.id, body.CardTitle, body.ReadStatus ?? 1, p.email, position, isoNow(ctx.now())],
      );
      const cardId = (row as { id: number }).id;
      if (body.Assignee !== undefined) await setAssignees(ctx, board, cardId, body.Assignee);
      await addExtras(ctx, p, cardId, body);
      changed(board.id, cardId, 'card-created');
      return { Error: false, Success: 'Card created', taskId: cardId };
    });
  });

  app.put('/v2/card/:cardId', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(UpdateCardBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      await touchCard(ctx, card.id);
      const board = await boardFor(ctx, p, body.BoardId === card.board_id ? card.board_id : body.BoardId);
      const col = await columnOn(ctx, board.id, body.ColumnId, 'ColumnId');
      if (col.id !== card.column_id) {
        // A different column in an update moves the card to the top of it.
        const position = await topPosition(ctx.sql, col.id, card.id);
        await ctx.sql.run('UPDATE cards SET board_id = ?, column_id = ?, position = ? WHERE id = ?', [
          board.id,
          col.id,
          position,
          card.id,
        ]);
        if (board.id !== card.board_id) await adoptBoard(ctx, board, card.id);
      }
      await ctx.sql.run('UPDATE cards SET title = ? WHERE id = ?', [body.CardTitle, card.id]);
      if (body.Assignee !== undefined) await setAssignees(ctx, board, card.id, body.Assignee);
      await addExtras(ctx, p, card.id, body);
      const kind = col.id === card.column_id ? 'card-changed' : 'card-moved';
      changed(card.board_id, card.id, kind);
      if (board.id !== card.board_id) changed(board.id, card.id, kind);
      return okEnvelope(String(card.id), 'Card updated');
    });
  });

  app.post('/v2/card/move-card', async (req, reply) => {
    const body = parse(MoveCardBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, body.Id, true);
      await touchCard(ctx, card.id);
      const board = await boardFor(ctx, p, body.NewBoardId ?? card.board_id);
      const col = await columnOn(ctx, board.id, body.NewColumnId, 'NewColumnId');
      const position = await positionAt(ctx.sql, col.id, body.NewPosition, card.id);
      await ctx.sql.run('UPDATE cards SET board_id = ?, column_id = ?, position = ? WHERE id = ?', [
        board.id,
        col.id,
        position,
        card.id,
      ]);
      if (board.id !== card.board_id) await adoptBoard(ctx, board, card.id);
      changed(card.board_id, card.id, 'card-moved');
      if (board.id !== card.board_id) changed(board.id, card.id, 'card-moved');
      return okEnvelope('success', 'Card moved');
    });
  });

  app.delete('/v2/card/:cardId', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, false);
      await touchCard(ctx, card.id);
      // Archive, not delete: the card leaves column lists but still answers GET.
      // The first archive's time stays: archiving again is no newer event.
      await endSnoozeOnArchive(ctx, card.id);
      await ctx.sql.run('UPDATE cards SET archived = 1, archived_at = COALESCE(archived_at, ?) WHERE id = ?', [
        isoNow(ctx.now()),
        card.id,
      ]);
      changed(card.board_id, card.id, 'card-archived');
      return okEnvelope({ id: String(card.id) }, 'Card archived');
    });
  });

  const addText = (path: string, table: string, schema: typeof AddNoteBody | typeof AddSubTaskBody, what: string) =>
    app.post(path, async (req, reply) => {
      const { cardId } = parse(CardPath, req.params, 'path');
      const body = parse(schema, req.body ?? {});
      return write(ctx, req, reply, async (p, changed, ctx) => {
        const card = await cardFor(ctx, p, cardId, true);
        await touchCard(ctx, card.id);
        changed(card.board_id, card.id, table === 'notes' ? 'note' : 'sub-task');
        await ctx.sql.run(`INSERT INTO ${table} (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)`, [
          card.id,
          p.userId,
          body.Body,
          isoNow(ctx.now()),
        ]);
        return okEnvelope({ CardId: String(card.id) }, `${what} added`);
      });
    });
  addText('/v2/card/:cardId/note', 'notes', AddNoteBody, 'Note');
  addText('/v2/card/:cardId/sub-task', 'subtasks', AddSubTaskBody, 'Sub-task');

  app.post('/v2/card/:cardId/tags', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(AddTagBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      await touchCard(ctx, card.id);
      changed(card.board_id, card.id, 'tags');
      await tagOnBoard(ctx, Number(body.TagId), card.board_id, 'TagId');
      await ctx.sql.run('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [
        card.id,
        Number(body.TagId),
      ]);
      return okEnvelope({ CardId: String(card.id) }, 'Tag added');
    });
  });

  app.put('/v2/card/:cardId/tags', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(SetTagsBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      await touchCard(ctx, card.id);
      changed(card.board_id, card.id, 'tags');
      const ids = [...new Set(body.TagIds)];
      for (const id of ids) await tagOnBoard(ctx, Number(id), card.board_id, 'TagIds');
      await ctx.sql.run('DELETE FROM card_tags WHERE card_id = ?', [card.id]);
      for (const id of ids) {
        await ctx.sql.run('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?)', [card.id, Number(id)]);
      }
      return okEnvelope({ CardId: String(card.id), TagIds: ids }, 'Tags set');
    });
  });
}
