/**
 * `inboard card reply`, built, against a real service whose mail goes to a
 * real SMTP relay: to all by default, --to/--cc/--bcc/--no-cc, files
 * byte-equal (sha256), the config's signature, a reply held for the send
 * delay and taken back, and what is refused before the relay hears anything.
 */
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { startService } from '../../src/server/index.js';
import { rawMail } from '../support/mail.js';
import { KEY } from './helpers.js';
import { addressesOf, sendFixture, sha, succeeded } from './send-fixture.js';

const S = sendFixture('send-reply');

describe('inboard card reply', () => {
  const colleagueMail = (messageId: string) =>
    rawMail({
      subject: 'Broken parcel',
      messageId,
      to: 'support@inboard.example, Dan <dan@customer.example>',
      headers: ['Cc: Boss <boss@customer.example>, support@inboard.example'],
    });

  it('goes to all by default (the colleague kept, support@ left out), with two files byte-equal', async () => {
    const id = await S.mailIn(colleagueMail('<all1@customer.example>'));
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)),
    ]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0x00, 0x80]);
    const out = succeeded(
      await S.run([
        'card',
        'reply',
        id,
        '--body',
        'Both files attached.',
        '--attach',
        S.file('invoice.pdf', pdf),
        '--attach',
        S.file('label.png', png),
      ]),
    );
    expect(out.split('\n')[0]).toBe(
      'Reply sent to Ana Lima <ana@customer.example>, cc Dan <dan@customer.example>, Boss <boss@customer.example> (2 files)',
    );
    const sent = await S.lastSent();
    expect(sent.envelopeTo.sort()).toEqual(['ana@customer.example', 'boss@customer.example', 'dan@customer.example']);
    expect(addressesOf(sent.cc)).not.toContain('support@inboard.example');
    expect(sent.attachments.map((a) => [a.filename, a.contentType, sha(a.content)])).toEqual([
      ['invoice.pdf', 'application/pdf', sha(pdf)],
      ['label.png', 'image/png', sha(png)],
    ]);
  });

  it('--no-cc: the customer alone; --to and --cc replace the defaults; --bcc goes unseen', async () => {
    const id = await S.mailIn(colleagueMail('<all2@customer.example>'));
    succeeded(await S.run(['card', 'reply', id, '--body', 'Just you.', '--no-cc']));
    expect((await S.lastSent()).envelopeTo).toEqual(['ana@customer.example']);
    const out = succeeded(
      await S.run([
        ...['card', 'reply', id, '--body', 'To finance.', '--to', 'finance@inboard.example'],
        ...['--cc', 'lead@inboard.example,dan@customer.example', '--bcc', 'audit@inboard.example'],
      ]),
    );
    expect(out.split('\n')[0]).toBe(
      'Reply sent to finance@inboard.example, cc lead@inboard.example, dan@customer.example, bcc audit@inboard.example',
    );
    const sent = await S.lastSent();
    expect(addressesOf(sent.to)).toEqual(['finance@inboard.example']);
    expect(addressesOf(sent.cc)).toEqual(['lead@inboard.example', 'dan@customer.example']);
    expect(sent.envelopeTo.sort()).toEqual([
      'audit@inboard.example',
      'dan@customer.example',
      'finance@inboard.example',
      'lead@inboard.example',
    ]);
    expect(S.relay.received.at(-1)?.raw).not.toMatch(/^Bcc:/im);
  });

  it('refuses before anything is sent: a missing file, a folder, 30 MiB, 21 files, a bad address among several', async () => {
    const id = await S.mailIn(rawMail({ messageId: '<refuse1@customer.example>' }));
    const big = S.file('video.mp4', Buffer.alloc(0));
    truncateSync(big, 30 * 1024 * 1024);
    const small = S.file('note.txt', Buffer.from('a note'));
    const many = Array.from({ length: 21 }, () => ['--attach', small]).flat();
    const folder = join(S.dir, 'a-folder');
    mkdirSync(folder, { recursive: true });
    const before = S.relay.received.length;
    const cases: [string[], string][] = [
      [
        ['--attach', small, '--attach', join(S.dir, 'gone.pdf')],
        `--attach ${join(S.dir, 'gone.pdf')}: there is no such file`,
      ],
      [['--attach', folder], `--attach ${folder}: it is a folder, not a file`],
      [['--attach', small, '--attach', big], `--attach ${big}: the files come to 30.0 MB with it, over the 25 MiB`],
      [many, '21 files given with --attach: at most 20 go with one message'],
      [['--cc', 'ok@example.com,not-an-address,b@example.com'], "--cc 'not-an-address' is not an email address"],
      [['--to', 'ok@example.com', '--to', 'x@'], "--to 'x@' is not an email address"],
    ];
    // Side by side: each is its own process, and none of them sends anything.
    const results = await Promise.all(
      cases.map(([flags]) => S.run(['card', 'reply', id, '--body', 'Never sent.', ...flags])),
    );
    results.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`inboard card reply: ${cases[i]?.[1] ?? ''}`);
      expect(r.stderr).toContain('nothing was sent');
      expect(r.stdout).toBe('');
    });
    expect(S.relay.received.length).toBe(before);
    expect((await S.client.listMessages(id)).map((m) => m.Direction)).toEqual(['in']);
  });

  it("the config's signature is sent filled in; --no-signature sends none", async () => {
    const id = await S.mailIn(rawMail({ messageId: '<sig1@customer.example>' }));
    const config = join(S.dir, 'sig-config');
    mkdirSync(config, { recursive: true });
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({ signature: 'Sent by {{agent.email}}\n{{board.name}}' }),
    );
    succeeded(await S.run(['card', 'reply', id, '--body', 'Signed.'], { env: { INBOARD_CONFIG_DIR: config } }));
    const signed = await S.lastSent();
    expect(signed.text).toMatch(/Signed\.\n\n-- \nSent by \S+@\S+\nSupport Inbox/);
    succeeded(
      await S.run(['card', 'reply', id, '--body', 'Unsigned.', '--no-signature'], {
        env: { INBOARD_CONFIG_DIR: config },
      }),
    );
    expect((await S.lastSent()).text).not.toContain('-- \n');

    // A mistyped variable is the config's problem, named before stdin is read or anything sent.
    writeFileSync(join(config, 'config.json'), JSON.stringify({ signature: 'Cheers, {{agent.nam}}' }));
    const before = S.relay.received.length;
    const bad = await S.run(['card', 'reply', id, '--body', '-'], {
      input: 'Typed.\n',
      env: { INBOARD_CONFIG_DIR: config },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"signature": {{agent.nam}} is not a variable (did you mean {{agent.name}}?)');
    expect(S.relay.received.length).toBe(before);
  });
});

