/**
 * The inputs tools share, in zod, with the words an assistant reads in the
 * tool list: card ids are strings and exact; a board id is a number; a column
 * is named by what list_columns gives.
 */
import { z } from 'zod';
import { LIMITS } from '../../api/schema.js';

export const cardId = z
  .string()
  .min(1)
  .max(200)
  .describe(
    'The card id exactly as list_cards_in_column or get_card gave it, as a string: "101", "9007199254740993", "18c2f3a9b4d5e6f7". Never a number, never rounded or re-typed.',
  );

export const boardId = z.number().int().positive().describe('The board id: a whole number, as list_boards gives it.');

export const column = z
  .string()
  .min(1)
  .max(200)
  .describe(
    'The column: its columnId from list_columns ("Label_3"), its id as a string ("3"), or its name ("To do"; a unique start of a name will do).',
  );

export const position = z
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .describe('Where in the column, counted from 0 (0 = on top, the default); past the end goes last.');

export const page = z.number().int().min(1).optional().describe('Which page, from 1 (default 1).');

export const limit = z
  .number()
  .int()
  .min(1)
  .max(LIMITS.pageSizeMax)
  .optional()
  .describe(`Cards per page (default ${LIMITS.pageSizeDefault}, at most ${LIMITS.pageSizeMax}).`);

export const emails = z.array(z.email().max(LIMITS.email)).max(LIMITS.usersPerBoard);

export const text = (what: string) =>
  z
    .string()
    .min(1)
    .max(LIMITS.text)
    .refine((s) => s.trim() !== '', 'is empty')
    .describe(what);
