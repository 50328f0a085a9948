/**
 * `inboard card reply|forward|compose` and `inboard board signature`, built,
 * against a real service whose mail goes to a real SMTP relay started here:
 * what the relay received is parsed (mailparser) and its files compared by
 * sha256 with the files on disk; what is refused is refused before the relay
 * hears anything.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { createUserKey } from '../../src/server/auth.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';
import { multipartMail, rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { KEY, runCli, type Result } from './helpers.js';

let relay: TestRelay;
let svc: RunningService;
let client: Client;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  relay = await startRelay({ refuse: ['bounce@customer.example'] });
  dir = mkdtempSync(join(tmpdir(), 'inboard-send-'));
  svc = await startService({
    dbPath: join(dir, 'x.db'),
    apiKey: KEY,
    demo: true,
    mail: { smtpUrl: relay.url, from: 'support@inboard.example' },
  });
  client = createClient({ baseUrl: svc.url, apiKey: KEY });
  env = {
    INBOARD_URL: svc.url,
    INBOARD_API_KEY: KEY,
    INBOARD_DATA_DIR: join(dir, 'data'),
    INBOARD_CONFIG_DIR: join(dir, 'config'),
  };
});
afterAll(async () => {
  await svc.close();
  await relay.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], o: { input?: string; env?: Record<string, string> } = {}): Promise<Result> =>
  runCli(args, { ...env, ...o.env }, o.input === undefined ? {} : { input: o.input });
const succeeded = (r: Result) => {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};
const mailIn = async (raw: Buffer) => {
  const r = await run(['mail-in', '--board', 'Support Inbox'], { input: raw.toString('latin1') });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const file = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
/** The newest message the relay received, parsed. */
const lastSent = async (): Promise<ParsedMail & { envelopeTo: string[] }> => {
  const m = relay.received.at(-1);
  if (m === undefined) throw new Error('the relay received nothing');
  return Object.assign(await simpleParser(m.raw), { envelopeTo: m.to });
};
const addressesOf = (a: ParsedMail['to']) =>
  (Array.isArray(a) ? a : a === undefined ? [] : [a]).flatMap((x) => x.value.map((v) => v.address));

