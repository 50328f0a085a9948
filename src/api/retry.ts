/**
 * Retry policy (docs/architecture.md, "The wire layer"): GET, PUT and DELETE retry on
 * 429, 5xx and network failures; POST retries only on 429 or when the request
 * provably never left this machine. Exponential backoff with full jitter,
 * Retry-After honoured, a handful of attempts, and every wait announced
 * through `onBackoff` before it starts so the UI can count down.
 *
 * Why our own loop rather than undici's RetryAgent / retry interceptor:
 * - it never retries POST, and we need "POST only if not sent", which depends
 *   on the connect-phase error code, not just the method;
 * - it has no jitter, and caps Retry-After at maxTimeout (silently shortening
 *   what the server asked for) where we would rather give up visibly;
 * - it has no hook that fires *before* a wait with its length, which the
 *   status-bar countdown needs;
 * - a final failed attempt must still hand us the body so the user sees the
 *   server's own message.
 * Forty lines here are easier to read and test than bending it to all that.
 */
import { ApiError } from './errors.js';

export interface RetryOptions {
  /** Total attempts including the first (default 4). */
  maxAttempts: number;
  /** First backoff ceiling; doubles each attempt (default 300 ms). */
  baseDelayMs: number;
  /** Ceiling of any computed backoff (default 8 s). */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the error surfaces instead (default 60 s). */
  maxRetryAfterMs: number;
  /** Injected for tests; Math.random otherwise. */
  random?: () => number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** `attempt` is the number of the attempt about to be made (2 for the first retry). */
export interface BackoffInfo {
  attempt: number;
  waitMs: number;
  reason: string;
}
export type OnBackoff = (info: BackoffInfo) => void;

/** Retry-After as delta-seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Full jitter: uniform in [0, min(cap, base·2^(n-1))], where n counts failed attempts. */
export function backoffDelay(failedAttempts: number, opts: RetryOptions): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.floor((opts.random ?? Math.random)() * ceiling);
}

/** Whether this method may be resent after this failure. */
export function shouldRetry(method: string, err: ApiError): boolean {
  if (!err.retryable) return false;
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'PUT' || m === 'DELETE') return true;
  // POST (and anything else not idempotent): only when the server certainly
  // did not act on it — it refused for rate (429) or never received it.
  return err.status === 429 || err.notSent;
}

function reasonOf(err: ApiError): string {
  if (err.status === 429) return 'rate limited (429)';
  if (err.kind === 'http') return `server error ${err.status}`;
  if (err.kind === 'timeout') return 'timed out';
  return err.code ? `connection failed (${err.code})` : 'connection failed';
}

/** Wait `ms`, or reject with a cancellation error as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined, method: string, path: string): Promise<void> {
  const cancelled = () =>
    new ApiError({ status: 0, message: 'Request cancelled', retryable: false, method, path, kind: 'cancelled' });
  if (signal?.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Run `attempt` until it succeeds, fails for good, or attempts run out.
 * Only ApiErrors are judged; anything else is a bug and propagates at once.
 */
export async function withRetries<T>(
  method: string,
  path: string,
  attempt: (n: number) => Promise<T>,
  opts: RetryOptions,
  onBackoff: OnBackoff | undefined,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof ApiError) || n >= opts.maxAttempts || !shouldRetry(method, err)) throw err;
      let waitMs = backoffDelay(n, opts);
      if (err.retryAfterMs !== undefined) {
        // The server said when; asking sooner would only earn another 429.
        if (err.retryAfterMs > opts.maxRetryAfterMs) throw err;
        waitMs = err.retryAfterMs;
      }
      onBackoff?.({ attempt: n + 1, waitMs, reason: reasonOf(err) });
      await sleep(waitMs, signal, method, path);
    }
  }
}
