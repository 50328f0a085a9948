/**
 * The defaults of inboard's own flags, each written once: the help texts
 * print these and the argument parsing falls back to them.
 *
 * Not here: the service's limits (page size included), which live in
 * src/api/schema.ts LIMITS because src/server may import only the wire
 * shapes; and the client's timing (src/api/wire.ts DEFAULT_TIMEOUT_MS,
 * src/api/retry.ts DEFAULT_RETRY), which only the client uses.
 */

/** Auto-refresh of the open board, in seconds (`inboard --refresh`; 0 turns it off). */
export const REFRESH_SECONDS = 30;
/** The shortest auto-refresh: a whole board read every 0.1 s burnt a fifth of a core for nothing. */
export const MIN_REFRESH_SECONDS = 2;

/** `inboard serve` without the flag. */
export const SERVE_DEFAULTS = {
  /** Loopback: anything else is reachable from the network. */
  host: '127.0.0.1',
  port: 7780,
  /** Requests per minute per key; 0 turns the limit off. */
  rateLimit: 1200,
  /** Seconds each reply waits in the outbox, to be taken back (`u`); 0 sends at once. */
  sendDelay: 10,
  /** Seconds a mailbox stays with an instance that stopped renewing before another takes it over. */
  mailboxLease: 20,
} as const;