describe('inboard card reply', () => {
  const colleagueMail = (messageId: string) =>
    rawMail({
      subject: 'Broken parcel',
      messageId,
      to: 'support@inboard.example, Dan <dan@customer.example>',
      headers: ['Cc: Boss <boss@customer.example>, support@inboard.example'],
    });

  it('goes to all by default (the colleague kept, support@ left out), with two files byte-equal', async () => {
    const id = await mailIn(colleagueMail('<all1@customer.example>'));
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)),
    ]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0x00, 0x80]);
    const out = succeeded(
      await run([
        'card',
        'reply',
        id,
        '--body',
        'Both files attached.',
        '--attach',
        file('invoice.pdf', pdf),
        '--attach',
        file('label.png', png),
      ]),
    );
    expect(out.split('\n')[0]).toBe(
      'Reply sent to Ana Lima <ana@customer.example>, cc Dan <dan@customer.example>, Boss <boss@customer.example> (2 files)',
    );
    const sent = await lastSent();
    expect(sent.envelopeTo.sort()).toEqual(['ana@customer.example', 'boss@customer.example', 'dan@customer.example']);
    expect(addressesOf(sent.cc)).not.toContain('support@inboard.example');
    expect(sent.attachments.map((a) => [a.filename, a.contentType, sha(a.content)])).toEqual([
      ['invoice.pdf', 'application/pdf', sha(pdf)],
      ['label.png', 'image/png', sha(png)],
    ]);
  });

  it('--no-cc: the customer alone; --to and --cc replace the defaults; --bcc goes unseen', async () => {
    const id = await mailIn(colleagueMail('<all2@customer.example>'));
    succeeded(await run(['card', 'reply', id, '--body', 'Just you.', '--no-cc']));
    expect((await lastSent()).envelopeTo).toEqual(['ana@customer.example']);
    const out = succeeded(
      await run([
        ...['card', 'reply', id, '--body', 'To finance.', '--to', 'finance@inboard.example'],
        ...['--cc', 'lead@inboard.example,dan@customer.example', '--bcc', 'audit@inboard.example'],
      ]),
    );
    expect(out.split('\n')[0]).toBe(
      'Reply sent to finance@inboard.example, cc lead@inboard.example, dan@customer.example, bcc audit@inboard.example',
    );
    const sent = await lastSent();
    expect(addressesOf(sent.to)).toEqual(['finance@inboard.example']);
    expect(addressesOf(sent.cc)).toEqual(['lead@inboard.example', 'dan@customer.example']);
    expect(sent.envelopeTo.sort()).toEqual([
      'audit@inboard.example',
      'dan@customer.example',
      'finance@inboard.example',
      'lead@inboard.example',
    ]);
    expect(relay.received.at(-1)?.raw).not.toMatch(/^Bcc:/im);
  });

  it('refuses before anything is sent: a missing file, a folder, 30 MiB, 21 files, a bad address among several', async () => {
    const id = await mailIn(rawMail({ messageId: '<refuse1@customer.example>' }));
    const big = file('video.mp4', Buffer.alloc(0));
    truncateSync(big, 30 * 1024 * 1024);
    const small = file('note.txt', Buffer.from('a note'));
    const many = Array.from({ length: 21 }, () => ['--attach', small]).flat();
    const folder = join(dir, 'a-folder');
    mkdirSync(folder, { recursive: true });
    const before = relay.received.length;
    const cases: [string[], string][] = [
      [
        ['--attach', small, '--attach', join(dir, 'gone.pdf')],
        `--attach ${join(dir, 'gone.pdf')}: there is no such file`,
      ],
      [['--attach', folder], `--attach ${folder}: it is a folder, not a file`],
      [['--attach', small, '--attach', big], `--attach ${big}: the files come to 30.0 MB with it, over the 25 MiB`],
      [many, '21 files given with --attach: at most 20 go with one message'],
      [['--cc', 'ok@example.com,not-an-address,b@example.com'], "--cc 'not-an-address' is not an email address"],
      [['--to', 'ok@example.com', '--to', 'x@'], "--to 'x@' is not an email address"],
    ];
    for (const [flags, words] of cases) {
      const r = await run(['card', 'reply', id, '--body', 'Never sent.', ...flags]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`inboard card reply: ${words}`);
      expect(r.stderr).toContain('nothing was sent');
      expect(r.stdout).toBe('');
    }
    expect(relay.received.length).toBe(before);
    expect((await client.listMessages(id)).map((m) => m.Direction)).toEqual(['in']);
  });

  it("the config's signature is sent filled in; --no-signature sends none", async () => {
    const id = await mailIn(rawMail({ messageId: '<sig1@customer.example>' }));
    const config = join(dir, 'sig-config');
    mkdirSync(config, { recursive: true });
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({ signature: 'Sent by {{agent.email}}\n{{board.name}}' }),
    );
    succeeded(await run(['card', 'reply', id, '--body', 'Signed.'], { env: { INBOARD_CONFIG_DIR: config } }));
    const signed = await lastSent();
    expect(signed.text).toMatch(/Signed\.\n\n-- \nSent by \S+@\S+\nSupport Inbox/);
    succeeded(
      await run(['card', 'reply', id, '--body', 'Unsigned.', '--no-signature'], {
        env: { INBOARD_CONFIG_DIR: config },
      }),
    );
    expect((await lastSent()).text).not.toContain('-- \n');
  });
});

