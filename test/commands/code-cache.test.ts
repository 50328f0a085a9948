/**
 * A one-shot command's start through V8's code cache (src/boot/commands-script.ts),
 * on the built CLI: the first command that succeeds writes the cache, the
 * next ones use it and print the same, a damaged cache is written again,
 * and a command that failed writes none. INBOARD_DEBUG_CACHE says which
 * path each start took.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startFixture, type Fixture } from './helpers.js';

let fx: Fixture;
const dir = mkdtempSync(join(tmpdir(), 'inboard-cmd-cache-'));
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx.close();
  rmSync(dir, { recursive: true, force: true });
});

let places = 0;
/** A fresh cache dir and debug log, and a run of the CLI with them. */
function place() {
  const cache = join(dir, `cache-${++places}`);
  const log = join(dir, `log-${places}`);
  return {
    cache,
    run: (args: string[]) => fx.run(args, { env: { INBOARD_CACHE_DIR: cache, INBOARD_DEBUG_CACHE: log }, fresh: true }),
    steps: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []),
    files: () => (existsSync(cache) ? readdirSync(cache).filter((n) => /^commands-.*\.v8cache$/.test(n)) : []),
  };
}

describe("the commands' code cache", () => {
  it('is written by the first command that succeeds and used by the next, which print the same', async () => {
    const p = place();
    const first = ok(await p.run(['boards', '--json']));
    expect(p.steps()).toEqual(['none', expect.stringMatching(/^written \d/)]);
    expect(p.files()).toHaveLength(1);
    const second = ok(await p.run(['boards', '--json']));
    expect(second).toBe(first);
    // Another command shares it: the client, the configuration and the printing are the same code.
    ok(await p.run(['columns', 'Support Inbox']));
    expect(p.steps().slice(2)).toEqual(['used', 'used']);
  });

  it('is not written by a command that failed, which still says why', async () => {
    const p = place();
    const r = await p.run(['boards', '--no-such-flag']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--no-such-flag'");
    expect(p.steps()).toEqual(['none']);
    expect(p.files()).toEqual([]);
  });

  it('is written again when damaged, and the command runs as without one', async () => {
    const p = place();
    const first = ok(await p.run(['boards', '--json']));
    const [name] = p.files();
    if (name === undefined) throw new Error('the first command wrote the cache');
    const file = join(p.cache, name);
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes.writeUInt8((bytes.readUInt8(middle) ^ 0xff) & 0xff, middle);
    writeFileSync(file, bytes);
    expect(ok(await p.run(['boards', '--json']))).toBe(first);
    expect(p.steps().slice(2)).toEqual(['corrupt', expect.stringMatching(/^written \d/)]);
    expect(ok(await p.run(['boards', '--json']))).toBe(first);
    expect(p.steps().slice(4)).toEqual(['used']);
  });
});
