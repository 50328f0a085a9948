/**
 * API keys and users. Keys are stored as sha256 hashes, found by their first
 * characters (a non-secret prefix, also what `inboard keys list` shows) and
 * compared in constant time, so neither the database nor timing reveals one.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isoNow } from './db.js';
import { HttpError } from './errors.js';
import type { Database, Sql } from './sql/sql.js';

export type Plan = 'pro' | 'trial' | 'free';
export const PLANS: readonly Plan[] = ['pro', 'trial', 'free'];
export const TRIAL_DAYS = 7;
export const PREFIX_LENGTH = 12;
export const MIN_KEY_LENGTH = 16;

export interface Principal {
  keyId: number;
  userId: number;
  email: string;
  plan: Plan;
  trialStartedAt: string | null;
}

interface KeyRow {
  key_id: number;
  hash: Buffer;
  revoked_at: string | null;
  user_id: number;
  email: string;
  plan: Plan;
  trial_started_at: string | null;
}

// One-shot hashing: every request hashes its key, and this is a third cheaper than a Hash object.
export const hashKey = (key: string): Buffer => hash('sha256', key, 'buffer');
export const keyPrefix = (key: string): string => key.slice(0, PREFIX_LENGTH);
/** `ib_` + 32 url-safe characters (192 random bits). */
export const generateKey = (): string => `ib_${randomBytes(24).toString('base64url')}`;

const DUMMY_HASH = hashKey('inboard-dummy-key-for-constant-time-miss');

/** Pulls the key out of `Authorization: <key>` or `Authorization: Bearer <key>`. */
export function keyFromHeader(header: string | undefined): string | null {
  if (header === undefined) return null;
  const value = header.trim();
  const m = /^bearer\s+(.+)$/i.exec(value);
  const key = (m ? m[1] : value)?.trim() ?? '';
  return key.length > 0 ? key : null;
}

/** Remembers lookups until the database changes (ReadCache). */
export interface LookupCache {
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export async function authenticate(
  sql: Sql,
  header: string | undefined,
  nowMs: number,
  cache?: LookupCache,
): Promise<Principal> {
  const key = keyFromHeader(header);
  if (key === null) throw new HttpError(401, 'Missing API key: send it in the Authorization header');
  const presented = hashKey(key);
  // Keyed by the key's hash, never the key. A revocation is a commit, which
  // empties the cache before the next request. The plan is checked every
  // time: a trial runs out without any write.
  const principal = cache
    ? await cache.memo(`key:${presented.toString('base64')}`, () => lookupKey(sql, key, presented))
    : await lookupKey(sql, key, presented);
  checkPlan(principal, nowMs);
  return principal;
}

async function lookupKey(sql: Sql, key: string, presented: Buffer): Promise<Principal> {
  const rows = await sql.all<KeyRow>(
    `SELECT k.id AS key_id, k.hash, k.revoked_at, u.id AS user_id, u.email, u.plan, u.trial_started_at
       FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.prefix = ?`,
    [keyPrefix(key)],
  );
  let match: KeyRow | undefined;
  for (const row of rows) if (timingSafeEqual(presented, row.hash)) match = row;
  // Same work on a miss as on a hit, so timing does not reveal a valid prefix.
  if (rows.length === 0) timingSafeEqual(presented, DUMMY_HASH);
  if (match === undefined || match.revoked_at !== null) throw new HttpError(401, 'Invalid or revoked API key');
  return {
    keyId: match.key_id,
    userId: match.user_id,
    email: match.email,
    plan: match.plan,
    trialStartedAt: match.trial_started_at,
  };
}

/** API access is Pro, or a trial younger than 7 days (the reference's rule). */
export function checkPlan(p: Principal, nowMs: number): void {
  if (p.plan === 'pro') return;
  if (p.plan === 'free') {
    throw new HttpError(403, 'API access requires the Pro plan; this account is on the free plan');
  }
  const started = p.trialStartedAt === null ? NaN : Date.parse(p.trialStartedAt);
  const ends = started + TRIAL_DAYS * 86_400_000;
  if (!(nowMs < ends)) {
    const when = Number.isNaN(ends) ? 'already' : `on ${new Date(ends).toISOString()}`;
    throw new HttpError(403, `The 7-day trial ended ${when}; API access requires the Pro plan`);
  }
}

export interface UserSpec {
  email: string;
  name?: string;
  plan?: Plan;
  trialStartedAt?: string;
}

const nameFromEmail = (email: string): string => {
  const local = email.split('@')[0] ?? email;
  return local.charAt(0).toUpperCase() + local.slice(1);
};

/** Finds or creates a user; a given plan (and trial start) is applied. */
export async function ensureUser(sql: Sql, spec: UserSpec): Promise<number> {
  const existing = await sql.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [spec.email]);
  const trialStart = spec.plan === 'trial' ? (spec.trialStartedAt ?? isoNow()) : null;
  if (existing) {
    if (spec.plan !== undefined) {
      await sql.run('UPDATE users SET plan = ?, trial_started_at = ? WHERE id = ?', [
        spec.plan,
        trialStart,
        existing.id,
      ]);
    }
    return existing.id;
  }
  const row = await sql.get<{ id: number }>(
    'INSERT INTO users (email, name, plan, trial_started_at, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [spec.email, spec.name ?? nameFromEmail(spec.email), spec.plan ?? 'pro', trialStart, isoNow()],
  );
  return (row as { id: number }).id;
}

