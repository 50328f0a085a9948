import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { CardDetail as Detail, Column } from '../api/read-model.js';
import { normaliseTagColor } from '../api/normalise.js';
import type { ColumnInfo } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { fit, truncate } from '../text/width.js';
import { wrap } from '../text/wrap.js';
import { clockTime, longDate, urgency } from './card-meta.js';
import type { DetailLine } from './detail-line.js';
import { sameSel, type DetailItemKind, type DetailSel } from './detail-selection.js';
import { useThreadLines, type ThreadOptions } from './hooks/use-thread-lines.js';
import { useBoard } from './store-context.js';
import { color, tagColor } from './theme.js';
import { presenceLines } from './presence-words.js';
import { useArrivals } from './hooks/use-arrivals.js';
import { useMinute } from './hooks/use-minute.js';
import { useCustomerLines } from './hooks/use-customer.js';
import { snoozeLine, waitingLine, waitRole } from './waiting-words.js';

export type { DetailLine } from './detail-line.js';

/** What a field or section the server did not send says: not yet, or never. */
export const NOT_PROVIDED = 'not provided by this server';
const NO_ONE: readonly string[] = [];
const LOADING = 'loading…';

/**
 * Every field known of the card, as sanitised, wrapped lines. Fields and
 * sections absent from `d` say "loading…" while `loading`, else that this
 * server does not provide them: never "none" for what was not sent.
 */
