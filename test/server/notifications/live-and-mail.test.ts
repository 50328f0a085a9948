/**
 * Notifications across instances, on either engine: the member's event
 * stream on another instance carries theirs (and only theirs); a reply the
 * relay refused tells its writer; `--notify-email` mails what stayed unread,
 * once, with two instances looking at once (a real SMTP server on loopback,
 * a clock the test controls).
 */
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../src/server/index.js';
import { rawMail, startRelay, type TestRelay } from '../../support/mail.js';
import { startTestService, supportBoardWithSam, type TestService } from '../helpers.js';
import { openSse, type SseEvent, type SseStream } from '../sse.js';

let s: TestService | undefined;
let other: RunningService | undefined;
let relay: TestRelay | undefined;
const streams: SseStream[] = [];
afterEach(async () => {
  for (const st of streams.splice(0)) st.close();
  await other?.close();
  await s?.close();
  await relay?.close();
  [s, other, relay] = [undefined, undefined, undefined];
});

const FROM = 'Support <support@inboard.example>';

/** Reads the stream up to the first event `until` accepts; every event read on the way. */
async function readUntil(st: SseStream, until: (e: SseEvent) => boolean): Promise<SseEvent[]> {
  const seen: SseEvent[] = [];
  for (;;) {
    const e = await st.next();
    if (e === null) throw new Error(`the stream ended after ${JSON.stringify(seen)}`);
    seen.push(e);
    if (until(e)) return seen;
  }
}

describe('notifications across instances', () => {
  it("Sam's stream on the other instance carries Sam's notification; the owner's stream never does", async () => {
    s = await startTestService({ demo: false, notify: { tickMs: 0 } });
    const w = await supportBoardWithSam(s);
    other = await startService({ dbPath: s.dbPath, apiKey: s.key, demo: false, notify: { tickMs: 0 } });
    const samStream = await openSse(`${other.url}/v2/events`, w.sam);
    const ownerStream = await openSse(`${other.url}/v2/events`, s.key);
    streams.push(samStream, ownerStream);
    const c = await s.call('POST', '/v2/comment', { body: { CardId: w.cardId, Body: '@sam can you check?' } });
    expect(c.status, c.text).toBe(200);
    const got = await readUntil(samStream, (e) => e.event === 'notification');
    expect(JSON.parse(got[got.length - 1]?.data ?? '{}')).toEqual({
      BoardId: w.boardId,
      CardId: w.cardId,
      Kind: 'notification',
      By: 'owner@inboard.local',
    });
    // The owner's stream, read up to a later change of the board: the comment, never Sam's notification.
    await s.call('POST', `/v2/card/${w.cardId}/note`, { body: { Body: 'a note' } });
    const owners = await readUntil(ownerStream, (e) => e.event === 'note');
    expect(owners.map((e) => e.event)).toEqual(['comment', 'note']);
    // Sam reading it on the first instance is heard on Sam's stream on the other.
    const list = await s.call('GET', '/v2/notifications', { key: w.sam });
    await s.call('POST', `/v2/notifications/${list.json.data.Items[0].Id}/read`, { body: {}, key: w.sam });
    const read = await readUntil(samStream, (e) => e.event === 'notification');
    expect(JSON.parse(read[read.length - 1]?.data ?? '{}').By).toBe('');
  });

  it('a reply the relay refused tells its writer, with the relay’s words', async () => {
    relay = await startRelay({ refuse: ['ana@customer.example'] });
    const clock = { now: Date.parse('2026-11-27T12:00:00Z') };
    s = await startTestService({
      mail: { smtpUrl: relay.url, from: FROM },
      sendDelayMs: 10_000,
      outboxTickMs: 0,
      now: () => clock.now,
      notify: { tickMs: 0 },
    });
    const r = await s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: 1, Message: rawMail({ messageId: '<f1@customer.example>' }).toString('base64') },
    });
    const cardId = String(r.json.data.CardId);
    const queued = await s.call('POST', `/v2/card/${cardId}/reply`, { body: { Body: 'On its way.' } });
    expect(queued.status, queued.text).toBe(200);
    clock.now += 11_000;
    await Promise.all(s.outboxes.map((o) => o.tick()));
    const mine = await s.call('GET', '/v2/notifications');
    expect(mine.json.data.Items).toEqual([
      expect.objectContaining({ Kind: 'reply-failed', By: '', CardId: cardId, Words: expect.stringMatching(/550/) }),
    ]);
  });

  it('--notify-email: what stayed unread is mailed once, by one of two instances, through the board’s way out', async () => {
    relay = await startRelay();
    const clock = { now: Date.parse('2026-11-27T12:00:00Z') };
    const opts = {
      mail: { smtpUrl: relay.url, from: FROM },
      now: () => clock.now,
      notify: { emailAfterMs: 30 * 60_000, tickMs: 0 },
    };
    s = await startTestService({ demo: false, ...opts });
    const w = await supportBoardWithSam(s);
    other = await startService({ dbPath: s.dbPath, apiKey: s.key, demo: false, ...opts });
    const looks = () => Promise.all([s?.notifiers[0]?.tick(), other?.notifier.tick()]);
    await s.call('POST', '/v2/comment', { body: { CardId: w.cardId, Body: '@sam the refund, please' } });
    await s.call('POST', '/v2/comment', { body: { CardId: w.cardId, Body: '@sam and this one you read' } });
    const list = await s.call('GET', '/v2/notifications', { key: w.sam });
    await s.call('POST', `/v2/notifications/${list.json.data.Items[0].Id}/read`, { body: {}, key: w.sam });
    clock.now += 29 * 60_000;
    await looks();
    expect(relay.received).toEqual([]);
    clock.now += 2 * 60_000;
    await looks();
    await looks();
    expect(relay.received.map((m) => [m.from, m.to])).toEqual([['support@inboard.example', ['sam@acme.test']]]);
    const mail = await simpleParser(relay.received[0]?.raw ?? '');
    expect(mail.subject).toBe('A notification left unread in inboard');
    expect(mail.text).toContain('owner@inboard.local mentioned you — Refund · Support: @sam the refund, please');
    expect(mail.text).not.toContain('this one you read');
    clock.now += 60 * 60_000;
    await looks();
    expect(relay.received).toHaveLength(1);
  });
});
