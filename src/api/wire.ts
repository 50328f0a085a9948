/**
 * The client's request plumbing, shared by every endpoint: send a request
 * (transport.ts) with retries (retry.ts) and an idempotency key on POST, read
 * the answer in one of the forms the endpoints need (parse.ts), remember which
 * extensions the server lacks, and the raw escape hatch of `inboard api`.
 * It knows no endpoint: those are small functions over a `Wire` (endpoints/).
 */
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { checkServiceUrl } from '../config/loopback.js';
import { hearVersion, idempotency, ifMatchHeader } from './call-headers.js';
import { ApiError } from './errors.js';
import { EXTENSION_WORDS } from './extension-words.js';
import {
  errorFromExchange,
  parseAs,
  readJson,
  unexpected,
  unwrapEnvelope,
  unwrapMaybeEnvelope,
  type Where,
} from './parse.js';
import { DEFAULT_RETRY, withRetries, type OnBackoff, type RetryOptions } from './retry.js';
import type {
  CreateBoardInput,
  CreateColumnInput,
  CreateCommentInput,
  CreateEmailSequenceInput,
  CreateTagInput,
  UpdateCommentInput,
} from './schema.js';
import type {
  AddNoteInput,
  AddSubTaskInput,
  AddTagInput,
  CreateCardInput,
  MoveCardInput,
  RestoreCardInput,
  SetDueDateInput,
  SetReadStatusInput,
  SetTagsInput,
  TickSubTaskInput,
  UpdateCardInput,
} from './schema-cards.js';
import type { ReplyInput } from './schema-mail.js';
import type { DragAppBody } from './dragapp/body.js';
import { createTransport, type AuthScheme, type Json } from './transport.js';
import type { CallOptions, Extension } from './types.js';

export interface WireOptions {
  /** Scheme and host of the service (a path prefix is kept); endpoints append `/v2/...`. */
  baseUrl: string;
  apiKey: string;
  /** An undici dispatcher (a MockAgent in tests); undici's global one otherwise. */
  dispatcher?: Dispatcher;
  /** Per attempt, headers and body together (DEFAULT_TIMEOUT_MS when not given). */
  timeoutMs?: number;
  /** Attempts including the first (DEFAULT_RETRY.maxAttempts when not given). */
  maxAttempts?: number;
  /** Allow plain http:// to a non-loopback host (the key travels readable). */
  insecure?: boolean;
  /** Auth form to try first (default the reference's bare key). */
  authScheme?: AuthScheme;
  /** Backoff tuning; tests shorten the delays. */
  retry?: Partial<Omit<RetryOptions, 'maxAttempts'>>;
  /**
   * Cancels every call of this client, in flight or waiting to retry, and
   * any made later: the board aborts it on quit, so no request or backoff
   * keeps the process alive once the screen is gone.
   */
  signal?: AbortSignal;
}

export type Query = Record<string, string | number | undefined>;
/** Every body an endpoint sends: the input type of the schema the server validates it with. */
export type RequestBody =
  | CreateBoardInput
  | CreateColumnInput
  | CreateCardInput
  | UpdateCardInput
  | MoveCardInput
  | AddNoteInput
  | AddSubTaskInput
  | AddTagInput
  | SetTagsInput
  | SetDueDateInput
  | SetReadStatusInput
  | TickSubTaskInput
  | RestoreCardInput
  | CreateCommentInput
  | UpdateCommentInput
  | CreateTagInput
  | CreateEmailSequenceInput
  | ReplyInput
  | DragAppBody;
export interface Req {
  query?: Query;
  body?: RequestBody;
  o?: CallOptions | undefined;
}