export function detailLines(
  d: Detail,
  columns: readonly (ColumnInfo | Column)[],
  width: number,
  selected: DetailSel | null = null,
  loading = false,
  thread: readonly DetailLine[] = [],
  changedBy: { by: string; at: number } | null = null,
  here: readonly string[] = [],
  now: number = Date.now(),
): DetailLine[] {
  const absent = loading ? LOADING : NOT_PROVIDED;
  const lines: DetailLine[] = [];
  const para = (text: string, style: Omit<DetailLine, 'text'> = {}, indent = '') => {
    for (const l of wrap(sanitize(text, { multiline: true }), width - indent.length))
      lines.push({ text: indent + l, ...style });
  };
  const field = (label: string, value: string) => para(`${label.padEnd(12)} ${value}`);
  const col = columns.find((c) => ('label' in c ? c.label : c.ColumnId) === d.ColumnId);
  const dim = (label: string) => lines.push({ text: `${label.padEnd(12)} ${absent}`, dim: true });
  para(d.TaskName ?? `Card ${d.ServiceTaskId}`, { bold: true });
  // Where a blank line was: what `#` takes to come back here, as the server has it.
  lines.push({ text: `Card id ${sanitize(d.ServiceTaskId)}`, dim: true });
  // A teammate's change that came live: whose (the row's `*` says only that it was someone else's).
  if (changedBy !== null)
    lines.push({
      text: `* changed by ${sanitize(changedBy.by)} at ${clockTime(changedBy.at)}`,
      color: color('warning'),
    });
  // Teammates on this card now (presence): terminal-safe already.
  for (const h of here) lines.push({ text: `${h.endsWith('replying') ? '✎' : '◉'} ${h}`, color: 'magenta' });
  if (col) field('Column', 'displayName' in col ? col.displayName : sanitize(col.Name));
  else if (d.ColumnId) field('Column', sanitize(d.ColumnId));
  else dim('Column');
  if (d.ReadUnreadStatus === undefined) dim('Status');
  else field('Status', `${d.ReadUnreadStatus === 0 ? '● unread' : 'read'}${d.Archived ? ' · archived' : ''}`);
  if (d.ThreadOwnerEmail) field('Thread owner', d.ThreadOwnerEmail);
  else dim('Thread owner');
  if (d.CreatedAt) field('Created', longDate(d.CreatedAt));
  else dim('Created');
  if (d.DueDate === undefined) dim('Due');
  else if (!d.DueDate) field('Due', '—');
  else {
    const u = urgency(d.DueDate);
    para(
      `${'Due'.padEnd(12)} ${longDate(d.DueDate)}${u === 'overdue' ? ' — overdue' : u === 'today' ? ' — due today' : ''}`,
      u === 'overdue' ? { color: color('error'), bold: true } : u === 'today' ? { color: color('warning') } : {},
    );
  }
  // Who waits for an answer, and how that stands against the board's target (the waiting extensions).
  const waiting = waitingLine(
    { waitingSince: d.WaitingSince, responseDue: d.ResponseDue, responseTarget: d.ResponseTarget },
    now,
  );
  if (waiting !== null)
    para(waiting.text, { color: color(waitRole(waiting.level)), ...(waiting.level === 'late' ? { bold: true } : {}) });
  if (d.Snoozed != null) para(snoozeLine(d.Snoozed), { color: color('muted') });
  if (d.BackFromSnooze === true) lines.push({ text: '↺ Back from snooze', color: color('accent') });
  if (d.Assignees === undefined) dim('Assignees');
  else field('Assignees', d.Assignees.length > 0 ? d.Assignees.join(', ') : '—');
  const tags = d.Tags;
  if (tags === undefined) dim('Tags');
  else lines.push({ text: `${'Tags'.padEnd(12)} ${tags.length === 0 ? '—' : ''}` });
  for (const t of tags ?? []) {
    const c = normaliseTagColor(t.Color);
    lines.push({ text: `  ■ ${sanitize(t.Name)} (${c.name})`, color: tagColor(c) });
  }
  // The email thread, when the card is one: what the card is about, before the team's notes on it.
  lines.push(...thread);
  const isSel = (kind: DetailItemKind, id: number): boolean => sameSel(selected, { kind, id });
  const section = (
    title: string,
    items: { head: string; body: string; selected?: boolean; mentions?: string }[] | undefined,
  ) => {
    lines.push({ text: '' });
    if (items === undefined) {
      lines.push({ text: title, bold: true });
      lines.push({ text: `  ${absent}`, dim: true });
      return;
    }
    lines.push({ text: `${title} (${items.length})`, bold: true });
    if (items.length === 0) lines.push({ text: '  none', dim: true });
    for (const it of items) {
      const sel = it.selected === true ? { selected: true } : {};
      para(it.head, { dim: it.selected !== true, ...sel }, it.selected === true ? '› ' : '  ');
      para(it.body, sel, '    ');
      // Whom it asks: drawn apart, so a mention stands out from the text.
      if (it.mentions !== undefined) para(`@ ${it.mentions}`, { color: color('accent'), bold: true, ...sel }, '    ');
    }
  };
  // The real service sends one note as text (`Note`) rather than a list.
  const notes =
    d.Notes ?? (d.Note === undefined ? undefined : d.Note.trim() === '' ? [] : [{ CreatedAt: null, Body: d.Note }]);
  section(
    'Notes',
    notes?.map((n) => ({
      head: n.CreatedAt === null ? 'note' : longDate(n.CreatedAt),
      body: n.Body,
      selected: 'NoteId' in n && isSel('note', n.NoteId),
    })),
  );
  section(
    'Comments',
    d.Comments?.map((c) => ({
      head: `${c.UserEmail ?? `user ${c.UserId ?? '?'}`}${c.CreatedAt === null ? '' : ` · ${longDate(c.CreatedAt)}`}`,
      body: c.Comment,
      selected: isSel('comment', c.CommentId),
      ...(c.Mentions !== undefined && c.Mentions.length > 0
        ? { mentions: `mentions ${c.Mentions.map((m) => sanitize(m.Name)).join(', ')}` }
        : {}),
    })),
  );
  section(
    'Sub-tasks',
    d.SubTasks?.map((s) => ({
      head: s.CreatedAt === null ? 'sub-task' : longDate(s.CreatedAt),
      body: `${s.Done === true ? '☑' : '☐'} ${s.Body}`,
      selected: isSel('subTask', s.SubTaskId),
    })),
  );
  return lines;
}

export interface CardDetailProps {
  detail: { data: Detail | null; loading: boolean; error: string | null };
  columns: readonly ColumnInfo[];
  width: number;
  height: number;
  scroll: number;
  /** The note, comment or sub-task Tab selected (e/d change a comment, Space ticks a sub-task), or null. */
  selected?: DetailSel | null;
  /** The last line, given how many lines are below the fold: where the detail is drawn with other keys (triage, the preview). */
  footer?: (below: number) => string;
  /** How the card's email thread is drawn and when it is read (the detail: in order, read at once, unfoldable). */
  thread?: ThreadOptions;
}

const DETAIL_THREAD: ThreadOptions = { newestFirst: false, read: true, unfoldable: true, fresh: true };