describe('inboard card forward', () => {
  it('sends the message on with its attachment byte-equal, and the thread records it', async () => {
    const pdf = Buffer.from('%PDF-1.4 the customer invoice \x00\x01\x02\xff', 'latin1');
    const id = await mailIn(
      multipartMail({
        subject: 'Invoice attached',
        messageId: '<fw1@customer.example>',
        attachment: { name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
      }),
    );
    const out = succeeded(
      await run(['card', 'forward', id, '--to', 'finance@inboard.example', '--body', 'Please refund this.']),
    );
    expect(out.split('\n')[0]).toBe('Forward sent to finance@inboard.example (1 file)');
    const sent = await lastSent();
    expect(sent.envelopeTo).toEqual(['finance@inboard.example']);
    expect(sent.subject).toBe('Fwd: Invoice attached');
    expect(sent.text).toContain('Please refund this.');
    expect(sent.attachments.map((a) => [a.filename, sha(a.content)])).toEqual([['invoice.pdf', sha(pdf)]]);
    expect((await client.listMessages(id)).at(-1)).toMatchObject({ Direction: 'out', Kind: 'forward' });
  });

  it('needs --to; a note typed on stdin is kept when the relay refuses', async () => {
    const id = await mailIn(rawMail({ messageId: '<fw2@customer.example>' }));
    const missing = await run(['card', 'forward', id, '--body', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --to');
    const r = await run(['card', 'forward', id, '--to', 'bounce@customer.example', '--body', '-'], {
      input: 'A note worth keeping.\n',
    });
    expect(r.code).toBe(1);
    const kept = /your text is kept in (\S+)/.exec(r.stderr)?.[1];
    expect(kept, r.stderr).toBeDefined();
    expect(readFileSync(kept ?? '', 'utf8')).toBe('A note worth keeping.\n');
  });
});

describe('inboard card compose', () => {
  it('makes a card whose first message is the one sent, and prints its id', async () => {
    const before = relay.received.length;
    const out = succeeded(
      await run(
        [
          ...['card', 'compose', '--board', 'support', '--to', 'new@customer.example'],
          ...[
            '--subject',
            'Your quote',
            '--body',
            '-',
            '--column',
            'New',
            '--attach',
            file('quote.txt', Buffer.from('42 EUR')),
          ],
        ],
        { input: 'Here is the quote.\n' },
      ),
    );
    const id = /^Created card (\S+) with new mail\n/.exec(out)?.[1];
    expect(id, out).toBeDefined();
    expect(out).toContain('Mail sent to new@customer.example (1 file)');
    expect(relay.received.length).toBe(before + 1);
    const sent = await lastSent();
    expect(sent.subject).toBe('Your quote');
    expect(sent.attachments.map((a) => a.content.toString())).toEqual(['42 EUR']);
    const thread = await client.listMessages(id ?? '');
    expect(thread.map((m) => [m.Direction, m.Kind, m.Subject])).toEqual([['out', 'new', 'Your quote']]);
    const json = JSON.parse(
      succeeded(
        await run([
          ...['card', 'compose', '--board', '1', '--to', 'other@customer.example'],
          ...['--subject', 'Hello', '--body', 'First words.', '--json'],
        ]),
      ),
    ) as { CardId: string; Kind?: string };
    expect(json.Kind).toBe('new');
    expect((await client.getCard(json.CardId)).BoardId).toBe(1);
  });

  it('says what is missing, and an unknown board, sending nothing', async () => {
    const before = relay.received.length;
    const r = await run(['card', 'compose', '--to', 'a@example.com', '--body', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing --board, --subject');
    const nowhere = await run(
      ['card', 'compose', '--board', 'No such board', '--to', 'a@example.com', '--subject', 's', '--body', '-'],
      { input: 'Typed once.\n' },
    );
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain("no board 'No such board'");
    const kept = /your text is kept in (\S+)/.exec(nowhere.stderr)?.[1];
    expect(readFileSync(kept ?? '', 'utf8')).toBe('Typed once.\n');
    expect(relay.received.length).toBe(before);
  });
});

describe('inboard board signature', () => {
  it('sets, shows, fills in under a reply, and clears; an unknown variable is refused in words', async () => {
    expect(succeeded(await run(['board', 'signature', 'support']))).toMatch(/^Board 1 .* has no signature\n$/);
    const set = succeeded(
      await run(['board', 'signature', 'support', '--text', '{{agent.first_name}} at {{board.name}}']),
    );
    expect(set).toMatch(/signature is now:\n {4}\{\{agent\.first_name\}\} at \{\{board\.name\}\}\n$/);
    expect(await client.getBoardSignature(1)).toEqual({ BoardId: '1', Text: '{{agent.first_name}} at {{board.name}}' });
    const shown = await run(['board', 'signature', '1', '--json']);
    expect(JSON.parse(succeeded(shown))).toEqual({ BoardId: '1', Text: '{{agent.first_name}} at {{board.name}}' });

    const id = await mailIn(rawMail({ messageId: '<bsig@customer.example>' }));
    succeeded(await run(['card', 'reply', id, '--body', 'With the board’s.']));
    expect((await lastSent()).text).toMatch(/-- \n.* at Support Inbox/);

    const bad = await run(['board', 'signature', 'support', '--text', 'Cheers, {{agent.nam}}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('{{agent.nam}} is not a variable (did you mean {{agent.name}}?)');
    expect((await client.getBoardSignature(1)).Text).toBe('{{agent.first_name}} at {{board.name}}');

    const sigFile = file('signature.txt', Buffer.from('The support team\n'));
    expect(succeeded(await run(['board', 'signature', '1', '--file', sigFile]))).toContain('The support team');
    expect(succeeded(await run(['board', 'signature', '1', '--clear']))).toMatch(/has no signature now\n$/);
    expect((await client.getBoardSignature(1)).Text).toBeNull();
  });
});

describe('a reply the service holds for its send delay', () => {
  it('says until when and the command that takes it back; that command works', async () => {
    const held = await startService({
      dbPath: join(dir, 'held.db'),
      apiKey: KEY,
      demo: true,
      mail: { smtpUrl: relay.url, from: 'support@inboard.example' },
      sendDelayMs: 10 * 60 * 1000,
    });
    try {
      const heldEnv = { INBOARD_URL: held.url };
      const delivered = await run(['mail-in', '--board', 'Support Inbox'], {
        input: rawMail({ messageId: '<held1@customer.example>' }).toString('latin1'),
        env: heldEnv,
      });
      const id = delivered.stdout.trim();
      const before = relay.received.length;
      const out = succeeded(
        await run(['card', 'reply', id, '--body', 'In a moment.', '--attach', file('a.txt', Buffer.from('a'))], {
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
      const r = await run(takeBack?.[1]?.split(' ') ?? [], { env: heldEnv });
      expect(r.code, r.stderr).toBe(0);
      await expect(heldClient.outboxItem(outboxId)).rejects.toMatchObject({ status: 404 });
      expect(relay.received.length).toBe(before);
    } finally {
      await held.close();
    }
  });
});

describe('what only the service can judge, in its words', () => {
  it('a member setting the board’s signature is refused (exit 1) and may still read it', async () => {
    const db = openSqlite(join(dir, 'x.db'));
    const key = await createUserKey(db, { email: 'member@inboard.example', plan: 'pro' }).finally(() => db.close());
    const board = await client.getBoard(1);
    await client.updateBoard(1, { users: [...board.Users, 'member@inboard.example'] });
    const r = await run(['board', 'signature', '1', '--text', 'Mine'], { env: { INBOARD_API_KEY: key } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^inboard: Only the board's owner \(.+\) may set its signature on board 1 \(403\)\n$/);
    expect((await run(['board', 'signature', '1'], { env: { INBOARD_API_KEY: key } })).code).toBe(0);
  });

  it('a file whose name hides its type (U+202E) is refused by name, nothing sent', async () => {
    const id = await mailIn(rawMail({ messageId: '<bidi@customer.example>' }));
    const hostile = file('invoice\u202efdp.exe', Buffer.from('MZ'));
    const before = relay.received.length;
    const r = await run(['card', 'reply', id, '--body', 'See attached.', '--attach', hostile]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "Attachments: the 1st file's name, 'invoice<U+202E>fdp.exe', has a character that reverses the text",
    );
    expect(r.stderr).not.toContain('\u202e');
    expect(relay.received.length).toBe(before);
  });
});
