/**
 * The code cache's files (src/boot/code-cache.ts) and the loaders that run
 * a classic script with them (src/boot/script.ts, for the board and the
 * commands), on real files and V8's real cached data: small scripts in the
 * shapes of dist/board.cjs and dist/commands.cjs stand in for them.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBoardScript } from '../../src/boot/board-script.js';
import { runCommandsScript } from '../../src/boot/commands-script.js';
import { CACHES_KEPT, cachePath, readCache, writeCache } from '../../src/boot/code-cache.js';

const root = mkdtempSync(join(tmpdir(), 'inboard-code-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => {
  const dir = join(root, String(++n));
  mkdirSync(dir);
  return dir;
};

describe('cache files', () => {
  it('are named by the script, this Node and this CPU', () => {
    expect(cachePath('board', '0123abcd', '/c')).toBe(`/c/board-0123abcd-${process.version}-${process.arch}.v8cache`);
  });

  it('read back what was written; a changed byte or a cut file is corrupt; none is undefined', () => {
    const dir = fresh();
    const path = cachePath('board', 'aaaa1111', dir);
    expect(readCache(path)).toBeUndefined();
    const data = Buffer.from('some bytes V8 made, or so we say');
    expect(writeCache(path, data)).toBeNull();
    expect(readCache(path)).toEqual(data);
    const file = readFileSync(path);
    const flipped = Buffer.from(file);
    flipped[12] = (flipped[12] ?? 0) ^ 1;
    writeFileSync(path, flipped);
    expect(readCache(path)).toBe('corrupt');
    writeFileSync(path, file.subarray(0, file.length - 1));
    expect(readCache(path)).toBe('corrupt');
    writeFileSync(path, file.subarray(0, 3));
    expect(readCache(path)).toBe('corrupt');
  });

  it('keep the newest caches: writing removes those of older builds, and nothing else', () => {
    const dir = fresh();
    const names: string[] = [];
    // Older builds' caches, oldest first (their times set apart: a file system may keep seconds only).
    for (const [i, hash] of ['0ld00001', '0ld00002', '0ld00003', '0ld00004'].entries()) {
      const path = cachePath('board', hash, dir);
      writeFileSync(path, 'x');
      const at = new Date(Date.UTC(2026, 0, 1 + i));
      utimesSync(path, at, at);
      names.push(path.slice(dir.length + 1));
    }
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    // The commands' script has caches of its own, older than all of the board's: they stay.
    const commands = cachePath('commands', '0ld00000', dir);
    writeFileSync(commands, 'x');
    utimesSync(commands, new Date(Date.UTC(2025, 0, 1)), new Date(Date.UTC(2025, 0, 1)));
    const path = cachePath('board', 'new0new0', dir);
    expect(writeCache(path, Buffer.from('data'))).toBeNull();
    // This build's and the two newest others: an installed build and a checkout keep theirs.
    expect(CACHES_KEPT).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(
      [path.slice(dir.length + 1), names[2], names[3], 'notes.txt', commands.slice(dir.length + 1)].sort(),
    );
  });

  it('a dir that cannot be made gives a message, never a throw, and leaves no temp file', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'file'), '');
    expect(writeCache(cachePath('board', 'abcd0123', join(dir, 'file', 'sub')), Buffer.from('x'))).toMatch(/ENOTDIR/);
    expect(readdirSync(dir)).toEqual(['file']);
  });
});

describe('the loader', () => {
  const env = { ...process.env };
  let dir: string;
  let log: string;
  beforeEach(() => {
    dir = fresh();
    log = join(dir, 'log');
    process.env.INBOARD_CACHE_DIR = join(dir, 'cache');
    process.env.INBOARD_DEBUG_CACHE = log;
  });
  afterEach(() => {
    // Put back key by key: a plain object in place of process.env would stop later files'
    // TZ changes reaching Node (this worker's modules and env are shared by the files after it).
    for (const k of ['INBOARD_CACHE_DIR', 'INBOARD_DEBUG_CACHE']) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
  });
  const steps = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  /**
   * A classic script in the board script's shape whose run() answers `code`
   * after drawing the board (settling `mounting`), or without drawing it.
   */
  const script = (code: number, drawn: boolean) => {
    const file = join(dir, 'board.cjs');
    const body = `(function (exports, require, module, __filename, __dirname) {
      const { basename } = require('node:path');
      exports.mounting = ${drawn ? 'Promise.resolve()' : 'new Promise(() => {})'};
      exports.run = async (argv) => (argv[0] === basename(__filename) ? ${code} : 99);
    })`;
    writeFileSync(file, `${body}//inboard-board 0123456789abcdef\n`);
    return file;
  };

  it('is null without a script, so the board is imported as a module instead', () => {
    expect(runBoardScript(join(dir, 'none.cjs'), [])).toBeNull();
    expect(steps()).toEqual([]);
  });

  it("runs the script with a real require, writes V8's cache once the board closes, and uses it next time", async () => {
    const file = script(0, true);
    expect(await runBoardScript(file, ['board.cjs'])).toBe(0);
    expect(steps()).toEqual(['none', expect.stringMatching(/^written/)]);
    expect(readCache(cachePath('board', '0123456789abcdef'))).toBeInstanceOf(Buffer);
    expect(await runBoardScript(file, ['board.cjs'])).toBe(0);
    expect(steps().slice(2)).toEqual(['used']);
  });

  it('writes no cache after a start that ended before the board was drawn', async () => {
    const file = script(2, false);
    expect(await runBoardScript(file, ['board.cjs'])).toBe(2);
    expect(steps()).toEqual(['none']);
    expect(existsSync(join(dir, 'cache'))).toBe(false);
  });

  /** A classic script in the commands script's shape: runCommand answers by the command's first argument. */
  const commands = () => {
    const file = join(dir, 'commands.cjs');
    const body = `(function (exports, require, module, __filename, __dirname) {
      exports.runCommand = async (cmd, argv) => (cmd === 'boards' ? Number(argv[0]) : 2);
    })`;
    writeFileSync(file, `${body}//inboard-commands 89abcdef01234567\n`);
    return file;
  };

  it("runs a command from the commands' script, writes the cache as one that succeeded ends, and uses it next time", async () => {
    const file = commands();
    expect(await runCommandsScript(join(dir, 'none.cjs'), 'boards', ['0'])).toBeNull();
    expect(await runCommandsScript(file, 'boards', ['1'])).toBe(1);
    expect(steps()).toEqual(['none']);
    expect(await runCommandsScript(file, 'boards', ['0'])).toBe(0);
    expect(steps()).toEqual(['none', 'none', expect.stringMatching(/^written/)]);
    expect(readCache(cachePath('commands', '89abcdef01234567'))).toBeInstanceOf(Buffer);
    expect(await runCommandsScript(file, 'boards', ['0'])).toBe(0);
    expect(steps().slice(3)).toEqual(['used']);
  });
});