/** Stores a key (generated unless given) for a user and returns it in clear, once. */
export async function addKey(sql: Sql, userId: number, key: string = generateKey()): Promise<string> {
  if (key.length < MIN_KEY_LENGTH) throw new Error(`an API key needs at least ${MIN_KEY_LENGTH} characters`);
  await sql.run('INSERT INTO api_keys (user_id, prefix, hash, created_at) VALUES (?, ?, ?, ?)', [
    userId,
    keyPrefix(key),
    hashKey(key),
    isoNow(),
  ]);
  return key;
}

/** Creates the user if needed and a new key for it. */
export function createUserKey(db: Sql, spec: UserSpec): Promise<string> {
  return db.tx(async (sql) => addKey(sql, await ensureUser(sql, spec)));
}

export async function findKeyOwner(sql: Sql, key: string): Promise<{ userId: number; revoked: boolean } | null> {
  const row = await sql.get<{ user_id: number; revoked_at: string | null }>(
    'SELECT user_id, revoked_at FROM api_keys WHERE hash = ?',
    [hashKey(key)],
  );
  return row ? { userId: row.user_id, revoked: row.revoked_at !== null } : null;
}

export interface KeyInfo {
  prefix: string;
  email: string;
  plan: Plan;
  created: string;
  revoked: string | null;
}

export function listKeys(sql: Sql): Promise<KeyInfo[]> {
  return sql.all<KeyInfo>(
    `SELECT k.prefix, u.email, u.plan, k.created_at AS created, k.revoked_at AS revoked
     FROM api_keys k JOIN users u ON u.id = k.user_id ORDER BY k.id`,
  );
}

/** Revokes the active keys starting with the prefix; refuses an ambiguous one. */
export function revokeKey(db: Database, prefix: string): Promise<number> {
  return db.tx(async (sql) => {
    // Compared as text on both engines: a prefix is case-sensitive.
    const rows = await sql.all<{ id: number }>(
      'SELECT id FROM api_keys WHERE revoked_at IS NULL AND substr(prefix, 1, ?) = ?',
      [Math.min(prefix.length, PREFIX_LENGTH), prefix.slice(0, PREFIX_LENGTH)],
    );
    if (rows.length > 1) throw new Error(`prefix '${prefix}' matches ${rows.length} keys; give more characters`);
    for (const r of rows) await sql.run('UPDATE api_keys SET revoked_at = ? WHERE id = ?', [isoNow(), r.id]);
    return rows.length;
  });
}
