/**
 * Property-based: random bodies, path ids, query strings and headers for
 * every endpoint never give a 5xx, never leak a stack or SQL, always answer
 * an error with the envelope, and a 4xx never changes the database.
 */
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/sql/open.js';
import type { Database } from '../../src/server/sql/sql.js';
import { startTestService, type TestService } from './helpers.js';
import { rawMail } from '../support/mail.js';
import { bodyFor, fingerprinter, idempotencyKey, pathId, queryString, type Body } from './hostile.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 90);

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:x` segments are filled with random path ids. */
  path: string;
  fields: string[];
  /** A body that passes validation (ids of the demo workspace). */
  base?: Record<string, unknown>;
}

const E = (
  method: Endpoint['method'],
  path: string,
  fields: string[] = [],
  base?: Record<string, unknown>,
): Endpoint => ({
  method,
  path,
  fields,
  ...(base ? { base } : {}),
});
const CARD = {
  BoardId: 1,
  ColumnId: 1,
  CardTitle: 'Fuzzed ✉️',
  Note: 'n',
  Comment: 'c',
  SubTask: 's',
  Assignee: ['sam.rivera@example.com'],
};
const ENDPOINTS: Endpoint[] = [
  E('GET', '/v2/board'),
  E('GET', '/v2/board/:id'),
  E('POST', '/v2/board', ['Name', 'Users'], { Name: 'B', Users: ['sam.rivera@example.com'] }),
  E('GET', '/v2/board/:boardId/columns'),
  E('GET', '/v2/board/:boardId/column/:id'),
  E('GET', '/v2/board/:boardId/column/:columnId/cards', ['page', 'limit'], { page: 1, limit: 50 }),
  E('POST', '/v2/board/:boardId/column', ['Name'], { Name: 'C' }),
  // Running a board (extensions); archiving and deleting columns are left out: they would end the other probes.
  E('PUT', '/v2/board/:id', ['Name', 'Users'], { Name: 'B', Users: ['sam.rivera@example.com'] }),
  E('PUT', '/v2/board/:boardId/column/:id', ['Name'], { Name: 'C' }),
  E('GET', '/v2/card/:id'),
  E('POST', '/v2/card', [...Object.keys(CARD), 'ReadStatus'], { ...CARD, ReadStatus: 0 }),
  E('PUT', '/v2/card/:cardId', Object.keys(CARD), CARD),
  E('POST', '/v2/card/move-card', ['Id', 'NewBoardId', 'NewColumnId', 'NewPosition'], {
    Id: '2',
    NewBoardId: 1,
    NewColumnId: 2,
    NewPosition: 1,
  }),
  E('DELETE', '/v2/card/:cardId'),
  E('POST', '/v2/card/:cardId/note', ['Body'], { Body: 'b' }),
  E('POST', '/v2/card/:cardId/sub-task', ['Body'], { Body: 'b' }),
  E('POST', '/v2/card/:cardId/tags', ['TagId'], { TagId: '1' }),
  E('PUT', '/v2/card/:cardId/tags', ['TagIds'], { TagIds: ['1', '2'] }),
  // The card extensions.
  E('PUT', '/v2/card/:cardId/due-date', ['DueDate'], { DueDate: '2026-12-01T17:00:00+01:00' }),
  E('PUT', '/v2/card/:cardId/read-status', ['ReadStatus'], { ReadStatus: 0 }),
  E('PUT', '/v2/card/:cardId/sub-task/:subTaskId', ['Done'], { Done: true }),
  E('GET', '/v2/board/:boardId/archived-cards', ['page', 'limit'], { page: 1, limit: 50 }),
  E('POST', '/v2/card/:cardId/restore', ['ColumnId', 'Position'], { ColumnId: 1, Position: 0 }),
  E('POST', '/v2/comment', ['CardId', 'Body'], { CardId: '3', Body: 'b' }),
  E('GET', '/v2/comment/:commentId'),
  E('PUT', '/v2/comment/:commentId', ['Body'], { Body: 'b' }),
  E('DELETE', '/v2/comment/:commentId'),
  E('GET', '/v2/tag', ['BoardId'], { BoardId: 1 }),
  E('POST', '/v2/tag', ['BoardId', 'Name', 'Color'], { BoardId: 1, Name: 'T', Color: 3 }),
  E('DELETE', '/v2/tag', ['BoardId', 'TagId'], { BoardId: 1, TagId: 9 }),
  E('GET', '/v2/email-sequence'),
  E('GET', '/v2/email-sequence/:id'),
  E('POST', '/v2/email-sequence', ['Name', 'Steps'], {
    Name: 'S',
    Steps: [{ Subject: 'Hi', Content: '<p>x</p>', Days: 1, Hours: 2, Minutes: 3 }],
  }),
  E('GET', '/v2/card/:cardId/messages'),
  // No relay is set up here: a valid reply is a 409, which must change nothing either.
  E('POST', '/v2/card/:cardId/reply', ['Body', 'Cc'], { Body: 'b', Cc: ['sam.rivera@example.com'] }),
  E('POST', '/v2/card/:cardId/forward', ['To', 'Body', 'MessageId'], { To: ['sam.rivera@example.com'], Body: 'b' }),
  E('POST', '/v2/board/:boardId/compose', ['To', 'Subject', 'Body', 'ColumnId', 'Attachments', 'Signature'], {
    To: ['sam.rivera@example.com'],
    Subject: 's',
    Body: 'b',
    ColumnId: 1,
    Attachments: [{ Name: 'a.txt', Content: 'aGk=' }],
    Signature: '{{agent.name}}',
  }),
  E('GET', '/v2/card/:cardId/reply-defaults'),
  E('GET', '/v2/board/:boardId/signature'),
  E('PUT', '/v2/board/:boardId/signature', ['Text'], { Text: '{{agent.first_name}}, {{board.name}}' }),
  E('POST', '/v2/mail/inbound', ['BoardId', 'ColumnId', 'Message'], {
    BoardId: 1,
    ColumnId: 1,
    Message: rawMail({ messageId: '<fuzz@x.example>' }).toString('base64'),
  }),
  E('GET', '/v2/search', ['q', 'BoardId', 'page', 'limit'], { q: 'refund is:waiting', page: 1, limit: 20 }),
  E('POST', '/v2/card/:cardId/snooze', ['Until', 'UntilReply'], { Until: '2099-01-01T09:00:00Z', UntilReply: true }),
  E('DELETE', '/v2/card/:cardId/snooze'),
  E('GET', '/v2/board/:boardId/snoozed'),
  E('GET', '/v2/board/:boardId/targets'),
  E('PUT', '/v2/board/:boardId/targets', ['FirstResponseSeconds', 'NextResponseSeconds', 'Hours', 'Zone'], {
    FirstResponseSeconds: 3600,
    NextResponseSeconds: 7200,
    Hours: 'Mon-Fri 09:00-17:00',
    Zone: 'Europe/Berlin',
  }),
];

/** What must never reach a client: stack frames, SQLite's words, source paths. */
const LEAK =
  /\n\s+at |\bat [\w.<>]+ \(|node:internal|SQLITE_|SqliteError|violates|duplicate key|invalid input syntax|relation "|PostgreSQL|no such (table|column)|constraint failed|syntax error|\/src\/server\/|\.ts:\d+/;

let s: TestService;
let db: Database;
let fingerprint: () => Promise<string>;
const tally = { requests: 0, ok: 0, clientErrors: 0, serverErrors: 0, changedOn4xx: 0 };

beforeAll(async () => {
  // No background workers: a card passing its response target while probing would write a notification
  // that is not the probe's doing (the "a 4xx never changes the database" check reads every table).
  s = await startTestService({ outboxTickMs: 0, snoozeTickMs: 0, notify: { tickMs: 0 } });
  db = await openDatabase(s.dbPath);
  fingerprint = await fingerprinter(db);
});
afterAll(async () => {
  await db.close();
  await s.close();
  console.log(
    `fuzz: ${tally.requests} requests over ${ENDPOINTS.length + 2} properties: ${tally.ok} × 2xx, ${tally.clientErrors} × 4xx, ` +
      `${tally.serverErrors} × 5xx, ${tally.changedOn4xx} DB changes on a 4xx`,
  );
});

async function send(method: string, path: string, body: Body, idem: string | null) {
  const headers: Record<string, string> = { authorization: s.key };
  let payload: string | undefined;
  if (body.kind === 'json') {
    payload = JSON.stringify(body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (body.kind === 'raw') {
    payload = body.text;
    headers['content-type'] = body.type;
  }
  if (idem !== null) headers['idempotency-key'] = idem;
  const res = await request(s.url + path, {
    method: method as 'GET',
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
  });
  return { status: res.statusCode, text: await res.body.text() };
}

/** One request and its checks; returns nothing, throws on a violation. */
async function probe(method: string, path: string, body: Body, idem: string | null): Promise<void> {
  const before = await fingerprint();
  const r = await send(method, path, body, idem);
  tally.requests++;
  const where = `${method} ${path.slice(0, 200)} → ${r.status} ${r.text.slice(0, 300)}`;
  if (r.status >= 500) tally.serverErrors++;
  expect(r.status, where).toBeLessThan(500);
  if (r.status < 400) {
    tally.ok++;
    return;
  }
  tally.clientErrors++;
  expect(LEAK.test(r.text), where).toBe(false);
  if (method === 'HEAD') return; // no body to check
  const json: unknown = JSON.parse(r.text);
  expect(json, where).toMatchObject({ error: true, code: r.status, message: expect.any(String) });
  const after = await fingerprint();
  if (after !== before) tally.changedOn4xx++;
  expect(after, `${where}: the database changed`).toBe(before);
}

const fill = (path: string, ids: string[]) => {
  let i = 0;
  return path.replace(/:\w+/g, () => ids[i++] ?? '1');
};

describe('fuzz: hostile requests', () => {
  it('the fingerprint sees a write, and only a write', async () => {
    const before = await fingerprint();
    expect((await send('GET', '/v2/board', { kind: 'none' }, null)).status).toBe(200);
    expect(await fingerprint()).toBe(before);
    const made = await send('POST', '/v2/card/3/note', { kind: 'json', value: { Body: 'seen' } }, null);
    expect(made.status, made.text).toBe(200);
    expect(await fingerprint()).not.toBe(before);
  });

  for (const ep of ENDPOINTS) {
    it(`${ep.method} ${ep.path}`, { timeout: 60_000 }, async () => {
      const holes = (ep.path.match(/:\w+/g) ?? []).length;
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathId, { minLength: holes, maxLength: holes }),
          ep.method === 'GET' || ep.method === 'DELETE' ? queryString : fc.constant(''),
          bodyFor(ep.fields, ep.base),
          ep.method === 'GET' ? fc.constant(null) : idempotencyKey,
          async (ids, query, body, idem) => probe(ep.method, fill(ep.path, ids) + query, body, idem),
        ),
        { numRuns: RUNS },
      );
    });
  }

  it(
    'due dates near the edges: a real moment is stored in UTC, a real day as it is, anything else is 400 by name',
    { timeout: 60_000 },
    async () => {
      const created = await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'Due dates' } });
      const cardId = String(created.json.taskId);
      const pad = (n: number, w = 2) => String(n).padStart(w, '0');
      const zone = fc.oneof(
        fc.constant('Z'),
        fc.constant(''),
        fc
          .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }))
          .map(([sign, h, m]) => `${sign}${pad(h)}:${pad(m)}`),
      );
      const time = fc
        .tuple(
          fc.integer({ min: 0, max: 25 }),
          fc.integer({ min: 0, max: 61 }),
          fc.option(fc.integer({ min: 0, max: 61 })),
          fc.option(fc.integer({ min: 0, max: 999 })),
          zone,
        )
        .map(
          ([h, m, sec, ms, z]) =>
            `T${pad(h)}:${pad(m)}${sec === null ? '' : `:${pad(sec)}${ms === null ? '' : `.${pad(ms, 3)}`}`}${z}`,
        );
      const due = fc
        .tuple(
          fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1970, 2024, 2026, 9999)),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
          fc.option(time),
        )
        .map(([y, mo, d, t]) => `${pad(y, 4)}-${pad(mo)}-${pad(d)}${t ?? ''}`);
      await fc.assert(
        fc.asyncProperty(due, async (value) => {
          const r = await s.call('PUT', `/v2/card/${cardId}/due-date`, { body: { DueDate: value } });
          tally.requests++;
          const where = `${value} → ${r.status} ${r.text}`;
          expect([200, 400], where).toContain(r.status);
          const day = value.slice(0, 10);
          const midnight = Date.parse(`${day}T00:00:00Z`);
          const realDay = !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(day);
          if (r.status === 400) {
            tally.clientErrors++;
            expect(r.json.message, where).toMatch(/^DueDate: /);
            return;
          }
          tally.ok++;
          expect(realDay, where).toBe(true);
          const stored = value.length === 10 ? value : new Date(Date.parse(value)).toISOString();
          expect(stored, where).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/);
          expect(r.json.data, where).toEqual({ CardId: cardId, DueDate: stored });
          expect((await s.call('GET', `/v2/card/${cardId}`)).json.data.DueDate, where).toBe(stored);
        }),
        { numRuns: RUNS * 2 },
      );
    },
  );

  it('random methods and paths', { timeout: 60_000 }, async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'v2',
        'card',
        'board',
        'column',
        'cards',
        'tag',
        'comment',
        'tags',
        'move-card',
        'email-sequence',
        'due-date',
        'read-status',
        'sub-task',
        'archived-cards',
        'restore',
        '',
      ),
      pathId,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        queryString,
        bodyFor(['Name', 'Id', 'Body']),
        async (method, segs, query, body) =>
          probe(method, '/' + segs.join('/') + query, method === 'HEAD' ? { kind: 'none' } : body, null),
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
