/**
 * Reads bench/lib/open-probe.mjs's timeline for bench/open-card.ts: per
 * opening, where the time between Enter and the note on screen went.
 */
import { median } from './stats.js';

export interface Opening {
  /** Wall-clock ms when the bench sent Enter. */
  t0: number;
  id: number;
  title: number;
  note: number;
  flash: boolean;
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
