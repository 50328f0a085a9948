/**
 * Mentions: `@sam` in a comment names a member of the board, stored with
 * the comment and given back on it; a name of no one on the board is said
 * in the answer's words and not stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { CardDetail } from '../../../src/api/schema-cards.js';
import { startTestService, supportBoardWithSam, type TestService } from '../helpers.js';

let s: TestService | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function setUp(svc: TestService) {
  const { cardId } = await supportBoardWithSam(svc);
  await svc.withSql((db) => db.run("UPDATE users SET name = 'Sam Ortiz' WHERE email = 'sam@acme.test'"));
  await svc.addUser('bob@elsewhere.test');
  return cardId;
}

const SAM = { Email: 'sam@acme.test', Name: 'Sam Ortiz' };

describe('mentions', () => {
  it('stores @sam with the comment; the card and the comment give it back', async () => {
    s = await startTestService();
    const id = await setUp(s);
    const r = await s.call('POST', '/v2/comment', { body: { CardId: id, Body: '@sam can you check the refund?' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.message).toBe('Comment added');
    expect(r.json.data.CommentDetails.Mentions).toEqual([expect.objectContaining(SAM)]);
    const commentId = Number(r.json.data.CommentDetails.CommentId);
    const detail = envelope(CardDetail).parse((await s.call('GET', `/v2/card/${id}`)).json).data;
    expect(detail.Comments?.[0]?.Mentions).toEqual([expect.objectContaining(SAM)]);
    const one = await s.call('GET', `/v2/comment/${commentId}`);
    expect(one.json.data.Mentions).toEqual([expect.objectContaining(SAM)]);
    // By first name or whole address, once however often.
    const again = await s.call('POST', '/v2/comment', {
      body: { CardId: id, Body: '@Sam and @sam@acme.test, and owner@inboard.local is no mention' },
    });
    expect(again.json.data.CommentDetails.Mentions).toEqual([expect.objectContaining(SAM)]);
    // An edit that drops the name drops the mention.
    const edited = await s.call('PUT', `/v2/comment/${commentId}`, { body: { Body: 'never mind' } });
    expect(edited.status, edited.text).toBe(200);
    expect((await s.call('GET', `/v2/comment/${commentId}`)).json.data.Mentions).toEqual([]);
  });

  it('says a name of no one on the board and stores no mention of it', async () => {
    s = await startTestService();
    const id = await setUp(s);
    const r = await s.call('POST', '/v2/comment', { body: { CardId: id, Body: '@bob and @nobody, look' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.message).toBe('Comment added; @bob, @nobody are not on this board, so not mentioned');
    expect(r.json.data.CommentDetails.Mentions).toBeUndefined();
    const count = await s.withSql((db) => db.get<{ n: number }>('SELECT count(*) AS n FROM comment_mentions'));
    expect(Number(count?.n)).toBe(0);
  });
});
