/**
 * The replies on their way out (store/outbox.ts), without React, on a clock
 * of the test's: held by the app where the server has no outbox (sent when
 * the delay ends, or taken back and never sent), held by the service's
 * outbox (taken back through it; watched until sent), sent at once where the
 * server sends at once.
 */
import { describe, expect, it } from 'vitest';
import type { ReplyData, OutboxItem } from '../../src/api/schema-mail.js';
import type { Client } from '../../src/api/types.js';
import type { Core } from '../../src/store/core.js';
import { makeOutbox, type OutboxData, type Timers } from '../../src/store/outbox.js';
import type { StatusData } from '../../src/store/status.js';

type S = OutboxData & StatusData;

function clock() {
  let now = 1_000_000;
  const due: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const t = { at: now + ms, fn, id: ++ids };
      due.push(t);
      return t.id;
    },
    clearTimeout: (id) => {
      const i = due.findIndex((t) => t.id === id);
      if (i !== -1) due.splice(i, 1);
    },
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const t of [...due].filter((x) => x.at <= now)) {
      due.splice(due.indexOf(t), 1);
      t.fn();
    }
    await new Promise((r) => setImmediate(r));
  };
  return { timers, advance };
}

function core(client: Partial<Client>): Core<S> {
  let state = { outgoing: [], lastError: null } as unknown as S;
  return {
    client: client as Client,
    get: () => state,
    set: (patch: Partial<S>) => void (state = { ...state, ...patch }),
  } as unknown as Core<S>;
}

const reply = (extra: Partial<ReplyData> = {}): ReplyData => ({
  CardId: '7',
  MessageId: '<m@x>',
  To: ['ana@example.com'],
  Cc: [],
  Subject: 'Re: x',
  Date: '2026-11-27T12:00:00.000Z',
  ...extra,
});

describe('replies on their way out', () => {
  it('no outbox on the server: held here, sent when the delay ends; taken back, never sent', async () => {
    const c = clock();
    const k = core({ offers: () => false });
    const out = makeOutbox(k, c.timers, 10_000);
    const sent: string[] = [];
    const events = { sent: () => sent.push('sent'), failed: () => sent.push('failed') };
    let calls = 0;
    const send = () => {
      calls++;
      return Promise.resolve(reply());
    };
    await out.sendReplyLater({ cardId: '7', to: 'Ana', typed: 'First', send }, events);
    expect(k.get().outgoing).toHaveLength(1);
    await c.advance(9_999);
    expect(calls).toBe(0);
    await c.advance(1);
    expect(calls).toBe(1);
    expect(sent).toEqual(['sent']);
    expect(k.get().outgoing).toHaveLength(0);

    await out.sendReplyLater({ cardId: '7', to: 'Ana', typed: 'Second', send }, events);
    const back = await out.takeBackReply();
    expect('back' in back && back.back.typed).toBe('Second');
    await c.advance(60_000);
    expect(calls).toBe(1);
    expect(await out.takeBackReply()).toEqual({ cannot: 'No reply is waiting to go' });
  });

  it('the service holds it: taken back through the service; else watched until it says sent', async () => {
    const c = clock();
    const takenBack: string[] = [];
    let state: OutboxItem['State'] = 'waiting';
    const k = core({
      offers: () => undefined,
      takeBackReply: (id) => {
        takenBack.push(id);
        return Promise.resolve({} as OutboxItem);
      },
      outboxItem: () => Promise.resolve({ State: state, StateWords: '' } as OutboxItem),
    });
    const out = makeOutbox(k, c.timers);
    const sent: string[] = [];
    const events = { sent: () => sent.push('sent'), failed: () => sent.push('failed') };
    const held = () => Promise.resolve(reply({ OutboxId: '5', SendsAt: new Date(1_000_000 + 10_000).toISOString() }));
    await out.sendReplyLater({ cardId: '7', to: 'Ana', typed: 'Undo me', send: held }, events);
    expect(await out.takeBackReply()).toMatchObject({ back: { typed: 'Undo me', outboxId: '5' } });
    expect(takenBack).toEqual(['5']);

    await out.sendReplyLater({ cardId: '7', to: 'Ana', typed: 'Keep me', send: held }, events);
    await c.advance(10_500);
    expect(sent).toEqual([]);
    state = 'sent';
    await c.advance(1_000);
    expect(sent).toEqual(['sent']);
    expect(k.get().outgoing).toHaveLength(0);
  });

  it('a server that sends at once: sent, nothing waits', async () => {
    const c = clock();
    const k = core({ offers: () => undefined });
    const out = makeOutbox(k, c.timers);
    const sent: string[] = [];
    const r = await out.sendReplyLater(
      { cardId: '7', to: 'Ana', typed: 'Now', send: () => Promise.resolve(reply()) },
      { sent: () => sent.push('sent'), failed: () => undefined },
    );
    expect(r).toBeNull();
    expect(sent).toEqual(['sent']);
  });
});
