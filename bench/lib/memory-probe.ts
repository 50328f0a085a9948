/**
 * Where the TUI's memory goes with a 10,000-card board fully paged: the
 * built CLI in tmux, under the inspector, read over the DevTools protocol
 * before and after a forced full GC (RSS from /proc, heap from V8).
 *   node --import tsx bench/lib/memory-probe.ts [DIST]   (default ./dist)
 * Env: PROBE_SNAPSHOT (file for a heap snapshot after the GC), PROBE_NODE_FLAGS (extra node flags for the TUI, space-separated).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WebSocket } from 'undici';
import { childNodePid, ControlTerminal } from './tmux-control.js';
import { launch, loadAll, quit } from './scenarios.js';
import { seedBoard, titleFor } from './seed.js';
import { snapshotDist, startServe } from './service.js';

const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
const PORT = 9339;
const work = mkdtempSync(join(tmpdir(), 'inboard-probe-'));
const cli = snapshotDist(resolve(process.argv[2] ?? '.', '..'), join(work, 'app'));
const serve = await startServe(cli, join(work, 's.db'), KEY);
const term = await ControlTerminal.start({ socket: `probe-${process.pid}`, cols: 140, rows: 40, env: { INBOARD_URL: serve.url, INBOARD_API_KEY: KEY, INBOARD_DATA_DIR: work, INBOARD_CONFIG_DIR: work }, cwd: work });

let ws: WebSocket | undefined;
const chunks: string[] = [];
async function cdp(): Promise<(method: string, params?: object) => Promise<Record<string, unknown>>> {
  const list = (await (await fetch(`http://127.0.0.1:${PORT}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(list[0]!.webSocketDebuggerUrl);
  ws = socket;
  await new Promise((r) => socket.addEventListener('open', r, { once: true }));
  let id = 0;
  const waiting = new Map<number, (v: Record<string, unknown>) => void>();
  socket.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data)) as { id?: number; method?: string; params?: { chunk: string }; result?: Record<string, unknown> };
    if (m.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(m.params!.chunk);
    if (m.id !== undefined) waiting.get(m.id)?.(m.result ?? {});
  });
  return (method, params = {}) =>
    new Promise((r) => {
      waiting.set(++id, r);
      socket.send(JSON.stringify({ id, method, params }));
    });
}

try {
  const board = await seedBoard(serve.url, KEY, join(work, 's.db'), 'Probe 10k', 10_000);
  const flags = [`--inspect=127.0.0.1:${PORT}`, ...(process.env.PROBE_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
  const tops = board.columns.map((_, c) => titleFor(c, 0).slice(0, 8));
  await launch(term, { cli, args: ['--board', board.name], nodeFlags: flags }, (s) => tops.every((t) => s.includes(t)));
  const pid = childNodePid(await term.panePid());
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  const send = await cdp();
  const heap = async () => {
    const r = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
    const m = JSON.parse(r.result.value) as Record<string, number>;
    return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v / 1048576)]));
  };
  const line = async (what: string) => process.stdout.write(`${what}: rss ${rss().toFixed(0)} MB (peak ${hwm().toFixed(0)}) · ${JSON.stringify(await heap())}\n`);
  await line('page 1');
  const paged = await loadAll(term, board.columns.map((c) => c.name));
  await line(`paged all (${(paged.ms / 1000).toFixed(1)} s)`);
  // V8's memory reducer shrinks an idle heap on its own after a while.
  for (const s of [5, 10, 20, 40]) {
    await new Promise((r) => setTimeout(r, (s - (s === 5 ? 0 : s / 2)) * 1000));
    await line(`idle ${s} s`);
  }
  await send('HeapProfiler.collectGarbage');
  await line('after full GC');
  // PROBE_SNAPSHOT=path: a heap snapshot of what is live, for DevTools.
  if (process.env.PROBE_SNAPSHOT) {
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    writeFileSync(process.env.PROBE_SNAPSHOT, chunks.join(''));
  }
  ws?.close();
  await quit(term);
} finally {
  term.close();
  await serve.stop();
  rmSync(work, { recursive: true, force: true });
}
