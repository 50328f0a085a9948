/**
 * A card write refused because the card changed since the version it was
 * sent with (412, a `stale` error): the person is told what the card is now,
 * in words, and the board is read again to show it. Titles and due dates,
 * which a person typed, get a choice instead (kinds/fields.ts, conflicts).
 */
import { isStale, type ApiError } from '../api/errors.js';
import type { CardDetail, CardId } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import { sanitize } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import type { ColumnInfo } from './column-info.js';
import type { Mutation } from './mutation-kinds.js';

/** Refused as stale: the message says what the card is now; `status` keeps it a refusal (412). */
export class StaleCard extends Error {
  override readonly name = 'StaleCard';
  readonly status = 412;
  constructor(
    message: string,
    /** The card's version now, when known. */
    readonly version: number | undefined,
  ) {
    super(message);
  }
}

/** True for a write refused because the card changed meanwhile, as the client or the store says it. */
export const changedMeanwhile = (e: unknown): e is ApiError | StaleCard => isStale(e) || e instanceof StaleCard;

/**
 * `e` when it is no stale refusal; else a StaleCard naming the card as the
 * server has it now ("now “Refund sent” in Done"), read once — or null when
 * the card already is as the change wanted (`wanted`): a resend of the
 * user's own write whose first answer was lost, refused because it landed.
 */
export async function explainStale(
  client: Client,
  id: CardId,
  columns: readonly ColumnInfo[],
  e: ApiError | StaleCard,
  wanted: (now: CardDetail) => boolean = () => false,
): Promise<Error | null> {
  if (!isStale(e)) return e;
  const now = await client.getCard(id).catch(() => undefined);
  if (now !== undefined && wanted(now)) return null;
  if (now === undefined) return new StaleCard('Not saved: changed by someone else meanwhile', e.version);
  if (now.Archived === true)
    return new StaleCard('Not saved: changed by someone else meanwhile: now archived', now.Version ?? e.version);
  const where = columns.find((c) => c.label === now.ColumnId);
  const title = now.TaskName === undefined ? '' : ` “${truncate(sanitize(now.TaskName), 60)}”`;
  const column = where === undefined ? '' : ` in ${where.displayName}`;
  return new StaleCard(`Not saved: changed by someone else meanwhile: now${title}${column}`, now.Version ?? e.version);
}

const sameSet = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Whether the card, as the server has it now, already is what `m` asked
 * for (so a refusal as stale was of the user's own write, landed before its
 * answer was lost). Kinds whose outcome the detail does not show: never.
 */
export function alreadySo(m: Mutation, d: CardDetail): boolean {
  switch (m.kind) {
    case 'archive':
      return d.Archived === true;
    case 'setTags':
      return (
        d.Tags !== undefined &&
        sameSet(
          d.Tags.map((t) => t.Id),
          m.tagIds,
        )
      );
    case 'addTag':
      return d.Tags?.some((t) => t.Id === m.tagId) === true;
    case 'setAssignees':
      return d.Assignees !== undefined && sameSet(d.Assignees, m.emails ?? []);
    case 'setDue':
      return d.DueDate !== undefined && d.DueDate === m.due;
    case 'tickSubTask':
      return d.SubTasks?.some((t) => t.SubTaskId === m.subTaskId && t.Done === m.done) === true;
    default:
      return false;
  }
}
