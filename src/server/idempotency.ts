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

  /** The request's key and the hash of what it asks; the key is checked for form. */
  private keyOf(req: FastifyRequest): { idemKey: string | undefined; hash: string } {
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
    return { idemKey, hash };
  }

  private prior(keyId: number, idemKey: string, hash: string, nowMs: number): WriteResult | undefined {
    const prior = this.q(
      'SELECT request_hash, status, body FROM idempotency WHERE key_id = ? AND idem_key = ? AND created_ms >= ?',
    ).get(keyId, idemKey, nowMs - IDEMPOTENCY_TTL_MS) as
      { request_hash: string; status: number; body: string } | undefined;
    if (prior === undefined) return undefined;
    if (prior.request_hash !== hash) {
      throw new HttpError(422, 'Idempotency-Key was already used with a different request; send a new key');
    }
    return { status: prior.status, body: prior.body, replayed: true };
  }

  /**
   * The stored answer to this request's key, if it was answered before. For
   * writes with an effect outside the database (a reply sent by SMTP), asked
   * before acting, so a retry replays instead of sending twice.
   */
  answered(req: FastifyRequest, keyId: number, nowMs: number): WriteResult | undefined {
    const { idemKey, hash } = this.keyOf(req);
    return idemKey === undefined ? undefined : this.prior(keyId, idemKey, hash, nowMs);
  }

  /** Runs `fn` in an IMMEDIATE transaction (read-then-write safe across processes). */
  run(req: FastifyRequest, keyId: number, nowMs: number, fn: () => unknown): WriteResult {
    const { idemKey, hash } = this.keyOf(req);
    return this.db
      .transaction((): WriteResult => {
        if (nowMs - this.lastPurge > PURGE_EVERY_MS) {
          this.q('DELETE FROM idempotency WHERE created_ms < ?').run(nowMs - IDEMPOTENCY_TTL_MS);
          this.lastPurge = nowMs;
        }
        const prior = idemKey === undefined ? undefined : this.prior(keyId, idemKey, hash, nowMs);
        if (prior !== undefined) return prior;
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
