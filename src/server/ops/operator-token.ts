/** The operator's token for /metrics: `Authorization: Bearer TOKEN`, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** A checker of the Authorization header against `token` (hashed first: equal lengths, nothing learnt from timing). */
export function operatorCheck(token: string): (header: string | undefined) => boolean {
  const want = digest(token);
  return (header) => {
    const m = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
    // The hash and compare run for a missing token too, so its absence takes the same time.
    const given = digest(m?.[1] ?? '');
    return timingSafeEqual(given, want) && m !== null;
  };
}
