/**
 * Reads bench/lib/open-probe.mjs's timeline for bench/open-card.ts: per
 * opening, where the time between Enter and the note on screen went.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSummary, summariseMany, type Profile } from './cpuprofile.js';
import { median } from './stats.js';

export interface Opening {
  /** Wall-clock ms when the bench sent Enter. */
  t0: number;
  id: number;
  title: number;
  note: number;
  flash: boolean;
  /** The opening's span on the CPU profile's clock (µs). */
  span: [number, number];
}

/** One start of the app: where its probe wrote, and its openings in order (the first one first). */
export interface Start {
  probe: string;
  openings: Opening[];
}

/** [wall ms, kind, detail] as open-probe.mjs writes them. */
type Event = [number, string, string];

const med = (xs: number[]) => (xs.length === 0 ? '—' : median(xs).toFixed(1));

export function breakdown(events: readonly Event[], openings: readonly Opening[]): string {
  const keyRead: number[] = [];
  const firstWrite: number[] = [];
  const toRequest: number[] = [];
  const request: number[] = [];
  const answerToWrite: number[] = [];
  const writeToSeen: number[] = [];
  let ahead = 0;
  for (const o of openings) {
    const key = events.find(([t, k, d]) => k === 'key' && t >= o.t0 - 2 && d.includes('\\r'));
    const noteWrite = events.find(([t, k, d]) => k === 'write' && t >= o.t0 - 2 && d.endsWith('N'));
    if (key === undefined || noteWrite === undefined) continue;
    keyRead.push(key[0] - o.t0);
    const w1 = events.find(([t, k]) => k === 'write' && t >= key[0]);
    if (w1 !== undefined) firstWrite.push(w1[0] - key[0]);
    writeToSeen.push(o.t0 + o.note - noteWrite[0]);
    // The GET of this card that answered last before the note was drawn: sent after Enter, or ahead of it.
    const path = `GET /v2/card/${o.id}`;
    const done = events.filter(([t, k, d]) => k === 'done' && d === path && t <= noteWrite[0]).at(-1);
    const sent =
      done === undefined ? undefined : events.filter(([t, k, d]) => k === 'req' && d === path && t <= done[0]).at(-1);
    if (done === undefined || sent === undefined) continue;
    if (sent[0] < key[0]) ahead++;
    else toRequest.push(sent[0] - key[0]);
    request.push(done[0] - sent[0]);
    answerToWrite.push(noteWrite[0] - Math.max(done[0], key[0]));
  }
  return (
    `Enter → key read ${med(keyRead)} · key → first frame written ${med(firstWrite)} · ` +
    `key → GET sent ${med(toRequest)} (fetched ahead: ${ahead}/${openings.length}) · GET sent → answered ${med(request)} · ` +
    `answer (or key, if later) → note written ${med(answerToWrite)} · note written → seen ${med(writeToSeen)}`
  );
}

/** The probe's breakdown per kind of opening, over every start's timeline. */
export function probeSection(
  title: string,
  starts: readonly Start[],
  kinds: readonly (readonly [string, readonly Opening[]])[],
): string[] {
  const events = starts.flatMap((st) => JSON.parse(readFileSync(st.probe, 'utf8')) as Event[]);
  const out = [title, ''];
  for (const [kind, xs] of kinds) if (xs.length > 0) out.push(`- ${kind}: ${breakdown(events, xs)}`);
  return [...out, ''];
}

/** CPU profiles (one per start, in `profDir`) summarised over the first openings and over the later ones. */
export function cpuSection(label: string, profDir: string, starts: readonly Start[], top: number): string[] {
  // In the order the starts ran: the file names begin with the date and time.
  const files = readdirSync(profDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort();
  const profiles = files.map((f) => JSON.parse(readFileSync(join(profDir, f), 'utf8')) as Profile);
  const out: string[] = [];
  for (const [kind, pick] of [
    ['first openings', (k: number) => k === 0],
    ['later openings', (k: number) => k > 0],
  ] as const) {
    const parts = profiles.map((profile, s) => ({
      profile,
      windows: (starts[s]?.openings ?? []).filter((_, k) => pick(k)).map((x) => x.span),
    }));
    const n = parts.reduce((m, p) => m + p.windows.length, 0);
    out.push(formatSummary(`CPU over the ${n} ${kind} (Enter → note seen): ${label}`, summariseMany(parts, top)));
  }
  return out;
}
