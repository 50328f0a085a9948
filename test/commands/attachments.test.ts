/**
 * `inboard card attachments`, built, against a real service: the list, a
 * received PDF saved byte-equal to the original, never over a file already
 * there, --name, and the refusals in words.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../src/server/index.js';
import { mailWithFiles, pdfBytes, pngBytes, sha256 } from '../support/attachment-mail.js';
import { KEY, runCli } from './helpers.js';
import { migratedSqliteFile } from '../server/helpers.js';

let svc: RunningService;
let dir: string;
let env: Record<string, string>;
let cardId: string;
const pdf = pdfBytes(400_000);
const png = pngBytes(30_000);
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-attach-'));
  svc = await startService({ dbPath: migratedSqliteFile(dir, 'x.db'), apiKey: KEY, demo: true });
  env = {
    INBOARD_URL: svc.url,
    INBOARD_API_KEY: KEY,
    INBOARD_DATA_DIR: join(dir, 'data'),
    INBOARD_CONFIG_DIR: join(dir, 'config'),
  };
  const raw = await mailWithFiles([
    { filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf },
    { filename: '../../.bashrc', contentType: 'text/plain', content: Buffer.from('echo pwned\n') },
    { filename: 'shot.png', contentType: 'image/png', content: png, cid: 'shot@x' },
  ]);
  const r = await run(['mail-in', '--board', 'Support Inbox'], raw.toString('latin1'));
  expect(r.code, r.stderr).toBe(0);
  cardId = r.stdout.trim();
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], input?: string) => runCli(args, env, input === undefined ? {} : { input });
const folder = (name: string) => {
  const d = join(dir, name);
  mkdirSync(d);
  return d;
};

describe('inboard card attachments', () => {
  it('lists each file with its message, name, size and type', async () => {
    const r = await run(['card', 'attachments', cardId]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^MESSAGE\s+NAME\s+SIZE\s+TYPE$/);
    expect(r.stdout).toMatch(/\[1\]\s+invoice\.pdf\s+391 KB\s+application\/pdf/);
    expect(r.stdout).toMatch(/\[1\]\s+shot\.png\s+29 KB\s+image\/png/);
    const j = await run(['card', 'attachments', cardId, '--json']);
    const rows = JSON.parse(j.stdout) as { Message: number; Name: string; Size: number; Url?: string }[];
    expect(rows.map((x) => [x.Message, x.Name, x.Size]).sort()).toEqual(
      [
        [1, '../../.bashrc', 11],
        [1, 'invoice.pdf', pdf.length],
        [1, 'shot.png', png.length],
      ].sort(),
    );
    expect(rows.every((x) => x.Url?.startsWith('/v2/attachment/'))).toBe(true);
  });

  it('saves every file byte for byte inside DIR, a hostile name made safe, and never overwrites', async () => {
    const d = folder('all');
    writeFileSync(join(d, 'invoice.pdf'), 'mine, keep it');
    const r = await run(['card', 'attachments', cardId, '--save', d]);
    expect(r.code, r.stderr).toBe(0);
    const paths = r.stdout.trim().split('\n').sort();
    expect(paths).toEqual([join(d, 'bashrc'), join(d, 'invoice (1).pdf'), join(d, 'shot.png')].sort());
    expect(readFileSync(join(d, 'invoice.pdf'), 'utf8')).toBe('mine, keep it');
    expect(sha256(readFileSync(join(d, 'invoice (1).pdf')))).toBe(sha256(pdf));
    expect(sha256(readFileSync(join(d, 'shot.png')))).toBe(sha256(png));
    expect(readFileSync(join(d, 'bashrc'), 'utf8')).toBe('echo pwned\n');
    expect(readdirSync(dir).includes('.bashrc')).toBe(false);
    const again = await run(['card', 'attachments', cardId, '--save', d, '--name', 'invoice.pdf']);
    expect(again.stdout.trim()).toBe(join(d, 'invoice (2).pdf'));
    expect(sha256(readFileSync(join(d, 'invoice (2).pdf')))).toBe(sha256(pdf));
  });

  it('--name saves just that one; --json says each path', async () => {
    const d = folder('one');
    const r = await run(['card', 'attachments', cardId, '--save', d, '--name', 'shot.png', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ Name: 'shot.png', Path: join(d, 'shot.png') }]);
    expect(readdirSync(d)).toEqual(['shot.png']);
  });

  it('refuses in words: a missing folder, a file for a folder, an unknown name, --name alone', async () => {
    const missing = await run(['card', 'attachments', cardId, '--save', join(dir, 'nope')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`--save: there is no folder ${join(dir, 'nope')}`);
    writeFileSync(join(dir, 'plain'), '');
    const file = await run(['card', 'attachments', cardId, '--save', join(dir, 'plain')]);
    expect(file.stderr).toContain('is a file, not a folder');
    const d = folder('unknown');
    const unknown = await run(['card', 'attachments', cardId, '--save', d, '--name', 'nope.pdf']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`Card ${cardId} has no attachment named "nope.pdf" (it has`);
    expect(unknown.stderr).toContain('"invoice.pdf"');
    expect(readdirSync(d)).toEqual([]);
    const alone = await run(['card', 'attachments', cardId, '--name', 'x']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--name chooses what --save writes');
  });
});
