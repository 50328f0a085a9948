/**
 * The page from the index's best rows (page.ts `fromTop`) is the page a
 * ranking of every match gives (`rankAll`): same cards, same order, same
 * best row, for every page, with card and row filters, over texts that tie
 * on score. The sizes are made small so that a few hundred rows take the
 * path 10,000 would in use, with its first look too short and its second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, type Fragment } from '../../../src/server/sql/sql.js';
import { sqliteQuery } from '../../../src/server/search/engines.js';
import { fromTop, rankAll } from '../../../src/server/search/page.js';
import { parseSearch } from '../../../src/text/search-query.js';
import { rawMail } from '../../support/mail.js';
import { startTestService, testEngine, type TestService } from '../helpers.js';

let s: TestService;
const boards: number[] = [];

async function board(name: string): Promise<number> {
  const b = await s.call('POST', '/v2/board', { body: { Name: name } });
  expect(b.status, b.text).toBe(200);
  const id = b.json.data.Id as number;
  await s.call('POST', `/v2/board/${id}/column`, { body: { Name: 'Inbox' } });
  return id;
}

describe.runIf(testEngine() === 'sqlite')('the page from the best rows', () => {
  beforeAll(async () => {
    s = await startTestService({ demo: false });
    boards.push(await board('Support'), await board('Billing'));
    const cards: string[] = [];
    for (let i = 0; i < 48; i++) {
      // Few distinct texts, so many rows tie on score.
      const body = `${'parcel '.repeat((i % 3) + 1)}${'late delivery '.repeat(i % 4)}please help`;
      const r = await s.call('POST', '/v2/mail/inbound', {
        body: {
          BoardId: boards[i % 4 === 0 ? 1 : 0],
          Message: rawMail({
            subject: `Order ${i}`,
            messageId: `<page-${i}@customer.example>`,
            date: new Date(Date.UTC(2026, 9, 1 + (i % 20))).toUTCString(),
            body,
          }).toString('base64'),
        },
      });
      expect(r.status, r.text).toBe(200);
      cards.push(String(r.json.data.CardId));
    }
    for (let i = 0; i < 24; i++) {
      const r = await s.call('POST', '/v2/comment', {
        body: { CardId: cards[(i * 7) % 48], Body: `parcel ${'x '.repeat(i % 5)}` },
      });
      expect(r.status, r.text).toBe(200);
    }
  });
  afterAll(async () => s?.close());

  const wheres = (): [string, Fragment][] => [
    ['no filter', and()],
    ['one board', { text: 'c.board_id = ?', params: [boards[0] as number] }],
    ['a card filter', { text: 'c.id % 3 <> 0', params: [] }],
    ['a row filter', { text: 'h.at > ?', params: ['2026-10-09T00:00:00.000Z'] }],
  ];

  it('gives every page as ranking every match does, or leaves it to that', async () => {
    const parsed = parseSearch('parcel');
    if (!parsed.ok) throw new Error(parsed.error);
    const engine = sqliteQuery(parsed.query.clauses);
    if (engine.top === null || engine.hits === null) throw new Error('words give a top and hits');
    const { top, hits } = engine;
    let fromTheTop = 0;
    let counted = 0;
    await s.withSql(async (sql) => {
      for (const [label, where] of wheres()) {
        for (const limit of [5, 7]) {
          const first = await rankAll(sql, hits, where, 1, limit);
          const pages = Math.ceil((first.total ?? 0) / limit) + 1;
          expect(first.total, label).toBeGreaterThan(limit);
          for (let page = 1; page <= pages; page++) {
            const all = await rankAll(sql, hits, where, page, limit);
            const got = await fromTop(sql, top, where, page, limit, { worth: 0, rows: 8 });
            if (got === null) continue;
            fromTheTop++;
            expect(got.hits, `${label}, page ${page} of ${limit}`).toEqual(
              all.hits.map(({ card_id, kind, src, at }) => ({ card_id, kind, src, at })),
            );
            if (got.total !== null) expect(got.total, label).toBe(first.total);
            else counted++;
          }
        }
      }
    });
    // The path was taken, and taken with a look that did not see every match.
    expect(fromTheTop).toBeGreaterThan(20);
    expect(counted).toBeGreaterThan(5);
  });

  it('leaves a search with fewer matching rows than it is worth to the full ranking', async () => {
    const parsed = parseSearch('parcel');
    if (!parsed.ok) throw new Error(parsed.error);
    const top = sqliteQuery(parsed.query.clauses).top;
    if (top === null) throw new Error('words give a top');
    await s.withSql(async (sql) => {
      expect(await fromTop(sql, top, and(), 1, 5, { worth: 10_000, rows: 8 })).toBeNull();
    });
  });
});
