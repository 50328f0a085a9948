/**
 * A board's report from what loadReport read: volume per local day, the
 * speed of responses and resolutions, the columns now, the week's heatmap,
 * and the breakdown asked for. Definitions: docs/reports.md.
 */
import type { Report, ReportBy, ReportColumnNow, ReportGroup, ReportTarget } from '../../api/schema-reports.js';
import { parseBusinessHours, type BusinessHours } from '../../text/business-hours.js';
import { DAY_MS, offsetAt, weekdayOf } from '../../text/time-zone.js';
import { spanClock, type SpanClock } from './business-clock.js';
import { readConversation, type Conversation, type Cycle } from './cycles.js';
import type { ReportData, ReportMessage } from './load.js';
import { dayName, type Period, type ReportDayBounds } from './period.js';
import { durationStats } from './stats.js';

const HOUR_MS = 3_600_000;

/** The zone and business hours a board's report counts in. */
export function reportClockOf(data: Pick<ReportData, 'targets'>): {
  zone: string;
  zoneFrom: 'board' | 'utc';
  hours: BusinessHours | null;
  hoursText: string | null;
} {
  const t = data.targets;
  const parsed = t?.hours == null ? null : parseBusinessHours(t.hours);
  return {
    zone: t?.zone ?? 'UTC',
    zoneFrom: t === undefined ? 'utc' : 'board',
    hours: parsed?.ok === true ? parsed.hours : null,
    hoursText: parsed?.ok === true ? parsed.text : null,
  };
}

function dayIndex(days: readonly ReportDayBounds[], ms: number): number {
  let lo = 0;
  let hi = days.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = days[mid];
    if (d === undefined) return -1;
    if (ms < d.startMs) hi = mid - 1;
    else if (ms >= d.endMs) lo = mid + 1;
    else return mid;
  }
  return -1;
}

