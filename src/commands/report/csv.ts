/**
 * `inboard report --csv`: every figure of the report as one row — section,
 * key, figure, value, unit — so a spreadsheet gets the same numbers as
 * `--json`, with their units (durations in seconds, a share as a fraction).
 * Text fields are sanitized and quoted; a cell a spreadsheet would read as
 * a formula is led by an apostrophe.
 */
import type { Report, DurationStats } from '../../api/schema-reports.js';
import { sanitize } from '../../text/sanitize.js';

type Cell = string | number | null;

function cell(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  let t = sanitize(v);
  if (/^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return /[",\n]/.test(t) || t !== t.trim() ? `"${t.replace(/"/g, '""')}"` : t;
}

export const CSV_HEADER = ['section', 'key', 'figure', 'value', 'unit'];

export function reportCsv(r: Report): string {
  const rows: Cell[][] = [CSV_HEADER];
  const add = (section: string, key: string, figure: string, value: Cell, unit: string): void =>
    void rows.push([section, key, figure, value, unit]);
  add('report', '', 'from', r.From, 'ISO 8601');
  add('report', '', 'to', r.To, 'ISO 8601');
  add('report', '', 'at', r.At, 'ISO 8601');
  add('report', '', 'zone', r.Zone, r.ZoneFrom === 'utc' ? 'UTC: the board names none' : "the board's");
  add('report', '', 'clock', r.Clock, r.Hours ?? '');
  for (const d of r.Days) {
    add('day', d.Day, 'hours', d.Hours, 'hours');
    add('day', d.Day, 'new_conversations', d.NewConversations, 'count');
    add('day', d.Day, 'customer_messages', d.CustomerMessages, 'count');
    add('day', d.Day, 'replies', d.Replies, 'count');
  }
  const stats = (section: string, key: string, st: DurationStats): void => {
    add(section, key, 'count', st.Count, 'count');
    add(section, key, 'median', st.MedianSeconds, 'seconds');
    add(section, key, 'p90', st.P90Seconds, 'seconds');
  };
  stats('speed', 'first_response', r.Speed.FirstResponse);
  stats('speed', 'later_response', r.Speed.LaterResponse);
  stats('speed', 'resolution', r.Speed.Resolution);
  add('speed', '', 'unanswered', r.Speed.Unanswered, 'count');
  add('speed', '', 'closed_without_reply', r.Speed.ClosedWithoutReply, 'count');
  add('speed', '', 'reopened', r.Speed.Reopened, 'count');
  const t = r.Speed.Target;
  if (t !== null) {
    add('target', 'first_response', 'target', t.FirstResponseSeconds, 'seconds');
    add('target', 'later_response', 'target', t.NextResponseSeconds, 'seconds');
    add('target', '', 'counted', t.Counted, 'count');
    add('target', '', 'within', t.WithinTarget, 'count');
    add('target', '', 'share', t.Share, 'fraction');
  }
  for (const c of r.Now) {
    add('now', c.ColumnName, 'open', c.Open, 'count');
    add('now', c.ColumnName, 'waiting', c.Waiting, 'count');
    add('now', c.ColumnName, 'late', c.Late, 'count');
    add('now', c.ColumnName, 'snoozed', c.Snoozed, 'count');
  }
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  r.Heatmap.forEach((row, d) =>
    row.forEach((n, h) =>
      add('heatmap', `${days[d] ?? d} ${String(h).padStart(2, '0')}:00`, 'customer_messages', n, 'count'),
    ),
  );
  for (const g of r.Groups) {
    const key = g.Key === '' ? `(none)` : g.Key;
    add(r.By, key, 'handled', g.Handled, 'count');
    add(r.By, key, 'replies', g.Replies, 'count');
    stats(r.By, key, g.FirstResponse);
  }
  for (const n of r.Notes) add('note', '', 'note', n, '');
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
