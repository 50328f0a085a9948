/**
 * Summarises a V8 .cpuprofile: self and inclusive time per function and self
 * time per package / source file (through the bundle's source map), over an
 * optional time window. Usable alone:
 *   node --import tsx bench/lib/cpuprofile.ts FILE.cpuprofile [TOP]
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Entry {
  name: string;
  where: string;
  ms: number;
}

export interface Summary {
  /** Sampled wall time in the window, idle included. */
  totalMs: number;
  idleMs: number;
  gcMs: number;
  self: Entry[];
  inclusive: Entry[];
  /** Self time by package (node_modules/<pkg>) or by src/ file. */
  byOrigin: Entry[];
}

const maps = new Map<string, SourceMap | null>();
function sourceMapFor(url: string): SourceMap | null {
  if (!url.startsWith('file://')) return null;
  let m = maps.get(url);
  if (m === undefined) {
    const path = `${fileURLToPath(url)}.map`;
    m = existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null;
    maps.set(url, m);
  }
  return m;
}

/** Where the bundle's source map puts a frame; findEntry answers `{}` where nothing maps. */
function mappingOf(f: CallFrame): SourceMapping | undefined {
  const e = sourceMapFor(f.url)?.findEntry(f.lineNumber, f.columnNumber);
  return e !== undefined && 'originalSource' in e ? e : undefined;
}

/** Where a frame's code came from: "ink", "react-reconciler", "src/ui/Column.tsx", "node:internal", … */
function origin(f: CallFrame): string {
  if (f.url === '') return f.functionName.startsWith('(') ? f.functionName : '(native)';
  if (f.url.startsWith('node:')) return 'node:internal';
  const entry = mappingOf(f);
  const src = entry?.originalSource ?? f.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src);
  if (pkg?.[1]) return pkg[1];
  const own = /(src\/.*)$/.exec(src);
  return own?.[1] ?? src.replace(/^.*\//, '');
}

function where(f: CallFrame): string {
  if (f.url === '') return '';
  const e = mappingOf(f);
  if (e?.originalSource) {
    const short = e.originalSource.replace(/^.*node_modules\//, '').replace(/^.*?(src\/)/, '$1');
    return `${short}:${(e.originalLine ?? 0) + 1}`;
  }
  return `${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
}

/**
 * `from`/`to` in the profile's clock (µs, CLOCK_MONOTONIC — the same clock as
 * process.hrtime), to look at one phase of a run.
 */
export function summarise(p: Profile, top = 25, from = -Infinity, to = Infinity): Summary {
  return summariseWindows(p, [[from, to]], top);
}

/** As `summarise`, over the samples inside any of `windows` (e.g. each key press → its frame). */
export function summariseWindows(p: Profile, windows: readonly (readonly [number, number])[], top = 25): Summary {
  return summariseMany([{ profile: p, windows }], top);
}

/** As `summariseWindows`, over several profiles (e.g. one per process) as one. */
export function summariseMany(
  parts: readonly { profile: Profile; windows: readonly (readonly [number, number])[] }[],
  top = 25,
): Summary {
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, dt: number) => m.set(k, (m.get(k) ?? 0) + dt);
  const key = (f: CallFrame) => `${f.functionName || '(anonymous)'}\u0000${where(f)}`;
  let total = 0;
  let idle = 0;
  let gc = 0;
  for (const { profile: p, windows } of parts) {
    const inside = (t: number) => windows.some(([from, to]) => t >= from && t <= to);
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    let t = p.startTime;
    for (let i = 0; i < p.samples.length; i++) {
      t += p.timeDeltas[i] ?? 0;
      // A sample's weight is the gap to the next one.
      const dt = ((p.timeDeltas[i + 1] ?? 0) > 0 ? (p.timeDeltas[i + 1] as number) : 0) / 1000;
      if (!inside(t)) continue;
      const node = byId.get(p.samples[i] as number);
      if (node === undefined) continue;
      total += dt;
      const fn = node.callFrame.functionName;
      if (fn === '(idle)') {
        idle += dt;
        continue;
      }
      if (fn === '(garbage collector)') gc += dt;
      add(self, key(node.callFrame), dt);
      add(byOrigin, origin(node.callFrame), dt);
      const seen = new Set<string>();
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
        const n = byId.get(id);
        if (n === undefined) break;
        const kk = key(n.callFrame);
        if (seen.has(kk)) continue;
        seen.add(kk);
        add(incl, kk, dt);
      }
    }
  }
  const list = (m: Map<string, number>, n: number): Entry[] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => {
        const [name, w] = k.split('\u0000');
        return { name: name ?? k, where: w ?? '', ms: v };
      });
  const skip = new Set(['(root)', '(program)']);
  return {
    totalMs: total,
    idleMs: idle,
    gcMs: gc,
    self: list(self, top),
    inclusive: list(incl, top * 3)
      .filter((e) => !skip.has(e.name))
      .slice(0, top),
    byOrigin: list(byOrigin, top),
  };
}

export function formatSummary(title: string, s: Summary): string {
  const pct = (x: number) => `${((100 * x) / Math.max(1e-9, s.totalMs - s.idleMs)).toFixed(1)}%`;
  const lines = [
    `### ${title}`,
    '',
    `sampled ${s.totalMs.toFixed(0)} ms: busy ${(s.totalMs - s.idleMs).toFixed(0)} ms, idle ${s.idleMs.toFixed(0)} ms, GC ${s.gcMs.toFixed(0)} ms`,
    '',
    '| self ms | % busy | function | where |',
    '|---:|---:|---|---|',
    ...s.self.map((e) => `| ${e.ms.toFixed(1)} | ${pct(e.ms)} | ${e.name} | ${e.where} |`),
    '',
    '| self ms by origin | % busy | package / file |',
    '|---:|---:|---|',
    ...s.byOrigin.map((e) => `| ${e.ms.toFixed(1)} | ${pct(e.ms)} | ${e.name} |`),
    '',
    '| inclusive ms | % busy | function | where |',
    '|---:|---:|---|---|',
    ...s.inclusive.map((e) => `| ${e.ms.toFixed(1)} | ${pct(e.ms)} | ${e.name} | ${e.where} |`),
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: cpuprofile.ts FILE.cpuprofile [TOP]');
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  process.stdout.write(formatSummary(file, summarise(p, Number(process.argv[3] ?? 25))));
}
