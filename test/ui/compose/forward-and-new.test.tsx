/**
 * Forward (`f` in the detail) and new mail (`w` on the board) through the
 * composer, against a real service and an SMTP relay on loopback: the
 * forward goes out as `Fwd:` with the original's file byte for byte and the
 * thread shows it; new mail makes its card on the board; a missing To or
 * subject is said in words before anything is sent.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { multipartMail, startRelay } from '../../support/mail.js';
import { focus, startUi, statusLine } from '../helpers.js';
import { alt, deliver, openCard, parsed, sha256, startMailUi, type MailUi, addresses } from './mail-support.js';

let m: MailUi | undefined;
afterEach(async () => {
  await m?.ui.close();
  await m?.relay.close();
  m = undefined;
});

describe('f forwards', () => {
  it('asks To first, lists the message’s file, and sends Fwd: with the file byte for byte; the thread shows it', async () => {
    m = await startMailUi();
    const { ui, relay } = m;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
    const id = await deliver(
      ui,
      multipartMail({
        messageId: '<fwd1@customer.example>',
        subject: 'Invoice 77',
        attachment: { name: 'invoice-77.pdf', type: 'application/pdf', bytes: pdf },
      }),
    );
    await openCard(ui, id);
    await ui.press('f');
    await ui.waitFor('To of Forward');
    await ui.press('enter');
    await ui.waitFor('To: type at least one address');
    await ui.paste('finance@inboard.example');
    await ui.press('enter');
    const frame = await ui.waitFor('Forward "');
    expect(frame).toContain('To       finance@inboard.example');
    expect(frame).toContain('Subject  Fwd: Invoice 77');
    expect(frame).toContain('invoice-77.pdf');
    await ui.paste('Please pay this one.');
    await ui.press('C-s');
    await ui.waitFor('Forwarded to finance@inboard.example');
    const mail = await parsed(relay, 0);
    expect(mail.subject).toBe('Fwd: Invoice 77');
    expect(addresses(mail.to)).toEqual(['finance@inboard.example']);
    expect(mail.text).toContain('Please pay this one.');
    const file = mail.attachments.find((a) => a.filename === 'invoice-77.pdf');
    expect(sha256(file!.content)).toBe(sha256(pdf));
    await ui.until(
      () =>
        ui.store
          .getState()
          .threads.get(id)
          ?.messages?.some((x) => x.Kind === 'forward') === true,
      'the forward in the thread',
    );
  });
});

describe('f where there is nothing to forward', () => {
  it('a card with no email says so, and nothing opens', async () => {
    m = await startMailUi();
    const { ui } = m;
    focus(ui, 'Onboarding call follow-up: template library');
    await ui.press('enter');
    await ui.waitFor('Comments (1)');
    await ui.until(() => ui.store.getState().threads.get(ui.store.getState().detail!.cardId)?.messages != null, 'read');
    await ui.press('f');
    await ui.waitFor('This card has no email to forward');
    expect(ui.frame()).not.toContain('To of Forward');
  });
});

describe('w on the board writes new mail', () => {
  it('To, then Subject, then the text: sent, its card is on the board in the focused column', async () => {
    m = await startMailUi();
    const { ui, relay } = m;
    const column = ui.store.getState().columns[ui.store.getState().cursor.col]!;
    await ui.press('w');
    await ui.waitFor('To of New mail');
    await ui.paste('newcustomer@example.com');
    await ui.press('enter');
    await ui.waitFor('Subject of New mail');
    await ui.paste('Your trial ends Friday');
    await ui.press('enter');
    let frame = await ui.waitFor('Subject  Your trial ends Friday');
    expect(frame).toContain('To       newcustomer@example.com');
    await ui.paste('Hello, a word before your trial ends.');
    await ui.press('C-s');
    frame = await ui.waitFor('its card "Your trial ends Friday" is on the board');
    const mail = await parsed(relay, 0);
    expect(mail.subject).toBe('Your trial ends Friday');
    expect(addresses(mail.to)).toEqual(['newcustomer@example.com']);
    await ui.until(
      () => [...ui.store.getState().view.cards.values()].some((c) => c.title.includes('Your trial ends Friday')),
      'the new card on the board',
    );
    const card = [...ui.store.getState().view.cards.values()].find((c) => c.title.includes('Your trial ends Friday'))!;
    expect(card.columnLabel).toBe(column.label);
    expect(ui.store.getState().cursor.cardId).toBe(card.id);
  });

  it('a subject left empty is said in words; Alt+S writes it, and the text typed is kept', async () => {
    m = await startMailUi();
    const { ui, relay } = m;
    await ui.press('w');
    await ui.waitFor('To of New mail');
    await ui.paste('newcustomer@example.com');
    await ui.press('enter');
    await ui.waitFor('Subject of New mail');
    await ui.press('esc');
    await ui.waitFor('Subject  —');
    await ui.paste('Hello there.');
    await ui.press('C-s');
    await ui.waitFor('Subject: none yet');
    expect(relay.received).toHaveLength(0);
    await ui.press(alt('s'));
    await ui.waitFor('Subject of New mail');
    await ui.paste('Welcome');
    await ui.press('enter');
    const frame = await ui.waitFor('Subject  Welcome');
    expect(frame).toContain('Hello there.');
  });

  it('refused (no way to send on this service): the server’s words, and the composer again with everything typed', async () => {
    m = { ui: await startUi({ columns: 140 }), relay: await startRelay() };
    const { ui } = m;
    await ui.press('w');
    await ui.waitFor('To of New mail');
    await ui.paste('newcustomer@example.com');
    await ui.press('enter');
    await ui.waitFor('Subject of New mail');
    await ui.paste('Hello');
    await ui.press('enter');
    await ui.waitFor('Subject  Hello');
    await ui.paste('First words.');
    await ui.press('C-s');
    const frame = await ui.waitFor('Mail not sent');
    expect(statusLine(frame)).toMatch(/✗ Mail not sent, nothing went out: .+/);
    expect(frame).toContain('New mail');
    expect(frame).toContain('To       newcustomer@example.com');
    expect(frame).toContain('First words.');
  });
});
