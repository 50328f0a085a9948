/**
 * A matched rule's actions done to the card, inside the delivering write,
 * each told in words for the card's history ("tagged Billing"). Round-robin
 * takes the board's turn under a lock and moves it on in the same
 * transaction, so instances on one database share one fair order.
 */
import type { Changed } from '../changes.js';
import type { CardRow, Ctx } from '../context.js';
import { isoNow } from '../db.js';
import { topPosition } from '../positions.js';
import { endSnoozeOnArchive, snooze } from '../waiting/snooze.js';
import { parseSnoozeTerms } from '../../text/snooze-until.js';
import type { InboundMessage } from '../mail/read-mail.js';
import { acknowledge } from './acknowledge.js';
import type { Action } from './parse.js';
import { takingWork, type Board } from './store.js';

export interface Target {
  boardId: number;
  cardId: number;
  rule: string;
  message: InboundMessage;
}

/** The member whose turn it is, the turn moved on; null when nobody takes work. */
async function nextInTurn(ctx: Ctx, board: Board): Promise<string | null> {
  await ctx.sql.lock(`rules-rotation:${board.id}`);
  const members = takingWork(board);
  const last = await ctx.sql.get<{ last_email: string }>('SELECT last_email FROM rule_rotation WHERE board_id = ?', [
    board.id,
  ]);
  const next = members.find((m) => last === undefined || m > last.last_email) ?? members[0];
  if (next === undefined) return null;
  await ctx.sql.run(
    `INSERT INTO rule_rotation (board_id, last_email) VALUES (?, ?)
     ON CONFLICT (board_id) DO UPDATE SET last_email = excluded.last_email`,
    [board.id, next],
  );
  return next;
}

async function assign(ctx: Ctx, t: Target, email: string, changed: Changed): Promise<boolean> {
  const added = await ctx.sql.run('INSERT INTO card_assignees (card_id, email) VALUES (?, ?) ON CONFLICT DO NOTHING', [
    t.cardId,
    email,
  ]);
  if (added > 0) changed(t.boardId, t.cardId, 'card-changed');
  return added > 0;
}

/** Does one action; the words of what it did, or null when it changed nothing (the tag was on already). */
export async function doAction(ctx: Ctx, t: Target, a: Action, board: Board, changed: Changed): Promise<string | null> {
  switch (a.kind) {
    case 'tag': {
      const tag = board.tags.get(a.name.toLowerCase());
      if (tag === undefined) return null;
      const added = await ctx.sql.run('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [
        t.cardId,
        tag.id,
      ]);
      if (added === 0) return null;
      changed(t.boardId, t.cardId, 'tags');
      return `tagged ${tag.name}`;
    }
    case 'assign':
      return (await assign(ctx, t, a.email, changed)) ? `assigned ${a.email}` : null;
    case 'round-robin': {
      const who = await nextInTurn(ctx, board);
      if (who === null) return 'found nobody to assign (every member is away)';
      return (await assign(ctx, t, who, changed)) ? `assigned ${who} (round-robin)` : null;
    }
    case 'move': {
      const col = board.columns.get(a.column.toLowerCase());
      if (col === undefined) return null;
      const position = await topPosition(ctx.sql, col.id, t.cardId);
      const moved = await ctx.sql.run('UPDATE cards SET column_id = ?, position = ? WHERE id = ? AND column_id <> ?', [
        col.id,
        position,
        t.cardId,
        col.id,
      ]);
      if (moved === 0) return null;
      changed(t.boardId, t.cardId, 'card-moved');
      return `moved it to ${col.name}`;
    }
    case 'archive':
      await endSnoozeOnArchive(ctx, t.cardId);
      await ctx.sql.run('UPDATE cards SET archived = 1, archived_at = COALESCE(archived_at, ?) WHERE id = ?', [
        isoNow(ctx.now()),
        t.cardId,
      ]);
      changed(t.boardId, t.cardId, 'card-archived');
      return 'archived it';
    case 'snooze': {
      const terms = parseSnoozeTerms(a.when, new Date(ctx.now()));
      if (!terms.ok) return `did not snooze it: ${terms.error}`;
      const card = (await ctx.sql.get<CardRow>('SELECT * FROM cards WHERE id = ?', [t.cardId])) as CardRow;
      await snooze(ctx, card, terms, `rule ${t.rule}`, changed);
      return `snoozed it ${terms.words}`;
    }
    case 'read':
      await ctx.sql.run('UPDATE cards SET read_status = 1 WHERE id = ?', [t.cardId]);
      await ctx.sql.run('DELETE FROM card_reads WHERE card_id = ?', [t.cardId]);
      changed(t.boardId, t.cardId, 'card-changed');
      return 'marked it read';
    case 'stop':
      return 'stopped the later rules';
    case 'reply':
      return acknowledge(ctx, t.boardId, t.cardId, a.saved, t.message);
  }
}
