/** A board's tags: /v2/tag. */
import type { Endpoints } from '../operations.js';
import { unexpected, unwrapEnvelope } from '../parse.js';
import type { CardId } from '../read-model.js';
import { Fields, isRecord, readCardId, readNumId, readTag, readTags } from '../tolerant.js';

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
  async deleteTag(w, boardId, tagId, o) {
    const path = '/v2/tag';
    const { status, json } = await w.call('DELETE', path, { query: { BoardId: boardId, TagId: tagId }, o });
    const data = unwrapEnvelope({ method: 'DELETE', path }, status, json);
    const f = isRecord(data) ? new Fields(data) : undefined;
    // The tag is gone whatever the answer says; `CardIds` (an extension) only when every id reads.
    const ids = f?.get('CardIds');
    const cardIds: (CardId | undefined)[] | undefined = Array.isArray(ids) ? ids.map((v) => readCardId(v)) : undefined;
    const read =
      cardIds?.every((v): v is CardId => v !== undefined) === true ? cardIds.filter((v) => v !== undefined) : undefined;
    return { Id: readNumId(f?.get('Id')) ?? tagId, ...(read !== undefined ? { CardIds: read } : {}) };
  },
};
