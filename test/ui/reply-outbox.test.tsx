/**
 * A reply and the thread moving on: the composer sends what its writer had
 * read; a message that arrived meanwhile holds it (the service's 409), and
 * the app shows what came and offers send anyway / edit / keep as a draft,
 * the text kept. With the service's outbox the status bar counts the reply
 * down and `u` takes it back: nothing is delivered, the composer reopens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { focus, KEY, startUi, type Ui, type UiOptions } from './helpers.js';

let ui: Ui;
let relay: TestRelay | undefined;
afterEach(async () => {
  await ui?.close();
  await relay?.close();
  relay = undefined;
});

async function deliver(raw: Buffer): Promise<string> {
  const res = await fetch(`${ui.url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BoardId: ui.boardId, Message: raw.toString('base64') }),
  });
  return ((await res.json()) as { data: { CardId: string } }).data.CardId;
}

/** One customer message on a card, the card open, the composer open with text typed. */
async function composing(opts: UiOptions, text: string): Promise<string> {
  relay = await startRelay();
  ui = await startUi({
    columns: 140,
    mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' },
    ...opts,
  });
  const id = await deliver(rawMail({ subject: 'Parcel 31 late', messageId: '<h1@customer.example>' }));
  await ui.press('r');
  await ui.until(() => ui.store.getState().view.cards.get(id) !== undefined, 'the delivered card on the board');
  focus(ui, ui.store.getState().view.cards.get(id)!.title);
  await ui.press('enter');
  await ui.waitFor('Thread (1 message)');
  await ui.press('w');
  await ui.waitFor('Reply to');
  await ui.paste(text);
  return id;
}

describe('a reply held because the thread moved on', () => {
  it('shows what arrived; edit reopens the composer with the text, and it then goes', async () => {
    await composing({}, 'A new parcel left today.');
    await deliver(
      rawMail({
        subject: 'Re: Parcel 31 late',
        messageId: '<h2@customer.example>',
        inReplyTo: '<h1@customer.example>',
        body: 'Never mind, it just came!',
      }),
    );
    await ui.press('C-s');
    const frame = await ui.waitFor('Reply held, nothing was sent');
    expect(frame).toContain('New from Ana Lima <ana@customer.example>: Never mind, it just came!');
    expect(frame).toContain('Send anyway');
    expect(relay!.received).toHaveLength(0);
    await ui.press('down', 'enter');
    const back = await ui.waitFor('Reply to');
    expect(back).toContain('A new parcel left today.');
    await ui.press('C-u');
    await ui.paste('Glad it arrived.');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    expect(relay!.received).toHaveLength(1);
    expect(relay!.received[0]!.raw).toContain('Glad it arrived.');
  });

  it('keep as draft: nothing sent, and w brings the text back', async () => {
    await composing({}, 'Refund is on its way.');
    await deliver(
      rawMail({
        subject: 'Re: Parcel 31 late',
        messageId: '<h3@customer.example>',
        inReplyTo: '<h1@customer.example>',
      }),
    );
    await ui.press('C-s');
    await ui.waitFor('Reply held, nothing was sent');
    await ui.press('down', 'down', 'enter');
    await ui.waitFor('Draft kept');
    await ui.press('w');
    await ui.waitFor('your draft from before');
    expect(ui.frame()).toContain('Refund is on its way.');
    expect(relay!.received).toHaveLength(0);
  });
});

describe('undo send (the service’s outbox)', () => {
  it('the status bar counts the reply down; u takes it back, nothing delivered, the composer reopens', async () => {
    await composing({ sendDelayMs: 60_000 }, 'Sent too soon.');
    await ui.press('C-s');
    const counting = await ui.waitFor(/Reply to Ana Lima <ana@customer\.example> sends in \d+ s · u undo/);
    expect(counting).not.toContain('✓ Reply sent');
    expect(ui.store.getState().history.undo).toMatch(/^reply on /);
    await ui.press('u');
    await ui.waitFor('Reply taken back: nothing was sent');
    // What did not happen is no "can't undo" in the history: u reaches the changes before it.
    expect(ui.store.getState().history.undo ?? '').not.toMatch(/^reply on /);
    const back = await ui.waitFor('Reply to "');
    expect(back).toContain('Sent too soon.');
    await ui.outbox.tick();
    expect(relay!.received).toHaveLength(0);
    expect(ui.store.getState().outgoing).toHaveLength(0);
  });
});