export function computeReport(boardId: number, data: ReportData, period: Period, nowMs: number, by: ReportBy): Report {
  const { zone, zoneFrom, hours, hoursText } = reportClockOf(data);
  const notes = [...period.notes];
  const inPeriod = (ms: number): boolean => ms >= period.fromMs && ms < period.toMs;
  const lastColumn = data.columns.length > 1 ? data.columns[data.columns.length - 1] : undefined;

  const byCard = new Map<number, ReportMessage[]>();
  for (const m of data.messages) {
    const list = byCard.get(m.cardId);
    if (list === undefined) byCard.set(m.cardId, [m]);
    else list.push(m);
  }
  const conversations = new Map<number, Conversation>();
  let low = period.fromMs;
  for (const card of data.cards) {
    const msgs = byCard.get(card.id) ?? [];
    const res = data.resolutions.get(card.id) ?? [];
    if (msgs.length === 0 && res.length === 0) continue;
    const inLast = !card.archived && lastColumn !== undefined && card.columnId === lastColumn.id;
    const conv = readConversation(Number.isNaN(card.createdMs) ? 0 : card.createdMs, msgs, res, inLast);
    conversations.set(card.id, conv);
    for (const s of conv.resolved) if (inPeriod(s.endMs)) low = Math.min(low, s.startMs);
  }
  for (const card of data.cards) {
    const since = card.waitingSince === null ? NaN : Date.parse(card.waitingSince);
    if (!card.archived && since < low) low = since;
  }
  const clock: SpanClock = spanClock(hours, zone, low, nowMs);

  // Volume and the heatmap.
  const days = period.days.map((d) => ({
    Day: dayName(d.key),
    Hours: Math.round((d.endMs - d.startMs) / HOUR_MS),
    NewConversations: 0,
    CustomerMessages: 0,
    Replies: 0,
  }));
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const count = (ms: number, field: 'NewConversations' | 'CustomerMessages' | 'Replies'): void => {
    if (!inPeriod(ms)) return;
    const day = days[dayIndex(period.days, ms)];
    if (day !== undefined) day[field]++;
  };
  let datedEarly = 0;
  let replyBeforeStart = 0;
  for (const conv of conversations.values()) {
    datedEarly += conv.datedEarly;
    replyBeforeStart += conv.replyBeforeStart;
    const first = conv.customer[0];
    if (first !== undefined) count(first, 'NewConversations');
    for (const at of conv.customer) {
      count(at, 'CustomerMessages');
      if (!inPeriod(at)) continue;
      const i = dayIndex(period.days, at);
      const day = period.days[i];
      if (day === undefined) continue;
      // A day of 24 hours has one offset, its midnight's; a clock change's day is asked instant by instant.
      const wall = at + (day.endMs - day.startMs === DAY_MS ? day.key - day.startMs : offsetAt(at, zone));
      const hour = Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
      const row = heatmap[(weekdayOf(day.key) + 6) % 7];
      if (row !== undefined) row[hour] = (row[hour] ?? 0) + 1;
    }
    for (const at of conv.replies) count(at, 'Replies');
  }
  for (const d of days) if (d.Hours !== 24) notes.push(`${d.Day} had ${d.Hours} hours in ${zone} (a clock change).`);

  // Speed.
  const cyclesIn = (conv: Conversation): Cycle[] => conv.cycles.filter((c) => inPeriod(c.startMs));
  const took = (c: Cycle): number => clock.between(c.startMs, c.endMs ?? c.startMs);
  const first: number[] = [];
  const later: number[] = [];
  const resolution: number[] = [];
  let unanswered = 0;
  let closedWithoutReply = 0;
  let reopened = 0;
  let resolvedEmpty = 0;
  let byLastColumn = 0;
  const target = targetCounter(data, nowMs, clock);
  for (const conv of conversations.values()) {
    for (const c of cyclesIn(conv)) {
      if (c.reopened) reopened++;
      if (c.closedBy === 'reply') (c.kind === 'first' ? first : later).push(took(c));
      else if (c.closedBy === 'resolved') closedWithoutReply++;
      else unanswered++;
      target?.add(c);
    }
    for (const r of conv.resolved) if (inPeriod(r.endMs)) resolution.push(clock.between(r.startMs, r.endMs));
    if (conv.lastColumn) byLastColumn++;
    resolvedEmpty += conv.resolvedEmpty;
  }

  const said = (n: number, one: string, many: string): string => (n === 1 ? one : many.replace('#', String(n)));
  notes.push(
    zoneFrom === 'utc'
      ? 'The board names no time zone: days and hours are in UTC.'
      : `Days and hours are in ${zone}, the board's time zone.`,
  );
  notes.push(
    hoursText === null
      ? 'Times are clock time: the board has no business hours.'
      : `Times are business time: only ${hoursText} (${zone}) counts.`,
  );
  if (target === null) notes.push('The board has no response targets: no share is answered within one.');
  if (days.every((d) => d.CustomerMessages === 0 && d.Replies === 0))
    notes.push('Nothing happened in this period: no customer message and no reply.');
  if (datedEarly > 0)
    notes.push(
      said(
        datedEarly,
        'A message is dated more than an hour before its card was made: counted from when the card was made.',
        '# messages are dated more than an hour before their cards were made: counted from when each card was made.',
      ),
    );
  if (replyBeforeStart > 0)
    notes.push(
      said(
        replyBeforeStart,
        'A reply is dated before the message it answers: counted as 0 s.',
        '# replies are dated before the messages they answer: counted as 0 s.',
      ),
    );
  if (resolvedEmpty > 0)
    notes.push(
      said(resolvedEmpty, 'A card was', '# cards were') + ' resolved with no customer message: no resolution time.',
    );
  if (byLastColumn > 0 && lastColumn !== undefined)
    notes.push(
      `${said(byLastColumn, 'A card rests', '# cards rest')} in the last column, "${lastColumn.name}", with the team's reply last: resolved at that reply (when a card was moved is not kept).`,
    );

  return {
    BoardId: boardId,
    From: new Date(period.fromMs).toISOString(),
    To: new Date(period.toMs).toISOString(),
    At: new Date(nowMs).toISOString(),
    Zone: zone,
    ZoneFrom: zoneFrom,
    Clock: clock.kind,
    Hours: hoursText,
    Units: { Durations: 'seconds', Share: 'fraction' },
    Days: days,
    Speed: {
      FirstResponse: durationStats(first),
      LaterResponse: durationStats(later),
      Resolution: durationStats(resolution),
      Unanswered: unanswered,
      ClosedWithoutReply: closedWithoutReply,
      Reopened: reopened,
      Target: target?.result() ?? null,
    },
    Now: columnsNow(data, nowMs, clock),
    Heatmap: heatmap,
    By: by,
    Groups: groupsOf(data, conversations, inPeriod, (c) => took(c)),
    Notes: notes,
  };
}

