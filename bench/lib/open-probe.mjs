// A timeline of one inboard run for bench/open-card.ts (OPEN_PROBE=1), loaded
// with `node --import` (never by the app itself): every key chunk Ink reads,
// every undici request (create → headers → done) and every write to the
// terminal (size; whether it says "loading…" or carries a bench note). Times
// are wall-clock ms (performance.timeOrigin + now) so the bench can line them
// up with its own clock. Written as JSON to OPEN_PROBE_OUT on exit.
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const out = process.env.OPEN_PROBE_OUT;
const t = () => Math.round((performance.timeOrigin + performance.now()) * 100) / 100;
/** [time, kind, detail] */
const events = [];
const byReq = new WeakMap();

subscribe('undici:request:create', ({ request }) => {
  byReq.set(request, `${request.method} ${request.path}`);
  events.push([t(), 'req', `${request.method} ${request.path}`]);
});
subscribe('undici:request:headers', ({ request }) => events.push([t(), 'hdr', byReq.get(request) ?? '?']));
subscribe('undici:request:trailers', ({ request }) => events.push([t(), 'done', byReq.get(request) ?? '?']));

// Ink reads keys with stdin.read() on 'readable'.
const read = process.stdin.read.bind(process.stdin);
process.stdin.read = (...args) => {
  const chunk = read(...args);
  if (chunk !== null) events.push([t(), 'key', JSON.stringify(String(chunk))]);
  return chunk;
};

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const s = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  const flags = `${s.includes('loading…') ? 'L' : ''}${/bench note of card/.test(s) ? 'N' : ''}`;
  events.push([t(), 'write', `${s.length}${flags ? ` ${flags}` : ''}`]);
  return write(chunk, ...rest);
};

process.on('exit', () => {
  if (out) writeFileSync(out, JSON.stringify(events));
});
