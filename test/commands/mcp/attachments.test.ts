/**
 * `inboard mcp`'s read_attachment, over stdio against a real service: a
 * .log's text, a PDF described by its type, size and url, and an unknown
 * attachment refused in words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../src/server/index.js';
import { mailWithFiles, pdfBytes } from '../../support/attachment-mail.js';
import { KEY, runCli } from '../helpers.js';
import { startMcp, type Mcp } from './helpers.js';
import { migratedSqliteFile } from '../../server/helpers.js';

let svc: RunningService;
let dir: string;
let m: Mcp;
let cardId: string;
const log = 'boot ok\nERROR disk full at 03:12\n\u00e9t\u00e9 done\n';
const pdf = pdfBytes(120_000);
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-mcp-att-'));
  svc = await startService({ dbPath: migratedSqliteFile(dir, 'x.db'), apiKey: KEY, demo: true });
  const env = {
    INBOARD_URL: svc.url,
    INBOARD_API_KEY: KEY,
    INBOARD_DATA_DIR: join(dir, 'data'),
    INBOARD_CONFIG_DIR: join(dir, 'config'),
  };
  const raw = await mailWithFiles([
    { filename: 'server.log', contentType: 'application/octet-stream', content: Buffer.from(log) },
    { filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf },
  ]);
  const r = await runCli(['mail-in', '--board', 'Support Inbox'], env, { input: raw.toString('latin1') });
  expect(r.code, r.stderr).toBe(0);
  cardId = r.stdout.trim();
  m = await startMcp(env);
});
afterAll(async () => {
  await m?.close();
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Listed = { name: string; size: number; contentType: string; attachmentId: string | null };
const attachments = async (): Promise<Listed[]> =>
  (await m.ok<{ messages: { attachments: Listed[] }[] }>('get_thread', { cardId })).messages.flatMap(
    (x) => x.attachments,
  );

describe('read_attachment', () => {
  it("gives a .log's text", async () => {
    const id = (await attachments()).find((a) => a.name === 'server.log')?.attachmentId;
    expect(id).toEqual(expect.any(String));
    const got = await m.ok('read_attachment', { cardId, attachmentId: id });
    expect(got).toMatchObject({ name: 'server.log', text: log, truncated: false });
  });

  it('describes a PDF by its type and size, with the url of its bytes', async () => {
    const a = (await attachments()).find((x) => x.name === 'invoice.pdf');
    const got = await m.ok<{ text: string | null; note: string; url: string; size: number }>('read_attachment', {
      cardId,
      attachmentId: a?.attachmentId,
    });
    expect(got.text).toBeNull();
    expect(got.size).toBe(pdf.length);
    expect(got.url).toBe(`/v2/attachment/${a?.attachmentId ?? ''}`);
    expect(got.note).toBe(
      `invoice.pdf is application/pdf, ${pdf.length} bytes: not text, so its contents are not given here; its bytes are at ${got.url}`,
    );
  });

  it('refuses an attachment the card does not have, in words', async () => {
    const words = await m.fails('read_attachment', { cardId, attachmentId: '999.0' });
    expect(words).toContain(`Card ${cardId} has no attachment 999.0: get_thread gives each one's attachmentId`);
  });
});
