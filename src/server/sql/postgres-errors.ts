/**
 * PostgreSQL's failures in words: which ones mean the database is away (the
 * service answers 503 and tries again), and what `inboard serve` says when
 * it cannot connect — the host, port and database, and the reason, never
 * the password.
 */
export type PgError = Error & { code?: string; errno?: string };

/** A failure of the connection (the database down, restarting, unreachable), not of the statement. */
export function isUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as PgError).code;
  if (typeof code === 'string') {
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(code)) return true;
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  if (/Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(err.message)) return true;
  return err.cause !== undefined && err.cause !== err && isUnavailable(err.cause);
}

/** The URL for messages: its password removed. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '';
    return u.toString().replace(/^(postgres(?:ql)?:\/\/[^@/]*):@/, '$1@');
  } catch {
    return url.replace(/:\/\/([^:@/]*):[^@/]*@/, '://$1@');
  }
}

/** host:port/database as libpq would resolve them from the URL, for the first words of a message. */
export function target(url: string): string {
  try {
    const u = new URL(url);
    const host = u.searchParams.get('host') ?? (u.hostname === '' ? 'localhost' : decodeURIComponent(u.hostname));
    const port = u.port === '' ? (u.searchParams.get('port') ?? '5432') : u.port;
    const user = decodeURIComponent(u.username) || process.env.USER || 'postgres';
    const db = decodeURIComponent(u.pathname.slice(1)) || user;
    return `${host}:${port}/${db}`;
  } catch {
    return redactUrl(url);
  }
}

const SOCKET_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running, and on that port?)',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOENT: 'no socket there (is PostgreSQL running?)',
};

export function reason(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return reason(err.errors[0]);
  if (!(err instanceof Error)) return String(err);
  const code = (err as PgError).code;
  if (code !== undefined && SOCKET_REASONS[code] !== undefined) return SOCKET_REASONS[code];
  return err.message === '' ? (code ?? 'unknown error') : err.message;
}
