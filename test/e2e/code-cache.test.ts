/**
 * The board's start through V8's code cache (src/boot/board-script.ts), in
 * a real terminal on the built CLI with the embedded demo: the first start
 * writes the cache, the next one uses it, and a cache that is damaged, one
 * V8 refuses, or a cache dir that can't be written never keep the board
 * from drawing. INBOARD_DEBUG_CACHE says which path each start took.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCache, writeCache } from '../../src/boot/code-cache.js';
import { CLI } from '../server/process.js';
import { hasTmux, Terminal, until } from './tmux.js';

describe.skipIf(!hasTmux())("the board's code cache", () => {
  let dir: string;
  let term: Terminal | undefined;
  let runs = 0;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-cache-'));
  });
  afterEach(() => {
    term?.kill();
    term = undefined;
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  /** A fresh cache dir (and its debug log) for one test. */
  const place = (name: string) => {
    const cache = join(dir, name);
    return { cache, log: join(dir, `${name}.log`) };
  };
  const steps = (log: string): string[] =>
    existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : [];
  const cacheFiles = (cache: string): string[] =>
    existsSync(cache) ? readdirSync(cache).filter((n) => /^board-.*\.v8cache$/.test(n)) : [];

  /**
   * Starts the board on the embedded demo, waits for its cards (and with
   * `idle`, for the cache written while the board stays open), quits with
   * q; returns the debug log's new lines.
   */
  const startAndQuit = async (cache: string, log: string, idle = false): Promise<string[]> => {
    const before = steps(log).length;
    const n = ++runs;
    term?.kill();
    term = Terminal.start({
      cols: 140,
      rows: 32,
      env: {
        INBOARD_DATA_DIR: join(dir, 'data'),
        INBOARD_CONFIG_DIR: join(dir, 'data'),
        INBOARD_STATE_DIR: join(dir, 'data'),
        INBOARD_CACHE_DIR: cache,
        INBOARD_DEBUG_CACHE: log,
      },
    });
    term.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit${n}=$?"`);
    await term.waitFor('Invoice #10482', 20_000);
    if (idle) await until(() => steps(log).length > before + 1, 'the cache written while the board is open');
    term.keys('q');
    await term.waitFor(`exit${n}=0`);
    return steps(log).slice(before);
  };

  it('the first start writes the cache while the board is open, the next start uses it', async () => {
    const { cache, log } = place('fresh');
    // Once, at idle: quitting afterwards writes nothing more.
    expect(await startAndQuit(cache, log, true)).toEqual(['none', expect.stringMatching(/^written/)]);
    const [file] = cacheFiles(cache);
    expect(cacheFiles(cache)).toHaveLength(1);
    expect(file).toContain(`-${process.version}-${process.arch}.v8cache`);
    expect(await startAndQuit(cache, log)).toEqual(['used']);
    // Used as it is: not written again.
    expect(cacheFiles(cache)).toEqual([file]);
  });

  it('a damaged cache file is not run but replaced, and the board draws', async () => {
    const { cache, log } = place('damaged');
    await startAndQuit(cache, log);
    const [file] = cacheFiles(cache);
    if (file === undefined) throw new Error('no cache written');
    const path = join(cache, file);
    const good = readFileSync(path);
    // A byte changed in the middle: V8 itself would not notice (it checks only the header).
    const bad = Buffer.from(good);
    bad[bad.length >> 1] = (bad[bad.length >> 1] ?? 0) ^ 0xff;
    writeFileSync(path, bad);
    expect(await startAndQuit(cache, log)).toEqual(['corrupt', expect.stringMatching(/^written/)]);
    expect(readCache(path)).toBeInstanceOf(Buffer);
    expect(await startAndQuit(cache, log)).toEqual(['used']);
  });

  it('a cache V8 refuses is written again', async () => {
    const { cache, log } = place('refused');
    await startAndQuit(cache, log);
    const [file] = cacheFiles(cache);
    if (file === undefined) throw new Error('no cache written');
    const path = join(cache, file);
    // Intact as a file (its checksum holds), but not code V8 made.
    expect(writeCache(path, Buffer.from('not code V8 made'))).toBeNull();
    expect(await startAndQuit(cache, log)).toEqual(['rejected', expect.stringMatching(/^written/)]);
    const rewritten = readCache(path);
    expect(rewritten).toBeInstanceOf(Buffer);
    expect(String(rewritten)).not.toBe('not code V8 made');
    expect(await startAndQuit(cache, log)).toEqual(['used']);
  });

  it('a cache dir that cannot be written still draws the board', async () => {
    const { log } = place('unwritable');
    // Under a regular file: no directory can be made there, whoever runs the test.
    mkdirSync(join(dir, 'blocked'), { recursive: true });
    writeFileSync(join(dir, 'blocked', 'file'), '');
    const cache = join(dir, 'blocked', 'file', 'cache');
    const lines = await startAndQuit(cache, log);
    expect(lines[0]).toBe('none');
    expect(lines[1]).toMatch(/^not written: .*ENOTDIR/);
    expect(term?.screen()).not.toMatch(/ENOTDIR|Error/);
  });
});
