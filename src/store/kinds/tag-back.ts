/**
 * The undo of a tag's deletion where the server said which cards had it
 * (`CardIds`): the tag made again (same name and colour; it gets a new id)
 * and added to each of those cards, as one change. A card archived since
 * takes it no more (the service refuses changes to archived cards); the rest do.
 */
import { ApiError } from '../../api/errors.js';
import type { KindSpec } from '../mutation-kinds.js';
import { requireBoard } from './context.js';

export const tagBack: KindSpec<'tagBack'> = {
  // The tag and its cards are read again once it is back (readBack): no row to draw before.
  effect: null,
  async request(ctx, m, o) {
    const boardId = requireBoard(ctx);
    const tag = await ctx.client.createTag({ BoardId: boardId, Name: m.name, Color: m.color }, o);
    for (const id of m.cardIds) {
      await ctx.client.addTag(id, tag.Id).catch((e: unknown) => {
        // Archived (or gone) meanwhile: that card stays without it; any other refusal is said.
        if (!(e instanceof ApiError && e.status === 404)) throw e;
      });
    }
    return tag;
  },
  identity: (m, boardId) => ['tagBack', boardId, m.name, m.color, ...m.cardIds],
  newCardId: null,
  landed: null,
  readBack: 'board',
  detail: null,
  undo: null,
};
