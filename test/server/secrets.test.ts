import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSecretBox, lazySecretBox, readSecretBox, SecretKeyProblem } from '../../src/server/secrets.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealed mailbox passwords', () => {
  it('are made with a 0600 key file, and unseal only with that key', () => {
    const path = join(dir, 'a.key');
    const box = ensureSecretBox(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const sealed = box.seal('hunter2 ✓');
    expect(sealed.includes(Buffer.from('hunter2'))).toBe(false);
    expect(readSecretBox(path)?.open(sealed)).toBe('hunter2 ✓');
    expect(ensureSecretBox(path).open(sealed)).toBe('hunter2 ✓');
    const other = ensureSecretBox(join(dir, 'b.key'));
    expect(() => other.open(sealed)).toThrow(/stored with another key file/);
    const flipped = Buffer.from(sealed);
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 1) ^ 1, flipped.length - 1);
    expect(() => box.open(flipped)).toThrow(SecretKeyProblem);
    expect(readFileSync(path, 'utf8').trim()).toMatch(/^[A-Za-z0-9+/=]{44}$/);
  });

  it('say where the key should be when it is missing, only when it is needed', () => {
    const lazy = lazySecretBox(join(dir, 'missing.key'));
    expect(() => lazy.open(Buffer.alloc(40))).toThrow(/no secret key file at .*missing\.key/);
    expect(readSecretBox(join(dir, 'missing.key'))).toBeUndefined();
  });
});
