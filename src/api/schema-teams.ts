/**
 * The wire shapes of the local service's teamwork extensions: card versions
 * (`ETag` / `If-Match`), running a board (rename, members, archive), renaming
 * and deleting columns. Documented in docs/api.md › Extensions; the
 * conventions are schema.ts's.
 */
import { z } from 'zod';
import { Email, IdParam, LIMITS, requiredText } from './schema.js';

// ---------------------------------------------------------------- card versions

/** A card version as `ETag` and `If-Match` carry it: `"7"`. */
export const cardETag = (version: number): string => `"${version}"`;

/**
 * The version an `ETag` or `If-Match` value names: `"7"` (or the weak `W/"7"`,
 * or a bare 7) → 7; `*` → 'any'; anything else → undefined.
 */
export function versionOfETag(value: string): number | 'any' | undefined {
  const v = value.trim();
  if (v === '*') return 'any';
  const m = /^(?:W\/)?"?([1-9]\d{0,14})"?$/.exec(v);
  return m === null ? undefined : Number(m[1]);
}

// ---------------------------------------------------------------- boards

/** PUT /v2/board/:id: a new name, a new member list (replacing it), or both. */
export const UpdateBoardBody = z
  .strictObject({
    Name: requiredText(LIMITS.boardName).optional(),
    /** Every member but the owner (the owner always is one; listing them changes nothing). */
    Users: z.array(Email).max(LIMITS.usersPerBoard).optional(),
  })
  .refine((b) => b.Name !== undefined || b.Users !== undefined, {
    message: 'give Name, Users or both',
  });
export type UpdateBoardInput = z.input<typeof UpdateBoardBody>;

/** DELETE /v2/board/:id archives the board. */
export const ArchivedBoardData = z.object({ Id: z.number(), ArchivedAt: z.string() });
export type ArchivedBoardData = z.infer<typeof ArchivedBoardData>;

// ---------------------------------------------------------------- columns

/** PUT /v2/board/:boardId/column/:id. */
export const UpdateColumnBody = z.strictObject({ Name: requiredText(LIMITS.columnName) });
export type UpdateColumnInput = z.input<typeof UpdateColumnBody>;

/** DELETE /v2/board/:boardId/column/:id: where its cards go, when it has any. */
export const DeleteColumnParams = z.strictObject({ MoveCardsTo: IdParam.optional() });
export type DeleteColumnInput = z.input<typeof DeleteColumnParams>;

/** What went: the column, and how many active cards moved where (MovedTo null when none moved). */
export const DeletedColumnData = z.object({
  ColumnId: z.number(),
  MovedCards: z.number(),
  MovedTo: z.number().nullable(),
});
export type DeletedColumnData = z.infer<typeof DeletedColumnData>;
