/**
 * kill -9 loops (the long run is bench/crash-loop.ts): `inboard serve` is
 * killed at random moments while three clients write; after each kill the
 * file is intact, every acknowledged create, move and note is there, no
 * create is half-written, and the restarted server answers for them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCrashLoops } from './crash-loop-lib.js';

const LOOPS = Number(process.env.CRASH_LOOPS ?? 8);
const dir = mkdtempSync(join(tmpdir(), 'inboard-crash-loop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crash loops', () => {
  it(`${LOOPS} × kill -9 under concurrent writes loses no acknowledged write`, { timeout: 120_000 }, async () => {
    const r = await runCrashLoops({ loops: LOOPS, dbPath: join(dir, 'inboard.db'), clients: 3, maxDelayMs: 500 });
    console.log(
      `crash loops: ${r.loops}, acknowledged ${JSON.stringify(r.acknowledged)}, lost ${r.lost.length}, half-written ${r.halfWritten.length}, ` +
        `in-flight moves landed ${r.unacknowledgedLanded}, in-flight creates landed ${r.unacknowledgedCreates}`,
    );
    expect(r.loops).toBe(LOOPS);
    expect(r.integrity).toEqual([]);
    expect(r.lost).toEqual([]);
    expect(r.halfWritten).toEqual([]);
    expect(r.acknowledged.creates).toBeGreaterThan(0);
  });
});
