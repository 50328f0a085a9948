/**
 * The files of a card's email in the detail, against a real service: `]`
 * selects one, `S` saves it into downloadDir byte-equal to what the
 * customer sent (never over a file), `o` hands a private copy (0600 in a
 * 0700 folder) to $INBOARD_OPENER, `v` reads a .log in the pager.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyDownloadDir } from '../../src/ui/attachments/places.js';
import { mailWithFiles, pdfBytes, sha256 } from '../support/attachment-mail.js';
import { focus, KEY, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
let dir: string;
const pdf = pdfBytes(250_000);
const log = 'boot ok\nERROR disk full at 03:12\n\u001b[31mred\u001b[0m\n';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-ui-att-'));
  applyDownloadDir(join(dir, 'downloads'));
  const opener = join(dir, 'opener.sh');
  writeFileSync(opener, `#!/bin/sh\nprintf '%s' "$1" > "${join(dir, 'opened')}"\n`);
  chmodSync(opener, 0o755);
  process.env.INBOARD_OPENER = opener;
});
afterAll(() => {
  delete process.env.INBOARD_OPENER;
  applyDownloadDir(undefined);
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await ui?.close();
});

/** The card delivered with an invoice and a log, its detail open. */
async function openCard(): Promise<void> {
  const raw = await mailWithFiles(
    [
      { filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'server.log', contentType: 'text/plain', content: Buffer.from(log) },
    ],
    { subject: 'Files for order 1042' },
  );
  const res = await fetch(`${ui.url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BoardId: ui.boardId, Message: raw.toString('base64') }),
  });
  const id = ((await res.json()) as { data: { CardId: string } }).data.CardId;
  await ui.press('r');
  await ui.until(() => ui.store.getState().view.cards.get(id) !== undefined, 'the delivered card on the board');
  focus(ui, 'Files for order 1042');
  await ui.press('enter');
  await ui.waitFor('Thread (1 message)');
  // Below the fold: selecting one brings it on screen.
  await ui.press(']');
  await ui.waitFor('› Attached invoice.pdf (244 KB, application/pdf)');
}

describe('attachments in the card detail', () => {
  it('] selects one; S saves it byte for byte, never over a file, saying the path', async () => {
    ui = await startUi({ columns: 120 });
    await openCard();
    expect(ui.frame()).toContain(`Attached server.log (${Buffer.byteLength(log)} bytes, text/plain)`);
    await ui.press('S');
    const first = join(dir, 'downloads', 'invoice.pdf');
    await ui.waitFor((f) => statusLine(f).includes(`Saved invoice.pdf to ${first}`));
    expect(sha256(readFileSync(first))).toBe(sha256(pdf));
    await ui.press('S');
    const second = join(dir, 'downloads', 'invoice (1).pdf');
    await ui.waitFor((f) => statusLine(f).includes(`Saved invoice.pdf to ${second}`));
    expect(sha256(readFileSync(second))).toBe(sha256(pdf));
  });

  it('o opens a private copy (0600 in a 0700 folder) with $INBOARD_OPENER', async () => {
    ui = await startUi({ columns: 120 });
    await openCard();
    await ui.press('o');
    const recorded = join(dir, 'opened');
    await ui.until(() => existsSync(recorded) && readFileSync(recorded, 'utf8') !== '', 'the opener to run');
    const path = readFileSync(recorded, 'utf8');
    expect(path.startsWith(tmpdir())).toBe(true);
    expect(sha256(readFileSync(path))).toBe(sha256(pdf));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    await ui.waitFor((f) => statusLine(f).includes('Opened invoice.pdf with'));
  });

  it('v reads a .log in the pager, sanitised; on a PDF it says why not', async () => {
    ui = await startUi({ columns: 120 });
    await openCard();
    await ui.press('v');
    await ui.waitFor((f) => statusLine(f).includes('invoice.pdf is application/pdf: o opens it, S saves it'));
    await ui.press(']');
    await ui.waitFor('› Attached server.log');
    await ui.press('v');
    const frame = await ui.waitFor('ERROR disk full at 03:12');
    expect(frame).toContain('server.log');
    expect(frame).toContain('^[[31mred^[[0m');
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('ERROR disk full'));
    // Past the first, [ selects none; Esc then goes back to the board.
    await ui.press('[', '[');
    await ui.waitFor((f) => !f.includes('› Attached'));
  });
});
