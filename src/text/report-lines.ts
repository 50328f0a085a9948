/**
 * A board's report as lines of text for a terminal `width` cells wide (at
 * least 40): volume per day as bars, speed, the columns now, the week's
 * heatmap, who, and the notes. Both `inboard report` and the board's report
 * view draw these; `kind` lets the view colour headings. Every string from
 * the server passes `sanitize`.
 */
import type { Report } from '../api/schema-reports.js';
import { bar, pad, shade, shortDuration } from './report-chart.js';
import { sanitize } from './sanitize.js';
import { truncate } from './width.js';
import { wrap } from './wrap.js';

export interface ReportLine {
  text: string;
  kind: 'title' | 'heading' | 'body' | 'note';
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const BY_WORDS = { assignee: 'assignee', tag: 'tag', mailbox: 'mailbox' } as const;
const NONE_WORDS = { assignee: '(no one)', tag: '(no tag)', mailbox: '(mail-in, no mailbox)' } as const;

const s = (text: string | null | undefined): string => sanitize(text ?? '');

/** `Mon 23 Nov` of a local day `2026-11-23`. */
export function dayLabel(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) return s(day);
  const d = new Date(t);
  return `${WEEKDAYS[(d.getUTCDay() + 6) % 7] ?? ''} ${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()] ?? ''}`;
}

/** A bar and its number; no bar, just the number. */
const barWith = (n: number, most: number, cells: number): string => {
  const b = bar(n, most, cells);
  return b === '' ? String(n) : `${b} ${n}`;
};

const percent = (share: number | null): string => (share === null ? '—' : `${Math.round(share * 100)}%`);

