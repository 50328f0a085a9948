/**
 * Short soak (the long one is bench/soak.ts): 20 concurrent clients with
 * mixed traffic and the rate limit on. Four clients share one key and run
 * into the limit; the others have a key each and stay under it. Nothing but
 * 200 and 429 may come back, and every acknowledged write must be there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_EMAIL, startService } from '../../src/server/index.js';
import { startTestService, type TestService } from './helpers.js';
import { runSoak, soakBoard, verifySoak } from './soak-traffic.js';

const CLIENTS = 20;
const HOT = 4;
const LIMIT = 300;
const OPS = 150;
/**
 * The shared key's clients' operations each: together well past its LIMIT
 * (an operation makes one request or more), so it meets the limit and each
 * further request is a 429 that backs off (up to 1 s). Many more would only
 * wait out backoffs: 150 each kept the run at its 50 s bound.
 */
const HOT_OPS = 95;
const CHECK_KEY = 'soak-check-key-00000001';

let s: TestService;
beforeAll(async () => {
  s = await startTestService({ rateLimit: LIMIT });
});
afterAll(() => s.close());

describe('soak', () => {
  it(
    '20 clients of mixed traffic: only 200s and the expected 429s, and no acknowledged write lost',
    { timeout: 120_000 },
    async () => {
      const hotKey = await s.addUser(DEFAULT_OWNER_EMAIL);
      // OPS < LIMIT for a key of its own; HOT × HOT_OPS > LIMIT for the shared key.
      const keys: string[] = [];
      for (let i = 0; i < CLIENTS; i++) keys.push(i < HOT ? hotKey : await s.addUser(DEFAULT_OWNER_EMAIL));
      const board = await soakBoard(s.url, s.key);
      const setup = { url: s.url, keys, ...board };

      // Every client makes its OPS requests, the shared key's four HOT_OPS each: those pass
      // its LIMIT within one minute's window. The duration only bounds a hang
      // (15 s ended the run before the shared key reached its limit on a busy machine).
      const res = await runSoak(setup, {
        clients: CLIENTS,
        durationMs: 50_000,
        opsPerClient: (n) => (n < HOT ? HOT_OPS : OPS),
        thinkMs: 60,
      });

      const statuses = [...res.byStatus].map(([k, v]) => `${k}×${v}`).join(', ');
      console.log(
        `soak: ${res.requests} requests in ${(res.elapsedMs / 1000).toFixed(1)} s (${statuses}), ${res.acknowledgedWrites} acknowledged writes`,
      );
      expect(res.unexpected).toEqual([]);
      expect([...res.byStatus.keys()].sort()).toEqual([200, 429]);
      expect(res.cards.length).toBeGreaterThan(0);
      // Checked through a second service on the same file without the limit:
      // the check itself makes more reads than one key's budget.
      const checker = await startService({ dbPath: s.dbPath, apiKey: CHECK_KEY });
      try {
        expect(await verifySoak(checker.url, CHECK_KEY, setup, res.cards)).toEqual([]);
      } finally {
        await checker.close();
      }
      expect(s.withDb((db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
    },
  );
});
