/**
 * Colours in a real terminal, through the built CLI: `"theme": "light"`
 * draws other colours than the dark default, and NO_COLOR draws none at all,
 * whatever the config says.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, spawnServe, type Child } from '../server/process.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_theme_key_0123456789abcdef';
/** A foreground colour: one of the 8 (30–37, 90–97), 256 (38;5;N) or truecolor (38;2;…). */
const FOREGROUND = /\x1b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;[25];[0-9;]+)m/;

describe.skipIf(!hasTmux())('themes', () => {
  let dir: string;
  let server: Child;
  let term: Terminal | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-theme-'));
    server = await spawnServe(['--db', join(dir, 'e2e.db'), '--demo'], { INBOARD_API_KEY: KEY });
  });
  afterEach(() => term?.kill());
  afterAll(() => {
    server.proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  const board = async (theme: string | undefined, env: Record<string, string> = {}) => {
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ url: server.url, apiKey: KEY, ...(theme ? { theme } : {}) }),
    );
    term = Terminal.start({ cols: 140, rows: 32, env: { INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir, ...env } });
    term.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await term.waitFor((s) => s.includes('#Billing') && !s.includes('loading…'));
    const ansi = term.screenAnsi();
    term.keys('q');
    await term.waitFor('exit=0');
    term.kill();
    term = undefined;
    return ansi;
  };

  it('light draws other colours than dark; NO_COLOR draws none, even with a theme', async () => {
    const dark = await board(undefined);
    expect(dark).toMatch(/\x1b\[(?:[0-9;]*;)?36m/); // cyan: who a card is with
    const light = await board('light');
    expect(light).toMatch(FOREGROUND);
    expect(light).not.toMatch(/\x1b\[(?:[0-9;]*;)?36m/);
    const none = await board('light', { NO_COLOR: '1' });
    expect(none).toContain('In progress (');
    expect(none).not.toMatch(FOREGROUND);
  });
});
