/**
 * PostgreSQL's page from the newest matching rows (page.ts `rankNewest`):
 * with no more matches than it ranks, every page and total are those a
 * ranking of every match gives (`rankAll`); past that, each page is the
 * ranking of the newest rows that pass the filters, worked out here apart
 * (the rows by id, then `rankAll` over those alone), and the total is the
 * cards of the rows read, said to be a lower bound. Texts tie on score, so
 * the order of ties is checked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, placeholders, type Fragment } from '../../../src/server/sql/sql.js';
import { postgresQuery, type EngineQuery } from '../../../src/server/search/engines.js';
import { rankAll, rankNewest } from '../../../src/server/search/page.js';
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

function engine(q: string): EngineQuery & { hits: Fragment; newest: NonNullable<EngineQuery['newest']> } {
  const parsed = parseSearch(q);
  if (!parsed.ok) throw new Error(parsed.error);
  const e = postgresQuery(parsed.query.clauses);
  if (e.hits === null || e.newest === null) throw new Error('words give hits and the newest');
  return { ...e, hits: e.hits, newest: e.newest };
}

describe.runIf(testEngine() === 'postgres')('the page from the newest rows', () => {
  beforeAll(async () => {
    s = await startTestService({ demo: false });
    boards.push(await board('Support'), await board('Billing'));
    const cards: string[] = [];
    for (let i = 0; i < 40; i++) {
      // Few distinct texts, so many rows tie on score; some say the word in the subject, which ranks higher.
      const r = await s.call('POST', '/v2/mail/inbound', {
        body: {
          BoardId: boards[i % 4 === 0 ? 1 : 0],
          Message: rawMail({
            subject: i % 5 === 0 ? `Parcel ${i}` : `Order ${i}`,
            messageId: `<newest-${i}@customer.example>`,
            date: new Date(Date.UTC(2026, 9, 1 + (i % 20))).toUTCString(),
            body: `${'parcel '.repeat((i % 3) + 1)}${'late delivery '.repeat(i % 4)}please help`,
          }).toString('base64'),
        },
      });
      expect(r.status, r.text).toBe(200);
      cards.push(String(r.json.data.CardId));
    }
    for (let i = 0; i < 30; i++) {
      const r = await s.call('POST', '/v2/comment', {
        body: { CardId: cards[(i * 7) % 40], Body: `parcel ${'x '.repeat(i % 5)}` },
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

  it('with no more matches than it ranks, gives every page and total as ranking every match does', async () => {
    const { hits, newest } = engine('parcel');
    await s.withSql(async (sql) => {
      for (const [label, where] of wheres()) {
        for (const limit of [5, 7]) {
          const first = await rankAll(sql, hits, where, 1, limit);
          expect(first.total, label).toBeGreaterThan(limit);
          const pages = Math.ceil((first.total ?? 0) / limit) + 1; // one past the end too
          for (let page = 1; page <= pages; page++) {
            const all = await rankAll(sql, hits, where, page, limit);
            const got = await rankNewest(sql, newest, where, page, limit);
            expect(got, `${label}, page ${page} of ${limit}`).toEqual({
              hits: all.hits.map(({ card_id, kind, src, at }) => ({ card_id, kind, src, at })),
              total: first.total,
            });
          }
        }
      }
    });
  });

  it('past that, ranks the newest rows that pass the filters and says the count is at least their cards', async () => {
    const { hits, newest } = engine('parcel');
    const sizes = { rows: 12, perCard: 1 };
    let ranked = 0;
    let left = 0;
    await s.withSql(async (sql) => {
      for (const [label, where] of wheres()) {
        const limit = 4;
        const total = (await rankAll(sql, hits, where, 1, limit)).total ?? 0;
        for (let page = 1; page <= 4; page++) {
          const k = Math.max(sizes.rows, page * limit);
          // The rows read: the newest k and one more, which says that more match than are ranked.
          const read = await sql.all<{ id: number; card_id: number }>(
            `SELECT h.id, h.card_id FROM (${hits.text}) h JOIN cards c ON c.id = h.card_id WHERE ${where.text}
             ORDER BY h.id DESC LIMIT ?`,
            [...hits.params, ...where.params, k + 1],
          );
          expect(read.length, label).toBe(k + 1);
          const ids = read.slice(0, k).map((r) => r.id);
          const only = and(where, { text: `h.id IN (${placeholders(ids.length)})`, params: ids });
          const expected = await rankAll(sql, hits, only, page, limit);
          const got = await rankNewest(sql, newest, where, page, limit, sizes);
          if (got === null) {
            // Left to the full ranking only when the newest rows don't fill the page.
            expect(expected.hits.length, `${label}, page ${page}`).toBeLessThan(limit);
            left++;
            continue;
          }
          ranked++;
          expect(got.hits, `${label}, page ${page}`).toEqual(
            expected.hits.map(({ card_id, kind, src, at }) => ({ card_id, kind, src, at })),
          );
          const cardsRead = new Set(read.map((r) => r.card_id)).size;
          expect(got.total, label).toBe(cardsRead);
          expect(got.total, label).toBeLessThanOrEqual(total);
          expect(got.atLeast, label).toBe(true);
        }
      }
    });
    expect(ranked).toBeGreaterThan(4);
    expect(left).toBeGreaterThan(0);
  });
});
