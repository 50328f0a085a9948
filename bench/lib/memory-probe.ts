/**
 * Where the TUI's memory goes with a 10,000-card board fully paged: the
 * built CLI in tmux, under the inspector, read over the DevTools protocol
 * before and after a forced full GC (RSS from /proc, heap from V8).
 *   node --import tsx bench/lib/memory-probe.ts [DIST]   (default ./dist)
 * Env: PROBE_SNAPSHOT (file for a heap snapshot after the GC), PROBE_NODE_FLAGS (extra node flags for the TUI, space-separated).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SourceMap } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'undici';
import { childNodePid, ControlTerminal } from './tmux-control.js';
import { launch, loadAll, quit } from './scenarios.js';
import { seedBoard, titleFor } from './seed.js';
import { snapshotDist, startServe } from './service.js';

const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
// Its own port, so a TUI left over from an interrupted run is never the one read.
const PORT = 9300 + (process.pid % 600);
const work = mkdtempSync(join(tmpdir(), 'inboard-probe-'));
const cli = snapshotDist(resolve(process.argv[2] ?? 'dist', '..'), join(work, 'app'));
const serve = await startServe(cli, join(work, 's.db'), KEY);
const term = await ControlTerminal.start({
  socket: `probe-${process.pid}`,
  cols: 140,
  rows: 40,
  env: {
    INBOARD_URL: serve.url,
    INBOARD_API_KEY: KEY,
    INBOARD_DATA_DIR: work,
    INBOARD_CONFIG_DIR: work,
    INBOARD_CACHE_DIR: work,
  },
  cwd: work,
});

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SamplingNode[];
}
interface SamplingProfile {
  head: SamplingNode;
}

// The bundle is minified: name frames by the source map (src/… file:line).
const maps = new Map<string, SourceMap | null>();
function original(f: SamplingNode['callFrame']): string {
  const fallback = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`;
  if (!f.url.startsWith('file://')) return fallback;
  if (!maps.has(f.url)) {
    try {
      maps.set(f.url, new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(f.url)}.map`, 'utf8'))));
    } catch {
      maps.set(f.url, null);
    }
  }
  const entry = maps.get(f.url)?.findEntry(f.lineNumber, f.columnNumber);
  if (!entry || !('originalSource' in entry)) return fallback;
  return `${(entry as { name?: string }).name ?? f.functionName} ${entry.originalSource.replace(/^.*?(node_modules|src)\//, '$1/')}:${entry.originalLine + 1}`;
}

function printAllocations({ profile }: { profile: SamplingProfile }): void {
  const by = new Map<string, number>();
  let total = 0;
  const walk = (n: SamplingNode, stack: string[]) => {
    const f = n.callFrame;
    const here = original(f);
    const path = [...stack, here].slice(-3).join(' < ');
    if (n.selfSize > 0) {
      by.set(path, (by.get(path) ?? 0) + n.selfSize);
      total += n.selfSize;
    }
    for (const c of n.children) walk(c, [...stack, here]);
  };
  walk(profile.head, []);
  process.stdout.write(`allocated while paging (sampled): ${(total / 1048576).toFixed(0)} MB\n`);
  for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 25))
    process.stdout.write(`${(v / 1048576).toFixed(1).padStart(7)} MB  ${k}\n`);
}

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
    const m = JSON.parse(String(e.data)) as {
      id?: number;
      method?: string;
      params?: { chunk: string };
      result?: Record<string, unknown>;
    };
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
    const r = (await send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const m = JSON.parse(r.result.value) as Record<string, number>;
    return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v / 1048576)]));
  };
  // V8's spaces, committed MB (used): which part of heapTotal the paging garbage holds.
  const spaces = async () => {
    const expression =
      "process.getBuiltinModule('node:v8').getHeapSpaceStatistics().filter((s) => s.space_size > 0).map((s) => `${s.space_name.replace('_space', '')} ${Math.round(s.space_size / 1048576)} (${Math.round(s.space_used_size / 1048576)})`).join(', ')";
    const r = (await send('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value?: string } };
    return r.result.value ?? '';
  };
  const line = async (what: string) =>
    process.stdout.write(
      `${what}: rss ${rss().toFixed(0)} MB (peak ${hwm().toFixed(0)}) · ${JSON.stringify(await heap())}\n    spaces: ${await spaces()}\n`,
    );
  await line('page 1');
  // PROBE_ALLOC=1: where paging allocates (garbage included), by function.
  const alloc = process.env.PROBE_ALLOC === '1';
  if (alloc)
    await send('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  const paged = await loadAll(
    term,
    board.columns.map((c) => c.name),
  );
  if (alloc) printAllocations((await send('HeapProfiler.stopSampling')) as unknown as { profile: SamplingProfile });
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
