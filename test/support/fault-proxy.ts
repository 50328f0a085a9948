/**
 * A fault-injecting HTTP proxy on loopback, in front of the real local
 * service (startService on a temp SQLite file). A plan decides, per request,
 * what the client gets: the real answer, a 429 or 5xx the service never saw,
 * a connection reset before or after the service acted, a delay, silence, an
 * HTML error page or a JSON body cut in half. Every request is logged with
 * what was done to it and whether the service received it, so a test can say
 * "this Idempotency-Key reached the service exactly once".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../src/server/index.js';
import { migratedSqliteFile } from '../server/helpers.js';

export type Fault =
  | { kind: 'pass'; delayMs?: number }
  /** Answer this status without forwarding (429 with Retry-After, 503…). */
  | { kind: 'status'; status: number; retryAfter?: string; body?: string; delayMs?: number }
  /** Forward, let the service commit, then answer this status instead of its answer. */
  | { kind: 'statusAfter'; status: number; retryAfter?: string }
  /** Destroy the client's connection without forwarding: the service never sees the request. */
  | { kind: 'resetBefore' }
  /** Forward, wait for the service's full answer (it has committed), then destroy the connection. */
  | { kind: 'resetAfter' }
  /** Never answer (the socket stays open until the client gives up or the proxy closes). */
  | { kind: 'hang' }
  /** An HTML error page from "a gateway", without forwarding. */
  | { kind: 'html'; status: number }
  /** Forward, then send only the first half of the service's JSON body (a well-formed HTTP message). */
  | { kind: 'truncate' };

export interface RequestInfo {
  /** 1-based over the proxy's life. */
  n: number;
  method: string;
  /** Path with query string. */
  path: string;
  idempotencyKey: string | undefined;
  body: string;
}

export type Plan = (req: RequestInfo) => Fault;

export interface LogEntry extends RequestInfo {
  fault: Fault['kind'];
  /** The service received and answered this request. */
  forwarded: boolean;
  /** The service's status, when forwarded. */
  upstreamStatus: number | undefined;
  authorization: string | undefined;
}

export interface FaultProxy {
  /** The proxy's base URL: give it to the client. */
  url: string;
  /** The service's own URL: the test's independent view of the server. */
  serviceUrl: string;
  apiKey: string;
  log: LogEntry[];
  /** Replace the plan (default: pass everything). */
  setPlan(plan: Plan): void;
  close(): Promise<void>;
}

export const PASS: Plan = () => ({ kind: 'pass' });

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

function forwardHeaders(h: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && !HOP.has(k)) out[k] = v;
  return out;
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const readAll = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface StartOptions {
  apiKey?: string;
  demo?: boolean;
  rateLimit?: number;
}

export async function startFaultProxy(opts: StartOptions = {}): Promise<FaultProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-faults-'));
  const apiKey = opts.apiKey ?? 'fault-proxy-key-0123456789abcdef';
  let service: RunningService;
  try {
    service = await startService({
      dbPath: migratedSqliteFile(dir, 'inboard.db'),
      apiKey,
      demo: opts.demo ?? true,
      rateLimit: opts.rateLimit ?? 0,
    });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const target = new URL(service.url);
  let plan: Plan = PASS;
  let n = 0;
  const log: LogEntry[] = [];
  const sockets = new Set<Socket>();

  function forward(req: IncomingMessage, body: Buffer): Promise<Upstream> {
    return new Promise((resolve, reject) => {
      const up = httpRequest(
        {
          host: target.hostname.replace(/^\[|\]$/g, ''),
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...forwardHeaders(req.headers), 'content-length': String(body.length) },
          agent: false,
        },
        (res) => {
          readAll(res).then((b) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: b }), reject);
        },
      );
      up.on('error', reject);
      up.end(body);
    });
  }

  function send(res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string): void {
    const buf = typeof body === 'string' ? Buffer.from(body) : body;
    res.writeHead(status, { ...headers, 'content-length': String(buf.length) });
    res.end(buf);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const keyHeader = req.headers['idempotency-key'];
    const info: RequestInfo = {
      n: ++n,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      idempotencyKey: Array.isArray(keyHeader) ? keyHeader[0] : keyHeader,
      body: body.toString('utf8'),
    };
    const fault = plan(info);
    const entry: LogEntry = {
      ...info,
      fault: fault.kind,
      forwarded: false,
      upstreamStatus: undefined,
      authorization: typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined,
    };
    log.push(entry);
    const through = async (): Promise<Upstream> => {
      const up = await forward(req, body);
      entry.forwarded = true;
      entry.upstreamStatus = up.status;
      return up;
    };
    const passOn = (up: Upstream, payload: Buffer = up.body) => {
      const type = up.headers['content-type'];
      const retry = up.headers['retry-after'];
      send(
        res,
        up.status,
        {
          ...(type ? { 'content-type': String(type) } : {}),
          ...(retry ? { 'retry-after': String(retry) } : {}),
        },
        payload,
      );
    };
    switch (fault.kind) {
      case 'pass':
        if (fault.delayMs) await sleep(fault.delayMs);
        return passOn(await through());
      case 'status':
        if (fault.delayMs) await sleep(fault.delayMs);
        return send(
          res,
          fault.status,
          {
            'content-type': 'application/json',
            ...(fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {}),
          },
          fault.body ?? JSON.stringify({ message: `Injected ${fault.status}`, error: true, code: fault.status }),
        );
      case 'statusAfter': {
        await through();
        return send(
          res,
          fault.status,
          {
            'content-type': 'application/json',
            ...(fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {}),
          },
          JSON.stringify({ message: `Injected ${fault.status} after commit`, error: true, code: fault.status }),
        );
      }
      case 'resetBefore':
        req.socket.destroy();
        return;
      case 'resetAfter':
        await through();
        req.socket.destroy();
        return;
      case 'hang':
        return; // the socket is destroyed by close() if the client never gives up
      case 'html':
        return send(
          res,
          fault.status,
          { 'content-type': 'text/html' },
          `<!DOCTYPE html><html><head><title>${fault.status} Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>`,
        );
      case 'truncate': {
        const up = await through();
        return passOn(up, up.body.subarray(0, Math.floor(up.body.length / 2)));
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    serviceUrl: service.url,
    apiKey,
    log,
    setPlan(p) {
      plan = p;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Deterministic PRNG (mulberry32) so a failing seed replays the same faults. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes (POST/PUT/DELETE) that reached the service, grouped by Idempotency-Key. */
export function forwardedByKey(log: readonly LogEntry[]): Map<string, LogEntry[]> {
  const out = new Map<string, LogEntry[]>();
  for (const e of log) {
    if (!e.forwarded || e.idempotencyKey === undefined) continue;
    out.set(e.idempotencyKey, [...(out.get(e.idempotencyKey) ?? []), e]);
  }
  return out;
}
