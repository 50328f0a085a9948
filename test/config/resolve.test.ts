import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfigFile, resolveBoardSettings, resolveConfig } from '../../src/config/resolve.js';

const KEY_FLAG = 'flag-key-0123456789';
const KEY_ENV = 'env-key-0123456789';
const KEY_FILE = 'file-key-0123456789';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inboard-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file = { url: 'https://file.example.com', apiKey: KEY_FILE };
const env = { INBOARD_URL: 'https://env.example.com', INBOARD_API_KEY: KEY_ENV };
const flags = { url: 'https://flag.example.com', apiKey: KEY_FLAG };

describe('resolveConfig precedence', () => {
  it('flag beats env beats file', () => {
    expect(resolveConfig({ flags, env, file })).toMatchObject({
      mode: 'remote',
      url: flags.url,
      apiKey: KEY_FLAG,
      source: { url: 'flag', apiKey: 'flag' },
    });
    expect(resolveConfig({ env, file })).toMatchObject({
      url: env.INBOARD_URL,
      apiKey: KEY_ENV,
      source: { url: 'env', apiKey: 'env' },
    });
    expect(resolveConfig({ env: {}, file })).toMatchObject({
      url: file.url,
      apiKey: KEY_FILE,
      source: { url: 'file', apiKey: 'file' },
    });
  });

  it('mixes sources per value', () => {
    const r = resolveConfig({ flags: { url: flags.url }, env: { INBOARD_API_KEY: KEY_ENV }, file });
    expect(r).toMatchObject({ url: flags.url, apiKey: KEY_ENV, source: { url: 'flag', apiKey: 'env' } });
  });

  it('is embedded when no URL is configured anywhere (empty env values count as unset)', () => {
    expect(resolveConfig({ env: { INBOARD_URL: '  ', INBOARD_API_KEY: KEY_ENV }, file: null })).toEqual({
      mode: 'embedded',
      profile: null,
    });
  });

  it('a URL without a key is a clear error', () => {
    expect(() => resolveConfig({ env: { INBOARD_URL: 'https://x.example.com' }, file: null })).toThrow(
      /INBOARD_URL.*no API key/,
    );
  });

  it('refuses plain http to a remote host unless insecure, and never names the key', () => {
    const run = (insecure?: boolean) =>
      resolveConfig({ flags: { url: 'http://boards.example.com', apiKey: KEY_FLAG, insecure }, env: {}, file: null });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (e) {
      expect((e as Error).message).toMatch(/plain http:\/\/ to boards\.example\.com.*--insecure/);
      expect((e as Error).message).not.toContain(KEY_FLAG);
    }
    expect(run(true)).toMatchObject({ mode: 'remote', insecure: true });
    expect(
      resolveConfig({ flags: { url: 'http://127.0.0.1:8080/', apiKey: KEY_FLAG }, env: {}, file: null }),
    ).toMatchObject({ url: 'http://127.0.0.1:8080', insecure: false });
  });

  it("the file's insecure covers only the file's URL", () => {
    const f = { url: 'http://lan.example.com', apiKey: KEY_FILE, insecure: true };
    expect(resolveConfig({ env: {}, file: f })).toMatchObject({ insecure: true });
    expect(() => resolveConfig({ env: { INBOARD_URL: 'http://other.example.com' }, file: f })).toThrow(/--insecure/);
  });
});

describe('config file', () => {
  it('is absent → null, and read from disk', async () => {
    expect(readConfigFile(join(dir, 'none.json'))).toBeNull();
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify(file));
    expect(resolveConfig({ env: {}, filePath: p })).toMatchObject({ url: file.url, source: { url: 'file' } });
  });

  it('invalid JSON names the file', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, '{"url": "https://x",');
    expect(() => readConfigFile(p)).toThrow(
      new RegExp(`${p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} has a problem:\\n  line 1, column 21: not valid JSON`),
    );
  });

  it('a misspelt or mistyped setting names the file and the setting', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify({ url: 'https://x.example.com', apikey: 'k' }));
    expect(() => readConfigFile(p)).toThrow(/config\.json has a problem:\n.*"apikey" \(did you mean "apiKey"\?\)/);
    await writeFile(p, JSON.stringify({ insecure: 'yes' }));
    expect(() => readConfigFile(p)).toThrow(/"insecure"/);
  });
});

