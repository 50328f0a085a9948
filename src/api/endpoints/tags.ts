/** A board's tags: /v2/tag. */
import type { Endpoints } from '../operations.js';
import { unexpected, unwrapEnvelope } from '../parse.js';
import { DeletedTagData } from '../schema.js';
import { readTag, readTags } from '../tolerant.js';

export const tagEndpoints: Endpoints<'listTags' | 'createTag' | 'deleteTag'> = {
  listTags: async (w, boardId, o) => {
    const path = '/v2/tag';
    const { status, json } = await w.call('GET', path, { query: { BoardId: boardId }, o });
    return readTags(unwrapEnvelope({ method: 'GET', path }, status, json));
  },
  async createTag(w, body, o) {
    const path = '/v2/tag';
    const { status, json } = await w.call('POST', path, { body, o });
    const tag = readTag(unwrapEnvelope({ method: 'POST', path }, status, json));
    if (tag === undefined) throw unexpected({ method: 'POST', path }, status, 'data expected the new tag');
    return tag;
  },
  deleteTag: (w, boardId, tagId, o) =>
    w.env(DeletedTagData, 'DELETE', '/v2/tag', { query: { BoardId: boardId, TagId: tagId }, o }),
};
