/**
 * What a call's options add to its request and read from its answer: the
 * Idempotency-Key of a POST, and a card write's version both ways
 * (docs/api.md › card versions) — the version it was based on goes out as
 * `If-Match`, the version its answer gives is handed to the caller.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { versionOfETag } from './errors.js';
import type { CallOptions } from './types.js';

/** One key for all attempts of a POST, so the server can recognise a resend. */
export const idempotency = (method: string, o: CallOptions | undefined): Record<string, string> =>
  method === 'POST' ? { 'idempotency-key': o?.idempotencyKey ?? randomUUID() } : {};

/** The `If-Match` header of a call made with a version; none otherwise. */
export const ifMatchHeader = (o: CallOptions | undefined): Record<string, string> =>
  o?.ifMatch === undefined ? {} : { 'if-match': `"${o.ifMatch}"` };

/**
 * Tells `o.onVersion` the card's version after a successful write. A write
 * that passed If-Match made the card exactly one version newer: that is its
 * version when the answer does not say (a replayed answer, a proxy that drops the header).
 */
export function hearVersion(o: CallOptions | undefined, headers: IncomingHttpHeaders): void {
  if (o?.onVersion === undefined) return;
  const version = versionOfETag(headers.etag) ?? (o.ifMatch === undefined ? undefined : o.ifMatch + 1);
  if (version !== undefined) o.onVersion(version);
}
