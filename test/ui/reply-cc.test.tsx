/**
 * The reply prompt's Cc: a first line `Cc: …` puts copies on the reply (the
 * relay on loopback receives them), and a wrong address is refused in words
 * with the text kept in the prompt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { focus, KEY, startUi, type Ui } from './helpers.js';

let ui: Ui;
let relay: TestRelay | undefined;
afterEach(async () => {
  await ui?.close();
  await relay?.close();
  relay = undefined;
});

/** One customer message delivered to the board; the card open on it. */
async function openThread(): Promise<string> {
  relay = await startRelay();
  ui = await startUi({ columns: 120, mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' } });
  const res = await fetch(`${ui.url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      BoardId: ui.boardId,
      Message: rawMail({ subject: 'Parcel 90 late', messageId: '<cc1@customer.example>' }).toString('base64'),
    }),
  });
  const id = ((await res.json()) as { data: { CardId: string } }).data.CardId;
  await ui.press('r');
  await ui.until(() => ui.store.getState().view.cards.get(id) !== undefined, 'the delivered card on the board');
  focus(ui, ui.store.getState().view.cards.get(id)!.title);
  await ui.press('enter');
  await ui.waitFor('Thread (1 message)');
  await ui.press('w');
  await ui.waitFor('Reply to');
  return id;
}

describe('the reply composer', () => {
  it('Enter adds a line; the foot names the send key with "send", never "save"; Ctrl+S sends it as typed', async () => {
    await openThread();
    const frame = ui.frame();
    expect(frame).toContain('Ctrl+S send');
    expect(frame).toContain('Enter new line');
    expect(frame).not.toMatch(/Enter save/);
    await ui.paste('Hello Ana,');
    await ui.press('enter', 'enter');
    await ui.paste('A new parcel left today.');
    await ui.press('enter');
    // Nothing went out on Enter: the composer is still open.
    expect(ui.frame()).toContain('Reply to');
    expect(relay!.received).toHaveLength(0);
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    expect(relay!.received).toHaveLength(1);
    expect(relay!.received[0]!.raw).toMatch(/Hello Ana,\r?\n\r?\nA new parcel left today\./);
  });

  it('text typed with the send key in one read goes in, then it sends', async () => {
    await openThread();
    await ui.paste('Line one\rLine two\x13');
    await ui.waitFor('✓ Reply sent');
    expect(relay!.received[0]!.raw).toMatch(/Line one\r?\nLine two/);
  });
});

describe('the reply prompt’s Cc', () => {
  it('a first line "Cc: …" sends copies, and is not part of the text', async () => {
    const id = await openThread();
    // The composer's own key edits the Cc line; a first line still adds copies, as mail programs read a header.
    expect(ui.frame()).toContain('Alt+C cc');
    await ui.paste('Cc: lead@example.com, bo@customer.example\n\nA new parcel left today.');
    await ui.waitFor('Cc lead@example.com, bo@customer.example');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    expect(relay!.received).toHaveLength(1);
    const mail = relay!.received[0]!;
    expect(mail.to).toEqual(
      expect.arrayContaining(['ana@customer.example', 'lead@example.com', 'bo@customer.example']),
    );
    expect(mail.raw).toMatch(/^Cc: lead@example\.com, bo@customer\.example/m);
    const sent = (await ui.other.listMessages(id)).at(-1);
    expect(sent?.Cc).toEqual(['lead@example.com', 'bo@customer.example']);
    expect(sent?.Text.trim()).toBe('A new parcel left today.');
  });

  it('a wrong address is refused in words, the text stays and nothing is sent', async () => {
    await openThread();
    await ui.paste('Cc: lead@example\nThanks, on its way.');
    await ui.press('C-s');
    const frame = await ui.waitFor('is not an email address');
    expect(frame).toContain('Cc: "lead@example" is not an email address');
    expect(frame).toContain('Thanks, on its way.');
    expect(relay!.received).toHaveLength(0);
  });
});
