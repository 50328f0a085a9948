/**
 * Several servers in one config, through the built CLI: `--profile work`
 * opens that server's boards (the status bar names the profile), `p` in the
 * board list switches to another profile's server in the same app, and the
 * scripting commands take it too; a profile that isn't there is said, naming
 * the ones that are.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, spawnServe, type Child } from '../server/process.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_profiles_key_0123456789abcdef';

describe.skipIf(!hasTmux())('profiles', () => {
  let dir: string;
  let server: Child;
  let term: Terminal | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-profiles-'));
    server = await spawnServe(['--db', join(dir, 'e2e.db'), '--demo'], { INBOARD_API_KEY: KEY });
    writeFileSync(join(dir, 'work.key'), `${KEY}\n`);
    // The top level names a server that isn't there: only the profile can reach the boards.
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        url: 'http://127.0.0.1:9',
        apiKey: 'ibk_nowhere',
        profiles: { work: { url: server.url, apiKeyFile: 'work.key' }, own: {} },
      }),
    );
  });
  afterEach(() => term?.kill());
  afterAll(() => {
    server.proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  const env = () => ({ ...process.env, INBOARD_CONFIG_DIR: dir, INBOARD_DATA_DIR: dir });

  it('--profile work opens that server’s boards and the status bar names it', async () => {
    term = Terminal.start({ cols: 140, rows: 32, env: { INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir } });
    term.run(`node ${CLI} --profile work --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    // The status bar names the profile at once; the columns follow when the first page comes.
    await term.waitFor(`work · ${new URL(server.url).host}`);
    const drawn = await term.waitFor('In progress (');
    expect(drawn).toContain(`work · ${new URL(server.url).host}`);
    term.keys('q');
    await term.waitFor('exit=0');
  });

  it('p in the board list switches to another profile’s server without leaving the app', async () => {
    term = Terminal.start({ cols: 140, rows: 32, env: { INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir } });
    term.run(`node ${CLI} --profile work --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await term.waitFor((s) => s.includes(`work · ${new URL(server.url).host}`) && s.includes('In progress ('));
    term.keys('b');
    await term.waitFor('Boards');
    term.keys('p');
    const picker = await term.waitFor('Switch to the server of profile');
    expect(picker).toContain('work (in use)');
    term.keys('j');
    term.keys('Enter');
    // The embedded service of profile "own", in the same process: no exit line in between.
    const own = await term.waitFor('own · embedded');
    expect(own).not.toContain('exit=');
    term.keys('q');
    await term.waitFor('exit=0');
  });

  it('the scripting commands take --profile and INBOARD_PROFILE; an unknown one names those there are', () => {
    const boards = spawnSync('node', [CLI, 'boards', '--profile', 'work'], { env: env(), encoding: 'utf8' });
    expect(boards.stdout).toContain('Support Inbox');
    const byEnv = spawnSync('node', [CLI, 'boards'], { env: { ...env(), INBOARD_PROFILE: 'work' }, encoding: 'utf8' });
    expect(byEnv.stdout).toContain('Support Inbox');
    const unknown = spawnSync('node', [CLI, 'boards', '--profile', 'home'], { env: env(), encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain(
      `--profile names the profile "home", which the config file ${join(dir, 'config.json')} doesn't have (its profiles: work, own)`,
    );
  });
});
