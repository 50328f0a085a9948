/**
 * A reply with a file, in a real terminal (tmux) against the built CLI: the
 * composer shows the colleague the service keeps in Cc, `Alt+A` attaches a
 * file by its path, listed with its size, and the SMTP relay (smtp-server on
 * loopback) receives it byte for byte beside the customer and the colleague.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../commands/helpers.js';
import { CLI } from '../server/process.js';
import { rawMail } from '../support/mail.js';
import { startMailService, type MailService } from '../support/mail-service.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_compose_file_key_0123456789abcdef';
let service: MailService | undefined;
let term: Terminal | undefined;
let dir = '';

beforeAll(async () => {
  if (!hasTmux()) return;
  service = await startMailService('compose-file', KEY);
  dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-compose-'));
});

afterAll(async () => {
  term?.keys('C-c');
  term?.kill();
  await service?.close();
  if (dir !== '') rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.skipIf(!hasTmux())('a reply with a file', () => {
  it('w → the colleague in Cc → Alt+A a file → Ctrl+S → the relay has it byte for byte', async () => {
    const r = await runCli(
      ['mail-in', '--board', 'Support Inbox', '--url', service!.url],
      { INBOARD_API_KEY: KEY, INBOARD_URL: undefined },
      {
        input: rawMail({
          subject: 'Export please',
          messageId: '<e1@customer.example>',
          headers: ['Cc: Bo Berg <bo@customer.example>'],
          body: 'Could you send the export?\r\nAna',
        }).toString('latin1'),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const bytes = Buffer.concat([Buffer.from('id,total\n'), randomBytes(5000)]);
    const file = join(dir, 'export.csv');
    writeFileSync(file, bytes);

    term = Terminal.start({ cols: 130, rows: 44, env: service!.termEnv });
    const t = term;
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor(/Export please/, 20_000);
    t.keys('g');
    await t.waitFor(/›.*Export please/);
    t.keys('Enter');
    await t.waitFor('Thread (1 message)', 20_000);
    t.keys('w');
    await t.waitFor('Reply to "');
    // The composer's own Cc line (inside its box), once the service said whom it keeps.
    let screen = await t.waitFor(/│ Cc\s+Bo Berg <bo@customer\.example>/);
    expect(screen).toContain('Alt+A attach');
    t.type('The export, attached.');
    t.keys('M-a');
    await t.waitFor('Attach a file to');
    t.type(file);
    t.keys('Enter');
    screen = await t.waitFor('export.csv · 4.9 KB');
    expect(screen).toContain('The export, attached.');
    t.keys('C-s');
    await t.waitFor('Reply sent', 20_000);
    const sent = service!.relay.received[0]!;
    expect(sent.to.sort()).toEqual(['ana@customer.example', 'bo@customer.example']);
    const mail = await simpleParser(sent.raw);
    expect(mail.text).toContain('The export, attached.');
    const got = mail.attachments.find((a) => a.filename === 'export.csv');
    expect(got?.contentType).toBe('text/csv');
    expect(sha256(got!.content)).toBe(sha256(bytes));
  }, 120_000);
});
