import type { CardId } from '../api/read-model.js';
import { Box, Text } from 'ink';
import { memo, useMemo, useRef } from 'react';
import type { ColumnInfo } from '../store/index.js';
import { selectColumnCards, selectPaging, selectTags } from '../store/index.js';
import { cellWidth, fit, truncate } from '../text/width.js';
import { CardRow } from './CardRow.js';
import { presenceMarks } from './presence-words.js';
import { cardWindow } from './layout.js';
import { useBoard } from './store-context.js';

export interface ColumnProps {
  column: ColumnInfo;
  width: number;
  /** Lines for card rows (the header takes one more). */
  rows: number;
  active: boolean;
  /** The focused card when this column is active. */
  cursorId: CardId | null;
  /** Card ids that match the filter, or null when no filter is set. */
  filter: ReadonlySet<CardId> | null;
  /** The clock the rows' waiting ages are told by (a minute tick). */
  now?: number;
}

/**
 * ` Name (12)` in `width` cells: a long name is cut, never the count — how
 * many cards a column holds (or that it holds more, `50+`) is what a glance
 * at the header is for.
 */
function header(name: string, count: string, width: number): string {
  const tail = ` (${count})`;
  return fit(` ${truncate(name, Math.max(1, width - 1 - cellWidth(tail)))}${tail}`, width);
}

/**
 * A column renders only its visible window of cards, so a key press costs the
 * same on a 10,000-card column as on a 10-card one.
 */
export const Column = memo(function Column({ column, width, rows, active, cursorId, filter, now }: ColumnProps) {
  const all = useBoard(selectColumnCards(column.label));
  const paging = useBoard(selectPaging(column.label));
  const tags = useBoard(selectTags);
  const changed = useBoard((s) => s.markedChanged);
  const selected = useBoard((s) => s.selected);
  const presence = useBoard((s) => s.presence);
  const here = useMemo(() => presenceMarks(presence), [presence]);
  const offset = useRef(0);

  const cards = filter === null ? all : all.filter((c) => filter.has(c.id));
  const cursor =
    cursorId === null
      ? 0
      : Math.max(
          0,
          cards.findIndex((c) => c.id === cursorId),
        );
  const win = cardWindow(cards.length, cursor, rows, offset.current);
  offset.current = win.offset;

  const count = paging.hasMore ? `${cards.length}+` : String(cards.length);
  const more = win.above + win.count + win.below > win.count;
  const inner = width - 1;
  return (
    <Box flexDirection="column" width={width} marginRight={1}>
      <Text bold inverse={active} underline={!active}>
        {header(column.displayName, count, inner)}
      </Text>
      {more && <Text dimColor>{fit(win.above > 0 ? `  ↑ ${win.above} more` : '', inner)}</Text>}
      {cards.slice(win.offset, win.offset + win.count).map((card) => (
        <CardRow
          key={card.id}
          card={card}
          width={inner}
          focused={active && card.id === cursorId}
          changed={changed.has(card.id)}
          selected={selected.has(card.id)}
          tags={tags}
          here={here.get(card.id) ?? ''}
          {...(now !== undefined ? { now } : {})}
        />
      ))}
      {more && <Text dimColor>{fit(win.below > 0 ? `  ↓ ${win.below} more` : '', inner)}</Text>}
      {cards.length === 0 && (
        <Text dimColor>
          {fit(paging.loading ? '  loading…' : paging.error ? `  ✗ ${paging.error}` : '  (empty)', inner)}
        </Text>
      )}
    </Box>
  );
});
