/**
 * The one error type every client failure becomes. Callers (the store, the
 * status bar, scriptable commands) only ever need: what happened in words,
 * the HTTP status (0 when no answer arrived), and whether trying again later
 * could help.
 */

/**
 * - `http`: the server answered with a non-2xx status (or a 3xx we refuse to follow).
 * - `network`: no usable answer (refused, reset, DNS…); status 0.
 * - `timeout`: no answer within the time limit; status 0.
 * - `cancelled`: the caller aborted the request; status 0.
 * - `response`: a 2xx whose body we could not understand, or that carried `Error: true`.
 * - `unsupported`: the server has no such endpoint (an extension it does not offer).
 * - `stale`: 412, a card write sent with a version (`If-Match`) the card no
 *   longer has: someone else changed it since; nothing was written.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'cancelled' | 'response' | 'unsupported' | 'stale';

export interface ApiErrorInit {
  status: number;
  message: string;
  /** The failure is transient: an identical request later may succeed. */
  retryable: boolean;
  method: string;
  path: string;
  kind: ApiErrorKind;
  /** Seconds or milliseconds the server asked us to wait (Retry-After), in ms. */
  retryAfterMs?: number | undefined;
  /** Low-level error code (ECONNRESET, UND_ERR_CONNECT_TIMEOUT…), for network failures. */
  code?: string | undefined;
  /** True when the request provably never left this machine (safe to resend a POST). */
  notSent?: boolean | undefined;
  /** The server said why in its own words (a JSON body with a message): a refusal, not a lost answer. */
  serverSaid?: boolean | undefined;
  /** For `stale`: the card's version now, from the answer's ETag, when it said. */
  version?: number | undefined;
  /** What an error envelope said beside its words (`data`: a held reply's new messages), unread. */
  data?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly retryable: boolean;
  readonly method: string;
  readonly path: string;
  readonly kind: ApiErrorKind;
  readonly retryAfterMs: number | undefined;
  readonly code: string | undefined;
  readonly notSent: boolean;
  readonly serverSaid: boolean;
  readonly version: number | undefined;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.retryable = init.retryable;
    this.method = init.method;
    this.path = init.path;
    this.kind = init.kind;
    this.retryAfterMs = init.retryAfterMs;
    this.code = init.code;
    this.notSent = init.notSent ?? false;
    this.serverSaid = init.serverSaid ?? false;
    this.version = init.version;
    this.data = init.data;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A card write refused because the card changed since the version it was sent with (412). */
export const isStale = (e: unknown): e is ApiError => e instanceof ApiError && e.kind === 'stale';

/** A card's version from an ETag (`"3"`, `W/"3"`, `3`); undefined when it names none. */
export function versionOfETag(v: unknown): number | undefined {
  const text: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
  if (typeof text !== 'string') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(text);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/** Statuses worth another try: rate limiting and server-side trouble. */
export const isRetryableStatus = (status: number): boolean => status === 429 || (status >= 500 && status <= 599);

/** Strip the query string from a path so messages stay short (ids are in the path anyway). */
export const pathOnly = (path: string): string => path.split('?')[0] ?? path;

/** Bound a server-supplied message so a huge body never floods the status bar. */
export function clip(text: string, max = 300): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

/** Remove every occurrence of a secret from text that may be shown or logged. */
export function redact(text: string, secret: string): string {
  if (secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}
