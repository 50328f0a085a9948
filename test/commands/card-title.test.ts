/** `inboard card title ID TITLE` against the local service, the card read back from the server after each run. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable, type Card } from '../../src/api/read-model.js';
import { startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

/** The first card of board 1's first column, as the server lists it. */
async function firstCard(): Promise<{ card: Card; columnId: number }> {
  const [col] = await f.client.listColumns(1);
  if (!col) throw new Error('no column');
  const card = (await f.client.listCards(1, col.Id, 1, 50)).find((r): r is Card => !isUnreadable(r));
  if (!card) throw new Error('no card');
  return { card, columnId: col.Id };
}

describe('card title', () => {
  it('renames the card and leaves it where it was', async () => {
    const { card, columnId } = await firstCard();
    const r = await f.run(['card', 'title', card.ServiceTaskId, '  Refund sent to Ana  ']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Renamed card ${card.ServiceTaskId}: “${card.TaskName}” → “Refund sent to Ana”\n`);
    const after = await f.client.getCard(card.ServiceTaskId);
    expect(after.TaskName).toBe('Refund sent to Ana');
    expect(after.BoardId).toBe(1);
    expect(after.ColumnId).toBe(card.ColumnId);
    const listed = await f.client.listCards(1, columnId, 1, 50);
    expect(listed.some((x) => !isUnreadable(x) && x.ServiceTaskId === card.ServiceTaskId)).toBe(true);
  });

  it('--json: the card, the new title and the server’s word', async () => {
    const { card } = await firstCard();
    const res = await f.json(['card', 'title', card.ServiceTaskId, 'Second name', '--json']);
    expect(res).toEqual({ CardId: card.ServiceTaskId, Title: 'Second name', Answer: expect.any(String) });
    expect((await f.client.getCard(card.ServiceTaskId)).TaskName).toBe('Second name');
  });

  it('refuses an empty or too long title in words, changing nothing (exit 2)', async () => {
    const { card } = await firstCard();
    for (const [title, said] of [
      ['   ', 'TITLE is empty'],
      ['x'.repeat(501), 'TITLE is 501 characters; at most 500'],
    ] as const) {
      const r = await f.run(['card', 'title', card.ServiceTaskId, title]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
    }
    const missing = await f.run(['card', 'title', card.ServiceTaskId]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing TITLE');
    expect((await f.client.getCard(card.ServiceTaskId)).TaskName).toBe(card.TaskName);
  });

  it('an unknown card: the server’s words, exit 1', async () => {
    const r = await f.run(['card', 'title', '999999', 'Nothing']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toBe('');
  });
});
