/**
 * customer_conversations and card_history as an MCP client calls them (the
 * SDK's client, the built dist/cli.js) against a real service over a real
 * SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable } from '../../../src/api/read-model.js';
import { rawMail } from '../../support/mail.js';
import { startFixture, type Fixture } from '../helpers.js';
import { startMcp, type Mcp } from './helpers.js';

let f: Fixture;
let m: Mcp;
beforeAll(async () => {
  f = await startFixture();
  m = await startMcp(f.env);
});
afterAll(async () => {
  await m?.close();
  await f?.close();
});

async function mailIn(subject: string, from: string): Promise<string> {
  const r = await f.client.raw('POST', '/v2/mail/inbound', {
    BoardId: 1,
    Message: rawMail({ subject, from, messageId: `<${subject.replace(/\W/g, '')}@c.example>` }).toString('base64'),
  });
  expect(r.status, r.body).toBe(200);
  return String((JSON.parse(r.body) as { data: { CardId: string } }).data.CardId);
}

describe('customer tools', () => {
  it('customer_conversations lists the cards from an address, newest first', async () => {
    const first = await mailIn('Lost parcel', 'Jane Doe <jane@c.example>');
    const second = await mailIn('Lost parcel again', 'jane@C.example');
    const got = await m.ok<{ email: string; name: string; total: number; cards: { cardId: string; state: string }[] }>(
      'customer_conversations',
      { email: 'JANE@c.example' },
    );
    expect(got).toMatchObject({ email: 'jane@c.example', name: 'Jane Doe', total: 2 });
    expect(got.cards.map((c) => c.cardId)).toEqual([second, first]);
    expect(await m.fails('customer_conversations', { email: 'nope' })).toMatch(/email/i);
  });

  it('card_history tells a move in words, by whom', async () => {
    const [a, b] = await f.client.listColumns(1);
    const card = (await f.client.listCards(1, a?.Id ?? 1, 1, 5)).find((r) => !isUnreadable(r));
    if (card === undefined || isUnreadable(card) || b === undefined) throw new Error('no card');
    await f.client.moveCard({ Id: card.ServiceTaskId, NewColumnId: b.Id, NewPosition: 0 });
    const got = await m.ok<{ changes: { kind: string; by: string; words: string }[] }>('card_history', {
      cardId: card.ServiceTaskId,
    });
    expect(got.changes.at(-1)).toMatchObject({ kind: 'moved', by: 'owner@inboard.local' });
    expect(got.changes.at(-1)?.words).toContain(`to ${b.Name}`);
  });
});
