/**
 * The board's places for attachments: the private copy (0600 in a 0700
 * folder) is gone once the process exits; downloadDir expands `~`; the
 * opener is $INBOARD_OPENER's words, else the system's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyDownloadDir, downloadDir, openerCommand } from '../../src/ui/attachments/places.js';

const ROOT = join(import.meta.dirname, '../..');

describe('attachment places', () => {
  it('removes the private folder when the process exits', () => {
    const script = [
      "import { privateCopy } from './src/ui/attachments/places.ts';",
      "import { statSync } from 'node:fs';",
      "import { dirname } from 'node:path';",
      "const p = await privateCopy('../x\\u202e.txt', Buffer.from('hi'));",
      'console.log(JSON.stringify({ p, file: statSync(p).mode & 0o777, dir: statSync(dirname(p)).mode & 0o777 }));',
    ].join('\n');
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout) as { p: string; file: number; dir: number };
    expect(got.p.endsWith('/x.txt')).toBe(true);
    expect([got.file, got.dir]).toEqual([0o600, 0o700]);
    expect(existsSync(got.p)).toBe(false);
  });

  it('downloadDir: ~ is home, default ~/Downloads', () => {
    applyDownloadDir('~/files');
    expect(downloadDir()).toBe(join(homedir(), 'files'));
    applyDownloadDir(undefined);
    expect(downloadDir()).toBe(join(homedir(), 'Downloads'));
  });

  it('the opener: $INBOARD_OPENER split in words, else xdg-open or open', () => {
    expect(openerCommand({ INBOARD_OPENER: 'open -a Preview' })).toEqual(['open', '-a', 'Preview']);
    expect(openerCommand({})).toEqual([process.platform === 'darwin' ? 'open' : 'xdg-open']);
  });
});
