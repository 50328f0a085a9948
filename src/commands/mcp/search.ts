/**
 * The place for `search_threads` (the vendor's name, so an assistant's
 * prompts carry over): one entry in this list, and the tool is offered,
 * listed in the README's table (npm run mcp:readme) and, being a read,
 * kept by --read-only. Nothing else changes.
 *
 * It needs from the client a search operation (e.g. `searchCards(boardId,
 * query, page, limit)` in api/types.ts `Client`, an endpoint in
 * api/endpoints/, and DragApp's search route in api/dragapp/ or an
 * "unsupported" there), then, written like list_cards_in_column
 * (cards.ts): input `{ boardId, query: z.string().min(1), page, limit }`,
 * output `{ boardId, query, cards: CardOut[] (+ a snippet per match),
 * unreadable }`, effect 'read', group 'Search', and a description saying
 * what is matched (title, email text, notes, comments?) and how words match.
 */
import type { Tool } from './tool.js';

export const SEARCH_TOOLS: readonly Tool[] = [];
