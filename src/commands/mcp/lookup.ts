/**
 * Finding what a tool's input names: a column by its label, id or name (the
 * same matching as the scriptable commands, commands/resolve.ts), a card's
 * board and column from its detail. A miss throws in words that list what
 * there is, so the assistant can pick again.
 */
import { readCardId } from '../../api/tolerant.js';
import type { CardDetail, CardId, Column } from '../../api/read-model.js';
import type { Client } from '../../api/types.js';
import { CommandError } from '../args.js';
import { pick } from '../resolve.js';

/** An expected failure of a tool, in words for the assistant (server.ts makes it an isError result). */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}

/** A card id as given, checked as the commands check it (no control characters, not too long). */
export function exactCardId(raw: string): CardId {
  const id = readCardId(raw);
  if (id === undefined)
    throw new ToolError(`cardId "${raw.slice(0, 80)}" is not a card id (empty, too long, or has control characters)`);
  return id;
}

export async function findColumn(client: Client, boardId: number, ref: string): Promise<Column> {
  const columns = await client.listColumns(boardId);
  const r = ref.trim().toLowerCase();
  const label = /^label_([1-9]\d{0,15})$/.exec(r);
  const byLabel = columns.find((c) => c.ColumnId?.toLowerCase() === r || (label !== null && c.Id === Number(label[1])));
  if (byLabel !== undefined) return byLabel;
  try {
    return pick(columns, ref, 'column', ` on board ${boardId}`);
  } catch (e) {
    if (e instanceof Error) throw new ToolError(`columnId: ${e.message}`);
    throw e;
  }
}

/** Whether `col` is the column a card's `ColumnId` (`Label_4`, or a bare id) names. */
const isColumn = (col: Column, label: string): boolean => {
  const l = label.trim().toLowerCase();
  return col.ColumnId?.toLowerCase() === l || `label_${col.Id}` === l || String(col.Id) === l;
};

/** A card's board and column, read from its detail: what a PUT of the card must repeat. */
export async function placeOfCard(client: Client, card: CardDetail): Promise<{ boardId: number; column: Column }> {
  const boardId = card.BoardId;
  if (boardId === undefined || boardId === null)
    throw new CommandError(`the server did not say which board card ${card.ServiceTaskId} is on; nothing was changed`);
  const label = card.ColumnId;
  const column =
    label === undefined || label === null
      ? undefined
      : (await client.listColumns(boardId)).find((c) => isColumn(c, label));
  if (column === undefined)
    throw new CommandError(`the server did not say which column card ${card.ServiceTaskId} is in; nothing was changed`);
  return { boardId, column };
}
