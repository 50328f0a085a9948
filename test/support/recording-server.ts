/**
 * Servers that watch for a secret: they count every TCP connection (so a
 * test can say "nothing ever connected") and keep every request's headers,
 * then answer however the test asks — or never.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { networkInterfaces } from 'node:os';

export interface Recording {
  url: string;
  port: number;
  connections: number;
  requests: { method: string; url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** `answer` undefined: never answer (the request hangs until the client gives up). */
export async function recordingServer(
  answer?: (req: IncomingMessage, res: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<Recording> {
  const sockets = new Set<Socket>();
  const rec: Omit<Recording, 'url' | 'port' | 'close'> = { connections: 0, requests: [] };
  const server = createServer((req, res) => {
    rec.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined,
    });
    req.resume();
    answer?.(req, res);
  });
  server.on('connection', (s) => {
    rec.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(rec, {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
export function externalIPv4(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
}

/** Resolves once `cond()` holds, checking on each turn of the event loop (no clock in the assertion). */
export async function until(cond: () => boolean, what: string, maxTurns = 20_000): Promise<void> {
  for (let i = 0; i < maxTurns; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The clean environment runNode gives a child: PATH, NO_COLOR and `env` (an undefined value unsets). */
export function childEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { PATH: process.env.PATH, NO_COLOR: '1', INBOARD_CACHE_DIR: process.env.INBOARD_CACHE_DIR, ...env };
}

/**
 * `node <args>` with a clean environment (PATH, NO_COLOR and `env`; an
 * undefined value unsets); resolves when it exits. `input` is its stdin.
 */
export function runNode(
  args: string[],
  env: Record<string, string | undefined>,
  o: { cwd?: string; input?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: o.cwd,
      env: childEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    // A command that never reads stdin (--help) may exit before the write
    // lands: EPIPE then says nothing about the command, its exit code does.
    child.stdin.on('error', (e: NodeJS.ErrnoException) => e.code === 'EPIPE' || fail(e));
    child.stdin.end(o.input ?? '');
  });
}
