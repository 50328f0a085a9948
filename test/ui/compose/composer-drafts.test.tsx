/**
 * The composer keeps what is typed: a slow answer from the service (whom a
 * reply goes to by default) fills its lines in without touching the text;
 * Esc keeps the addresses and files with the text as one draft that `w`
 * brings back; Bcc goes to the relay and never into the message.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawMail } from '../../support/mail.js';
import { addresses, alt, deliver, openCard, parsed, startMailUi, type MailUi } from './mail-support.js';

let m: MailUi | undefined;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-composer-drafts-'));
});
afterEach(async () => {
  await m?.ui.close();
  await m?.relay.close();
  m = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function openOnColleagueMail(): Promise<MailUi> {
  m = await startMailUi();
  const id = await deliver(
    m.ui,
    rawMail({ messageId: '<d1@customer.example>', headers: ['Cc: Bo Berg <bo@customer.example>'] }),
  );
  await openCard(m.ui, id);
  return m;
}

describe('the composer keeps what is typed', () => {
  it('opens at once; a slow answer fills in the Cc and leaves the text as typed', async () => {
    const { ui } = await openOnColleagueMail();
    const slow = ui.hold(/reply-defaults/);
    await ui.press('w');
    let frame = await ui.waitFor('Reply to');
    expect(frame).toContain('Cc       asking the service…');
    await ui.paste('Typed while the service thinks.');
    await ui.until(() => slow.waiting > 0, 'the defaults asked');
    slow.release();
    frame = await ui.waitFor('Cc       Bo Berg <bo@customer.example>');
    expect(frame).toContain('Typed while the service thinks.');
    await ui.paste(' And after.');
    await ui.waitFor('Typed while the service thinks. And after.');
  });

  it('Esc keeps the text, the changed To and the file as one draft; w brings all of it back', async () => {
    const { ui } = await openOnColleagueMail();
    const path = join(dir, 'label.pdf');
    writeFileSync(path, Buffer.alloc(2048, 1));
    await ui.press('w');
    await ui.waitFor('Cc       Bo Berg <bo@customer.example>');
    await ui.paste('Your return label.');
    await ui.press(alt('t'));
    await ui.waitFor('To of Reply to');
    await ui.press('C-u');
    await ui.paste('returns@customer.example');
    await ui.press('enter');
    await ui.waitFor('To       returns@customer.example');
    await ui.press(alt('a'));
    await ui.waitFor('Attach a file to');
    await ui.paste(path);
    await ui.press('enter');
    await ui.waitFor('label.pdf · 2.0 KB');
    await ui.press('esc');
    await ui.waitFor('Draft kept');
    await ui.press('w');
    const frame = await ui.waitFor('your draft from before');
    expect(frame).toContain('Your return label.');
    expect(frame).toContain('To       returns@customer.example');
    expect(frame).toContain('label.pdf · 2.0 KB');
  });

  it('Alt+H: Bcc goes to the relay, never into the message; Alt+R takes the last file off', async () => {
    const { ui, relay } = await openOnColleagueMail();
    const path = join(dir, 'draft.txt');
    writeFileSync(path, 'x');
    await ui.press('w');
    await ui.waitFor('Cc       Bo Berg <bo@customer.example>');
    await ui.paste('Noted.');
    await ui.press(alt('h'));
    await ui.waitFor('Bcc of Reply to');
    await ui.paste('lead@inboard.example');
    await ui.press('enter');
    await ui.waitFor('Bcc      lead@inboard.example');
    await ui.press(alt('a'));
    await ui.waitFor('Attach a file to');
    await ui.paste(path);
    await ui.press('enter');
    await ui.waitFor('draft.txt · 1 byte');
    await ui.press(alt('r'));
    await ui.waitFor('draft.txt removed');
    expect(ui.frame()).not.toContain('draft.txt · 1 byte');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    expect(relay.received[0]!.to.sort()).toEqual([
      'ana@customer.example',
      'bo@customer.example',
      'lead@inboard.example',
    ]);
    const mail = await parsed(relay, 0);
    expect(addresses(mail.cc)).toEqual(['bo@customer.example']);
    expect(mail.bcc).toBeUndefined();
    expect(mail.attachments).toHaveLength(0);
  });
});
