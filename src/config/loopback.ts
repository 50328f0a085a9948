/**
 * Whether a URL stays on this machine, and the rule that follows from it: the
 * API key never travels over plain http:// to another host unless the user
 * explicitly accepts that (`--insecure`).
 */
import { isIPv4 } from 'node:net';

/** IPv4-mapped IPv6 (`::ffff:7f00:1`, as URL prints `::ffff:127.0.0.1`) → dotted IPv4. */
function mappedIPv4(host: string): string | undefined {
  const m = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!m) return undefined;
  const hi = parseInt(m[1] ?? '0', 16);
  const lo = parseInt(m[2] ?? '0', 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** A hostname (as `URL.hostname` gives it, brackets allowed) naming this machine. */
export function isLoopbackHost(hostname: string): boolean {
  let h = hostname.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1); // "localhost." is the same name
  if (h === 'localhost') return true;
  if (h === '::1') return true;
  const v4 = isIPv4(h) ? h : mappedIPv4(h);
  return v4 !== undefined && v4.startsWith('127.');
}

/** 127.0.0.0/8, ::1 or localhost. False for anything that isn't a URL. */
export function isLoopbackUrl(url: string | URL): boolean {
  try {
    return isLoopbackHost((typeof url === 'string' ? new URL(url) : url).hostname);
  } catch {
    return false;
  }
}

/**
 * Validate a service base URL and return it parsed. Throws a sentence a user
 * can act on: not a URL, not http(s), credentials embedded, or plain http to a
 * remote host without `insecure`.
 */
export function checkServiceUrl(url: string, insecure = false): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a URL; expected something like https://boards.example.com`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new Error(`The service URL must start with https:// or http:// (got ${u.protocol}//)`);
  }
  if (u.username || u.password) {
    throw new Error('The service URL must not contain a user name or password; give the API key separately');
  }
  if (u.protocol === 'http:' && !insecure && !isLoopbackHost(u.hostname)) {
    throw new Error(
      `Refusing to send the API key over plain http:// to ${u.host}: anyone on the network could read it. ` +
        'Use https://, or pass --insecure (or "insecure": true in the config file) if you accept the risk.',
    );
  }
  return u;
}
