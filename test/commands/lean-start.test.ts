/**
 * What a one-shot command does not pay for at its start: node:http2 (undici's
 * HTTP/2 client, which inboard never speaks) and an `Intl.Segmenter` (~12 ms
 * for the first of a process) when nothing it prints needs one. Traced in the
 * built CLI by a preloaded module that counts segmenters made and reads
 * Node's list of the built-in modules it loaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startFixture, type Fixture } from './helpers.js';

const TRACE =
  'data:text/javascript,' +
  encodeURIComponent(`const Made = Intl.Segmenter; let made = 0;
Intl.Segmenter = class extends Made { constructor(...a) { super(...a); made++; } };
process.on('exit', () => process.stderr.write('LEAN ' + JSON.stringify({ made, http2: process.moduleLoadList.includes('NativeModule http2') }) + '\\n'));`);

interface Lean {
  made: number;
  http2: boolean;
}

function lean(stderr: string): { lean: Lean; rest: string } {
  const line = /^LEAN (.*)$/m.exec(stderr);
  expect(line, stderr).not.toBeNull();
  return { lean: JSON.parse(line?.[1] ?? '{}') as Lean, rest: stderr.replace(/^LEAN .*\n/m, '') };
}

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

describe('a command starts lean', () => {
  it('loads no HTTP/2 and makes no segmenter to print JSON', async () => {
    const r = await fx.run(['boards', '--json'], { nodeArgs: ['--import', TRACE] });
    const { lean: seen, rest } = lean(r.stderr);
    ok({ ...r, stderr: rest });
    expect(JSON.parse(r.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ Name: 'Support Inbox' })]));
    expect(seen).toEqual({ made: 0, http2: false });
  });

  it('makes one when a title needs it, and measures it right', async () => {
    ok(await fx.run(['card', 'create', '--board', 'Support Inbox', '--column', 'New', '--title', 'Ship 👩‍💻 today']));
    const r = await fx.run(['cards', 'Support Inbox', '--column', 'New'], { nodeArgs: ['--import', TRACE] });
    const { lean: seen, rest } = lean(r.stderr);
    const out = ok({ ...r, stderr: rest });
    expect(out).toContain('Ship 👩‍💻 today');
    expect(seen.made).toBeGreaterThanOrEqual(1);
    expect(seen.http2).toBe(false);
  });
});
