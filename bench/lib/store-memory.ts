/**
 * Store memory without Ink (companion to bench/tui.ts's RSS figure):
 *   node --expose-gc --import tsx bench/lib/store-memory.ts   (after `npm run build`)
 * Opens a 10,000-card board through the real client and store against
 * `inboard serve`, pages every column to its end, and prints heapUsed / RSS
 * after a full GC, so copies that are retained show apart from GC slack.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '../../src/api/client.js';
import { createBoardStore } from '../../src/store/index.js';
import { seedBoard } from './seed.js';
import { snapshotDist, startServe } from './service.js';

const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
const work = mkdtempSync(join(tmpdir(), 'inboard-mem-'));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
const report = (label: string) => {
  gc();
  const m = process.memoryUsage();
  process.stdout.write(
    `${label}: heapUsed ${mb(m.heapUsed)} · heapTotal ${mb(m.heapTotal)} · external ${mb(m.external)} · rss ${mb(m.rss)}\n`,
  );
};
const serve = await startServe(
  snapshotDist(join(import.meta.dirname, '..', '..'), join(work, 'app')),
  join(work, 's.db'),
  KEY,
);
try {
  const board = await seedBoard(serve.url, KEY, join(work, 's.db'), 'Mem 10k', 10_000);
  report('before');
  const store = createBoardStore(createClient({ baseUrl: serve.url, apiKey: KEY }));
  const t0 = performance.now();
  await store.getState().openBoard(board.id);
  process.stdout.write(`openBoard: ${(performance.now() - t0).toFixed(0)} ms\n`);
  report('page 1 per column');
  const t1 = performance.now();
  for (const c of store.getState().columns) {
    while (store.getState().paging[c.label]?.hasMore) await store.getState().loadMore(c.label);
  }
  process.stdout.write(
    `all pages: ${(performance.now() - t1).toFixed(0)} ms, ${store.getState().view.cards.size} cards\n`,
  );
  report('all 10,000');
} finally {
  await serve.stop();
  rmSync(work, { recursive: true, force: true });
}
