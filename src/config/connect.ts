/**
 * From configuration to a working client: a remote service, or the embedded
 * local service started in-process on loopback (database and key in the
 * XDG data dir, demo workspace on first run). Shared by the board and the
 * scriptable commands so both talk to the same backends the same way.
 */
import { mkdirSync } from 'node:fs';
import { createClient } from '../api/client.js';
import type { Client } from '../api/types.js';
import { ensureEmbeddedKey } from './key-file.js';
import { explainKeyRefusals } from './key-refused.js';
import { dataDir, defaultDbPath, embeddedKeyPath } from './paths.js';
import { ConfigError, resolveConfig, type ConfigFlags, type KeySource } from './resolve.js';

export interface Connection {
  client: Client;
  /** "embedded" or the remote host, for people to read; with the profile in use first ("work · boards.example.com"). */
  backend: string;
  /** Where the key came from; the client's 401s already say it (key-refused.ts). */
  keySource: KeySource;
  /** Stops the embedded service, if one was started. */
  close(): Promise<void>;
}

const named = (profile: string | null, where: string) => (profile === null ? where : `${profile} · ${where}`);

/** `signal` cancels every request of the client (see ClientOptions.signal). */
export async function connect(
  flags: ConfigFlags,
  env: Record<string, string | undefined> = process.env,
  signal?: AbortSignal,
): Promise<Connection> {
  const config = resolveConfig({ flags, env });
  if (config.mode === 'remote') {
    const client = createClient({ baseUrl: config.url, apiKey: config.apiKey, insecure: config.insecure, signal });
    const { keySource } = config;
    return {
      client: explainKeyRefusals(client, keySource),
      backend: named(config.profile, new URL(config.url).host),
      keySource,
      close: () => Promise.resolve(),
    };
  }
  mkdirSync(dataDir(), { recursive: true, mode: 0o700 });
  const keyPath = embeddedKeyPath();
  const keySource: KeySource = { from: 'embedded', path: keyPath };
  const apiKey = await ensureEmbeddedKey(keyPath);
  // Imported lazily: a remote user never loads Fastify or SQLite.
  const { startService } = await import('../server/index.js');
  const svc = await startService({ dbPath: defaultDbPath(), apiKey, demo: true }).catch((e: unknown) => {
    // `inboard keys revoke` reached the embedded service's own key: a new one is made when the file is gone.
    if (e instanceof Error && /revoked/.test(e.message)) {
      throw new ConfigError(
        `The embedded service's key in ${keyPath} has been revoked: delete that file to have a new one made, then run inboard again`,
      );
    }
    throw e;
  });
  const client = explainKeyRefusals(createClient({ baseUrl: svc.url, apiKey, signal }), keySource);
  return { client, backend: named(config.profile, 'embedded'), keySource, close: () => svc.close() };
}
