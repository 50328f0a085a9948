/**
 * snooze_card, unsnooze_card and list_snoozed_cards as an MCP client calls
 * them (the SDK's client, the built dist/cli.js) against a real service over
 * a real SQLite file: each change read back from the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable } from '../../../src/api/read-model.js';
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

async function firstCard(): Promise<string> {
  const [col] = await f.client.listColumns(1);
  const card = (await f.client.listCards(1, col?.Id ?? 1, 1, 5)).find((r) => !isUnreadable(r));
  if (card === undefined || isUnreadable(card)) throw new Error('the demo board has no card');
  return card.ServiceTaskId;
}

describe('snooze tools', () => {
  it('snooze_card takes words or a time; list_snoozed_cards lists it; unsnooze_card brings it back', async () => {
    const id = await firstCard();
    const snoozed = await m.ok<{ cardId: string; snoozed: { until: string; untilReply: boolean } }>('snooze_card', {
      cardId: id,
      until: '+2d',
    });
    expect(snoozed.cardId).toBe(id);
    expect(Date.parse(snoozed.snoozed.until) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    const listed = await m.ok<{ cards: { cardId: string; column: string }[] }>('list_snoozed_cards', { boardId: 1 });
    expect(listed.cards.map((c) => c.cardId)).toEqual([id]);
    expect(listed.cards[0]?.column).not.toBe('');
    const back = await m.ok<{ snoozed: null }>('unsnooze_card', { cardId: id });
    expect(back.snoozed).toBeNull();
    expect((await f.client.listSnoozedCards(1)).length).toBe(0);
  });

  it('refuses in words: no term, a time passed', async () => {
    const id = await firstCard();
    expect(await m.fails('snooze_card', { cardId: id })).toContain('give until (a time), untilReply: true, or both');
    expect(await m.fails('snooze_card', { cardId: id, until: '2020-01-01T00:00:00Z' })).toContain('which has passed');
    expect((await f.client.listSnoozedCards(1)).length).toBe(0);
  });
});
