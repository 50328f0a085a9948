/**
 * Key → frame cost in-process, without tmux or a second process competing
 * for the 2 CPUs (the tmux figures of bench/tui.ts swing ±50% on a busy
 * machine; this one is CPU time only, so A/B of a rendering change shows):
 *   node --import tsx bench/lib/frame-cost.tsx
 * The real App, store and client against a 10,000-card board on an
 * in-process service, rendered by Ink into a fake 140×40 TTY; keys are
 * written to a fake stdin and timed until Ink writes the frame.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { render } from 'ink';
import { createClient } from '../../src/api/client.js';
import { startService } from '../../src/server/index.js';
import { createBoardStore } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';
import { seedBoard } from './seed.js';
import { median, quantile } from './stats.js';

const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
const N = Number(process.env.BENCH_PRESSES ?? 40);
const INCREMENTAL = process.env.FRAME_INCREMENTAL === '1';
const work = mkdtempSync(join(tmpdir(), 'inboard-frame-'));
const dbPath = join(work, 's.db');
const svc = await startService({ dbPath, apiKey: KEY, demo: false });
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

let onWrite: (() => void) | null = null;
let bytes = 0;
const stdout = Object.assign(
  new Writable({
    write(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      onWrite?.();
      cb();
    },
  }),
  { isTTY: true, columns: 140, rows: 40 },
);
const stdin = Object.assign(new PassThrough(), {
  isTTY: true,
  setRawMode: () => undefined,
  ref: () => undefined,
  unref: () => undefined,
});

try {
  const board = await seedBoard(svc.url, KEY, dbPath, 'Frame 10k', 10_000);
  const store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: KEY }));
  await store.getState().openBoard(board.id);
  const renders: number[] = [];
  const app = render(<App store={store} backend="bench" initialBoardId={board.id} refreshSeconds={0} />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    ...(INCREMENTAL ? { incrementalRendering: true } : {}),
    onRender: ({ renderTime }) => void renders.push(renderTime),
  });
  await tick(500);

  /** Writes `key`, resolves with ms until the next write to stdout (or null after 200 ms). */
  const press = (key: string): Promise<number | null> =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const timer = setTimeout(() => ((onWrite = null), resolve(null)), 200);
      onWrite = () => {
        onWrite = null;
        clearTimeout(timer);
        resolve(performance.now() - t0);
      };
      stdin.write(key);
    });
  const times: Record<string, number[]> = { j: [], l: [], L: [], Enter: [], Esc: [] };
  const timed = async (name: string, key: string) => {
    await tick(50); // past Ink's 33 ms throttle: every timed frame is a leading one
    const t = await press(key);
    if (t !== null) times[name]?.push(t);
  };
  renders.length = 0;
  const b0 = bytes;
  for (let i = 0; i < N; i++) await timed('j', 'j');
  const perJ = (bytes - b0) / N;
  await press('g');
  for (let i = 0; i < N; i++) {
    await timed('l', 'l');
    await tick(50);
    await press('h');
  }
  for (let i = 0; i < N; i++) {
    await timed('L', 'L');
    await tick(150);
    await press('H');
    await tick(150);
  }
  for (let i = 0; i < N; i++) {
    await timed('Enter', '\r');
    await tick(100);
    await timed('Esc', '\x1b');
  }
  const fmt = (xs: number[]) => `${median(xs).toFixed(1)} (p99 ${quantile(xs, 0.99).toFixed(1)}, n=${xs.length})`;
  for (const [k, xs] of Object.entries(times)) process.stdout.write(`${k}: ${fmt(xs)}\n`);
  process.stdout.write(`Ink renderTime: ${fmt(renders)}\n`);
  process.stdout.write(
    `bytes written per j press: ${perJ.toFixed(0)}${INCREMENTAL ? ' (incrementalRendering)' : ''}\n`,
  );
  // Memory with every card loaded (service in-process too): heap vs RSS.
  if (process.env.FRAME_MEMORY === '1') {
    for (const c of store.getState().columns) {
      while (store.getState().paging[c.label]?.hasMore) await store.getState().loadMore(c.label);
    }
    await tick(200);
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
    process.stdout.write(
      `all ${store.getState().view.cards.size} cards: rss ${mb(m.rss)} · heapUsed ${mb(m.heapUsed)} · heapTotal ${mb(m.heapTotal)} · external ${mb(m.external)} · arrayBuffers ${mb(m.arrayBuffers)}\n`,
    );
  }
  app.unmount();
} finally {
  await svc.close();
  rmSync(work, { recursive: true, force: true });
}
