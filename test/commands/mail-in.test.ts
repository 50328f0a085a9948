/**
 * `inboard mail-in` as an MTA runs it: the built CLI, one real message on
 * stdin, against a real service on loopback. Exit statuses are sendmail's:
 * 0 delivered (the card's id printed), 65 unreadable, 75 try again later.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64Lines, multipartMail, rawMail } from '../support/mail.js';
import { runCli, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.close());

const mailIn = (raw: Buffer | string, args: string[] = []) =>
  f.run(['mail-in', '--board', 'Support Inbox', ...args], { input: raw.toString('latin1') });

describe('inboard mail-in', () => {
  it('turns a multipart message with encoded headers into a card in the first column, and prints its id', async () => {
    const r = await mailIn(
      multipartMail({
        from: '=?ISO-8859-1?Q?Jos=E9_M=FCller?= <jose@customer.example>',
        subject: '=?UTF-8?Q?Rechnung_f=C3=BCr_Bestellung_1042?=',
        messageId: '<m1@customer.example>',
      }),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const id = r.stdout.trim();
    expect(id).toMatch(/^\d+$/);
    const card = await f.client.getCard(id);
    expect(card.TaskName).toBe('Rechnung für Bestellung 1042');
    expect(card.ReadUnreadStatus).toBe(0);
    const columns = await f.client.listColumns(card.BoardId ?? 0);
    expect(card.ColumnId).toBe(columns[0]?.ColumnId);
    const [m] = await f.client.listMessages(id);
    expect(m?.From).toBe('José Müller <jose@customer.example>');
    expect(m?.Attachments.map((a) => a.Name)).toEqual(['invoice.pdf']);
  });

  it('--column puts a new card elsewhere; an answer joins its card; the same Message-ID twice is one message', async () => {
    const first = await mailIn(rawMail({ subject: 'Wrong size', messageId: '<s1@customer.example>' }), [
      '--column',
      'Waiting',
    ]);
    expect(first.code, first.stderr).toBe(0);
    const id = first.stdout.trim();
    const card = await f.client.getCard(id);
    const columns = await f.client.listColumns(card.BoardId ?? 0);
    expect(columns.find((c) => c.ColumnId === card.ColumnId)?.Name).toMatch(/^Waiting/);
    const answer = rawMail({
      subject: 'Re: Wrong size',
      messageId: '<s2@customer.example>',
      inReplyTo: '<s1@customer.example>',
    });
    const joined = await mailIn(answer);
    expect(joined.code).toBe(0);
    expect(joined.stdout.trim()).toBe(id);
    const again = await mailIn(answer);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(id);
    expect((await f.client.listMessages(id)).map((m) => m.MessageId)).toEqual([
      '<s1@customer.example>',
      '<s2@customer.example>',
    ]);
  });

  it('65 for what it cannot read, in words, and no card', async () => {
    const before = (await f.client.listCards(1, 1, 1, 200)).length;
    const notMail = await mailIn('Hello, this is just text.\nNo headers here.\n');
    expect(notMail.code).toBe(65);
    expect(notMail.stderr).toMatch(
      /^inboard mail-in: Message: this is not an email: it does not begin with header fields/,
    );
    expect(notMail.stdout).toBe('');
    const noSender = await mailIn('Subject: broken\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\nnothing');
    expect(noSender.code).toBe(65);
    expect(noSender.stderr).toMatch(/no From address; no card was made/);
    const empty = await mailIn('');
    expect(empty.code).toBe(65);
    expect(empty.stderr).toMatch(/no message on stdin/);
    expect((await f.client.listCards(1, 1, 1, 200)).length).toBe(before);
  });

  it('broken MIME that is still mail is delivered, not dropped: a multipart without its closing boundary', async () => {
    const r = await mailIn(
      rawMail({
        subject: 'Truncated',
        messageId: '<t1@customer.example>',
        contentType: 'multipart/mixed; boundary="zz"',
        body: '--zz\r\nContent-Type: text/plain\r\n\r\nThe part before the cut',
      }),
    );
    expect(r.code, r.stderr).toBe(0);
    expect((await f.client.listMessages(r.stdout.trim()))[0]?.Text).toContain('The part before the cut');
  });

  it('a 10 MB attachment is within the 25 MiB limit; a message over it is refused with 65 before sending', async () => {
    const big = multipartMail({
      messageId: '<big1@customer.example>',
      attachment: { name: 'logs.zip', type: 'application/zip', bytes: Buffer.alloc(10_000_000, 3) },
    });
    const ok = await mailIn(big);
    expect(ok.code, ok.stderr).toBe(0);
    expect((await f.client.listMessages(ok.stdout.trim()))[0]?.Attachments).toMatchObject([
      { Name: 'logs.zip', Size: 10_000_000, ContentType: 'application/zip' },
    ]);
    const huge = rawMail({ body: base64Lines(Buffer.alloc(20 * 1024 * 1024, 1)) });
    const over = await mailIn(huge);
    expect(over.code).toBe(65);
    expect(over.stderr).toMatch(/the message is over the limit of 25 MiB for one message; nothing was delivered/);
  });

  it('delivers through the embedded service when no URL is configured', async () => {
    const env = { INBOARD_DATA_DIR: join(f.dir, 'embedded-data'), INBOARD_CONFIG_DIR: join(f.dir, 'embedded-config') };
    const r = await runCli(['mail-in', '--board', 'Support'], env, {
      input: rawMail({ messageId: '<e1@x.example>' }).toString(),
    });
    expect(r.code, r.stderr).toBe(0);
    const shown = await runCli(['card', 'thread', r.stdout.trim()], env);
    expect(shown.stdout).toContain('Ana Lima <ana@customer.example>');
  });

  it('75 when the service is unreachable, so the MTA tries again; 64 for a command line that cannot work', async () => {
    const down = await runCli(
      ['mail-in', '--board', '1'],
      { ...f.env, INBOARD_URL: 'http://127.0.0.1:9' },
      { input: rawMail().toString() },
    );
    expect(down.code).toBe(75);
    expect(down.stderr).toMatch(/^inboard mail-in: could not deliver: .*; the MTA will try again/);
    const wrongBoard = await f.run(['mail-in', '--board', 'No such board'], { input: rawMail().toString() });
    expect(wrongBoard.code).toBe(75);
    expect(wrongBoard.stderr).toMatch(/no board 'No such board'/);
    const usage = await f.run(['mail-in'], { input: '' });
    expect(usage.code).toBe(64);
    expect(usage.stderr).toMatch(/missing --board BOARD/);
    expect((await f.run(['mail-in', '--bord', 'x'])).code).toBe(64);
  });
});
