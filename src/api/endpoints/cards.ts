/** A card and the reference's changes to it: /v2/card… */
import type { CreatedCard } from '../types.js';
import type { Endpoints } from '../operations.js';
import type { AddNoteInput, AddSubTaskInput, AddTagInput } from '../schema-cards.js';
import { Fields, isRecord, readCardDetail, readCardId } from '../tolerant.js';
import { kindOf, seg } from '../wire.js';
import { answerText, idOr, successOf } from './answers.js';

export const cardEndpoints: Endpoints<
  'getCard' | 'createCard' | 'updateCard' | 'moveCard' | 'archiveCard' | 'addNote' | 'addTag' | 'addSubTask'
> = {
  getCard: (w, id, o) =>
    w.one(`/v2/card/${seg(id)}`, (v) => readCardDetail(v, id) ?? `data expected the card, got ${kindOf(v)}`, { o }),
  // No envelope; `Error: true` in a 200 is caught by unwrapMaybeEnvelope.
  async createCard(w, body, o): Promise<CreatedCard> {
    const answer = await w.change('POST', '/v2/card', { body, o });
    const f = isRecord(answer) ? new Fields(answer) : undefined;
    return {
      taskId:
        f === undefined ? null : (readCardId(f.get('taskId', 'ServiceTaskId', 'DragTaskId', 'CardId', 'Id')) ?? null),
      Success: successOf(f, answer),
    };
  },
  updateCard: async (w, id, body, o) => answerText(await w.change('PUT', `/v2/card/${seg(id)}`, { body, o })),
  moveCard: async (w, body, o) => answerText(await w.change('POST', '/v2/card/move-card', { body, o })),
  archiveCard: async (w, id, o) => ({
    id: idOr(await w.change('DELETE', `/v2/card/${seg(id)}`, { o }), ['id', 'Id', 'CardId'], id),
  }),
  addNote: async (w, id, text, o) => ({
    CardId: idOr(
      await w.change('POST', `/v2/card/${seg(id)}/note`, { body: { Body: text } satisfies AddNoteInput, o }),
      ['CardId'],
      id,
    ),
  }),
  addTag: async (w, id, tagId, o) => ({
    CardId: idOr(
      await w.change('POST', `/v2/card/${seg(id)}/tags`, { body: { TagId: String(tagId) } satisfies AddTagInput, o }),
      ['CardId'],
      id,
    ),
  }),
  addSubTask: async (w, id, text, o) => ({
    CardId: idOr(
      await w.change('POST', `/v2/card/${seg(id)}/sub-task`, { body: { Body: text } satisfies AddSubTaskInput, o }),
      ['CardId'],
      id,
    ),
  }),
};