describe('a reply the service holds for its send delay', () => {
  it('says until when and the command that takes it back; that command works', async () => {
    const held = await startService({
      dbPath: join(S.dir, 'held.db'),
      apiKey: KEY,
      demo: true,
      mail: { smtpUrl: S.relay.url, from: 'support@inboard.example' },
      sendDelayMs: 10 * 60 * 1000,
    });
    try {
      const heldEnv = { INBOARD_URL: held.url };
      const delivered = await S.run(['mail-in', '--board', 'Support Inbox'], {
        input: rawMail({ messageId: '<held1@customer.example>' }).toString('latin1'),
        env: heldEnv,
      });
      const id = delivered.stdout.trim();
      const before = S.relay.received.length;
      const out = succeeded(
        await S.run(['card', 'reply', id, '--body', 'In a moment.', '--attach', S.file('a.txt', Buffer.from('a'))], {
          env: heldEnv,
        }),
      );
      expect(out).toMatch(
        /^Reply held until \d{4}-\d\d-\d\d \d\d:\d\d UTC, then goes to Ana Lima <ana@customer\.example> \(1 file\) — take it back before then with: inboard api DELETE \/v2\/outbox\/\S+\n/,
      );
      const takeBack = /with: inboard (api DELETE \/v2\/outbox\/(\S+))/.exec(out);
      const outboxId = takeBack?.[2] ?? '';
      const heldClient = createClient({ baseUrl: held.url, apiKey: KEY });
      expect((await heldClient.outboxItem(outboxId)).State).toBe('waiting');
      const r = await S.run(takeBack?.[1]?.split(' ') ?? [], { env: heldEnv });
      expect(r.code, r.stderr).toBe(0);
      await expect(heldClient.outboxItem(outboxId)).rejects.toMatchObject({ status: 404 });
      expect(S.relay.received.length).toBe(before);
    } finally {
      await held.close();
    }
  });
});
