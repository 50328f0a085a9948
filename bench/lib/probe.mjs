// Start-up timeline of one inboard run, loaded with `node --import` by
// bench/profile-tui.ts (never by the app itself). Times are ms since the
// process started (performance.now()). Written as JSON to PROBE_OUT on exit:
// when the preload ran, every undici request (start → headers → done), the
// first write to the terminal, the switch to the alternate screen, and the
// first write containing PROBE_MARKER (the card title the bench waits for),
// with the process's CPU time (user + system, ms) at the preload and there.
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const out = process.env.PROBE_OUT;
const marker = process.env.PROBE_MARKER ?? '';
const t = () => Math.round(performance.now() * 10) / 10;
const cpu = () => {
  const u = process.cpuUsage();
  return Math.round((u.user + u.system) / 100) / 10;
};
const timeline = {
  preload: t(),
  preloadCpu: cpu(),
  requests: [],
  firstWrite: null,
  altScreen: null,
  marker: null,
  markerCpu: null,
  writes: 0,
};
const byReq = new WeakMap();

subscribe('undici:request:create', ({ request }) => {
  const r = { path: `${request.method} ${request.path}`, start: t(), headers: null, done: null };
  byReq.set(request, r);
  timeline.requests.push(r);
});
subscribe('undici:request:headers', ({ request }) => {
  const r = byReq.get(request);
  if (r) r.headers = t();
});
subscribe('undici:request:trailers', ({ request }) => {
  const r = byReq.get(request);
  if (r) r.done = t();
});

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const now = t();
  const s = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  timeline.writes++;
  timeline.firstWrite ??= now;
  if (timeline.altScreen === null && s.includes('\x1b[?1049h')) timeline.altScreen = now;
  if (timeline.marker === null && marker !== '' && s.includes(marker)) {
    timeline.marker = now;
    timeline.markerCpu = cpu();
  }
  return write(chunk, ...rest);
};

process.on('exit', () => {
  if (out) writeFileSync(out, JSON.stringify(timeline));
});
