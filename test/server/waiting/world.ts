/**
 * The waiting suites' world: a service whose clock the test moves, an SMTP
 * relay for the team's replies, and mail delivered by POST /v2/mail/inbound.
 */
import { expect } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { CardDetail, CardListed } from '../../../src/api/schema-cards.js';
import { InboundMailData } from '../../../src/api/schema-mail.js';
import type { ServiceOptions } from '../../../src/server/index.js';
import { rawMail, startRelay, type RawMail, type TestRelay } from '../../support/mail.js';
import { startTestService, type TestService } from '../helpers.js';
import { z } from 'zod';

export const HOUR = 3_600_000;

export interface World {
  s: TestService;
  relay: TestRelay;
  clock: { now: number };
  close(): Promise<void>;
}

export async function startWorld(opts: Partial<ServiceOptions> = {}, start = '2026-11-27T12:00:00Z'): Promise<World> {
  const relay = await startRelay();
  const clock = { now: Date.parse(start) };
  const s = await startTestService({
    mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' },
    outboxTickMs: 0,
    snoozeTickMs: 0,
    now: () => clock.now,
    ...opts,
  });
  return {
    s,
    relay,
    clock,
    async close() {
      await s.close();
      await relay.close();
    },
  };
}

/** An RFC 5322 date `msAgo` before the world's clock. */
export const dated = (w: World, msAgo: number) => new Date(w.clock.now - msAgo).toUTCString();

export async function deliver(w: World, m: RawMail, boardId = 1): Promise<string> {
  const r = await w.s.call('POST', '/v2/mail/inbound', {
    body: { BoardId: boardId, Message: rawMail(m).toString('base64') },
  });
  expect(r.status, r.text).toBe(200);
  return envelope(InboundMailData).parse(r.json).data.CardId;
}

export async function card(w: World, id: string): Promise<CardDetail> {
  const r = await w.s.call('GET', `/v2/card/${id}`);
  expect(r.status, r.text).toBe(200);
  return envelope(CardDetail).parse(r.json).data;
}

/** The ids a column's listing shows, in order. */
export async function listed(w: World, boardId: number, columnId: number): Promise<string[]> {
  const r = await w.s.call('GET', `/v2/board/${boardId}/column/${columnId}/cards?page=1&limit=100`);
  expect(r.status, r.text).toBe(200);
  return envelope(z.array(CardListed))
    .parse(r.json)
    .data.map((c) => String(c.ServiceTaskId));
}

export async function reply(w: World, id: string, text: string): Promise<void> {
  const r = await w.s.call('POST', `/v2/card/${id}/reply`, { body: { Body: text } });
  expect(r.status, r.text).toBe(200);
}

export const tickAll = (w: World) => Promise.all(w.s.snoozes.map((z) => z.tick()));