/** Within target: answered in time, of the cycles whose outcome is known now. */
function targetCounter(
  data: ReportData,
  nowMs: number,
  clock: SpanClock,
): { add(c: Cycle): void; result(): ReportTarget } | null {
  const t = data.targets;
  const firstS = t?.first_response_s == null ? null : Number(t.first_response_s);
  const nextS = t?.next_response_s == null ? null : Number(t.next_response_s);
  if (firstS === null && nextS === null) return null;
  let counted = 0;
  let within = 0;
  return {
    add(c) {
      const s = c.kind === 'first' ? firstS : nextS;
      if (s === null || c.closedBy === 'resolved') return;
      if (c.closedBy === 'reply' && c.endMs !== null) {
        counted++;
        if (clock.between(c.startMs, c.endMs) <= s) within++;
      } else if (clock.between(c.startMs, nowMs) > s) counted++;
    },
    result: () => ({
      FirstResponseSeconds: firstS,
      NextResponseSeconds: nextS,
      Counted: counted,
      WithinTarget: within,
      Share: counted === 0 ? null : within / counted,
    }),
  };
}

function columnsNow(data: ReportData, nowMs: number, clock: SpanClock): ReportColumnNow[] {
  const t = data.targets;
  const out = new Map<number, ReportColumnNow>(
    data.columns.map((c) => [c.id, { ColumnId: c.id, ColumnName: c.name, Open: 0, Waiting: 0, Late: 0, Snoozed: 0 }]),
  );
  for (const card of data.cards) {
    const col = out.get(card.columnId);
    if (col === undefined || card.archived) continue;
    if (card.snoozed) {
      col.Snoozed++;
      continue;
    }
    col.Open++;
    if (card.waitingSince === null) continue;
    col.Waiting++;
    const s = card.waitingFirst === 1 ? t?.first_response_s : t?.next_response_s;
    const since = Date.parse(card.waitingSince);
    if (s != null && !Number.isNaN(since) && clock.between(since, nowMs) > Number(s)) col.Late++;
  }
  return [...out.values()];
}

function groupsOf(
  data: ReportData,
  conversations: Map<number, Conversation>,
  inPeriod: (ms: number) => boolean,
  took: (c: Cycle) => number,
): ReportGroup[] {
  const acc = new Map<string, { handled: number; replies: number; first: number[] }>();
  for (const [cardId, conv] of conversations) {
    const active = conv.customer.some(inPeriod) || conv.replies.some(inPeriod);
    if (!active) continue;
    const replies = conv.replies.filter(inPeriod).length;
    const first = conv.cycles.filter((c) => c.kind === 'first' && c.closedBy === 'reply' && inPeriod(c.startMs));
    for (const key of data.groups.get(cardId) ?? ['']) {
      let g = acc.get(key);
      if (g === undefined) acc.set(key, (g = { handled: 0, replies: 0, first: [] }));
      g.handled++;
      g.replies += replies;
      g.first.push(...first.map(took));
    }
  }
  return [...acc]
    .map(([Key, g]) => ({ Key, Handled: g.handled, Replies: g.replies, FirstResponse: durationStats(g.first) }))
    .sort((a, b) =>
      (a.Key === '') !== (b.Key === '') ? (a.Key === '' ? 1 : -1) : b.Handled - a.Handled || a.Key.localeCompare(b.Key),
    );
}
