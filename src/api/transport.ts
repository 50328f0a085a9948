/**
 * One HTTP exchange over undici: URL building, the auth header (bare key
 * first, `Bearer` on a 401, remembering what worked), the per-attempt time
 * limit, and turning low-level failures into ApiError. It never retries on its
 * own except for that single auth-form retry, and never follows redirects
 * (undici's `request` doesn't unless asked), so the key only ever goes to the
 * configured origin.
 */
import { Agent, type Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { isLoopbackUrl } from '../config/loopback.js';
import { ApiError, pathOnly, redact } from './errors.js';

export type AuthScheme = 'bare' | 'bearer';

export interface TransportOptions {
  baseUrl: URL;
  apiKey: string;
  dispatcher?: Dispatcher | undefined;
  timeoutMs: number;
  authScheme: AuthScheme;
}

/** A JSON value: what a request body may be (JSON.stringify would throw on a bigint, drop a function). */
export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

export interface SendInit {
  method: string;
  /** Path below the base URL, starting with `/`, query string included. */
  path: string;
  /**
   * Serialised as JSON when not undefined. The client's endpoints pass their
   * schema's input type (wire.ts RequestBody); `raw()` the user's JSON.
   */
  body?: Json | undefined;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** A 2xx answer is read as bytes (`Exchange.bytes`), not text: a file, not JSON. */
  binary?: boolean;
}

export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer as text; empty for a 2xx answer read as bytes. */
  text: string;
  /** A 2xx answer asked for as bytes (SendInit.binary). */
  bytes?: Buffer;
}

/** Failures that happen before a byte of the request reaches the server: a POST may be resent. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** TLS trust failures: no request was sent, but trying again cannot help. */
const PERMANENT =
  /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_INVALID|UND_ERR_INVALID|UND_ERR_NOT_SUPPORTED|UND_MOCK)/;

/** The error code of a low-level failure; Node's happy-eyeballs wraps them in AggregateError. */
function codeOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (Array.isArray(e.errors)) return codeOf(e.errors[0]);
  return e.cause === undefined ? undefined : codeOf(e.cause);
}

function redactHeaders(headers: IncomingHttpHeaders, secret: string): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] = typeof v === 'string' ? redact(v, secret) : Array.isArray(v) ? v.map((x) => redact(x, secret)) : v;
  }
  return out;
}

/**
 * An answer's text, unzipped when the server gzipped it (asked for over a
 * network: see `compressed`). zlib loads only then. A body that says gzip
 * and isn't reads as a network error: the answer did not arrive whole.
 */
async function bodyText(
  body: { text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer> },
  encoding: string | string[] | undefined,
): Promise<string> {
  const coding = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? '')).trim().toLowerCase();
  if (coding !== 'gzip' && coding !== 'x-gzip') return body.text();
  const { gunzipSync } = await import('node:zlib');
  // As body.text() reads: UTF-8, a leading byte-order mark dropped.
  return new TextDecoder().decode(gunzipSync(Buffer.from(await body.arrayBuffer())));
}

