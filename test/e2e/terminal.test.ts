/**
 * The terminal around the board: redraw on resize, and the screen restored
 * when the process is told to stop (SIGTERM) rather than quit with q.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, spawnServe, type Child } from '../server/process.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_terminal_test_key_0123456789';

describe.skipIf(!hasTmux())('the terminal around the board', () => {
  let dir: string;
  let server: Child;
  let term: Terminal | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-term-'));
    server = await spawnServe(['--db', join(dir, 'e2e.db'), '--demo'], { INBOARD_API_KEY: KEY });
  });
  afterAll(() => {
    term?.kill();
    server.proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  const start = (cols: number, extraEnv: Record<string, string> = {}) => {
    // One tmux server at a time: the test before's goes, or it would outlive the run.
    term?.kill();
    term = Terminal.start({
      cols,
      rows: 30,
      env: {
        INBOARD_URL: server.url,
        INBOARD_API_KEY: KEY,
        INBOARD_DATA_DIR: dir,
        INBOARD_CONFIG_DIR: dir,
        ...extraEnv,
      },
    });
    term.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    return term;
  };

  it('is in raw mode by the time the board shows, so a key typed then is neither echoed nor lost', async () => {
    const t = start(140);
    // Read as soon as the app takes the screen, before its first frame: already no line discipline and no
    // echo (Ink's own raw mode comes only after that frame). Polled without a pause, not to miss the moment.
    const tty = t.paneTty();
    const deadline = Date.now() + 10_000;
    while (!t.alternateOn()) if (Date.now() > deadline) throw new Error('the board never took the screen');
    const modes = execFileSync('stty', ['-F', tty, '-a'], { encoding: 'utf8' });
    expect(modes).toMatch(/(^|\s)-icanon(\s|$)/);
    expect(modes).toMatch(/(^|\s)-echo(\s|$)/);
    // Enter as soon as the board shows opens the card under the cursor, and the frame stays whole.
    await t.waitFor(/›/);
    t.keys('Enter');
    const detail = await t.waitFor(/Esc back|Comments|Notes/);
    expect(detail).not.toContain('[39m');
    t.keys('Escape');
    await t.waitFor(/›/);
    t.keys('q');
    await t.waitFor(/exit=0/);
  });

  it('redraws for the new width when the terminal is resized', async () => {
    const t = start(140);
    await t.waitFor((s) => s.includes('In progress (') && s.includes('Done ('));
    expect(t.screen()).not.toMatch(/columns \d+–\d+ of \d+/);
    t.resize(60, 30);
    const narrow = await t.waitFor(/columns 1–2 of 4/);
    expect(narrow).not.toContain('Done (');
    t.resize(140, 30);
    await t.waitFor((s) => s.includes('Done (') && !/columns \d+–\d+ of/.test(s));
    t.keys('q');
    await t.waitFor('exit=0');
    t.kill();
  });

  it('restores the terminal when stopped with SIGTERM', async () => {
    const t = start(120);
    await t.waitFor('In progress (');
    expect(t.alternateOn()).toBe(true);
    const shell = t.panePid();
    const node = execFileSync('pgrep', ['-P', String(shell), 'node'], { encoding: 'utf8' })
      .trim()
      .split('\n')[0];
    expect(node).toMatch(/^\d+$/);
    process.kill(Number(node), 'SIGTERM');
    await t.waitFor('exit=143');
    expect(t.alternateOn()).toBe(false);
    t.kill();
  });

  // Foreground/background colour codes: 30–37, 90–97, 38;…, 40–47, 100–107, 48;…
  const COLOUR = /\x1b\[(?:[\d;]*;)?(?:3[0-8]|9[0-7]|4[0-8]|10[0-7])(?:;[\d;]*)?m/;

  it('paints in colour, and in none with NO_COLOR (state still shown by symbols)', async () => {
    const loaded = (screen: string) => screen.includes('›') && !screen.includes('loading…');
    const coloured = start(120);
    await coloured.waitFor(loaded);
    expect(coloured.screenAnsi()).toMatch(COLOUR);
    coloured.keys('q');
    await coloured.waitFor('exit=0');
    coloured.kill();

    const plain = start(120, { NO_COLOR: '1' });
    const screen = await plain.waitFor(loaded);
    expect(plain.screenAnsi()).not.toMatch(COLOUR);
    expect(screen).toContain('›');
    expect(screen).toContain('●');
    plain.keys('q');
    await plain.waitFor('exit=0');
    plain.kill();
  });
});
