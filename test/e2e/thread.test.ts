/**
 * An email card read and answered from the keyboard: the built CLI in tmux
 * against `inboard serve --smtp` (a real SMTP relay on loopback, smtp-server:
 * the relay is not ours). The customer's mail is delivered as an MTA hands
 * it over; the reply is checked where it lands, at the relay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { CLI } from '../server/process.js';
import { readableBoards } from '../support/board-view.js';
import { multipartMail, rawMail } from '../support/mail.js';
import { startMailService, type MailService } from '../support/mail-service.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_thread_key_0123456789abcdef';
let service: MailService | undefined;
let term: Terminal | undefined;

beforeAll(async () => {
  if (hasTmux()) service = await startMailService('thread', KEY, 2);
});

afterAll(async () => {
  term?.keys('C-c');
  term?.kill();
  await service?.close();
});

async function deliver(url: string, boardId: number, raw: Buffer): Promise<void> {
  const res = await fetch(`${url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BoardId: boardId, Message: raw.toString('base64') }),
  });
  if (!res.ok) throw new Error(`delivery refused: ${res.status} ${await res.text()}`);
}

describe.skipIf(!hasTmux())('an email card, read and answered', () => {
  it('opens the card, reads the thread, w sends a reply the relay receives', async () => {
    const url = service!.url;
    const client = createClient({ baseUrl: url, apiKey: KEY, maxAttempts: 1 });
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    await deliver(
      url,
      board.Id,
      rawMail({
        subject: 'Parcel 77 lost',
        messageId: '<p1@customer.example>',
        date: 'Thu, 19 Nov 2026 13:15:00 +0100',
        body: 'Hello,\r\nparcel 77 never came.\r\n\r\n-- \r\nAna Lima\r\nCustomer Ltd',
      }),
    );
    await deliver(
      url,
      board.Id,
      multipartMail({
        subject: 'Re: Parcel 77 lost',
        messageId: '<p2@customer.example>',
        inReplyTo: '<p1@customer.example>',
        references: '<p1@customer.example>',
        date: 'Fri, 20 Nov 2026 09:00:00 +0100',
      }),
    );

    term = Terminal.start({
      cols: 120,
      rows: 40,
      env: service!.termEnv,
    });
    const t = term;
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    // The delivered card is the newest of the first column: the cursor starts on it.
    await t.waitFor(/›.*Parcel 77 lost/);
    t.keys('Enter');
    let screen = await t.waitFor('Thread (2 messages)', 20_000);
    expect(screen).toContain('parcel 77 never came.');
    expect(screen).toContain('┄ signature folded — z shows it');
    screen = await t.waitFor('invoice.pdf (13 bytes, application/pdf)');
    t.keys('z');
    await t.waitFor('Customer Ltd');
    t.keys('w');
    screen = await t.waitFor('Reply to');
    expect(screen).toContain('To       Ana Lima <ana@customer.example>');
    expect(screen).toContain('Subject  Re: Parcel 77 lost');
    expect(screen).toContain('Ctrl+S send');
    // Enter between paragraphs is a line in the composer: the reply goes out as typed.
    t.type('Hello Ana,');
    t.keys('Enter', 'Enter');
    t.type('A new parcel left today.');
    t.keys('C-s');
    // The service's outbox holds it (--send-delay 2): counted down, then sent.
    await t.waitFor(/Reply to Ana Lima <ana@customer\.example> sends in \d s · u undo/);
    expect(service!.relay.received).toHaveLength(0);
    await t.waitFor('Reply sent', 10_000);
    await t.waitFor('Support <support@inboard.example> (sent)');
    expect(service!.relay.received).toHaveLength(1);
    const mail = service!.relay.received[0]!;
    expect(mail.to).toEqual(['ana@customer.example']);
    expect(mail.raw).toMatch(/Hello Ana,\r?\n\r?\nA new parcel left today\./);
    expect(mail.raw).toMatch(/^In-Reply-To: <p2@customer\.example>/m);
  }, 40_000);
});
