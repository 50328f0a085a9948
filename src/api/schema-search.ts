/**
 * The wire shapes of the local service's search extension,
 * `GET /v2/search?q=…[&BoardId=][&page=][&limit=]`: the parameters, and a
 * match — the card as a listing gives it, plus where the words were found,
 * a snippet with them marked, and the message's sender and date when the
 * text was a message. The conventions are schema.ts's.
 */
import { z } from 'zod';
import { CardListed } from './schema-cards.js';
import { IdParam, IntParam, IsoTimestamp } from './schema.js';
import { MAX_QUERY_LENGTH } from '../text/search-query.js';

export const SEARCH_LIMITS = { pageSizeDefault: 20, pageSizeMax: 100, queryLength: MAX_QUERY_LENGTH } as const;

export const SearchParams = z.strictObject({
  q: z.string(),
  BoardId: IdParam.optional(),
  page: IntParam.pipe(z.number().int().min(1, 'must be 1 or more')).optional(),
  limit: IntParam.pipe(
    z
      .number()
      .int()
      .min(1, 'must be 1 or more')
      .max(SEARCH_LIMITS.pageSizeMax, `must be at most ${SEARCH_LIMITS.pageSizeMax}`),
  ).optional(),
});
export type SearchParams = z.input<typeof SearchParams>;

/** Which text of the card held the words. */
export const SEARCH_WHERE = ['title', 'note', 'subtask', 'comment', 'message'] as const;
export const SearchWhere = z.enum(SEARCH_WHERE);
export type SearchWhere = z.infer<typeof SearchWhere>;

/** A stretch of the snippet; `Hit`: one of the words searched for. */
export const SnippetPart = z.object({ Text: z.string(), Hit: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

export const SearchMatch = CardListed.extend({
  BoardName: z.string(),
  ColumnName: z.string(),
  /** An archived card is found too, and says so. */
  Archived: z.boolean(),
  Where: SearchWhere,
  Snippet: z.array(SnippetPart),
  /** A message's sender (as written: `Jane Doe <jane@acme.io>`), or a note's or comment's author's email; else null. */
  From: z.string().nullable(),
  /** A message's date, else when the text was written. */
  Date: IsoTimestamp,
});
export type SearchMatch = z.infer<typeof SearchMatch>;

/** The answer's `data`, with the envelope's own fields beside it. */
export const SearchAnswer = z.object({
  data: z.array(SearchMatch),
  /** Cards matching in all (every page); with `TotalAtLeast`, at least that many. */
  Total: z.number(),
  /**
   * True when `Total` counts only the cards of the newest matches, as
   * PostgreSQL does past 1,000 matching texts (docs/search.md): a lower bound.
   */
  TotalAtLeast: z.boolean(),
  /** What the query was read as, in words. */
  Understood: z.string(),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;
