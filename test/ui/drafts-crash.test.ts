/**
 * A crash with a prompt open: the crash handler ends the process, and the
 * text the prompt held is in drafts.json and named on stdout all the same.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../commands/helpers.js';
import { runNode } from '../support/recording-server.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-drafts-crash-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a crash with a prompt open', () => {
  it('keeps the prompt’s text and says so after the crash message', async () => {
    const path = join(dir, 'state', 'drafts.json');
    const r = await runNode(['--import', 'tsx', join(ROOT, 'test/support/draft-crash-child.ts')], {
      DRAFTS_PATH: path,
    });
    expect(r.code).toBe(70);
    expect(r.stderr).toContain('inboard crashed: Error: something broke');
    expect(r.stdout).toContain('1 draft kept (comment on "Refund") — it comes back when you reopen it');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { drafts: { card: string; fields: { text: string } }[] };
    expect(file.drafts).toEqual([
      expect.objectContaining({ scope: 'crash-test', card: '42', fields: { text: 'Typed before the crash' } }),
    ]);
  });
});
