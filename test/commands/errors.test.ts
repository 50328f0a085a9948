/** Exit statuses, messages, help, hostile text and the key, as a script sees them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRow, CardDetail, CardId } from '../../src/api/read-model.js';
import { toJson } from '../../src/commands/output.js';
import { KEY, runCli, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

const HELPS = [
  ['boards'],
  ['columns'],
  ['cards'],
  ['card'],
  ['card', 'create'],
  ['card', 'move'],
  ['card', 'archive'],
  ['card', 'comment'],
  ['card', 'note'],
  ['card', 'subtask'],
  ['card', 'tag'],
  ['tags'],
  ['sequences'],
  ['api'],
];

describe('--help', () => {
  it.each(HELPS.map((c) => [c.join(' ')]))(
    'inboard %s --help: usage, examples, the key advice; no connection made',
    async (name) => {
      const cmd = name.split(' ');
      // An unreachable service: help must not need it.
      const r = await runCli([...cmd, '--help'], { INBOARD_URL: 'http://127.0.0.1:9', INBOARD_API_KEY: KEY });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: inboard ${cmd.join(' ')}`));
      expect(r.stdout).toMatch(/^Examples?$/m);
      expect(r.stdout).toContain('--json');
      expect(r.stdout).toMatch(/INBOARD_API_KEY or the config file/);
      expect(r.stderr).toBe('');
    },
  );
});

describe('usage errors: exit 2, what is wrong, where the help is', () => {
  it.each([
    [['boards', '--nope'], "Unknown option '--nope'", 'boards'],
    [['cards'], 'missing BOARD', 'cards'],
    [['columns', '1', '2'], "unexpected argument '2'", 'columns'],
    [['card', 'abc'], "'abc' is neither a card ID nor an action", 'card'],
    [['card', 'move', '5'], 'missing --column', 'card move'],
    // Card ids are opaque text now ('x' is one); what is no id is text with control characters, shown escaped.
    [['card', 'move', '4\x072', '--column', '1'], "'4^G2' is not a card ID", 'card move'],
    [['cards', '1', '--limit', '0'], '--limit must be between 1 and 200', 'cards'],
    [['cards', '1', '--all', '--page', '2'], '--page and --all do not go together', 'cards'],
    [['card', 'comment', '3'], 'missing --body', 'card comment'],
    [['sequences', '1', '2'], "unexpected argument '2'", 'sequences'],
  ])('%j', async (args, message, command) => {
    const r = await f.run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain(`See 'inboard ${command} --help'.`);
    expect(r.stdout).toBe('');
  });
});

describe('API errors: exit 1 in the server’s words', () => {
  it('a missing card', async () => {
    const r = await f.run(['card', '999999']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('inboard: Card 999999 not found (404)\n');
    expect(r.stdout).toBe('');
  });

  it('a refused key is reported without the key', async () => {
    const bad = 'wrong-key-0123456789-secret';
    const r = await f.run(['boards', '--api-key', bad], { env: { INBOARD_API_KEY: undefined } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^inboard: .+ \(401\)\n$/);
    expect(r.stderr + r.stdout).not.toContain(bad);
  });

  it('a URL without a key is a configuration error (exit 2) that does not print a key', async () => {
    const r = await f.run(['boards'], { env: { INBOARD_API_KEY: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no API key');
  });

  it('plain http to a non-loopback host needs --insecure', async () => {
    const r = await f.run(['boards'], { env: { INBOARD_URL: 'http://example.invalid' } });
    expect(r.code).toBe(2);
    expect(r.stderr + r.stdout).not.toContain(KEY);
  });
});

describe('hostile text from the server', () => {
  const title = 'Pay now \x1b]0;pwned\x07 \x9b31m \u202egnp.exe';
  let id: CardId = '';
  beforeAll(async () => {
    const made = (await f.client.createCard({ BoardId: 1, ColumnId: 1, CardTitle: title })).taskId;
    if (made === null) throw new Error('the local service names the card it made');
    id = made;
  });

  it('table modes neutralise escapes: no ESC, BEL, C1 or bidi control reaches the terminal', async () => {
    for (const args of [
      ['cards', '1', '--column', '1', '--all'],
      ['card', id],
    ]) {
      const r = await f.run(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Pay now ^[]0;pwned^G <9b>31m <U+202E>gnp.exe');
      expect(r.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]/);
    }
  });

  it('--json escapes them too, yet parses back to the exact title', async () => {
    const r = await f.run(['card', id, '--json']);
    expect(r.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]/);
    expect((JSON.parse(r.stdout) as CardDetail).TaskName).toBe(title);
    expect(r.stdout).toContain('\\u009b');
  });

  it('toJson is JSON.stringify with the same meaning', () => {
    const v = { a: 'x\u0085y\u2028z\u200b\ufeff\u{e0041}', b: [1, null, true], 'k\u202e': 'é👩‍💻' };
    const text = toJson(v);
    expect(JSON.parse(text)).toEqual(v);
    expect(text).not.toMatch(/[\u0080-\u009f\u2028\u2029\u200b\ufeff\u202e]|\udb40/);
    expect(text).toContain('👩\u200d💻'); // emoji joiners stay
  });
});

describe('the embedded service', () => {
  it('with no URL configured, starts, answers and is closed so the process exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inboard-embedded-'));
    try {
      const r = await runCli(['boards', '--json'], {
        INBOARD_DATA_DIR: join(dir, 'data'),
        INBOARD_CONFIG_DIR: join(dir, 'config'),
      });
      expect(r.code).toBe(0);
      const boards = JSON.parse(r.stdout) as BoardRow[];
      expect(boards.length).toBeGreaterThan(0); // the demo workspace
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
