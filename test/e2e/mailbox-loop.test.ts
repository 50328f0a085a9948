/**
 * The team's own mailbox, each part as it runs for real: `inboard mailbox
 * add`, then `inboard serve` watching a real Dovecot; a customer's message
 * APPENDed to the mailbox is a card on the board open in a terminal without
 * `r`; `w` answers it through the mailbox's SMTP (smtp-server on loopback),
 * threaded, with one copy in the mailbox's Sent folder; the customer's answer
 * joins the card; and the mailbox's own messages are as they were.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../commands/helpers.js';
import { exited, spawnServe, type Child } from '../server/process.js';
import { CLI } from '../server/process.js';
import { startDovecot, type TestImapServer } from '../support/dovecot.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { hasTmux, lookAtTheBoard, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_mailbox_loop_key_0123456789abcdef';
const SUPPORT = 'support@acme.test';
let imap: TestImapServer | undefined;
let relay: TestRelay | undefined;
let server: Child | undefined;
let term: Terminal | undefined;
let dir = '';

beforeAll(async () => {
  if (!hasTmux()) return;
  dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-mailbox-'));
  imap = await startDovecot();
  relay = await startRelay({ user: SUPPORT, pass: imap.password(SUPPORT) });
  const env = { INBOARD_SECRET_FILE: join(dir, 'secret.key'), INBOARD_DATA_DIR: join(dir, 'data') };
  const db = join(dir, 'team.db');
  server = await spawnServe(['--db', db, '--api-key', KEY, '--demo', '--rate-limit', '0', '--send-delay', '0'], env);
  const smtp = `smtp://${encodeURIComponent(SUPPORT)}@127.0.0.1:${new URL(relay.url).port}`;
  const added = await runCli(
    ['mailbox', 'add', '--board', 'Support Inbox', '--imap', imap.url(SUPPORT), '--smtp', smtp, '--db', db],
    env,
  );
  if (added.code !== 0) throw new Error(`mailbox add: ${added.stderr}`);
}, 60_000);

afterAll(async () => {
  term?.keys('C-c');
  term?.kill();
  server?.proc.kill('SIGTERM');
  if (server) await exited(server.proc);
  await relay?.close();
  await imap?.stop();
  if (dir !== '') rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

const header = (raw: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(raw)?.[1]?.trim();

describe.skipIf(!hasTmux())('the team mailbox loop', () => {
  it('APPEND → the card on the board → w → SMTP and Sent → the answer joins the card; the mailbox unchanged', async () => {
    term = Terminal.start({
      cols: 120,
      rows: 40,
      env: {
        INBOARD_URL: server!.url,
        INBOARD_API_KEY: KEY,
        INBOARD_CONFIG_DIR: join(dir, 'cfg'),
        INBOARD_DATA_DIR: join(dir, 'tui-data'),
        INBOARD_STATE_DIR: join(dir, 'state'),
      },
    });
    const t = term;
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor(/│ live/);
    await lookAtTheBoard();

    await imap!.append(
      SUPPORT,
      rawMail({
        subject: 'Parcel 8812 never came',
        messageId: '<p1@customer.example>',
        body: 'Hello,\r\nparcel 8812 never came.\r\nAna',
      }),
      { flags: ['\\Seen'] },
    );
    let screen = await t.waitFor(/Parcel 8812 never came/, 20_000);
    expect(screen).toMatch(/●.*Parcel 8812 never came/);
    t.keys('g');
    await t.waitFor(/›.*Parcel 8812 never came/);
    t.keys('Enter');
    screen = await t.waitFor('Thread (1 message)', 20_000);
    expect(screen).toContain('parcel 8812 never came.');

    t.keys('w');
    screen = await t.waitFor('Reply to');
    t.type('A new one leaves today.');
    t.keys('C-s');
    await t.waitFor('Reply sent');
    expect(relay!.received).toHaveLength(1);
    const sent = relay!.received[0]!;
    expect(sent.from).toBe(SUPPORT);
    expect(header(sent.raw, 'In-Reply-To')).toBe('<p1@customer.example>');
    expect(header(sent.raw, 'References')).toContain('<p1@customer.example>');
    const ours = header(sent.raw, 'Message-ID')!;
    const waitSent = async () => {
      for (let i = 0; i < 100; i++) {
        const copies = (await imap!.list(SUPPORT, 'Sent')).filter((m) => m.messageId === ours);
        if (copies.length > 0) return copies;
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    };
    expect(await waitSent()).toHaveLength(1);

    t.keys('Escape');
    await t.waitFor((s) => !s.includes('Thread ('));
    await imap!.append(
      SUPPORT,
      rawMail({
        subject: 'Re: Parcel 8812 never came',
        messageId: '<p2@customer.example>',
        inReplyTo: ours,
        references: `<p1@customer.example> ${ours}`,
        body: 'Thank you!\r\nAna',
      }),
    );
    await t.waitFor(/●.*Parcel 8812 never came/, 20_000);
    t.keys('Enter');
    screen = await t.waitFor('Thread (3 messages)', 20_000);
    expect(screen).toContain('Thank you!');
    // Nothing in the mailbox was marked or moved: the first message is as the customer's reader left it.
    const inbox = await imap!.list(SUPPORT);
    expect(inbox.map((m) => [m.messageId, m.flags])).toEqual([
      ['<p1@customer.example>', ['\\Seen']],
      ['<p2@customer.example>', []],
    ]);
  }, 90_000);
});
