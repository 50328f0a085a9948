/** `inboard search` against a live service (the demo workspace): the table, --json, --board, and refusals in words. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '../../src/api/read-model.js';
import { ok, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

describe('inboard search', () => {
  it('--json is the server’s matches as the client reads them', async () => {
    const hits = await f.json<SearchHit[]>(['search', 'from:priya', 'refund', '--json']);
    const expected = await f.client.search('from:priya refund');
    expect(hits).toEqual(expected.hits);
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) {
      expect(typeof h.ServiceTaskId).toBe('string');
      expect(h.Where).toBe('message');
      expect(h.From).toMatch(/priya/i);
    }
  });

  it('prints a table: id, board, column, title, where, the snippet with its words starred', async () => {
    const out = ok(await f.run(['search', 'from:priya', 'refund']));
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\d+ cards? found for from:priya · refund$/);
    expect(lines[2]).toMatch(/^ID\s+BOARD\s+COLUMN\s+TITLE\s+WHERE\s+SNIPPET$/);
    expect(out).toContain('*refund*');
  });

  it('--board narrows to one board; a board with none says so', async () => {
    const all = await f.client.search('refund');
    const boardId = all.hits.flatMap((h) => ('BoardId' in h && h.BoardId !== null ? [h.BoardId] : []))[0];
    const hits = await f.json<SearchHit[]>(['search', 'refund', '--board', String(boardId), '--json']);
    expect(hits.every((h) => h.BoardId === boardId)).toBe(true);
  });

  it('a query it cannot read: exit 1 and the server’s words', async () => {
    const r = await f.run(['search', 'refund', 'is:urgent']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is: takes unread, read, archived, waiting, snoozed, late');
    expect(r.stderr).toContain('understood so far: refund');
    const none = await f.run(['search']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing QUERY');
  });
});
