import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureEmbeddedKey, readSecretFile, writeSecretFile } from '../../src/config/key-file.js';
import { isLoopbackUrl } from '../../src/config/loopback.js';
import { maskKey } from '../../src/config/mask.js';
import { readConfigFile } from '../../src/config/resolve.js';

const mode = async (p: string) => (await stat(p)).mode & 0o777;
const posix = process.platform !== 'win32';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inboard-secrets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('maskKey', () => {
  it('shows the ends of a normal key only', () => {
    expect(maskKey('abcd0123456789wxyz')).toBe('abcd…wxyz');
  });
  it('masks short keys completely', () => {
    expect(maskKey('short-key')).toBe('••••');
    expect(maskKey('')).toBe('••••');
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    'http://127.0.0.1:8080', 'http://127.1.2.3/', 'http://localhost:1', 'http://LOCALHOST./x', 'http://[::1]:9',
    'http://[::ffff:127.0.0.1]/',
  ])('%s is loopback', (u) => expect(isLoopbackUrl(u)).toBe(true));
  it.each([
    'http://128.0.0.1', 'http://10.0.0.1', 'http://localhost.example.com', 'http://127.0.0.1.nip.io',
    'http://[::2]', 'not a url', 'http://[::ffff:10.0.0.1]',
  ])('%s is not loopback', (u) => expect(isLoopbackUrl(u)).toBe(false));
});

describe.runIf(posix)('secret files', () => {
  it('creates the file 0600 in a 0700 directory', async () => {
    const p = join(dir, 'nested', 'embedded.key');
    await writeSecretFile(p, 'sekret');
    expect(await mode(p)).toBe(0o600);
    expect(await mode(join(dir, 'nested'))).toBe(0o700);
    expect(await readSecretFile(p)).toBe('sekret');
  });

  it('fixes a 0644 file to 0600 when reading it', async () => {
    const p = join(dir, 'embedded.key');
    await writeFile(p, 'sekret\n');
    await chmod(p, 0o644);
    expect(await readSecretFile(p)).toBe('sekret');
    expect(await mode(p)).toBe(0o600);
  });

  it('a missing file reads as null', async () => {
    expect(await readSecretFile(join(dir, 'nope'))).toBeNull();
  });

  it('ensureEmbeddedKey generates once and keeps it; concurrent first starts agree', async () => {
    const p = join(dir, 'data', 'embedded.key');
    const [a, b, c] = await Promise.all([ensureEmbeddedKey(p), ensureEmbeddedKey(p), ensureEmbeddedKey(p)]);
    expect(a).toMatch(/^ibk_[A-Za-z0-9_-]{40,}$/);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await ensureEmbeddedKey(p)).toBe(a);
    expect(await mode(p)).toBe(0o600);
  });

  it('tightens a config file holding a key', async () => {
    const p = join(dir, 'config.json');
    await writeFile(p, JSON.stringify({ url: 'https://x.example.com', apiKey: 'k-0123456789abcdef' }));
    await chmod(p, 0o644);
    readConfigFile(p);
    expect(await mode(p)).toBe(0o600);
  });
});
