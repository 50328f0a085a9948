/**
 * The whole mail loop, each part as it runs for real: a customer's message
 * piped to `inboard mail-in` (as an MTA does) becomes a card on the board a
 * teammate has open in a terminal; they read it and answer with `w`; the
 * answer reaches the SMTP relay (smtp-server on loopback: the relay is not
 * ours) threaded to the customer's message; the customer's answer to it,
 * piped to `mail-in` again, joins the same card, unread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserKey } from '../../src/server/auth.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';
import { runCli } from '../commands/helpers.js';
import { CLI } from '../server/process.js';
import { rawMail } from '../support/mail.js';
import { startMailService, type MailService } from '../support/mail-service.js';
import { hasTmux, lookAtTheBoard, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_mail_loop_key_0123456789abcdef';
let service: MailService | undefined;
let term: Terminal | undefined;
/**
 * The mail system's own key, as a deployment gives it one: its deliveries are
 * a teammate's to the TUI and show live. (Delivered with the TUI user's own
 * key, the board takes them for its own writes and shows them after `r`.)
 */
let mtaKey = '';

beforeAll(async () => {
  if (!hasTmux()) return;
  service = await startMailService('mail-loop', KEY);
  const db = openSqlite(service.dbPath);
  try {
    mtaKey = await createUserKey(db, { email: 'mta@inboard.example', plan: 'pro' });
    await db.run("INSERT INTO board_members (board_id, email) SELECT id, 'mta@inboard.example' FROM boards");
  } finally {
    await db.close();
  }
});

afterAll(async () => {
  term?.keys('C-c');
  term?.kill();
  await service?.close();
});

/** `inboard mail-in` with the message on stdin; resolves with the card's id it prints. */
async function mailIn(raw: Buffer): Promise<string> {
  const r = await runCli(
    ['mail-in', '--board', 'Support Inbox', '--url', service!.url],
    { INBOARD_API_KEY: mtaKey, INBOARD_URL: undefined },
    { input: raw.toString('latin1') },
  );
  if (r.code !== 0) throw new Error(`mail-in exited ${r.code}: ${r.stderr}`);
  return r.stdout.trim();
}

const header = (raw: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(raw)?.[1]?.trim();

describe.skipIf(!hasTmux())('the mail loop', () => {
  it('mail in → the card on the board → read → w → the relay → the answer joins the card', async () => {
    term = Terminal.start({ cols: 120, rows: 40, env: service!.termEnv });
    const t = term;
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor(/│ live/);
    await lookAtTheBoard();

    const cardId = await mailIn(
      rawMail({
        subject: 'Tracking 5521 stuck',
        messageId: '<t1@customer.example>',
        date: 'Tue, 24 Nov 2026 10:00:00 +0100',
        body: 'Hello,\r\ntracking 5521 has not moved since Monday.\r\nAna',
      }),
    );
    expect(cardId).toMatch(/^\d+$/);

    // The board follows the service's events: the card shows without `r`,
    // unread, as the newest card of the first column.
    let screen = await t.waitFor(/Tracking 5521 stuck/, 20_000);
    expect(screen).toMatch(/●.*Tracking 5521 stuck/);
    t.keys('g');
    await t.waitFor(/›.*Tracking 5521 stuck/);
    t.keys('Enter');
    screen = await t.waitFor('Thread (1 message)', 20_000);
    expect(screen).toContain('tracking 5521 has not moved since Monday.');

    t.keys('w');
    screen = await t.waitFor('Reply to');
    expect(screen).toContain('To       Ana Lima <ana@customer.example>');
    expect(screen).toContain('Subject  Re: Tracking 5521 stuck');
    t.type('It moves again today.');
    t.keys('C-s');
    await t.waitFor('Reply sent');
    expect(service!.relay.received).toHaveLength(1);
    const sent = service!.relay.received[0]!;
    expect(sent.to).toEqual(['ana@customer.example']);
    expect(sent.raw).toContain('It moves again today.');
    expect(header(sent.raw, 'In-Reply-To')).toBe('<t1@customer.example>');
    expect(header(sent.raw, 'References')).toContain('<t1@customer.example>');
    const ours = header(sent.raw, 'Message-ID');
    expect(ours).toMatch(/^<[^<>\s]+>$/);

    // Back on the board, the card is read.
    t.keys('Escape');
    await t.waitFor((s) => !s.includes('Thread (') && /› [ *]Tracking 5521 stuck/.test(s));

    const answered = await mailIn(
      rawMail({
        subject: 'Re: Tracking 5521 stuck',
        messageId: '<t2@customer.example>',
        inReplyTo: ours,
        references: `<t1@customer.example> ${ours}`,
        date: 'Wed, 25 Nov 2026 08:30:00 +0100',
        body: 'Thanks, it arrived this morning.\r\nAna',
      }),
    );
    expect(answered).toBe(cardId);
    // Live again: the card is unread once more, and its thread has all three.
    await t.waitFor(/›●.*Tracking 5521 stuck/, 20_000);
    t.keys('Enter');
    screen = await t.waitFor('Thread (3 messages)', 20_000);
    expect(screen).toContain('Thanks, it arrived this morning.');
  }, 120_000);
});
