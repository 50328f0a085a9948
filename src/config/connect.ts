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
import { dataDir, defaultDbPath } from './paths.js';
import { resolveConfig, type ConfigFlags } from './resolve.js';

export interface Connection {
  client: Client;
  /** "embedded" or the remote host, for people to read. */
  backend: string;
  /** Stops the embedded service, if one was started. */
  close(): Promise<void>;
}

/** `signal` cancels every request of the client (see ClientOptions.signal). */
export async function connect(
  flags: ConfigFlags,
  env: Record<string, string | undefined> = process.env,
  signal?: AbortSignal,
): Promise<Connection> {
  const config = resolveConfig({ flags, env });
  if (config.mode === 'remote') {
    const client = createClient({ baseUrl: config.url, apiKey: config.apiKey, insecure: config.insecure, signal });
    return { client, backend: new URL(config.url).host, close: () => Promise.resolve() };
  }
  mkdirSync(dataDir(), { recursive: true, mode: 0o700 });
  const apiKey = await ensureEmbeddedKey();
  // Imported lazily: a remote user never loads Fastify or SQLite.
  const { startService } = await import('../server/index.js');
  const svc = await startService({ dbPath: defaultDbPath(), apiKey, demo: true });
  return { client: createClient({ baseUrl: svc.url, apiKey, signal }), backend: 'embedded', close: () => svc.close() };
}
