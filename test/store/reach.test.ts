/**
 * status.ts watchReach against a real service that goes away: a request
 * with no answer marks the server unreachable with when it last answered;
 * an error the server sends is an answer, and clears it; the store changes
 * only when reachability does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { startService } from '../../src/server/index.js';
import { watchReach, type Unreachable } from '../../src/store/status.js';
import { migratedSqliteFile } from '../server/helpers.js';

const KEY = 'reach-test-key-0123456789abcdef';
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function watched(now: () => number, before: Unreachable | null = null) {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-reach-'));
  dirs.push(dir);
  const svc = await startService({ dbPath: migratedSqliteFile(dir, 't.db'), apiKey: KEY, demo: true });
  let state: Unreachable | null = before;
  const sets: (Unreachable | null)[] = [];
  const raw = createClient({ baseUrl: svc.url, apiKey: KEY, maxAttempts: 1 });
  const client = watchReach(raw, { get: () => state, set: (u) => sets.push((state = u)) }, now);
  return { svc, client, sets, state: () => state };
}

describe('watchReach', () => {
  it('no answer: unreachable since then, last reached at the last answer; no update on a plain success', async () => {
    let t = 1_000;
    const w = await watched(() => t);
    await w.client.listBoards();
    await w.client.listBoards();
    expect(w.sets).toEqual([]);
    t = 2_000;
    await w.svc.close();
    await expect(w.client.listBoards()).rejects.toMatchObject({ kind: 'network' });
    expect(w.state()).toEqual({ since: 2_000, lastReached: 1_000 });
    t = 3_000;
    await expect(w.client.listBoards()).rejects.toMatchObject({ kind: 'network' });
    // Still the first failure's time: one update for the outage.
    expect(w.sets).toEqual([{ since: 2_000, lastReached: 1_000 }]);
  });

  it('an error the server sends is an answer: it clears the mark, and is the last time reached', async () => {
    let t = 5_000;
    const w = await watched(() => t, { since: 4_000, lastReached: null });
    await expect(w.client.getCard('999999')).rejects.toMatchObject({ status: 404 });
    expect(w.sets).toEqual([null]);
    t = 6_000;
    await w.svc.close();
    await expect(w.client.getCard('1')).rejects.toMatchObject({ kind: 'network' });
    expect(w.state()).toEqual({ since: 6_000, lastReached: 5_000 });
  });
});
