/**
 * mailparser and nodemailer stay out of the start-up path: `--help`, the
 * embedded service and the scriptable commands load neither; they are
 * loaded when mail arrives or a reply leaves. Traced in the built CLI by a
 * loader hook that lists every file Node loads.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawMail } from '../support/mail.js';
import { CLI, runCli } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Modules as they load (the ES ones), and every CommonJS file required, as the process ends: the
// commands' classic script (dist/commands.cjs) requires the mail libraries from node_modules.
const HOOK =
  'data:text/javascript,' +
  encodeURIComponent(`import { createRequire, register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  "export async function load(url, ctx, next) { if (url.startsWith('file:')) process.stderr.write('LOADED ' + url + '\\\\n'); return next(url, ctx); }"));
const required = createRequire(process.cwd() + '/').cache;
process.on('exit', () => { for (const f of Object.keys(required)) process.stderr.write('LOADED file://' + f + '\\n'); });`);

/** Strings only the bundled libraries hold: nodemailer's SMTP client, mailparser. */
const MARKERS = { nodemailer: 'Greeting never received', mailparser: 'textAsHtml' };

function loadedLibraries(stderr: string): string[] {
  const files = [...stderr.matchAll(/^LOADED file:\/\/(\S+)$/gm)].map((m) => m[1] ?? '');
  const distFiles = files.filter((f) => f.startsWith(join(CLI, '..')));
  expect(distFiles.length).toBeGreaterThan(0);
  return Object.entries(MARKERS)
    .filter(
      ([name, marker]) =>
        files.some((f) => f.includes(`/node_modules/${name}/`)) ||
        distFiles.some((f) => f.endsWith('.js') && readFileSync(f, 'utf8').includes(marker)),
    )
    .map(([name]) => name);
}

const env = { INBOARD_DATA_DIR: join(dir, 'data'), INBOARD_CONFIG_DIR: join(dir, 'config') };

describe('mail libraries load lazily', () => {
  it('not for --help, nor for a command on the embedded service', async () => {
    const help = await runCli(['--help'], env, { nodeArgs: ['--import', HOOK] });
    expect(help.code).toBe(0);
    expect(loadedLibraries(help.stderr)).toEqual([]);
    const boards = await runCli(['boards'], env, { nodeArgs: ['--import', HOOK] });
    expect(boards.code, boards.stderr).toBe(0);
    expect(loadedLibraries(boards.stderr)).toEqual([]);
    // What the commands' script requires is listed too: the embedded service's SQLite is.
    expect(boards.stderr).toMatch(/^LOADED file:\/\/\S*\/node_modules\/better-sqlite3\//m);
  });

  it('mailparser when mail arrives', async () => {
    const r = await runCli(['mail-in', '--board', 'Support'], env, {
      nodeArgs: ['--import', HOOK],
      input: rawMail({ messageId: '<lazy@x.example>' }).toString(),
    });
    expect(r.code).toBe(0);
    expect(loadedLibraries(r.stderr)).toContain('mailparser');
  });
});
