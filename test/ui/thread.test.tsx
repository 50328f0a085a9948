/**
 * A card's email thread in the card detail, the preview pane and triage,
 * and `w` replying to it: mail is delivered to the real service as an MTA
 * would hand it over (POST /v2/mail/inbound), replies go through a real SMTP
 * relay on loopback (smtp-server: the relay is not ours).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { multipartMail, rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { focus, KEY, startUi, statusLine, type Ui, type UiOptions } from './helpers.js';

let ui: Ui;
let relay: TestRelay | undefined;
afterEach(async () => {
  await ui?.close();
  await relay?.close();
  relay = undefined;
});

/** Delivers one raw message to the board, as `inboard mail-in` does; the card's id. */
async function deliver(u: Ui, raw: Buffer): Promise<string> {
  const res = await fetch(`${u.url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BoardId: u.boardId, Message: raw.toString('base64') }),
  });
  const body = (await res.json()) as { data?: { CardId: string } };
  if (!res.ok || body.data === undefined) throw new Error(`delivery refused: ${res.status} ${JSON.stringify(body)}`);
  return body.data.CardId;
}

const SUBJECT = 'Order 1042 has not arrived';

/** A thread of three: the customer writes, we answered (by mail, before), the customer answers with a quote, a signature and an invoice. */
async function seedThread(u: Ui): Promise<string> {
  const id = await deliver(
    u,
    rawMail({
      messageId: '<m1@customer.example>',
      date: 'Thu, 19 Nov 2026 13:15:00 +0100',
      headers: ['Cc: Bo Chen <bo@customer.example>'],
      body: 'Hello,\r\nmy order 1042 has not arrived yet.\r\nAna',
    }),
  );
  await deliver(
    u,
    rawMail({
      messageId: '<m2@customer.example>',
      inReplyTo: '<m1@customer.example>',
      references: '<m1@customer.example>',
      subject: `Re: ${SUBJECT}`,
      date: 'Fri, 20 Nov 2026 10:00:00 +0100',
      contentType: 'text/html; charset=utf-8',
      body: '<html><body><p>Any <b>news</b> on this?</p><ul><li>tracking please</li></ul></body></html>',
    }),
  );
  await deliver(
    u,
    multipartMail({
      messageId: '<m3@customer.example>',
      inReplyTo: '<m2@customer.example>',
      references: '<m1@customer.example> <m2@customer.example>',
      subject: 'Invoice for order 1042',
      date: 'Sat, 21 Nov 2026 09:30:00 +0100',
    }),
  );
  return id;
}

/** The board read again (the mail came after it was drawn), the card focused. */
async function showCard(u: Ui, id: string): Promise<void> {
  await u.press('r');
  await u.until(() => u.store.getState().view.cards.get(id) !== undefined, 'the delivered card on the board');
  focus(u, u.store.getState().view.cards.get(id)!.title);
}

describe('the thread in the card', () => {
  it('the detail shows each message: from, to, cc, date, a changed subject, HTML as text, attachments; z unfolds', async () => {
    ui = await startUi({ columns: 120 });
    const id = await seedThread(ui);
    await deliver(
      ui,
      rawMail({
        messageId: '<m4@customer.example>',
        inReplyTo: '<m3@customer.example>',
        subject: `Re: Invoice for order 1042`,
        date: 'Sun, 22 Nov 2026 08:00:00 +0100',
        body: 'Found it, thanks.\r\n\r\n-- \r\nAna Lima\r\nCustomer Ltd\r\n\r\nOn Thu, Support wrote:\r\n> Here it is.\r\n> Regards',
      }),
    );
    await showCard(ui, id);
    await ui.press('enter');
    let frame = await ui.waitFor('Thread (4 messages)');
    for (const part of [
      '● Ana Lima <ana@customer.example>',
      'To       support@inboard.example',
      'Cc       Bo Chen <bo@customer.example>',
      'my order 1042 has not arrived yet.',
      `Subject  ${SUBJECT}`,
      // Local time, whatever the sender's zone was.
      'Date     Thu 19 Nov 2026',
    ])
      expect(frame).toContain(part);
    // The rest is below the fold: the detail's scroll keys reach it.
    await ui.press(...Array<string>(10).fill('j'));
    frame = await ui.waitFor('Any news on this?');
    expect(frame).toContain('* tracking please');
    expect(frame).not.toContain('<b>');
    await ui.press(...Array<string>(20).fill('j'));
    frame = await ui.waitFor('Found it, thanks.');
    expect(frame).toContain('Subject  Invoice for order 1042');
    // The subject of an answer that only adds Re: is not repeated.
    expect(frame).not.toContain('Subject  Re:');
    expect(frame).toContain('Attached invoice.pdf (13 bytes, application/pdf)');
    expect(frame).toContain('┄ signature folded — z shows it');
    expect(frame).toContain('┄ 3 quoted lines folded — z shows it');
    expect(frame).not.toContain('> Here it is.');
    await ui.press('z');
    frame = await ui.waitFor('> Here it is.');
    expect(frame).toContain('Customer Ltd');
    expect(frame).not.toContain('folded');
    await ui.press('z');
    await ui.waitFor('┄ 3 quoted lines folded');
  });

  it('a hostile sender and subject are drawn harmless', async () => {
    ui = await startUi({ columns: 120 });
    const evil = (s: string) => `=?utf-8?b?${Buffer.from(s).toString('base64')}?=`;
    const id = await deliver(
      ui,
      rawMail({
        from: `${evil('Mallory \x1b[31m\x1b]0;pwned\x07')} <m@evil.example>`,
        subject: evil('Refund \x1b[2J now'),
        body: 'Pay \x1b[5mnow\r\n',
      }),
    );
    await showCard(ui, id);
    await ui.press('enter');
    const frame = await ui.waitFor('Thread (1 message)');
    expect(frame).not.toMatch(/\x1b\[(31|2J|5)m?/);
    expect(frame).not.toContain('\x07');
    expect(frame).toContain('Mallory ^[[31m^[]0;pwned^G');
    expect(frame).toContain('Pay ^[[5mnow');
  });

  it('the preview and triage show the newest message first', async () => {
    ui = await startUi({ columns: 250 }); // wide enough for the preview to open by itself
    const id = await seedThread(ui);
    await showCard(ui, id);
    // The newest on top; the first message is below the pane's fold.
    let frame = await ui.waitFor('Grüße, the invoice is attached.', 15_000);
    expect(frame).toContain('Thread (3 messages)');
    expect(frame).not.toContain('my order 1042 has not arrived yet.');
    await ui.press('i');
    frame = await ui.waitFor(/Triage · .* · 1 of/);
    frame = await ui.waitFor('Grüße, the invoice is attached.');
    expect(frame).not.toContain('my order 1042 has not arrived yet.');
    // Older messages below, reached with the card's scroll keys.
    await ui.press(...Array<string>(18).fill('down'));
    frame = await ui.waitFor('my order 1042 has not arrived yet.');
    expect(frame).not.toContain('Grüße, the invoice is attached.');
  });
});

async function replyStart(opts: UiOptions): Promise<string> {
  ui = await startUi({ columns: 120, ...opts });
  const id = await seedThread(ui);
  await showCard(ui, id);
  await ui.press('enter');
  await ui.waitFor('Thread (3 messages)');
  return id;
}

describe('w replies', () => {
  it('shows To, Cc and Subject; Ctrl+S sends: the reply is pending at once, then sent, and the relay has it', async () => {
    relay = await startRelay();
    const id = await replyStart({ mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' } });
    const seen: string[] = [];
    const stop = ui.store.subscribe((s) => {
      if (s.pending.some((m) => m.kind === 'reply')) seen.push('pending');
    });
    await ui.press('w');
    await ui.waitFor('Reply to');
    // What the service picks (reply-defaults) fills in once it answers: From, and a Cc of nobody here.
    const frame = await ui.waitFor('Cc       —');
    expect(frame).toContain('From     Support <support@inboard.example>');
    expect(frame).toContain('To       Ana Lima <ana@customer.example>');
    expect(frame).toContain('Subject  Re: Invoice for order 1042');
    await ui.paste('We have sent a new parcel today.');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    stop();
    expect(seen[0]).toBe('pending');
    await ui.press(...Array<string>(40).fill('j'));
    await ui.waitFor('Support <support@inboard.example> (sent)');
    expect(ui.frame()).toContain('We have sent a new parcel today.');
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]!.to).toEqual(['ana@customer.example']);
    expect(relay.received[0]!.raw).toContain('We have sent a new parcel today.');
    expect((await ui.other.listMessages(id)).at(-1)?.Direction).toBe('out');
    // Not undoable: u says so and goes no further back.
    await ui.press('u');
    await ui.waitFor(/Can’t undo: reply on .* — an email once sent cannot be called back/);
  });

  it('refused: the server’s words on the status bar, the composer again with the text, kept as a draft that w brings back', async () => {
    await replyStart({});
    await ui.press('w');
    await ui.waitFor('Reply to');
    await ui.paste('Refund on its way.');
    await ui.press('C-s');
    const frame = await ui.waitFor('Replies are not set up for this board');
    expect(statusLine(frame)).toContain('✗ Reply not sent, kept as a draft: Replies are not set up for this board');
    expect(frame).not.toContain('sending…');
    expect(frame).toContain('Reply to');
    expect(frame).toContain('Refund on its way.');
    await ui.press('esc');
    await ui.waitFor('Draft kept');
    await ui.press('w');
    await ui.waitFor('your draft from before');
    expect(ui.frame()).toContain('Refund on its way.');
  });

  it('a relay that refuses: its words on the status bar, nothing shown as sent', async () => {
    relay = await startRelay({ refuse: ['ana@customer.example'] });
    await replyStart({ mail: { smtpUrl: relay.url, from: 'support@inboard.example' } });
    await ui.press('w');
    await ui.waitFor('Reply to');
    await ui.paste('Refund on its way.');
    await ui.press('C-s');
    const frame = await ui.waitFor('refused the reply');
    expect(statusLine(frame)).toContain('✗ Reply not sent, kept as a draft:');
    expect(frame).not.toContain('(sent)');
    expect(relay.received).toEqual([]);
  });

  it('opening the card reads its thread again: mail that came since the preview read it is there', async () => {
    ui = await startUi({ columns: 250 }); // wide enough for the preview to open by itself
    const id = await seedThread(ui);
    await showCard(ui, id);
    await ui.waitFor('Thread (3 messages)', 15_000);
    await deliver(
      ui,
      rawMail({ messageId: '<m9@customer.example>', inReplyTo: '<m3@customer.example>', body: 'One more thing.' }),
    );
    await ui.press('enter');
    await ui.waitFor('Thread (4 messages)');
  });

  it('in triage, r answers the card on screen and the progress line counts it', async () => {
    relay = await startRelay();
    ui = await startUi({ columns: 120, mail: { smtpUrl: relay.url, from: 'support@inboard.example' } });
    const id = await seedThread(ui);
    await showCard(ui, id);
    await ui.press('i');
    await ui.waitFor('Grüße, the invoice is attached.');
    await ui.press('w');
    await ui.waitFor('Subject  Re: Invoice for order 1042');
    await ui.paste('Thanks, Ana.');
    await ui.press('C-s');
    await ui.waitFor('1 answered');
    expect(relay.received).toHaveLength(1);
  });

  it('a card without a thread says so, and r is not offered on it', async () => {
    ui = await startUi({ columns: 120 });
    focus(ui, 'Onboarding call follow-up: template library');
    await ui.press('enter');
    await ui.waitFor('Comments (1)');
    await ui.until(() => ui.store.getState().threads.get(ui.store.getState().detail!.cardId)?.messages != null, 'read');
    await ui.press('w');
    await ui.waitFor('This card has no email thread to reply to');
    expect(ui.frame()).not.toContain('Reply to');
    expect(ui.frame()).not.toContain('Thread (');
  });
});
