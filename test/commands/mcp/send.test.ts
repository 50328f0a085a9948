/**
 * The sending tools of `inboard mcp` (reply_to_thread to all or to whom it
 * is told, forward_email, compose_email) over stdio against a real service
 * whose mail goes to a real SMTP relay; what the relay received is parsed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import type { Client } from '../../../src/api/types.js';
import { startService, type RunningService } from '../../../src/server/index.js';
import { multipartMail, rawMail, startRelay, type TestRelay } from '../../support/mail.js';
import { KEY, runCli } from '../helpers.js';
import { startMcp, type Mcp } from './helpers.js';
import { migratedSqliteFile } from '../../server/helpers.js';

let relay: TestRelay;
let svc: RunningService;
let dir: string;
let env: Record<string, string>;
let api: Client;
let m: Mcp;
beforeAll(async () => {
  relay = await startRelay();
  dir = mkdtempSync(join(tmpdir(), 'inboard-mcp-send-'));
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
  api = createClient({ baseUrl: svc.url, apiKey: KEY });
  m = await startMcp(env);
});
afterAll(async () => {
  await m?.close();
  await svc?.close();
  await relay?.close();
  rmSync(dir, { recursive: true, force: true });
});

const mailIn = async (raw: Buffer) => {
  const r = await runCli(['mail-in', '--board', 'Support Inbox'], env, { input: raw.toString('latin1') });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
};
/** The message the relay received whose raw text holds `words`, once it has. */
const received = async (words: string) => {
  let raw = '';
  await vi.waitFor(() => {
    raw = relay.received.find((r) => r.raw.includes(words))?.raw ?? '';
    expect(raw).not.toBe('');
  });
  const to = relay.received.find((r) => r.raw === raw)?.to ?? [];
  return Object.assign(await simpleParser(raw), { envelopeTo: to });
};

describe('reply_to_thread', () => {
  it('to all by default: the colleague in Cc kept, the team left out', async () => {
    const id = await mailIn(
      rawMail({
        messageId: '<mcp-all@customer.example>',
        headers: ['Cc: Boss <boss@customer.example>, support@inboard.example'],
      }),
    );
    const sent = await m.ok<{ to: string[]; cc: string[] }>('reply_to_thread', { cardId: id, body: 'To you both.' });
    expect(sent.cc.join()).toContain('boss@customer.example');
    expect((await received('To you both.')).envelopeTo.sort()).toEqual([
      'ana@customer.example',
      'boss@customer.example',
    ]);
  });

  it('cc [] copies no one; to and bcc as told', async () => {
    const id = await mailIn(
      rawMail({ messageId: '<mcp-to@customer.example>', headers: ['Cc: Boss <boss@customer.example>'] }),
    );
    await m.ok('reply_to_thread', { cardId: id, body: 'Only Ana.', cc: [] });
    expect((await received('Only Ana.')).envelopeTo).toEqual(['ana@customer.example']);
    const sent = await m.ok<{ to: string[]; bcc: string[] }>('reply_to_thread', {
      cardId: id,
      body: 'To finance.',
      to: ['finance@inboard.example'],
      cc: [],
      bcc: ['audit@inboard.example'],
    });
    expect(sent.to).toEqual(['finance@inboard.example']);
    expect((await received('To finance.')).envelopeTo.sort()).toEqual([
      'audit@inboard.example',
      'finance@inboard.example',
    ]);
  });

  it('a bad address is refused in words, nothing sent', async () => {
    const before = relay.received.length;
    const words = await m.fails('reply_to_thread', { cardId: '1', body: 'x', cc: ['ok@example.com', 'nope'] });
    expect(words).toMatch(/cc/i);
    expect(relay.received.length).toBe(before);
  });
});

describe('forward_email and compose_email', () => {
  it('forward_email sends the message on with its attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4 forwarded by a tool');
    const id = await mailIn(
      multipartMail({
        subject: 'Invoice for MCP',
        messageId: '<mcp-fw@customer.example>',
        attachment: { name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
      }),
    );
    const sent = await m.ok<{ subject: string; attachments: string[] }>('forward_email', {
      cardId: id,
      to: ['finance@inboard.example'],
      note: 'Refund, please.',
    });
    expect(sent.subject).toBe('Fwd: Invoice for MCP');
    const mail = await received('Refund, please.');
    expect(mail.attachments.map((a) => [a.filename, a.content.equals(pdf)])).toEqual([['invoice.pdf', true]]);
  });

  it('compose_email makes a card whose first message is the one sent; it says it attaches no files', async () => {
    const { tools } = await m.client.listTools();
    expect(tools.find((t) => t.name === 'compose_email')?.description).toContain('attaches no files');
    const sent = await m.ok<{ cardId: string; to: string[] }>('compose_email', {
      boardId: 1,
      to: ['new@customer.example'],
      subject: 'Welcome aboard',
      body: 'Written first by a tool.',
      columnId: 'New',
    });
    expect(sent.to).toEqual(['new@customer.example']);
    await received('Written first by a tool.');
    const thread = await api.listMessages(sent.cardId);
    expect(thread.map((x) => [x.Direction, x.Kind, x.Subject])).toEqual([['out', 'new', 'Welcome aboard']]);
  });
});
