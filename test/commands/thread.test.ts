/**
 * `inboard card thread` and `inboard card reply`, built, against a real
 * service whose replies go to a real SMTP relay started here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { KEY, runCli } from './helpers.js';
import { migratedSqliteFile } from '../server/helpers.js';

let relay: TestRelay;
let svc: RunningService;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  relay = await startRelay({ refuse: ['bounce@customer.example'] });
  dir = mkdtempSync(join(tmpdir(), 'inboard-thread-'));
  svc = await startService({
    dbPath: migratedSqliteFile(dir, 'x.db'),
    apiKey: KEY,
    demo: true,
    mail: { smtpUrl: relay.url, from: 'support@inboard.example' },
  });
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

const run = (args: string[], input?: string) => runCli(args, env, input === undefined ? {} : { input });
const mailIn = async (raw: Buffer) => {
  const r = await run(['mail-in', '--board', 'Support Inbox'], raw.toString('latin1'));
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
};

describe('inboard card thread', () => {
  it('shows each message: direction, date, From, To, Cc, Subject, attachments and text, escapes neutralised', async () => {
    const id = await mailIn(
      rawMail({
        subject: 'Printer on fire',
        messageId: '<f1@customer.example>',
        headers: ['Cc: Boss <boss@customer.example>'],
        body: 'It is smoking.\r\n\x1b[31mred\x1b[0m\r\n',
      }),
    );
    const r = await run(['card', 'thread', id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Card ${id} · 1 message`);
    expect(r.stdout).toMatch(/\[1\] in {2}2026-11-24 08:15 UTC/);
    expect(r.stdout).toMatch(/From: +Ana Lima <ana@customer\.example>/);
    expect(r.stdout).toMatch(/Cc: +Boss <boss@customer\.example>/);
    expect(r.stdout).toMatch(/Subject: +Printer on fire/);
    expect(r.stdout).toContain('    It is smoking.');
    expect(r.stdout).not.toContain('\x1b');
    const json = JSON.parse((await run(['card', 'thread', id, '--json'])).stdout) as { MessageId: string }[];
    expect(json.map((m) => m.MessageId)).toEqual(['<f1@customer.example>']);
  });

  it('says when a card has no email', async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: KEY });
    const { taskId } = await client.createCard({ BoardId: 1, ColumnId: 1, CardTitle: 'Call back' });
    const r = await run(['card', 'thread', String(taskId)]);
    expect(r.stdout).toBe(`Card ${taskId} has no email.\n`);
  });
});

describe('inboard card reply', () => {
  it('sends through the relay (body from a flag or stdin, --cc) and the reply joins the thread', async () => {
    const id = await mailIn(rawMail({ subject: 'Refund please', messageId: '<rf1@customer.example>' }));
    const r = await run(['card', 'reply', id, '--body', 'Refunded today.', '--cc', 'lead@inboard.example']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Reply sent to Ana Lima <ana@customer\.example>, cc lead@inboard\.example\n/);
    expect(r.stdout).toMatch(/Subject: +Re: Refund please/);
    const piped = await run(['card', 'reply', id, '--body', '-', '--json'], 'A second note.\n');
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ CardId: id, Subject: 'Re: Refund please' });
    expect(relay.received.map((m) => m.to)).toEqual([
      ['ana@customer.example', 'lead@inboard.example'],
      ['ana@customer.example'],
    ]);
    const thread = await createClient({ baseUrl: svc.url, apiKey: KEY }).listMessages(id);
    expect(thread.map((m) => m.Direction)).toEqual(['in', 'out', 'out']);
  });

  it("a refused reply says why in the relay's words and keeps text typed on stdin", async () => {
    const id = await mailIn(rawMail({ from: 'bounce@customer.example', messageId: '<b1@customer.example>' }));
    const r = await run(['card', 'reply', id, '--body', '-'], 'Words worth keeping.\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused the reply: 550 .*bounce@customer\.example unavailable/);
    const kept = /your text is kept in (\S+)/.exec(r.stderr)?.[1];
    expect(kept).toBeDefined();
    expect(readFileSync(kept ?? '', 'utf8')).toBe('Words worth keeping.\n');
  });

  it('the embedded service sends through INBOARD_SMTP_URL / INBOARD_MAIL_FROM too', async () => {
    const embedded = {
      INBOARD_DATA_DIR: join(dir, 'embedded-data'),
      INBOARD_CONFIG_DIR: join(dir, 'embedded-config'),
      INBOARD_SMTP_URL: relay.url,
      INBOARD_MAIL_FROM: 'help@inboard.example',
    };
    const delivered = await runCli(['mail-in', '--board', 'Support'], embedded, {
      input: rawMail({ messageId: '<emb@customer.example>' }).toString(),
    });
    expect(delivered.code, delivered.stderr).toBe(0);
    const before = relay.received.length;
    const r = await runCli(['card', 'reply', delivered.stdout.trim(), '--body', 'From the embedded service'], embedded);
    expect(r.code, r.stderr).toBe(0);
    expect(relay.received.length).toBe(before + 1);
    expect(relay.received.at(-1)?.from).toBe('help@inboard.example');
  });

  it('--seen: a reply written before a new message is held, what came printed, exit 1; --send-anyway sends it', async () => {
    const id = await mailIn(rawMail({ subject: 'Crossed', messageId: '<c1@customer.example>' }));
    await mailIn(
      rawMail({
        subject: 'Re: Crossed',
        messageId: '<c2@customer.example>',
        inReplyTo: '<c1@customer.example>',
        body: 'One more thing.\r\n',
      }),
    );
    const before = relay.received.length;
    const held = await run(['card', 'reply', id, '--body', 'Done.', '--seen', '<c1@customer.example>']);
    expect(held.code).toBe(1);
    expect(held.stderr).toContain('Reply held, nothing was sent: a new message on this card since you read it');
    expect(held.stderr).toContain('One more thing.');
    expect(relay.received.length).toBe(before);
    const anyway = await run([
      'card',
      'reply',
      id,
      '--body',
      'Done.',
      '--seen',
      '<c1@customer.example>',
      '--send-anyway',
    ]);
    expect(anyway.code, anyway.stderr).toBe(0);
    expect(relay.received.length).toBe(before + 1);
  });

  it('an empty reply is refused before anything is sent', async () => {
    const before = relay.received.length;
    const r = await run(['card', 'reply', '1', '--body', '  ']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^inboard card reply: --body is empty/);
    expect(relay.received.length).toBe(before);
  });
});
