/**
 * Crash loops, long version: `inboard serve` killed with SIGKILL at a random
 * moment in each of N loops (default 50) while three clients write; after
 * each kill the file is checked (integrity, every acknowledged write, no
 * half-written create) and the restarted server asked for the last loop's cards.
 *
 *   node --import tsx bench/crash-loop.ts [--loops 50] [--clients 3] [--max-delay-ms 800]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCrashLoops } from '../test/server/crash-loop-lib.js';
import { snapshotCli } from '../test/server/process.js';

const { values } = parseArgs({
  options: {
    loops: { type: 'string', default: '50' },
    clients: { type: 'string', default: '3' },
    'max-delay-ms': { type: 'string', default: '800' },
  },
});
const loops = Number(values.loops);
if (!(loops >= 1 && loops <= 1000)) throw new Error('--loops 1–1000');

const dir = mkdtempSync(join(tmpdir(), 'inboard-crash-bench-'));
try {
  const cli = snapshotCli(dir);
  const t0 = performance.now();
  const r = await runCrashLoops({
    loops,
    dbPath: join(dir, 'crash.db'),
    cli,
    clients: Number(values.clients),
    maxDelayMs: Number(values['max-delay-ms']),
    log: (line) => console.log(line),
  });
  const acked = r.acknowledged.creates + r.acknowledged.moves + r.acknowledged.notes;
  console.log(
    `\nkill -9 loops: ${r.loops} in ${((performance.now() - t0) / 1000).toFixed(0)} s, Node ${process.version}`,
  );
  console.log(
    `acknowledged writes: ${acked} (creates ${r.acknowledged.creates} with note+comment+sub-task, moves ${r.acknowledged.moves}, notes ${r.acknowledged.notes})`,
  );
  console.log(
    `lost: ${r.lost.length}; half-written creates: ${r.halfWritten.length}; integrity_check not ok: ${r.integrity.length}`,
  );
  console.log(
    `in flight at the kill and landed anyway (allowed): moves ${r.unacknowledgedLanded}, creates ${r.unacknowledgedCreates} (all whole)`,
  );
  for (const line of [...r.integrity, ...r.lost, ...r.halfWritten].slice(0, 20)) console.log(`  ${line}`);
  process.exitCode = r.lost.length + r.halfWritten.length + r.integrity.length === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
