/**
 * The reply composer against a real service and an SMTP relay on loopback:
 * what the service picks (reply to all) shown before sending, To/Cc edited,
 * files attached by path and received byte for byte, the signature shown
 * filled in and sent, and bad input refused in words with everything typed
 * kept.
 */
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applySignature } from '../../../src/ui/compose/signature.js';
import { rawMail } from '../../support/mail.js';
import { statusLine } from '../helpers.js';
import { addresses, alt, deliver, openCard, parsed, sha256, startMailUi, type MailUi } from './mail-support.js';

let m: MailUi | undefined;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-composer-'));
});
afterEach(async () => {
  applySignature(undefined);
  await m?.ui.close();
  await m?.relay.close();
  m = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A customer wrote to support@ with a colleague in Cc; the reply composer open on it. */
async function replyToColleagueMail(): Promise<MailUi> {
  m = await startMailUi();
  const id = await deliver(
    m.ui,
    rawMail({
      messageId: '<colleague@customer.example>',
      to: 'Support <support@inboard.example>',
      headers: ['Cc: Bo Berg <bo@customer.example>, support@inboard.example'],
    }),
  );
  await openCard(m.ui, id);
  await m.ui.press('w');
  await m.ui.waitFor('Reply to');
  return m;
}

describe('the reply composer', () => {
  it('shows whom it goes to as the service picks it: the customer, the colleague in Cc, never support@', async () => {
    const { ui, relay } = await replyToColleagueMail();
    const frame = await ui.waitFor('Cc       Bo Berg <bo@customer.example>');
    expect(frame).toContain('From     Support <support@inboard.example>');
    expect(frame).toContain('To       Ana Lima <ana@customer.example>');
    expect(frame).not.toMatch(/Cc .*support@inboard\.example/);
    expect(frame).toContain('Alt+A attach');
    await ui.paste('On its way.');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    const mail = await parsed(relay, 0);
    expect(addresses(mail.to)).toEqual(['ana@customer.example']);
    expect(addresses(mail.cc)).toEqual(['bo@customer.example']);
  });

  it('Alt+C edits the Cc: prefilled, a bad address named with the typed text kept, the new Cc sent', async () => {
    const { ui, relay } = await replyToColleagueMail();
    await ui.waitFor('Cc       Bo Berg <bo@customer.example>');
    await ui.paste('Thanks, Ana.');
    await ui.press(alt('c'));
    let frame = await ui.waitFor('Cc of Reply to');
    expect(frame).toContain('bo@customer.example');
    await ui.press('C-u');
    await ui.paste('lead@inboard.example, cy@customer');
    await ui.press('enter');
    frame = await ui.waitFor('is not an email address');
    expect(frame).toContain('Cc: "cy@customer" is not an email address');
    expect(frame).toContain('lead@inboard.example, cy@customer');
    await ui.press('C-u');
    await ui.paste('lead@inboard.example, cy@customer.example');
    await ui.press('enter');
    frame = await ui.waitFor('Cc       lead@inboard.example, cy@customer.example');
    // The text typed before is still there.
    expect(frame).toContain('Thanks, Ana.');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    const mail = await parsed(relay, 0);
    expect(addresses(mail.cc)).toEqual(['lead@inboard.example', 'cy@customer.example']);
  });

  it('Alt+A attaches a file by path, listed with its size; the relay receives it byte for byte', async () => {
    const { ui, relay } = await replyToColleagueMail();
    const bytes = randomBytes(40_000);
    const path = join(dir, 'invoice.pdf');
    writeFileSync(path, bytes);
    await ui.paste('The invoice, attached.');
    await ui.press(alt('a'));
    await ui.waitFor('Attach a file to');
    await ui.paste(path);
    await ui.press('enter');
    const frame = await ui.waitFor('invoice.pdf · 39 KB');
    expect(frame).toContain('The invoice, attached.');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent', 15_000);
    const mail = await parsed(relay, 0);
    const file = mail.attachments.find((a) => a.filename === 'invoice.pdf');
    expect(file?.contentType).toBe('application/pdf');
    expect(sha256(file!.content)).toBe(sha256(bytes));
  });

  it('a missing file, a folder and an unreadable one are refused in words; the text stays, nothing is sent', async () => {
    const { ui, relay } = await replyToColleagueMail();
    await ui.paste('Files below.');
    await ui.press(alt('a'));
    await ui.waitFor('Attach a file to');
    await ui.paste(join(dir, 'nowhere.pdf'));
    await ui.press('enter');
    let frame = await ui.waitFor('No file at');
    expect(frame).toContain(`No file at ${join(dir, 'nowhere.pdf')}`);
    await ui.press('C-u');
    await ui.paste(dir);
    await ui.press('enter');
    frame = await ui.waitFor('is a folder, not a file');
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked.txt');
      writeFileSync(locked, 'secret');
      chmodSync(locked, 0o000);
      await ui.press('C-u');
      await ui.paste(locked);
      await ui.press('enter');
      await ui.waitFor('can’t be read (permission denied)');
    }
    // Esc: back to the composer as it was.
    await ui.press('esc');
    frame = await ui.waitFor('Reply to');
    expect(frame).toContain('Files below.');
    expect(frame).not.toContain('Files    ');
    expect(relay.received).toHaveLength(0);
  });

  it('files over 25 MiB in all are refused in words before sending, the text kept', async () => {
    const { ui, relay } = await replyToColleagueMail();
    const big = join(dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(26 * 1024 * 1024));
    await ui.paste('Too much.');
    await ui.press(alt('a'));
    await ui.waitFor('Attach a file to');
    await ui.paste(big);
    await ui.press('enter');
    const frame = await ui.waitFor('at most 25 MB go with one message');
    expect(frame).toContain('The files come to 26 MB');
    await ui.press('esc');
    await ui.waitFor('Too much.');
    expect(relay.received).toHaveLength(0);
  });

  it('the member’s own signature is shown filled in under -- before sending, and is what was sent', async () => {
    applySignature('{{agent.first_name}} at {{board.name}}\n{{agent.email}}');
    const { ui, relay } = await replyToColleagueMail();
    const me = await ui.other.whoAmI();
    const first = me.Name.trim().split(/\s+/)[0] ?? '';
    const line = `${first === '' ? '{{agent.first_name}}' : first} at Support Inbox`;
    const frame = await ui.waitFor(line);
    expect(frame).toMatch(/^│ -- +│$/m);
    expect(frame).toContain(me.Email);
    await ui.paste('All set.');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    const mail = await parsed(relay, 0);
    expect(mail.text).toContain(`All set.\n\n-- \n${line}\n${me.Email}`);
  });

  it('a refused reply opens the composer again with its addresses and files', async () => {
    const { ui, relay } = await replyToColleagueMail();
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'notes');
    await ui.paste('Sending this.');
    await ui.press(alt('a'));
    await ui.waitFor('Attach a file to');
    await ui.paste(path);
    await ui.press('enter');
    await ui.waitFor('notes.txt · 5 bytes');
    await ui.press(alt('t'));
    await ui.waitFor('To of Reply to');
    await ui.press('C-u');
    await ui.paste('gone@customer.example');
    await ui.press('enter');
    await ui.waitFor('To       gone@customer.example');
    await relay.close();
    await ui.press('C-s');
    const frame = await ui.waitFor('Reply not sent');
    expect(statusLine(frame)).toContain('✗ Reply not sent, kept as a draft');
    expect(frame).toContain('Sending this.');
    expect(frame).toContain('To       gone@customer.example');
    expect(frame).toContain('notes.txt · 5 bytes');
  });
});
