/** Small numeric helpers for the benchmark tables. */
import { availableParallelism, loadavg } from 'node:os';

export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  // Nearest rank: p99 of 30 samples is the largest one, as it should be.
  const rank = Math.min(s.length, Math.max(1, Math.ceil(q * s.length)));
  return s[rank - 1] as number;
}

export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export const ms = (x: number): string =>
  Number.isNaN(x) ? '—' : x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`;

export interface Row {
  figure: string;
  measured: string;
  budget: string;
  /** true = within budget, false = over, null = no budget (for scale). */
  ok: boolean | null;
}

export function row(figure: string, samples: readonly number[], budget: number | null, p99Budget?: number): Row {
  const med = median(samples);
  const p99 = quantile(samples, 0.99);
  const showP99 = p99Budget !== undefined || samples.length >= 20;
  const measured = `${ms(med)}${showP99 ? ` (p99 ${ms(p99)})` : ''} · n=${samples.length}`;
  const ok = budget === null ? null : med <= budget && (p99Budget === undefined || p99 <= p99Budget);
  const b = budget === null ? '—' : `≤ ${budget} ms${p99Budget !== undefined ? ` median, ≤ ${p99Budget} ms p99` : ''}`;
  return { figure, measured, budget: b, ok };
}

export function markdownTable(rows: readonly Row[]): string {
  const mark = (ok: boolean | null) => (ok === null ? '' : ok ? ' ✅' : ' ❌');
  const lines = ['| figure | measured (median, p99) | budget |', '|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.figure} | ${r.measured} | ${r.budget}${mark(r.ok)} |`);
  return lines.join('\n');
}

/** Where a tmux bench ran: Node, the pane, and the machine's load from `load0` (at start) to now. */
export function paneConditions(load0: number): string {
  const cpus = availableParallelism();
  return `Node ${process.version}, 140×40 tmux pane, CI unset; load average ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus} CPUs`;
}
