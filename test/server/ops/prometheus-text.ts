/** Reading Prometheus' text exposition format (0.0.4) strictly, for the tests: every line must parse. */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const COMMENT = new RegExp(`^# (HELP|TYPE) (${NAME}) ?(.*)$`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function value(text: string): number {
  // As Prometheus reads them (Go's ParseFloat): any case.
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  const n = Number(text);
  if (text.trim() === '' || Number.isNaN(n)) throw new Error(`not a sample value: ${text}`);
  return n;
}

/** The samples of an exposition; throws on the first line that is not Prometheus text. */
export function parsePrometheus(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const c = COMMENT.exec(line);
      if (c === null) throw new Error(`bad comment line: ${line}`);
      if (c[1] === 'TYPE' && !TYPES.has(c[3] ?? '')) throw new Error(`bad type: ${line}`);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (m === null) throw new Error(`bad sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const at = LABEL.lastIndex;
      const l = LABEL.exec(body);
      if (l === null || l.index !== at) throw new Error(`bad labels: ${line}`);
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    out.push({ name: m[1]!, labels, value: value(m[3]!) });
  }
  return out;
}

/** The value of the one sample with this name and these labels (at least), or undefined. */
export function sampleOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