/** An answer's bytes, unzipped when the server gzipped them. */
async function bodyBytes(body: { arrayBuffer(): Promise<ArrayBuffer> }, encoding: string | string[] | undefined) {
  const coding = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? '')).trim().toLowerCase();
  const bytes = Buffer.from(await body.arrayBuffer());
  if (coding !== 'gzip' && coding !== 'x-gzip') return bytes;
  const { gunzipSync } = await import('node:zlib');
  return gunzipSync(bytes);
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(2))} s`;

/** One connection pool for every client without a dispatcher of its own, as undici's global one would be. */
let sharedAgent: Agent | undefined;
const defaultDispatcher = (): Dispatcher => (sharedAgent ??= new Agent());

export function createTransport(opts: TransportOptions) {
  let scheme: AuthScheme = opts.authScheme;
  const base = opts.baseUrl.href.replace(/\/+$/, '');
  // Over a network a page of cards gzipped is ~8× fewer bytes; on this machine the bytes cost less than zipping them.
  const compressed: Record<string, string> = isLoopbackUrl(opts.baseUrl) ? {} : { 'accept-encoding': 'gzip' };
  const host = opts.baseUrl.host;

  const authValue = (s: AuthScheme) => (s === 'bearer' ? `Bearer ${opts.apiKey}` : opts.apiKey);

  function networkError(init: SendInit, err: unknown): ApiError {
    const code = codeOf(err);
    const notSent = code !== undefined && NOT_SENT.has(code);
    const detail = err instanceof Error ? redact(err.message, opts.apiKey) : String(err);
    let message: string;
    if (code === 'ECONNREFUSED') message = `Could not connect to ${host}: connection refused (is the service running?)`;
    else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      message = `Could not find the host ${host} (DNS lookup failed)`;
    else if (code === 'UND_ERR_CONNECT_TIMEOUT') message = `Could not connect to ${host}: connection timed out`;
    else if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE')
      message = `The connection to ${host} was closed before the answer arrived`;
    else message = `Network error talking to ${host}: ${detail}`;
    return new ApiError({
      status: 0,
      message,
      method: init.method,
      path: pathOnly(init.path),
      kind: 'network',
      code,
      notSent,
      retryable: !(code !== undefined && PERMANENT.test(code)),
      // Keep the low-level error for debugging, unless its text carries the key.
      cause: detail.includes('[redacted]') ? undefined : err,
    });
  }

  async function once(init: SendInit, s: AuthScheme): Promise<Exchange> {
    const ac = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort();
    }, opts.timeoutMs);
    const onCallerAbort = () => ac.abort();
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'inboard',
      authorization: authValue(s),
      ...compressed,
      ...init.headers,
    };
    let payload: string | undefined;
    if (init.body !== undefined) {
      payload = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    try {
      if (init.signal?.aborted) throw new Error('aborted before start');
      const url = new URL(`${base}${init.path}`);
      const res = await (opts.dispatcher ?? defaultDispatcher()).request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers,
        body: payload,
        signal: ac.signal,
        // Also bound the socket phases for real dispatchers; the timer above covers the whole exchange.
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
      });
      if (init.binary === true && res.statusCode >= 200 && res.statusCode < 300) {
        const bytes = await bodyBytes(res.body, res.headers['content-encoding']);
        return { status: res.statusCode, headers: redactHeaders(res.headers, opts.apiKey), text: '', bytes };
      }
      // A server or proxy that echoes the credentials back ("invalid key <key>", a Location
      // carrying it) must not put the key into an error message, a log or `inboard api` output.
      const text = redact(await bodyText(res.body, res.headers['content-encoding']), opts.apiKey);
      return { status: res.statusCode, headers: redactHeaders(res.headers, opts.apiKey), text };
    } catch (err) {
      const path = pathOnly(init.path);
      if (init.signal?.aborted) {
        throw new ApiError({
          status: 0,
          message: 'Request cancelled',
          retryable: false,
          method: init.method,
          path,
          kind: 'cancelled',
        });
      }
      const code = codeOf(err);
      if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        throw new ApiError({
          status: 0,
          message: `Request timed out after ${seconds(opts.timeoutMs)}`,
          retryable: true,
          method: init.method,
          path,
          kind: 'timeout',
          code,
        });
      }
      throw networkError(init, err);
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Send with the remembered auth form; on a 401 try the other form once and keep it if it works. */
  async function send(init: SendInit): Promise<Exchange> {
    // `${base}@evil.example/` would change the host: only paths below the base are allowed.
    if (!init.path.startsWith('/')) throw new Error(`Request path must start with / (got "${init.path}")`);
    const tried = scheme;
    const first = await once(init, tried);
    if (first.status !== 401) return first;
    const other: AuthScheme = tried === 'bare' ? 'bearer' : 'bare';
    const second = await once(init, other);
    if (second.status === 401) return first; // the key itself is refused; report the first answer
    if (scheme === tried) scheme = other;
    return second;
  }

  /**
   * A long-lived GET read as it arrives (GET /v2/events): the answer's
   * status and headers, and for a 2xx its body's chunks; any other answer is
   * read whole into `text`. The time limit covers the headers only: an
   * event stream is idle between events by design.
   */
  async function stream(init: SendInit): Promise<Exchange & { chunks: AsyncIterable<Uint8Array> | null }> {
    if (!init.path.startsWith('/')) throw new Error(`Request path must start with / (got "${init.path}")`);
    const url = new URL(`${base}${init.path}`);
    try {
      const res = await (opts.dispatcher ?? defaultDispatcher()).request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'user-agent': 'inboard', authorization: authValue(scheme), ...init.headers },
        signal: init.signal,
        headersTimeout: opts.timeoutMs,
        bodyTimeout: 0,
      });
      const headers = redactHeaders(res.headers, opts.apiKey);
      if (res.statusCode >= 200 && res.statusCode < 300)
        return { status: res.statusCode, headers, text: '', chunks: res.body };
      const text = redact(await res.body.text(), opts.apiKey);
      return { status: res.statusCode, headers, text, chunks: null };
    } catch (err) {
      if (init.signal?.aborted) {
        throw new ApiError({
          status: 0,
          message: 'Request cancelled',
          retryable: false,
          method: 'GET',
          path: pathOnly(init.path),
          kind: 'cancelled',
        });
      }
      throw networkError({ ...init, method: 'GET' }, err);
    }
  }

  return {
    send,
    stream,
    get scheme() {
      return scheme;
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;
