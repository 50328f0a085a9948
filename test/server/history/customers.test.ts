/**
 * The customer's other conversations: the cards from one address on the
 * boards a key can see, newest first, the card asked about left out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { Customer } from '../../../src/api/schema-history.js';
import { cardOnFirstColumn } from '../helpers.js';
import { deliver, HOUR, startWorld, type World } from '../waiting/world.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

async function board(world: World, Name: string, Users: string[]): Promise<number> {
  const b = await world.s.call('POST', '/v2/board', { body: { Name, Users } });
  expect(b.status, b.text).toBe(200);
  const id = Number(b.json.data.Id);
  expect((await world.s.call('POST', `/v2/board/${id}/column`, { body: { Name: 'Inbox' } })).status).toBe(200);
  return id;
}

const customerOf = async (world: World, path: string, key?: string) => {
  const r = await world.s.call('GET', path, key === undefined ? {} : { key });
  expect(r.status, r.text).toBe(200);
  return envelope(Customer).parse(r.json).data;
};

describe('customer conversations', () => {
  it('lists her earlier cards on the boards the key sees, newest first, the open one left out', async () => {
    w = await startWorld({ demo: false });
    const sam = await w.s.addUser('sam@acme.test');
    const shared = await board(w, 'Support', ['sam@acme.test']);
    const own = await board(w, 'Private', []);
    const jane = 'Jane Doe <jane@customer.example>';
    const first = await deliver(w, { from: jane, subject: 'Order 1', messageId: '<o1@c.example>' }, shared);
    w.clock.now += HOUR;
    const hidden = await deliver(w, { from: jane, subject: 'Order 2', messageId: '<o2@c.example>' }, own);
    w.clock.now += HOUR;
    const second = await deliver(
      w,
      { from: 'JANE@customer.example', subject: 'Order 3', messageId: '<o3@c.example>' },
      shared,
    );
    w.clock.now += HOUR;
    await deliver(w, { from: 'Bob <bob@customer.example>', subject: 'Other', messageId: '<b1@c.example>' }, shared);
    w.clock.now += HOUR;
    const latest = await deliver(w, { from: jane, subject: 'Order 4', messageId: '<o4@c.example>' }, shared);

    const bySam = await customerOf(w, `/v2/card/${latest}/customer`, sam);
    expect(bySam).toMatchObject({ Email: 'jane@customer.example', Name: 'Jane Doe', Total: 2 });
    expect(bySam.Cards.map((c) => c.CardId)).toEqual([second, first]);
    expect(bySam.Cards[0]).toMatchObject({ BoardName: 'Support', ColumnName: 'Inbox', State: 'open' });

    const byOwner = await customerOf(w, '/v2/customer?Email=jane@customer.example');
    expect(byOwner.Cards.map((c) => c.CardId)).toEqual([latest, second, hidden, first]);

    await w.s.call('DELETE', `/v2/card/${first}`);
    const after = await customerOf(w, `/v2/card/${latest}/customer`, sam);
    expect(after.Cards.find((c) => c.CardId === first)?.State).toBe('archived');
  });

  it('a card without mail has no customer; a bad address is refused in words; a hidden card is not found', async () => {
    w = await startWorld({ demo: false });
    const own = await board(w, 'Private', []);
    const id = await cardOnFirstColumn(w.s, own, 'Call back');
    expect(await customerOf(w, `/v2/card/${id}/customer`)).toEqual({ Email: null, Name: null, Total: 0, Cards: [] });
    const bad = await w.s.call('GET', '/v2/customer?Email=nope');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^Email: /);
    const eve = await w.s.addUser('eve@elsewhere.test');
    expect((await w.s.call('GET', `/v2/card/${id}/customer`, { key: eve })).status).toBe(404);
  });
});
