/**
 * Contract: a board's saved replies (`/v2/board/:id/saved-replies`,
 * `/v2/card/:id/saved-replies`) answer like every other route: the
 * envelope, 401 without a key, 404 and 400 in words, Idempotency-Key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { FilledReply, SavedReply } from '../../src/api/schema-replies.js';
import { CreateCardResponse } from '../../src/api/schema-cards.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

describe('saved replies', () => {
  it('POST answers the reply in the envelope; GET lists it; a card without mail fills the card and agent', async () => {
    const r = await s.call('POST', '/v2/board/1/saved-replies', {
      body: { Name: 'Contract', Text: '{{card.title}} · {{agent.email}} · {{customer.name}}' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ message: 'Saved reply added', error: false, code: 200 });
    const saved = envelope(SavedReply).parse(r.json).data;
    const list = envelope(z.array(SavedReply)).parse((await s.call('GET', '/v2/board/1/saved-replies')).json).data;
    expect(list.map((x) => x.Id)).toContain(saved.Id);

    const made = CreateCardResponse.parse(
      (await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'No mail yet' } })).json,
    );
    const filled = envelope(z.array(FilledReply)).parse(
      (await s.call('GET', `/v2/card/${made.taskId}/saved-replies`)).json,
    ).data;
    expect(filled.find((f) => f.Id === saved.Id)).toEqual({
      Id: saved.Id,
      Name: 'Contract',
      Text: 'No mail yet · owner@inboard.local · {{customer.name}}',
      Missing: ['customer.name'],
    });
  });

  it('401 without a key, 404 for an unknown board, reply or card, 400 for a bad id or an unknown field', async () => {
    expect((await s.call('GET', '/v2/board/1/saved-replies', { key: null })).status).toBe(401);
    const noBoard = await s.call('GET', '/v2/board/999999/saved-replies');
    expect(noBoard.status).toBe(404);
    expect(noBoard.json.message).toBe('Board 999999 not found');
    const noReply = await s.call('DELETE', '/v2/board/1/saved-replies/999999');
    expect(noReply.json).toMatchObject({ code: 404, message: 'Saved reply 999999 not found on board 1' });
    expect((await s.call('GET', '/v2/card/999999/saved-replies')).status).toBe(404);
    const badId = await s.call('PATCH', '/v2/board/1/saved-replies/x', { body: { Text: 'y' } });
    expect(badId.status).toBe(400);
    expect(badId.json.message).toMatch(/^replyId: must be a numeric id string/);
    const extra = await s.call('POST', '/v2/board/1/saved-replies', { body: { Name: 'n', Text: 't', Tone: 'warm' } });
    expect(extra.json).toMatchObject({ code: 400, message: 'Tone: unknown field' });
  });

  it('honours Idempotency-Key: a retry replays the first answer and adds nothing', async () => {
    const headers = { 'idempotency-key': 'saved-reply-contract-1' };
    const body = { Name: 'Once', Text: 'Only once.' };
    const first = await s.call('POST', '/v2/board/1/saved-replies', { body, headers });
    const again = await s.call('POST', '/v2/board/1/saved-replies', { body, headers });
    expect(first.status, first.text).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(first.json);
    const list = envelope(z.array(SavedReply)).parse((await s.call('GET', '/v2/board/1/saved-replies')).json).data;
    expect(list.filter((x) => x.Name === 'Once')).toHaveLength(1);
  });
});
