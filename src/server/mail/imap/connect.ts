/**
 * An IMAP connection for a mailbox (imapflow), and what went wrong with one
 * in words a person acts on: the state `inboard mailbox list` shows and
 * `inboard mailbox test` prints.
 */
import type { ImapFlow, ImapFlowOptions } from 'imapflow';
import { authFor, type Credential } from './credentials.js';
import type { MailboxState } from './mailbox-store.js';
import type { ServerAddress } from './mailbox-url.js';

export async function imapClient(
  a: ServerAddress,
  c: Credential,
  extra: Partial<ImapFlowOptions> = {},
): Promise<ImapFlow> {
  const { ImapFlow } = await import('imapflow');
  return new ImapFlow({
    host: a.host,
    port: a.port,
    secure: a.secure,
    // Off loopback, a password never crosses in plain text: STARTTLS or nothing.
    ...(a.requireTls ? { doSTARTTLS: true } : {}),
    auth: await authFor(a.user, c),
    logger: false,
    // The bytes as stored (BINARY would decode parts): a message's hash stays its own.
    disableBinary: true,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    // IDLE is broken and renewed well inside RFC 2177's 29 minutes and a NAT's patience.
    maxIdleTime: 4 * 60_000,
    socketTimeout: 5 * 60_000,
    clientInfo: { name: 'inboard' },
    ...extra,
  });
}

export interface Trouble {
  state: MailboxState;
  words: string;
}

const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'ETIMEOUT',
  'NoConnection',
]);

/** An error from imapflow (or the token source) in words, with the state it puts the mailbox in. */
export function troubleOf(err: unknown, a: ServerAddress): Trouble {
  const e = (err ?? {}) as {
    code?: unknown;
    authenticationFailed?: unknown;
    serverResponseCode?: unknown;
    responseText?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const said =
    (typeof e.responseText === 'string' && e.responseText) ||
    (typeof e.response === 'string' && e.response) ||
    (typeof e.message === 'string' && e.message) ||
    String(err);
  const where = `${a.host}:${a.port}`;
  if (e.authenticationFailed === true)
    return { state: 'login-failed', words: `can't log in as ${a.user} on ${where}: the server said "${said}"` };
  if (e.serverResponseCode === 'NONEXISTENT' || /mailbox doesn't exist|nonexistent|unknown mailbox/i.test(said))
    return {
      state: 'no-folder',
      words: `the folder '${a.folder}' does not exist on ${where}: the server said "${said}"`,
    };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK.has(code) || /connect|socket|timed? ?out|closed/i.test(said))
    return { state: 'unreachable', words: `host unreachable: ${where} (${said})` };
  if (/certificate|TLS|SSL|STARTTLS/i.test(`${code} ${said}`))
    return { state: 'unreachable', words: `no secure connection to ${where}: ${said}` };
  return { state: 'failed', words: `${where}: ${said}` };
}
