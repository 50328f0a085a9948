import { Text } from 'ink';
import { memo } from 'react';
import type { Tag } from '../api/schema.js';
import { normaliseTagColor } from '../api/normalise.js';
import type { Card } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { cellWidth, fit, truncate } from '../text/width.js';
import { dueText, initials, threadLine, urgency } from './card-meta.js';
import { color, tagColor } from './theme.js';
import { rowAge, waitLevel, waitRole } from './waiting-words.js';

export interface CardRowProps {
  card: Card;
  width: number;
  focused: boolean;
  /** Changed by someone else since the user last looked. */
  changed: boolean;
  /** Picked with `v` for a move or archive of the selection. */
  selected?: boolean;
  tags: readonly Tag[];
  /** Teammates on the card now: `✎SR` writing a reply, `◉SR` viewing (terminal-safe). */
  here?: string;
  /** The clock the waiting age is told by (a minute tick); default: now. */
  now?: number;
}

/**
 * One card on one line: selection, focus and unread as symbols (never colour alone),
 * then the title (`↺` before it: back from a snooze), then the first tag,
 * assignee initials, how long the customer has waited (`3h`, `!5h` past the
 * board's target) and the due date as room allows (when it is short, the
 * waiting age and the due date are kept before the tag).
 */
export const CardRow = memo(function CardRow({
  card,
  width,
  focused,
  changed,
  selected = false,
  tags,
  here = '',
  now = Date.now(),
}: CardRowProps) {
  // Selected shows as ✓ even under the cursor: the focus is the row's inverse too.
  const lead = `${selected ? '✓' : focused ? '›' : ' '}${card.unread ? '●' : ' '}${card.checking === true ? '?' : card.pending ? '⟳' : changed ? '*' : ' '}`;
  const cardTags = card.tagIds.map((id) => tags.find((t) => t.Id === id)).filter((t): t is Tag => t !== undefined);
  const first = cardTags[0];
  const tagText = first
    ? `#${truncate(sanitize(first.Name), 8)}${cardTags.length > 1 ? `+${cardTags.length - 1}` : ''}`
    : '';
  const who = card.assignees && card.assignees.length > 0 ? initials(card.assignees[0] ?? '') : '';
  const urgent = card.dueDate ? urgency(card.dueDate, now) : null;
  const age = rowAge(card, now);
  const level = waitLevel(card, now);
  const due = card.dueDate ? dueText(card.dueDate, now) : '';
  // The title keeps at least 60% of the row; meta fills the rest, each part
  // only if it fits whole: who is on it, the waiting age, the due date, then
  // the tag, then the assignee — drawn in the order tag, assignee, age, due.
  // An overdue or due-today date takes its room before anything (up to half
  // the row) so it always shows.
  const reserved = urgent !== null ? Math.min(cellWidth(due) + 1, Math.floor((width - cellWidth(lead)) / 2)) : 0;
  const room = Math.max(reserved, Math.floor((width - cellWidth(lead)) * 0.4));
  let used = reserved;
  const fits = (text: string): boolean => {
    if (!text || used + cellWidth(text) + 1 > room) return false;
    used += cellWidth(text) + 1;
    return true;
  };
  // Who is on it comes first: two people answering one customer is what it is there to prevent.
  const showHere = fits(here);
  // How long the customer has waited: what a shared inbox is run by.
  const showAge = fits(age);
  const showDue = urgent === null && fits(due);
  const showTag = fits(tagText);
  const showWho = fits(who);
  const metaParts: { text: string; color?: string }[] = [];
  if (showHere) metaParts.push({ text: here, color: 'magenta' });
  if (showTag) metaParts.push({ text: tagText, color: first ? tagColor(normaliseTagColor(first.Color)) : undefined });
  if (showWho) metaParts.push({ text: who, color: color('people') });
  if (showAge && level !== null) metaParts.push({ text: age, color: color(waitRole(level)) });
  if (urgent !== null) {
    if (reserved > 0)
      metaParts.push({
        text: truncate(due, reserved - 1),
        color: urgent === 'overdue' ? color('error') : color('warning'),
      });
  } else if (showDue) metaParts.push({ text: due, color: color('muted') });
  const titleWidth = width - cellWidth(lead) - used;
  // A thread's sender and preview, dimmed after the title, only in room the title leaves.
  const thread = threadLine(card.sender, card.snippet);
  const title = card.backFromSnooze === true ? `↺ ${card.displayTitle}` : card.displayTitle;
  const titleCells = cellWidth(title);
  const byline = thread !== '' && titleWidth - titleCells > 4 ? ` ${thread}` : '';
  // One Text, so one yoga node per row: the spans inside are virtual. With a
  // Box and a Text per part, a first frame of 200 rows built ~1,000 nodes.
  return (
    <Text inverse={focused}>
      <Text bold={card.unread}>
        {lead}
        {byline === '' ? fit(title, Math.max(1, titleWidth)) : title}
      </Text>
      {byline !== '' && <Text dimColor>{fit(byline, titleWidth - titleCells)}</Text>}
      {metaParts.map((m, i) => (
        <Text key={i} color={m.color}>
          {` ${m.text}`}
        </Text>
      ))}
    </Text>
  );
});
