/**
 * Mailbox passwords are sealed before they reach the database, with a key
 * kept outside it: a copied database alone reveals none of them. The key is
 * 32 random bytes in a 0600 file (beside a SQLite file, or the one
 * INBOARD_SECRET_FILE names; every instance of a team server is given the
 * same file). AES-256-GCM: a wrong key or a changed byte is refused, never
 * read as a different password.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const VERSION = 1;
const AAD = Buffer.from('inboard mailbox secret v1');

export class SecretKeyProblem extends Error {
  override readonly name = 'SecretKeyProblem';
}

export interface SecretBox {
  readonly path: string;
  seal(plain: string): Buffer;
  open(sealed: Buffer): string;
}

function boxOf(path: string, key: Buffer): SecretBox {
  return {
    path,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      if (sealed.length < 29 || sealed[0] !== VERSION)
        throw new SecretKeyProblem('the stored password is not in a form this inboard reads');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
      decipher.setAAD(AAD);
      decipher.setAuthTag(sealed.subarray(13, 29));
      try {
        return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretKeyProblem(
          `the password can't be unsealed with the key in ${path}: it was stored with another key file (give every instance the same INBOARD_SECRET_FILE, or add the mailbox again)`,
        );
      }
    },
  };
}

function parseKey(path: string, text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new SecretKeyProblem(`${path} is not an inboard secret key (32 bytes, base64)`);
  return key;
}

/** The key in `path`; undefined when there is no such file. */
export function readSecretBox(path: string): SecretBox | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SecretKeyProblem(`can't read the secret key file ${path}: ${(e as Error).message}`);
  }
  return boxOf(path, parseKey(path, text));
}

/** The key in `path`, made (0600) when there is none yet. */
export function ensureSecretBox(path: string): SecretBox {
  const found = readSecretBox(path);
  if (found !== undefined) return found;
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': two processes making it at once keep one key.
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const again = readSecretBox(path);
    if (again === undefined) throw e;
    return again;
  }
  return boxOf(path, key);
}

/**
 * The key in `path`, read when first needed (a mailbox added while the
 * service runs may have made the file after it started).
 */
export function lazySecretBox(path: string): SecretBox {
  let box: SecretBox | undefined;
  const get = (): SecretBox => {
    box ??= readSecretBox(path);
    if (box === undefined)
      throw new SecretKeyProblem(
        `no secret key file at ${path} to unseal the mailbox's password with (made by inboard mailbox add; give every instance the same file, INBOARD_SECRET_FILE)`,
      );
    return box;
  };
  return { path, seal: (plain) => get().seal(plain), open: (sealed) => get().open(sealed) };
}
