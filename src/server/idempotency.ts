/**
 * Idempotency-Key: the first answer to a write is stored in the same
 * transaction as the write itself, so a retry either finds the answer or
 * finds nothing happened — never a half. Keys are scoped per API key and
 * expire after a day. Two requests with one key, even on two instances of
 * one database, run one after the other (the key's lock), so the second
 * replays the first's answer instead of writing again.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors.js';
import type { Database, Sql } from './sql/sql.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const PURGE_EVERY_MS = 10 * 60_000;

export interface WriteResult {
  status: number;
  body: string;
  replayed: boolean;
}

export class IdempotencyStore {
  private lastPurge = 0;

  constructor(private readonly db: Database) {}

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

  private async prior(
    sql: Sql,
    keyId: number,
    idemKey: string,
    hash: string,
    nowMs: number,
  ): Promise<WriteResult | undefined> {
    const prior = await sql.get<{ request_hash: string; status: number; body: string }>(
      'SELECT request_hash, status, body FROM idempotency WHERE key_id = ? AND idem_key = ? AND created_ms >= ?',
      [keyId, idemKey, nowMs - IDEMPOTENCY_TTL_MS],
    );
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
  async answered(req: FastifyRequest, keyId: number, nowMs: number): Promise<WriteResult | undefined> {
    const { idemKey, hash } = this.keyOf(req);
    return idemKey === undefined ? undefined : this.prior(this.db, keyId, idemKey, hash, nowMs);
  }

  /** Runs `fn` in a write transaction (read-then-write safe across processes and instances). */
  run(req: FastifyRequest, keyId: number, nowMs: number, fn: (sql: Sql) => Promise<unknown>): Promise<WriteResult> {
    const { idemKey, hash } = this.keyOf(req);
    return this.db.tx(async (sql): Promise<WriteResult> => {
      if (nowMs - this.lastPurge > PURGE_EVERY_MS) {
        await sql.run('DELETE FROM idempotency WHERE created_ms < ?', [nowMs - IDEMPOTENCY_TTL_MS]);
        this.lastPurge = nowMs;
      }
      if (idemKey !== undefined) await sql.lock(`idempotency:${keyId}:${idemKey}`);
      const prior = idemKey === undefined ? undefined : await this.prior(sql, keyId, idemKey, hash, nowMs);
      if (prior !== undefined) return prior;
      const body = JSON.stringify(await fn(sql));
      if (idemKey !== undefined) {
        await sql.run(
          `INSERT INTO idempotency (key_id, idem_key, request_hash, status, body, created_ms)
           VALUES (?, ?, ?, 200, ?, ?)
           ON CONFLICT (key_id, idem_key) DO UPDATE SET request_hash = excluded.request_hash,
             status = excluded.status, body = excluded.body, created_ms = excluded.created_ms`,
          [keyId, idemKey, hash, body, nowMs],
        );
      }
      return { status: 200, body, replayed: false };
    });
  }
}
