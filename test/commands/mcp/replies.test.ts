/**
 * list_saved_replies and reply_with_saved as an MCP client calls them (the
 * built dist/cli.js over stdio) against a real service whose mail goes to a
 * real SMTP relay: the replies listed and filled for a card, one sent filled
 * with the customer's first name, an unfilled variable refused by name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import type { Client } from '../../../src/api/types.js';
import { startService, type RunningService } from '../../../src/server/index.js';
import { rawMail, startRelay, type TestRelay } from '../../support/mail.js';
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
  dir = mkdtempSync(join(tmpdir(), 'inboard-mcp-replies-'));
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
  await api.addSavedReply(1, { Name: 'Refund done', Text: 'Hi {{customer.first_name}}, your refund is on its way.' });
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

interface Listed {
  replies: { name: string; text: string; missing: string[]; author: string | null }[];
}

describe('saved replies over MCP', () => {
  it('lists them, fills one for a card, and sends it filled', async () => {
    const all = await m.ok<Listed>('list_saved_replies', { boardId: 1 });
    expect(all.replies).toEqual([
      {
        name: 'Refund done',
        text: 'Hi {{customer.first_name}}, your refund is on its way.',
        missing: [],
        author: 'owner@inboard.local',
      },
    ]);
    const id = await mailIn(rawMail({ messageId: '<mcp-saved-1@customer.example>' }));
    const filled = await m.ok<Listed>('list_saved_replies', { cardId: id });
    expect(filled.replies[0]).toMatchObject({ text: 'Hi Ana, your refund is on its way.', missing: [] });
    await m.ok('reply_with_saved', { cardId: id, name: 'refund done' });
    await vi.waitFor(() => expect(relay.received.some((r) => r.raw.includes('Hi Ana, your refund'))).toBe(true));
    const raw = relay.received.find((r) => r.raw.includes('Hi Ana, your refund'))?.raw ?? '';
    expect((await simpleParser(raw)).text?.trim()).toBe('Hi Ana, your refund is on its way.');
  });

  it('a variable with no value refuses the send by name; sendUnfilled sends it as written; no such name is said', async () => {
    const id = await mailIn(rawMail({ messageId: '<mcp-saved-2@customer.example>', from: 'anon@customer.example' }));
    const before = relay.received.length;
    const why = await m.fails('reply_with_saved', { cardId: id, name: 'Refund done' });
    expect(why).toContain('has no value for {{customer.first_name}}');
    expect(relay.received.length).toBe(before);
    expect(await m.fails('reply_with_saved', { cardId: id, name: 'Nope' })).toContain(
      'has no saved reply named "Nope": it has "Refund done"',
    );
    await m.ok('reply_with_saved', { cardId: id, name: 'Refund done', sendUnfilled: true });
    await vi.waitFor(() => expect(relay.received.length).toBe(before + 1));
    expect(await m.fails('list_saved_replies', {})).toContain('give boardId');
  });
});
