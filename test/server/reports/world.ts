/**
 * The reports suites' world: a board of its own (no demo data) on a service
 * whose clock the test moves, and a week of conversations with answers
 * worked out by hand (report.test.ts says each one).
 */
import { expect } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { Report } from '../../../src/api/schema-reports.js';
import { deliver, HOUR, reply, startWorld, type World } from '../waiting/world.js';

export const MIN = 60_000;
export const OWNER = 'owner@inboard.local';

export interface ReportWorld extends World {
  board: number;
  columns: number[];
  at(iso: string): void;
  report(query: string): Promise<Report>;
  refused(query: string): Promise<string>;
}

export async function startReportWorld(start = '2026-11-23T08:00:00Z'): Promise<ReportWorld> {
  const w = await startWorld({ demo: false }, start);
  const made = await w.s.call('POST', '/v2/board', { body: { Name: 'Support' } });
  expect(made.status, made.text).toBe(200);
  const board = (made.json as { data: { Id: number } }).data.Id;
  for (const name of ['New', 'Doing', 'Done']) {
    const r = await w.s.call('POST', `/v2/board/${board}/column`, { body: { Name: name } });
    expect(r.status, r.text).toBe(200);
  }
  const cols = await w.s.call('GET', `/v2/board/${board}/columns`);
  const columns = (cols.json as { data: { Id: number }[] }).data.map((c) => c.Id);
  return {
    ...w,
    board,
    columns,
    at(iso) {
      const t = Date.parse(iso);
      if (t < w.clock.now) throw new Error(`the clock only moves on: ${iso}`);
      w.clock.now = t;
    },
    async report(query) {
      const r = await w.s.call('GET', `/v2/board/${board}/report?${query}`);
      expect(r.status, r.text).toBe(200);
      return envelope(Report).parse(r.json).data;
    },
    async refused(query) {
      const r = await w.s.call('GET', `/v2/board/${board}/report?${query}`);
      expect(r.status, r.text).toBe(400);
      return (r.json as { message: string }).message;
    },
  };
}

/** A customer's message now, on a new card or answering `to`. */
export async function customer(w: ReportWorld, id: string, to?: string): Promise<string> {
  return deliver(
    w,
    {
      subject: to === undefined ? `Question ${id}` : `Re: Question ${to}`,
      messageId: `<${id}@customer.example>`,
      ...(to === undefined ? {} : { inReplyTo: `<${to}@customer.example>` }),
      date: new Date(w.clock.now).toUTCString(),
    },
    w.board,
  );
}

export const answer = (w: ReportWorld, card: string): Promise<void> => reply(w, card, 'Thanks, on it.');

export async function archive(w: ReportWorld, card: string): Promise<void> {
  const r = await w.s.call('DELETE', `/v2/card/${card}`);
  expect(r.status, r.text).toBe(200);
}

export async function assign(w: ReportWorld, card: string, column: number, who: string[]): Promise<void> {
  const r = await w.s.call('PUT', `/v2/card/${card}`, {
    body: { BoardId: w.board, ColumnId: column, CardTitle: `Card ${card}`, Assignee: who },
  });
  expect(r.status, r.text).toBe(200);
}

/**
 * The week (UTC; Mon–Fri 09:00–17:00 when hours are set):
 * A Mon 10:00 → reply 10:10 (10 min); archived 10:20; back Tue 09:00 → reply 09:45.
 * B Mon 11:00 → reply 13:00 (2 h).
 * C Mon 12:00 → reply Thu 12:00 (3 days; 24 business hours); archived Thu 12:30.
 * E Tue 10:00, archived 10:05 unanswered; back Wed 10:00 → reply 10:30.
 * D Fri 20:00 (outside hours) → reply Mon 30 09:30.
 * F Mon 30 08:00, unanswered at 10:00 (now). An automatic reply on B, Mon 11:30.
 */
export async function seedWeek(w: ReportWorld): Promise<Record<string, string>> {
  w.at('2026-11-23T10:00:00Z');
  const a = await customer(w, 'a1');
  w.at('2026-11-23T10:10:00Z');
  await answer(w, a);
  w.at('2026-11-23T10:20:00Z');
  await archive(w, a);
  w.at('2026-11-23T11:00:00Z');
  const b = await customer(w, 'b1');
  w.at('2026-11-23T11:30:00Z');
  await deliver(
    w,
    {
      subject: 'Out of office',
      messageId: '<b-auto@customer.example>',
      inReplyTo: '<b1@customer.example>',
      headers: ['Auto-Submitted: auto-replied'],
      date: new Date(w.clock.now).toUTCString(),
    },
    w.board,
  );
  w.at('2026-11-23T12:00:00Z');
  const c = await customer(w, 'c1');
  w.at('2026-11-23T13:00:00Z');
  await answer(w, b);
  w.at('2026-11-24T09:00:00Z');
  await customer(w, 'a2', 'a1');
  w.at('2026-11-24T09:45:00Z');
  await answer(w, a);
  w.at('2026-11-24T10:00:00Z');
  const e = await customer(w, 'e1');
  w.at('2026-11-24T10:05:00Z');
  await archive(w, e);
  w.at('2026-11-25T10:00:00Z');
  await customer(w, 'e2', 'e1');
  w.at('2026-11-25T10:30:00Z');
  await answer(w, e);
  w.at('2026-11-26T12:00:00Z');
  await answer(w, c);
  w.at('2026-11-26T12:30:00Z');
  await archive(w, c);
  w.at('2026-11-27T20:00:00Z');
  const d = await customer(w, 'd1');
  w.at('2026-11-30T08:00:00Z');
  const f = await customer(w, 'f1');
  w.at('2026-11-30T09:30:00Z');
  await answer(w, d);
  w.at('2026-11-30T10:00:00Z');
  return { a, b, c, d, e, f };
}

export { HOUR };
