/**
 * `reply:SAVED`: an acknowledgement through the outbox and a real SMTP
 * relay — the saved reply filled with the customer's first name, marked
 * `Auto-Submitted: auto-replied`, at most once per sender a day, and never
 * to automatic mail (an auto-reply).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, startWorld, type World } from '../waiting/world.js';

let w: World;
let board: number;
beforeAll(async () => {
  w = await startWorld({ demo: false });
  const b = await w.s.call('POST', '/v2/board', { body: { Name: 'Help' } });
  board = Number(b.json.data.Id);
  expect((await w.s.call('POST', `/v2/board/${board}/column`, { body: { Name: 'New' } })).status).toBe(200);
  const saved = await w.s.call('POST', `/v2/board/${board}/saved-replies`, {
    body: { Name: 'Got it', Text: 'Hello {{customer.first_name}}, we have your message and are on it.' },
  });
  expect(saved.status, saved.text).toBe(200);
  const rule = await w.s.call('POST', `/v2/board/${board}/rules`, {
    body: { Name: 'Thanks', When: 'order', Then: 'reply:Got it', On: 'every-message' },
  });
  expect(rule.status, rule.text).toBe(200);
});
afterAll(() => w.close());

const sendDue = () => Promise.all(w.s.outboxes.map((o) => o.tick()));
const to = (address: string) => w.relay.received.filter((r) => r.to.includes(address));

describe('an acknowledgement by a rule', () => {
  it('goes once per sender a day, filled and marked automatic; never to an auto-reply', async () => {
    const card = await deliver(
      w,
      { from: 'Ana Lima <ana@customer.example>', subject: 'My order', messageId: '<o1@c.example>' },
      board,
    );
    await deliver(
      w,
      { from: 'Ana Lima <ana@customer.example>', subject: 'Another order', messageId: '<o2@c.example>' },
      board,
    );
    await deliver(
      w,
      {
        from: 'Bo <bo@customer.example>',
        subject: 'Out of office: order',
        messageId: '<auto1@c.example>',
        headers: ['Auto-Submitted: auto-replied'],
      },
      board,
    );
    await sendDue();
    const ana = to('ana@customer.example');
    expect(ana).toHaveLength(1);
    expect(ana[0]?.raw).toContain('Hello Ana, we have your message and are on it.');
    expect(ana[0]?.raw).toMatch(/^Auto-Submitted: auto-replied/m);
    expect(ana[0]?.raw).toMatch(/^In-Reply-To: <o1@c\.example>/m);
    expect(to('bo@customer.example')).toEqual([]);
    const history = await w.s.call('GET', `/v2/card/${card}/history`);
    const why = (history.json.data as { Kind: string; By: string; Added: string[] }[]).filter((e) => e.Kind === 'rule');
    expect(why[0]).toMatchObject({ By: 'rule Thanks', Added: ['acknowledged with Got it'] });
    // The next day she may have one again.
    w.clock.now += 24 * 3_600_000;
    await deliver(w, { from: 'ana@customer.example', subject: 'Order again', messageId: '<o3@c.example>' }, board);
    await sendDue();
    expect(to('ana@customer.example')).toHaveLength(2);
  });
});
