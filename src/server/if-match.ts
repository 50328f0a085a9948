/** If-Match on card writes: the version a write was made from (versions.ts). */
import type { FastifyRequest } from 'fastify';
import { cardETag, versionOfETag } from '../api/schema-teams.js';
import { HttpError, badRequest } from './errors.js';

/** The version If-Match names; undefined when absent or `*` (any version). */
export function ifMatchOf(req: FastifyRequest): number | undefined {
  const header = req.headers['if-match'];
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '') return undefined;
  const version = versionOfETag(value);
  if (version === undefined) {
    throw badRequest(`If-Match: must be a card's version as its ETag gives it, such as "3"`);
  }
  return version === 'any' ? undefined : version;
}

/**
 * Refuses (412) when If-Match names another version than the card's. The
 * version read inside the write's transaction is the one that counts: the
 * check is repeated by `touchCard`'s conditional update.
 */
export function checkVersion(cardId: number, current: number, expected: number | undefined): void {
  if (expected === undefined || expected === current) return;
  throw new HttpError(
    412,
    `Card ${cardId} changed since you read it (you had version ${expected}, it is now ${current}): read it again`,
    // The version it is now, as a read would give it.
    { etag: cardETag(current) },
  );
}
