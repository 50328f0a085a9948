/**
 * `inboard card history` and `inboard customer` as users run them, against
 * the local service: the changes made through the client read back in
 * words and as JSON; bad input refused before anything is sent (exit 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable } from '../../src/api/read-model.js';
import type { Customer, HistoryEntry } from '../../src/api/schema-history.js';
import { rawMail } from '../support/mail.js';
import { ok, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

async function mailIn(subject: string, from: string): Promise<string> {
  const r = await f.client.raw('POST', '/v2/mail/inbound', {
    BoardId: 1,
    Message: rawMail({ subject, from, messageId: `<${subject.replace(/\W/g, '')}@customer.example>` }).toString(
      'base64',
    ),
  });
  expect(r.status, r.body).toBe(200);
  return String((JSON.parse(r.body) as { data: { CardId: string } }).data.CardId);
}

describe('inboard card history', () => {
  it('lists a move with who made it, in words and as JSON', async () => {
    const [first, second] = await f.client.listColumns(1);
    const rows = await f.client.listCards(1, first?.Id ?? 1, 1, 5);
    const card = rows.find((r) => !isUnreadable(r));
    if (card === undefined || isUnreadable(card) || second === undefined || first === undefined)
      throw new Error('no card');
    await f.client.moveCard({ Id: card.ServiceTaskId, NewColumnId: second.Id, NewPosition: 0 });
    const said = ok(await f.run(['card', 'history', card.ServiceTaskId]));
    expect(said).toContain(`to ${second.Name}`);
    expect(said).toMatch(/owner@inboard\.local/);
    const entries = await f.json<HistoryEntry[]>(['card', 'history', card.ServiceTaskId, '--json']);
    expect(entries.at(-1)).toMatchObject({ Kind: 'moved', To: second.Name, By: 'owner@inboard.local' });
  });

  it('refuses a missing card id (exit 2) and says a card it cannot find (exit 1)', async () => {
    const bad = await f.run(['card', 'history']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/ID/);
    const missing = await f.run(['card', 'history', '99999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Card 99999999 not found/);
  });
});

describe('inboard customer', () => {
  it('lists the conversations from an address, newest first', async () => {
    const older = await mailIn('Invoice 1', 'Jane Doe <jane@customer.example>');
    const newer = await mailIn('Invoice 2', '"Doe, Jane" <JANE@customer.example>');
    await mailIn('Unrelated', 'Bob <bob@customer.example>');
    const c = await f.json<Customer>(['customer', 'Jane@Customer.example', '--json']);
    expect(c.Email).toBe('jane@customer.example');
    expect(c.Total).toBe(2);
    expect(c.Cards.map((k) => k.CardId)).toEqual([newer, older]);
    expect(c.Cards[0]).toMatchObject({ BoardId: 1, State: 'open', Title: 'Invoice 2' });
    const said = ok(await f.run(['customer', 'jane@customer.example']));
    expect(said).toMatch(/2 conversations/);
    expect(said).toContain('Invoice 1');
    const none = ok(await f.run(['customer', 'nobody@customer.example']));
    expect(none).toMatch(/0 conversations/);
    const bad = await f.run(['customer', 'not-an-address']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'not-an-address' is not an email address");
  });
});