/**
 * A line as drawn: cut to the width, and padded only where the padding shows
 * (the selected comment's inverse bar). Ink draws a frame cell by cell from
 * each line's text, so padding every line to the width tripled the cells of
 * a new detail's first frame (~40 rows of mostly trailing spaces) for nothing
 * on screen. An empty line keeps one space: an empty Text takes no row.
 */
function drawn(l: DetailLine, width: number): string {
  if (l.selected === true) return fit(l.text, width);
  return l.text === '' ? ' ' : truncate(l.text, width);
}

/** The card detail screen: the card's email thread read from the store, drawn by CardDetailView. */
export function CardDetail(props: CardDetailProps) {
  const id = props.detail.data?.ServiceTaskId ?? null;
  const { arrived, newIds, seen } = useArrivals(id);
  const base = props.thread ?? DETAIL_THREAD;
  const sel = props.selected;
  const selectedAttachment = sel?.kind === 'attachment' ? sel.id : null;
  const options = useMemo(() => ({ ...base, newIds, selectedAttachment }), [base, newIds, selectedAttachment]);
  const thread = useThreadLines(id, props.width, options);
  // The customer's other conversations, before the thread they are about: in the card's own detail only
  // (read afresh there), never in the preview or the warm-up, which ask the server nothing new per key.
  const others = useCustomerLines(base.fresh === true ? id : null, props.width);
  const threadShown = useMemo(() => (others.length === 0 ? thread : [...others, ...thread]), [others, thread]);
  const changedBy = useBoard((s) => (id === null ? null : (s.changedBy.get(id) ?? null)));
  const presence = useBoard((s) => s.presence);
  const here = useMemo(() => presenceLines(presence, id), [presence, id]);
  const now = useMinute();
  return (
    <CardDetailView
      {...props}
      now={now}
      threadShown={threadShown}
      changedBy={changedBy}
      here={here}
      arrived={arrived}
      onSeen={seen}
    />
  );
}

/**
 * The detail as a scrollable list of lines, given the thread's lines: it
 * reads no store, so it also draws where there is none (warm-up.tsx).
 */
export function CardDetailView({
  detail,
  columns,
  width,
  height,
  scroll,
  selected = null,
  footer,
  threadShown,
  changedBy = null,
  here = NO_ONE,
  arrived = null,
  onSeen,
  now,
}: CardDetailProps & {
  threadShown: readonly DetailLine[];
  changedBy?: { by: string; at: number } | null;
  here?: readonly string[];
  /** What arrived while the card was open (use-arrivals.ts), announced while it is below the screen. */
  arrived?: string | null;
  onSeen?: () => void;
  /** The clock the waiting time is told by (a minute tick); default: now. */
  now?: number;
}) {
  const lines = useMemo(
    () =>
      detail.data
        ? detailLines(detail.data, columns, width, selected, detail.loading, threadShown, changedBy, here, now)
        : [],
    [detail.data, columns, width, selected, detail.loading, threadShown, changedBy, here, now],
  );
  if (detail.data === null) {
    return (
      <Box height={height}>
        <Text color={detail.error ? color('error') : undefined}>{detail.error ? `✗ ${detail.error}` : 'loading…'}</Text>
      </Box>
    );
  }
  let top = Math.max(0, Math.min(scroll, lines.length - height + 1));
  // Keep the selected item on screen.
  const sel = lines.findIndex((l) => l.selected === true);
  if (sel >= 0 && (sel < top || sel >= top + height - 2))
    top = Math.max(0, Math.min(sel - 1, lines.length - height + 1));
  const shown = lines.slice(top, top + height - 1);
  const below = lines.length - top - shown.length;
  // Seen once the screen reaches the end, where what arrives lands.
  if (arrived !== null && below <= 0 && onSeen !== undefined) queueMicrotask(onSeen);
  const announce =
    arrived !== null && below > 0 ? `↓ New below: ${arrived} — j scrolls to it (${below} lines down)` : null;
  return (
    <Box flexDirection="column" height={height}>
      {shown.map((l, i) => (
        <Text key={top + i} color={l.color} bold={l.bold} dimColor={l.dim} inverse={l.selected}>
          {drawn(l, width)}
        </Text>
      ))}
      {announce !== null ? (
        <Text color="yellow">{fit(announce, width)}</Text>
      ) : (
        <Text dimColor>
          {fit(
            footer?.(below) ??
              (below > 0 ? `↓ ${below} more lines — j/k scroll, Tab select, Esc back` : 'Tab select · Esc back'),
            width,
          )}
        </Text>
      )}
    </Box>
  );
}
