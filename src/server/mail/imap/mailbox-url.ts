/**
 * A mailbox's addresses as its owner writes them:
 *   imap://user@host[:port][/FOLDER]  (STARTTLS where offered; required off loopback)
 *   imaps://user@host[:port][/FOLDER] (TLS from the start, 993)
 *   smtp://user@host[:port]           (587, STARTTLS; required off loopback)
 *   smtps://user@host[:port]          (465, TLS)
 * An SMTP URL without a user (`smtp://10.0.0.5:25`) means no login: a relay
 * that trusts its network, as a provider's IP-allowlisted relay does.
 * The user is percent-encoded (`support%40acme.test`); a password written in
 * the URL is taken out here and stored sealed, never with the URL.
 */

export interface ServerAddress {
  protocol: 'imap' | 'imaps' | 'smtp' | 'smtps';
  host: string;
  port: number;
  /** TLS from the first byte (imaps, smtps). */
  secure: boolean;
  /** STARTTLS must succeed: plain text is allowed only on loopback. */
  requireTls: boolean;
  /** Empty on an SMTP URL that names none: no login. */
  user: string;
  /** IMAP only: the folder watched (INBOX by default). */
  folder: string;
}

export interface ParsedAddress extends ServerAddress {
  /** The password the URL carried, if any. */
  password: string | undefined;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i;
const DEFAULT_PORT = { imap: 143, imaps: 993, smtp: 587, smtps: 465 } as const;

export class BadMailboxUrl extends Error {
  override readonly name = 'BadMailboxUrl';
}

const decode = (s: string, what: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new BadMailboxUrl(`the ${what} in the URL is not percent-encoded correctly`);
  }
};

/** Reads an IMAP or SMTP URL; `kind` says which the flag expects. Throws BadMailboxUrl in words. */
export function parseServerUrl(text: string, kind: 'imap' | 'smtp'): ParsedAddress {
  const example =
    kind === 'imap' ? 'imaps://support%40acme.test@imap.acme.test/INBOX' : 'smtps://support%40acme.test@smtp.acme.test';
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new BadMailboxUrl(`'${redact(text)}' is not a URL: write it as ${example}`);
  }
  const protocol = url.protocol.replace(/:$/, '');
  const allowed = kind === 'imap' ? ['imap', 'imaps'] : ['smtp', 'smtps'];
  if (!allowed.includes(protocol))
    throw new BadMailboxUrl(
      `the ${kind.toUpperCase()} URL must start with ${allowed.join(':// or ')}://, not ${protocol}://`,
    );
  const p = protocol as ServerAddress['protocol'];
  if (url.hostname === '') throw new BadMailboxUrl(`the URL names no host: ${example}`);
  if (url.username === '' && kind === 'imap')
    throw new BadMailboxUrl(`the URL names no user: ${example} (an @ in the user is written %40)`);
  if (url.username === '' && url.password !== '')
    throw new BadMailboxUrl(`the URL has a password but no user: ${example}, or no user and no password for no login`);
  if (url.search !== '' || url.hash !== '') throw new BadMailboxUrl('the URL may not carry ? or # parts');
  const port = url.port === '' ? DEFAULT_PORT[p] : Number(url.port);
  const path = decode(url.pathname.replace(/^\//, ''), 'folder');
  if (kind === 'smtp' && path !== '')
    throw new BadMailboxUrl('an SMTP URL has no folder: drop the part after the host');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const secure = p === 'imaps' || p === 'smtps';
  return {
    protocol: p,
    host,
    port,
    secure,
    requireTls: !secure && !LOOPBACK.test(host),
    user: decode(url.username, 'user'),
    password: url.password === '' ? undefined : decode(url.password, 'password'),
    folder: kind === 'imap' ? path || 'INBOX' : '',
  };
}

/** The URL as stored and shown: no password. */
export function urlOf(a: ServerAddress): string {
  const user = a.user === '' ? '' : `${encodeURIComponent(a.user)}@`;
  const host = a.host.includes(':') ? `[${a.host}]` : a.host;
  const folder = a.protocol.startsWith('imap') ? `/${encodeURIComponent(a.folder).replace(/%2F/g, '/')}` : '';
  return `${a.protocol}://${user}${host}:${a.port}${folder}`;
}

/** A URL with its password (if any) replaced, for error messages about what was typed. */
export function redact(text: string): string {
  return text.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

/** A stored URL read back (it has no password). */
export function storedAddress(text: string, kind: 'imap' | 'smtp'): ServerAddress {
  const { password: _none, ...rest } = parseServerUrl(text, kind);
  return rest;
}
