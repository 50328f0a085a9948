/**
 * Idempotency-Key: the first answer to a write is stored in the same SQLite
 * transaction as the write itself, so a retry either finds the answer or
 * finds nothing happened — never a half. Keys are scoped per API key and
 * expire after a day.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DB, Query } from './db.js';
import { HttpError, badRequest } from './errors.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const PURGE_EVERY_MS = 10 * 60_000;

export interface WriteResult {
  status: number;
  body: string;
  replayed: boolean;
}

export class IdempotencyStore {
  private lastPurge = 0;

  constructor(
    private readonly db: DB,
    private readonly q: Query,
  ) {}

  /** Runs `fn` in an IMMEDIATE transaction (read-then-write safe across processes). */
  run(req: FastifyRequest, keyId: number, nowMs: number, fn: () => unknown): WriteResult {
    const header = req.headers['idempotency-key'];
    const idemKey = Array.isArray(header) ? header[0] : header;
    if (idemKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idemKey)) {
      throw badRequest('Idempotency-Key: must be 1 to 255 visible ASCII characters');
    }
    const hash =
      idemKey === undefined
        ? ''
        : createHash('sha256')
            .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
            .digest('hex');
    return this.db
      .transaction((): WriteResult => {
        if (nowMs - this.lastPurge > PURGE_EVERY_MS) {
          this.q('DELETE FROM idempotency WHERE created_ms < ?').run(nowMs - IDEMPOTENCY_TTL_MS);
          this.lastPurge = nowMs;
        }
        if (idemKey !== undefined) {
          const prior = this.q(
            'SELECT request_hash, status, body FROM idempotency WHERE key_id = ? AND idem_key = ? AND created_ms >= ?',
          ).get(keyId, idemKey, nowMs - IDEMPOTENCY_TTL_MS) as
            { request_hash: string; status: number; body: string } | undefined;
          if (prior !== undefined) {
            if (prior.request_hash !== hash) {
              throw new HttpError(422, 'Idempotency-Key was already used with a different request; send a new key');
            }
            return { status: prior.status, body: prior.body, replayed: true };
          }
        }
        const body = JSON.stringify(fn());
        if (idemKey !== undefined) {
          this.q(
            `INSERT OR REPLACE INTO idempotency (key_id, idem_key, request_hash, status, body, created_ms)
             VALUES (?, ?, ?, 200, ?, ?)`,
          ).run(keyId, idemKey, hash, body, nowMs);
        }
        return { status: 200, body, replayed: false };
      })
      .immediate();
  }
}