export function reportLines(r: Report, boardName: string, width: number): ReportLine[] {
  const w = Math.max(40, Math.floor(width));
  const out: ReportLine[] = [];
  const line = (text: string, kind: ReportLine['kind'] = 'body'): void =>
    void out.push({ text: truncate(text, w).trimEnd(), kind });
  const blank = (): void => line('');
  /** A sentence: wrapped at the width, never cut. */
  const say = (text: string): void => {
    for (const part of wrap(text, w)) line(part);
  };
  const clock = r.Clock === 'business' ? `business time, ${s(r.Hours)}` : 'clock time';
  const zone = s(r.Zone);

  line(`${s(boardName)} — ${r.From.slice(0, 10)} to ${r.To.slice(0, 16).replace('T', ' ')} UTC`, 'title');
  say(`Days and hours in ${zone}${r.ZoneFrom === 'utc' ? ' (the board names no zone)' : ''}; times in ${clock}.`);
  blank();

  // Volume: customer messages and replies per day, as two bars.
  line('Volume per day', 'heading');
  // label 11, new 4, a gap 2, two bars with their numbers, and 4 for a day's own length.
  const barCells = Math.min(40, Math.max(4, Math.floor((w - 17 - 4) / 2) - 5));
  const maxIn = Math.max(0, ...r.Days.map((d) => d.CustomerMessages));
  const maxOut = Math.max(0, ...r.Days.map((d) => d.Replies));
  const most = Math.max(maxIn, maxOut);
  line(
    `${pad('', 11)}${pad('new', 4, true)}  ${pad('customer messages', barCells + 5)}${pad('replies', barCells + 5)}`,
  );
  for (const d of r.Days) {
    const hours = d.Hours === 24 ? '' : ` ${d.Hours}h`;
    line(
      `${pad(dayLabel(d.Day), 11)}${pad(String(d.NewConversations), 4, true)}  ` +
        `${pad(barWith(d.CustomerMessages, most, barCells), barCells + 5)}` +
        `${pad(barWith(d.Replies, most, barCells), barCells + 5)}${hours}`,
    );
  }
  const sum = (k: 'NewConversations' | 'CustomerMessages' | 'Replies'): number => r.Days.reduce((a, d) => a + d[k], 0);
  line(
    `${pad('total', 11)}${pad(String(sum('NewConversations')), 4, true)}  ` +
      `${pad(String(sum('CustomerMessages')), barCells + 5)}${sum('Replies')}`,
  );
  blank();

  // Speed.
  line(`Speed (${r.Clock === 'business' ? 'business time' : 'clock time'})`, 'heading');
  // Narrower below 47 columns: the label and the figures still fit.
  const [lc, cc, dc] = w >= 47 ? [20, 7, 10] : [16, 6, 9];
  const speedRow = (label: string, st: Report['Speed']['FirstResponse']): void =>
    line(
      `${pad(label, lc)}${pad(String(st.Count), cc, true)}${pad(shortDuration(st.MedianSeconds), dc, true)}` +
        `${pad(shortDuration(st.P90Seconds), dc, true)}`,
    );
  line(`${pad('', lc)}${pad('count', cc, true)}${pad('median', dc, true)}${pad('p90', dc, true)}`);
  speedRow('First response', r.Speed.FirstResponse);
  speedRow('Later responses', r.Speed.LaterResponse);
  speedRow('Resolution', r.Speed.Resolution);
  const t = r.Speed.Target;
  if (t === null) say('Within target: — (the board has no response targets)');
  else {
    const targets = [
      t.FirstResponseSeconds === null ? null : `first ${shortDuration(t.FirstResponseSeconds)}`,
      t.NextResponseSeconds === null ? null : `later ${shortDuration(t.NextResponseSeconds)}`,
    ].filter((x) => x !== null);
    say(`Within target: ${t.WithinTarget} of ${t.Counted} (${percent(t.Share)}) — ${targets.join(', ')}`);
  }
  say(
    `Unanswered now ${r.Speed.Unanswered} · closed without a reply ${r.Speed.ClosedWithoutReply} · reopened ${r.Speed.Reopened}`,
  );
  blank();

  // Now.
  line(`Now (${r.At.slice(0, 16).replace('T', ' ')} UTC)`, 'heading');
  const nameCells = Math.max(10, Math.min(30, w - 4 * 9));
  line(`${pad('column', nameCells)}${['open', 'waiting', 'late', 'snoozed'].map((h) => pad(h, 9, true)).join('')}`);
  for (const c of r.Now) {
    line(
      `${pad(truncate(s(c.ColumnName), nameCells - 1), nameCells)}` +
        [c.Open, c.Waiting, c.Late, c.Snoozed].map((n) => pad(String(n), 9, true)).join(''),
    );
  }
  blank();

  // When: the heatmap, two cells an hour where they fit.
  const wide = 5 + 48 <= w;
  const cell = wide ? 2 : 1;
  const maxHeat = Math.max(0, ...r.Heatmap.flat());
  line(`Customer messages by hour (${zone})`, 'heading');
  let axis = pad('', 5);
  for (let h = 0; h < 24; h += 3) axis += pad(String(h), 3 * cell);
  line(axis);
  r.Heatmap.forEach((row, day) => {
    line(`${pad(WEEKDAYS[day] ?? '', 5)}${row.map((n) => shade(n, maxHeat).repeat(cell)).join('')}`);
  });
  say(`· none  ░ ▒ ▓ █ up to the busiest hour (${maxHeat})`);
  blank();

  // Who.
  line(`By ${BY_WORDS[r.By]}`, 'heading');
  const keyCells = Math.max(12, Math.min(36, w - 40));
  line(`${pad('', keyCells)}${pad('handled', 9, true)}${pad('replies', 9, true)}${pad('first resp.', 13, true)}`);
  if (r.Groups.length === 0) line('— nothing in this period');
  for (const g of r.Groups) {
    const key = g.Key === '' ? NONE_WORDS[r.By] : s(g.Key);
    line(
      `${pad(truncate(key, keyCells - 1), keyCells)}${pad(String(g.Handled), 9, true)}${pad(String(g.Replies), 9, true)}` +
        `${pad(shortDuration(g.FirstResponse.MedianSeconds), 13, true)}`,
    );
  }

  if (r.Notes.length > 0) {
    blank();
    line('Notes', 'heading');
    for (const n of r.Notes)
      for (const [i, part] of wrap(s(n), w - 2).entries()) line(`${i === 0 ? '• ' : '  '}${part}`, 'note');
  }
  return out;
}

/** What a server without reports (DragApp) gives: cards per column from its listing, the rest said. */
export function listingLines(
  boardName: string,
  columns: readonly { name: string; open: number; more?: boolean }[],
  width: number,
): ReportLine[] {
  const w = Math.max(40, Math.floor(width));
  const out: ReportLine[] = [{ text: truncate(`${s(boardName)} — now`, w), kind: 'title' }];
  const nameCells = Math.max(10, Math.min(30, w - 10));
  out.push({ text: `${pad('column', nameCells)}${pad('cards', 9, true)}`, kind: 'heading' });
  for (const c of columns)
    out.push({
      text: `${pad(truncate(s(c.name), nameCells - 1), nameCells)}${pad(`${c.open}${c.more === true ? '+' : ''}`, 9, true)}`,
      kind: 'body',
    });
  out.push({ text: '', kind: 'body' });
  for (const part of wrap(LISTING_NOT_OFFERED, w - 2)) out.push({ text: part, kind: 'note' });
  return out;
}

export const LISTING_NOT_OFFERED =
  'This server offers no report: only the cards in each column are counted, from its listing. Volume, speed, ' +
  'waiting, late and snoozed cards, the heatmap and who handled what are not offered by this server.';
