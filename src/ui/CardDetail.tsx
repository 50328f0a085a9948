import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { CardDetail as Detail, Column, Tag } from '../api/schema.js';
import { normaliseAssignees, normaliseTagColor } from '../api/normalise.js';
import type { ColumnInfo } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { fit } from '../text/width.js';
import { wrap } from '../text/wrap.js';
import { longDate } from './card-meta.js';

export interface DetailLine {
  text: string;
  color?: string;
  bold?: boolean;
  dim?: boolean;
  /** Part of the selected comment (drawn inverse, kept in view). */
  selected?: boolean;
}

/** Every field the service returned, as sanitised, wrapped lines. */
export function detailLines(
  d: Detail,
  columns: readonly (ColumnInfo | Column)[],
  width: number,
  selectedCommentId: number | null = null,
): DetailLine[] {
  const lines: DetailLine[] = [];
  const para = (text: string, style: Omit<DetailLine, 'text'> = {}, indent = '') => {
    for (const l of wrap(sanitize(text, { multiline: true }), width - indent.length)) lines.push({ text: indent + l, ...style });
  };
  const field = (label: string, value: string) => para(`${label.padEnd(12)} ${value}`);
  const col = columns.find((c) => ('label' in c ? c.label : c.ColumnId) === d.ColumnId);
  para(d.TaskName, { bold: true });
  lines.push({ text: '' });
  field('Column', col ? ('displayName' in col ? col.displayName : sanitize(col.Name)) : sanitize(d.ColumnId));
  field('Status', `${d.ReadUnreadStatus === 0 ? '● unread' : 'read'}${d.Archived ? ' · archived' : ''}`);
  field('Thread owner', d.ThreadOwnerEmail);
  field('Created', longDate(d.CreatedAt));
  field('Due', d.DueDate ? longDate(d.DueDate) : '—');
  const who = normaliseAssignees(d.Assignees);
  field('Assignees', who.length > 0 ? who.join(', ') : '—');
  const tags: Tag[] = d.Tags ?? [];
  lines.push({ text: `${'Tags'.padEnd(12)} ${tags.length === 0 ? '—' : ''}` });
  for (const t of tags) {
    const c = normaliseTagColor(t.Color);
    lines.push({ text: `  ■ ${sanitize(t.Name)} (${c.name})`, color: c.hex ?? undefined });
  }
  const section = (title: string, items: { head: string; body: string; selected?: boolean }[]) => {
    lines.push({ text: '' });
    lines.push({ text: `${title} (${items.length})`, bold: true });
    if (items.length === 0) lines.push({ text: '  none', dim: true });
    for (const it of items) {
      const sel = it.selected === true ? { selected: true } : {};
      para(it.head, { dim: it.selected !== true, ...sel }, it.selected === true ? '› ' : '  ');
      para(it.body, sel, '    ');
    }
  };
  section('Notes', (d.Notes ?? []).map((n) => ({ head: longDate(n.CreatedAt), body: n.Body })));
  section(
    'Comments',
    (d.Comments ?? []).map((c) => ({
      head: `${c.UserEmail ?? `user ${c.UserId ?? '?'}`} · ${longDate(c.CreatedAt)}`,
      body: c.Comment,
      selected: c.CommentId === selectedCommentId,
    })),
  );
  section('Sub-tasks', (d.SubTasks ?? []).map((s) => ({ head: longDate(s.CreatedAt), body: `☐ ${s.Body}` })));
  return lines;
}

export interface CardDetailProps {
  detail: { data: Detail | null; loading: boolean; error: string | null };
  columns: readonly ColumnInfo[];
  width: number;
  height: number;
  scroll: number;
  /** The comment Tab selected (e edits, d deletes), or null. */
  selectedCommentId?: number | null;
}

/** The card detail screen: a scrollable list of lines. */
export function CardDetail({ detail, columns, width, height, scroll, selectedCommentId = null }: CardDetailProps) {
  const lines = useMemo(
    () => (detail.data ? detailLines(detail.data, columns, width, selectedCommentId) : []),
    [detail.data, columns, width, selectedCommentId],
  );
  if (detail.data === null) {
    return (
      <Box height={height}>
        <Text color={detail.error ? 'red' : undefined}>{detail.error ? `✗ ${detail.error}` : 'loading…'}</Text>
      </Box>
    );
  }
  let top = Math.max(0, Math.min(scroll, lines.length - height + 1));
  // Keep the selected comment on screen.
  const sel = lines.findIndex((l) => l.selected === true);
  if (sel >= 0 && (sel < top || sel >= top + height - 2)) top = Math.max(0, Math.min(sel - 1, lines.length - height + 1));
  const shown = lines.slice(top, top + height - 1);
  const below = lines.length - top - shown.length;
  return (
    <Box flexDirection="column" height={height}>
      {shown.map((l, i) => (
        <Text key={top + i} color={l.color} bold={l.bold} dimColor={l.dim} inverse={l.selected}>
          {fit(l.text, width)}
        </Text>
      ))}
      <Text dimColor>{fit(below > 0 ? `↓ ${below} more lines — j/k scroll, Tab select comment, Esc back` : 'Tab select comment · Esc back', width)}</Text>
    </Box>
  );
}