/** The plumbing an endpoint is written over (see createWire). */
export interface Wire {
  /** Send with retries; resolves with the 2xx status and its JSON body (text for a change answered in words). */
  call(method: string, path: string, r?: Req): Promise<{ status: number; json: unknown }>;
  /** An enveloped answer: `data` parsed with `schema`. */
  env<S extends z.ZodType>(schema: S, method: string, path: string, r?: Req): Promise<z.output<S>>;
  /** An answer documented without the envelope (tolerating one anyway), parsed with `schema`. */
  bare<S extends z.ZodType>(schema: S, method: string, path: string, r?: Req): Promise<z.output<S>>;
  /**
   * The answer of a change, read leniently: the envelope's data, a bare
   * object, or text (`success`, or nothing). What the caller needs from it is
   * taken where present; the rest of the change is known from the request.
   */
  change(method: string, path: string, r?: Req): Promise<unknown>;
  /** An enveloped list read row by row; a body that is no list at all is the only failure. */
  rows<T>(path: string, read: (v: unknown) => T, r?: Req): Promise<T[]>;
  /** An enveloped single object read with `read`; a string from it names what was missing. */
  one<T>(path: string, read: (v: unknown) => T | string, r?: Req): Promise<T>;
  /**
   * An extension's call: refused at once once the server said it lacks the
   * endpoint, which is learnt from its first answer.
   */
  extension<T>(ext: Extension, method: string, path: string, send: () => Promise<T>): Promise<T>;
  /** What the server said of an extension so far: the client hands it on as `Client.offers`. */
  offers: (ext: Extension) => boolean | undefined;
  /**
   * A stream read as it arrives (GET /v2/events), one attempt: a 2xx answer's
   * content type and body chunks; any other answer throws as `call` would.
   */
  stream(
    path: string,
    r: { query?: Query; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<{ type: string; chunks: AsyncIterable<Uint8Array> }>;
  /** A GET answered with a file (not JSON), with retries: its bytes and headers; any other answer throws as `call` would. */
  bytes(path: string, r?: Req): Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>;
  /** One request as given, no retries, no parsing: the client hands it on as `Client.raw`. */
  raw: (method: string, path: string, body?: Json, o?: CallOptions) => Promise<{ status: number; body: string }>;
}

/** WireOptions.timeoutMs when not given. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** What a value is, in words, for "expected a list, got …". */
export const kindOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v;
/** A path segment from an id, escaped (ids are opaque: "wamid-…", hex). */
export const seg = (v: string | number) => encodeURIComponent(String(v));

function queryString(q: Query | undefined): string {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

function joinSignals(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  return a === undefined ? b : b === undefined ? a : AbortSignal.any([a, b]);
}

/**
 * `onBackoff` is called before every wait; it is a function rather than a
 * value so the client can forward to a hook attached after creation.
 */
export function createWire(opts: WireOptions, onBackoff: OnBackoff): Wire {
  const apiKey = opts.apiKey.trim();
  // A key with control characters would be rejected by undici with a less helpful message.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!apiKey || /[\u0000-\u001f\u007f]/.test(apiKey)) {
    throw new Error('The API key is empty or contains control characters; check INBOARD_API_KEY or the config file');
  }
  const baseUrl = checkServiceUrl(opts.baseUrl, opts.insecure ?? false);
  const transport = createTransport({
    baseUrl,
    apiKey,
    dispatcher: opts.dispatcher,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    authScheme: opts.authScheme ?? 'bare',
  });
  const policy: RetryOptions = {
    ...DEFAULT_RETRY,
    ...opts.retry,
    maxAttempts: opts.maxAttempts ?? DEFAULT_RETRY.maxAttempts,
  };

  function call(method: string, path: string, r: Req = {}): Promise<{ status: number; json: unknown }> {
    const where: Where = { method, path };
    const signal = joinSignals(opts.signal, r.o?.signal);
    const headers = { ...idempotency(method, r.o), ...ifMatchHeader(r.o) };
    const attempt = async () => {
      const ex = await transport.send({
        method,
        path: path + queryString(r.query),
        body: r.body,
        headers,
        signal,
      });
      if (ex.status < 200 || ex.status > 299) throw errorFromExchange(where, ex);
      hearVersion(r.o, ex.headers);
      return { status: ex.status, json: readJson(where, ex) };
    };
    return withRetries(method, path, attempt, policy, onBackoff, signal);
  }

  const offered = new Map<Extension, boolean>();

  return {
    call,
    async env(schema, method, path, r) {
      const { status, json } = await call(method, path, r);
      const where = { method, path };
      return parseAs(schema, unwrapEnvelope(where, status, json), where, status, ['data']);
    },
    async bare(schema, method, path, r) {
      const { status, json } = await call(method, path, r);
      const where = { method, path };
      return parseAs(schema, unwrapMaybeEnvelope(where, status, json), where, status);
    },
    async change(method, path, r) {
      const { status, json } = await call(method, path, r);
      return unwrapMaybeEnvelope({ method, path }, status, json);
    },
    async rows(path, read, r) {
      const { status, json } = await call('GET', path, r);
      const where = { method: 'GET', path };
      const data = unwrapEnvelope(where, status, json);
      if (!Array.isArray(data)) throw unexpected(where, status, `data expected a list, got ${kindOf(data)}`);
      return data.map(read);
    },
    async one(path, read, r) {
      const { status, json } = await call('GET', path, r);
      const where = { method: 'GET', path };
      const got = read(unwrapEnvelope(where, status, json));
      if (typeof got === 'string') throw unexpected(where, status, got);
      return got;
    },
    async extension(ext, method, path, send) {
      const unsupported = () =>
        new ApiError({
          status: 404,
          method,
          path,
          kind: 'unsupported',
          retryable: false,
          message: `${EXTENSION_WORDS[ext]} is not offered by this server`,
        });
      if (offered.get(ext) === false) throw unsupported();
      try {
        const result = await send();
        offered.set(ext, true);
        return result;
      } catch (e) {
        if (e instanceof ApiError && e.kind === 'unsupported') {
          offered.set(ext, false);
          throw unsupported();
        }
        throw e;
      }
    },
    async stream(path, r) {
      const where: Where = { method: 'GET', path };
      const ex = await transport.stream({
        method: 'GET',
        path: path + queryString(r.query),
        headers: { accept: 'text/event-stream', ...r.headers },
        signal: joinSignals(opts.signal, r.signal),
      });
      if (ex.chunks === null) throw errorFromExchange(where, ex);
      return { type: String(ex.headers['content-type'] ?? ''), chunks: ex.chunks };
    },
    bytes(path, r = {}) {
      const where: Where = { method: 'GET', path };
      const signal = joinSignals(opts.signal, r.o?.signal);
      const init = { method: 'GET', path: path + queryString(r.query), headers: { accept: '*/*' }, signal };
      const attempt = async () => {
        const ex = await transport.send({ ...init, binary: true });
        if (ex.status < 200 || ex.status > 299) throw errorFromExchange(where, ex);
        if (ex.bytes === undefined) throw unexpected(where, ex.status, 'no body');
        return { headers: ex.headers, bytes: ex.bytes };
      };
      return withRetries('GET', path, attempt, policy, onBackoff, signal);
    },
    offers: (ext) => offered.get(ext),
    // `inboard api`'s escape hatch: the body is the user's JSON, sent as given whatever the
    // endpoint (a raw request by design; the server judges it), so it is typed `Json`, not a schema's input.
    async raw(method, path, body, o) {
      const m = method.toUpperCase();
      if (!/^[A-Z]+$/.test(m)) throw new Error(`"${method}" is not an HTTP method`);
      // Only paths below the configured service: an absolute URL would carry the key elsewhere.
      if (!path.startsWith('/')) throw new Error(`The path must start with / (got "${path}")`);
      const headers = idempotency(m, o);
      const ex = await transport.send({ method: m, path, body, headers, signal: joinSignals(opts.signal, o?.signal) });
      return { status: ex.status, body: ex.text };
    },
  };
}