describe('the board settings: your email and marking read on opening', () => {
  it('email: --email beats INBOARD_EMAIL beats the file; none is null (the store asks the server)', () => {
    const f = { email: 'file@example.com' };
    const e = { INBOARD_EMAIL: 'env@example.com' };
    expect(resolveBoardSettings({ flags: { email: 'flag@example.com' }, env: e, file: f }).email).toBe(
      'flag@example.com',
    );
    expect(resolveBoardSettings({ env: e, file: f }).email).toBe('env@example.com');
    expect(resolveBoardSettings({ env: { INBOARD_EMAIL: '  ' }, file: f }).email).toBe('file@example.com');
    expect(resolveBoardSettings({ env: {}, file: null }).email).toBeNull();
    expect(resolveBoardSettings({ env: {}, file: { email: ' sam@example.com ' } }).email).toBe('sam@example.com');
  });

  it('a value that is not an email is refused, naming where it came from', () => {
    expect(() => resolveBoardSettings({ flags: { email: 'sam' }, env: {}, file: null })).toThrow(
      "--email takes an email address like you@example.com, got 'sam'",
    );
    expect(() => resolveBoardSettings({ env: { INBOARD_EMAIL: 'sam at example' }, file: null })).toThrow(
      /^INBOARD_EMAIL takes an email address/,
    );
    expect(() => resolveBoardSettings({ env: {}, file: { email: 'nobody' }, filePath: '/x/config.json' })).toThrow(
      `"email" in the config file /x/config.json takes an email address like you@example.com, got 'nobody'`,
    );
  });

  it('markReadOnOpen: on by default; --no-mark-read beats INBOARD_MARK_READ beats the file', () => {
    expect(resolveBoardSettings({ env: {}, file: null }).markReadOnOpen).toBe(true);
    expect(resolveBoardSettings({ env: {}, file: { markReadOnOpen: false } }).markReadOnOpen).toBe(false);
    expect(resolveBoardSettings({ env: { INBOARD_MARK_READ: '0' }, file: null }).markReadOnOpen).toBe(false);
    expect(
      resolveBoardSettings({ env: { INBOARD_MARK_READ: '1' }, file: { markReadOnOpen: false } }).markReadOnOpen,
    ).toBe(true);
    expect(resolveBoardSettings({ env: { INBOARD_MARK_READ: 'Off' }, file: null }).markReadOnOpen).toBe(false);
    expect(
      resolveBoardSettings({ env: { INBOARD_MARK_READ: '' }, file: { markReadOnOpen: false } }).markReadOnOpen,
    ).toBe(false);
    expect(
      resolveBoardSettings({ flags: { noMarkRead: true }, env: { INBOARD_MARK_READ: '1' }, file: null }).markReadOnOpen,
    ).toBe(false);
    expect(() => resolveBoardSettings({ env: { INBOARD_MARK_READ: 'sometimes' }, file: null })).toThrow(
      "INBOARD_MARK_READ takes 1 (opening a card marks it read) or 0 (it stays unread), got 'sometimes'",
    );
  });

  it('the config file takes both settings and refuses a mistyped one', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify({ email: 'me@example.com', markReadOnOpen: false }));
    expect(resolveBoardSettings({ env: {}, filePath: p })).toEqual({
      email: 'me@example.com',
      markReadOnOpen: false,
      notify: { bell: false, desktop: false },
      keys: null,
      theme: { theme: undefined, colors: undefined },
      views: {},
      commands: null,
      signature: null,
    });
    const open = { key: 'O', title: 'open', run: 'xdg-open https://example.com/{{id}}' };
    await writeFile(p, JSON.stringify({ commands: [open] }));
    expect(resolveBoardSettings({ env: {}, filePath: p }).commands).toEqual({ path: p, list: [open] });
    await writeFile(p, JSON.stringify({ markReadOnOpen: 'no' }));
    expect(() => readConfigFile(p)).toThrow(/"markReadOnOpen"/);
  });

  it('"notify" takes a bell and a desktop notification, both off unless asked, and refuses another word', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify({ notify: { bell: true } }));
    expect(resolveBoardSettings({ env: {}, filePath: p }).notify).toEqual({ bell: true, desktop: false });
    await writeFile(p, JSON.stringify({ notify: { desktop: true, sound: true } }));
    expect(() => readConfigFile(p)).toThrow(/"notify"/);
  });

  it('"signature" is kept as written, and an unknown {{variable}} is refused in words naming the nearest one', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify({ signature: '{{agent.name}}\n{{board.name}} team' }));
    expect(resolveBoardSettings({ env: {}, filePath: p }).signature).toBe('{{agent.name}}\n{{board.name}} team');
    await writeFile(p, JSON.stringify({ signature: 'Regards, {{agent.nam}}' }));
    expect(() => resolveBoardSettings({ env: {}, filePath: p })).toThrow(
      /"signature": \{\{agent\.nam\}\} is not a variable \(did you mean \{\{agent\.name\}\}\?\)/,
    );
  });
});
