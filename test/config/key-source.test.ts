/**
 * Where the API key came from travels with the connection, so a 401 can say
 * which key to replace and how: --api-key, INBOARD_API_KEY, the config file
 * (by its path) or the embedded service's own key file.
 */
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { connect } from '../../src/config/connect.js';
import { explainKeyRefusals } from '../../src/config/key-refused.js';
import { ConfigError, resolveConfig } from '../../src/config/resolve.js';
import { openDb } from '../../src/server/db.js';
import { createClient } from '../../src/api/client.js';
import { startService } from '../../src/server/index.js';

const KEY = 'key-source-test-0123456789';

describe('resolveConfig names the key source', () => {
  const url = 'https://svc.example.com';
  it('flag, env, or the config file with its path', () => {
    expect(resolveConfig({ flags: { url, apiKey: KEY }, env: {}, file: null })).toMatchObject({
      keySource: { from: 'flag' },
    });
    expect(resolveConfig({ env: { INBOARD_URL: url, INBOARD_API_KEY: KEY }, file: null })).toMatchObject({
      keySource: { from: 'env' },
    });
    expect(resolveConfig({ env: {}, file: { url, apiKey: KEY }, filePath: '/etc/inboard/config.json' })).toMatchObject({
      keySource: { from: 'file', path: '/etc/inboard/config.json' },
    });
  });
});

describe('a client that explains refused keys', () => {
  it('a 401 names the source; other failures and what is set on it pass through', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inboard-keysrc-'));
    const svc = await startService({ dbPath: join(dir, 'x.db'), apiKey: KEY, demo: true });
    try {
      const bad = explainKeyRefusals(
        createClient({ baseUrl: svc.url, apiKey: 'not-the-key-0123456789', maxAttempts: 1 }),
        {
          from: 'file',
          path: '/home/me/.config/inboard/config.json',
        },
      );
      const e = await bad.listBoards().then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({
        status: 401,
        retryable: false,
        message:
          'Invalid or revoked API key — the key came from the config file /home/me/.config/inboard/config.json; put a valid one in its "apiKey", then run inboard again',
      });
      const good = explainKeyRefusals(createClient({ baseUrl: svc.url, apiKey: KEY, maxAttempts: 1 }), { from: 'env' });
      await expect(good.getCard('999999')).rejects.toMatchObject({ status: 404, message: 'Card 999999 not found' });
      const seen: number[] = [];
      good.onBackoff = (info) => seen.push(info.attempt);
      good.onBackoff({ attempt: 3, waitMs: 1, reason: 'x' });
      expect(seen).toEqual([3]);
      expect(good.offers('setTags')).toBeUndefined();
    } finally {
      await svc.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the embedded service’s own key', () => {
  let dir: string;
  const saved = { data: process.env.INBOARD_DATA_DIR, config: process.env.INBOARD_CONFIG_DIR };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-keysrc-embedded-'));
    process.env.INBOARD_DATA_DIR = dir;
    process.env.INBOARD_CONFIG_DIR = dir;
  });
  afterAll(() => {
    for (const [k, v] of [
      ['INBOARD_DATA_DIR', saved.data],
      ['INBOARD_CONFIG_DIR', saved.config],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('revoked while running: the 401 names the key file; at the next start, a configuration error says the same; deleting it mends', async () => {
    const keyFile = join(dir, 'embedded.key');
    const conn = await connect({}, {});
    expect(conn.keySource).toEqual({ from: 'embedded', path: keyFile });
    try {
      expect((await conn.client.listBoards()).length).toBeGreaterThan(0);
      const db = openDb(join(dir, 'inboard.db'));
      db.prepare('UPDATE api_keys SET revoked_at = ?').run(new Date().toISOString());
      db.close();
      await expect(conn.client.listBoards()).rejects.toMatchObject({
        status: 401,
        message: `Invalid or revoked API key — the key came from the embedded service's key file ${keyFile}; delete that file to have a new one made, then run inboard again`,
      });
    } finally {
      await conn.close();
    }
    const again = await connect({}, {}).then(
      () => null,
      (e: unknown) => e,
    );
    expect(again).toBeInstanceOf(ConfigError);
    expect((again as Error).message).toBe(
      `The embedded service's key in ${keyFile} has been revoked: delete that file to have a new one made, then run inboard again`,
    );
    unlinkSync(keyFile);
    const mended = await connect({}, {});
    try {
      expect((await mended.client.listBoards()).length).toBeGreaterThan(0);
    } finally {
      await mended.close();
    }
  });
});
