/**
 * Rules on two instances of one database (the postgres project: one
 * PostgreSQL database for a team's server): 20 messages, half delivered to
 * each instance at once, are each tagged once by a from: rule, and
 * round-robin gives the two members who take work 10 each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../src/server/index.js';
import { createUserKey } from '../../../src/server/auth.js';
import { openDatabase } from '../../../src/server/sql/open.js';
import { rawMail } from '../../support/mail.js';
import { callAt, testDatabase, testEngine } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-rules-instances-'));
let dbPath: string;
let a: RunningService;
let b: RunningService;
let board: number;

beforeAll(async () => {
  dbPath = await testDatabase(dir);
  a = await startService({ dbPath, demo: false });
  b = await startService({ dbPath, demo: false, apiKey: a.apiKey });
  const db = await openDatabase(dbPath);
  try {
    for (const email of ['sam@team.test', 'kim@team.test']) await createUserKey(db, { email, plan: 'pro' });
  } finally {
    await db.close();
  }
  const made = await callAt(a.url, a.apiKey, 'POST', '/v2/board', {
    body: { Name: 'Shared help', Users: ['sam@team.test', 'kim@team.test'] },
  });
  expect(made.status, made.text).toBe(200);
  board = Number(made.json.data.Id);
  expect((await callAt(a.url, a.apiKey, 'POST', `/v2/board/${board}/column`, { body: { Name: 'New' } })).status).toBe(
    200,
  );
  const tag = await callAt(a.url, a.apiKey, 'POST', '/v2/tag', { body: { BoardId: board, Name: 'Acme', Color: 1 } });
  expect(tag.status, tag.text).toBe(200);
  // The owner dispatches and takes no work: round-robin is between sam and kim.
  const away = await callAt(b.url, a.apiKey, 'PUT', `/v2/board/${board}/rules/away`, { body: { Away: true } });
  expect(away.status, away.text).toBe(200);
  const rule = await callAt(b.url, a.apiKey, 'POST', `/v2/board/${board}/rules`, {
    body: { Name: 'Acme', When: 'from:@acme.com', Then: 'tag:Acme, assign:round-robin' },
  });
  expect(rule.status, rule.text).toBe(200);
});

afterAll(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`rules on two instances of one ${testEngine() === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  it('20 messages at once, 10 through each: each tagged once, 10 and 10 assigned by round-robin', async () => {
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callAt(i % 2 === 0 ? a.url : b.url, a.apiKey, 'POST', '/v2/mail/inbound', {
          body: {
            BoardId: board,
            Message: rawMail({
              from: `Customer ${i} <c${i}@acme.com>`,
              subject: `Order ${i}`,
              messageId: `<order-${i}@acme.com>`,
            }).toString('base64'),
          },
        }),
      ),
    );
    for (const r of sent) expect(r.status, r.text).toBe(200);
    const cards = sent.map((r) => Number(r.json.data.CardId));
    expect(new Set(cards).size).toBe(20);
    const db = await openDatabase(dbPath);
    try {
      for (const id of cards) {
        const tags = await db.all<{ name: string }>(
          'SELECT t.name FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = ?',
          [id],
        );
        expect(tags.map((t) => t.name)).toEqual(['Acme']);
        const why = await db.all<{ by_email: string }>(
          "SELECT by_email FROM card_history WHERE card_id = ? AND kind = 'rule'",
          [id],
        );
        expect(why.map((w) => w.by_email)).toEqual(['rule Acme']);
      }
      const given = await db.all<{ email: string; n: number }>(
        `SELECT email, count(*) AS n FROM card_assignees WHERE card_id IN (${cards.map(() => '?').join(', ')})
         GROUP BY email ORDER BY email`,
        cards,
      );
      expect(given.map((g) => [g.email, Number(g.n)])).toEqual([
        ['kim@team.test', 10],
        ['sam@team.test', 10],
      ]);
    } finally {
      await db.close();
    }
  });

  it('one message delivered to both instances at once runs the rules once', async () => {
    const deliver = (url: string, i: number) =>
      callAt(url, a.apiKey, 'POST', '/v2/mail/inbound', {
        body: {
          BoardId: board,
          Message: rawMail({
            from: `c${i}@acme.com`,
            subject: `Twice ${i}`,
            messageId: `<twice-${i}@acme.com>`,
          }).toString('base64'),
        },
      });
    const answers = (
      await Promise.all([0, 1, 2, 3, 4].map((i) => Promise.all([deliver(a.url, i), deliver(b.url, i)])))
    ).flat();
    for (const r of answers) expect(r.status, r.text).toBe(200);
    const cards = [...new Set(answers.map((r) => Number(r.json.data.CardId)))];
    const db = await openDatabase(dbPath);
    try {
      const runs = await db.get<{ n: number }>(
        `SELECT count(*) AS n FROM card_history WHERE kind = 'rule' AND card_id IN (${cards.map(() => '?').join(', ')})`,
        cards,
      );
      expect(Number(runs?.n)).toBe(5);
    } finally {
      await db.close();
    }
  });
});
