import { Box, Text } from 'ink';
import { Fragment, memo, useRef, type ReactNode } from 'react';
import type { ColumnInfo } from '../store/index.js';
import { selectColumnCards, selectPaging, selectTags } from '../store/index.js';
import { fit } from '../text/width.js';
import { CardRow } from './CardRow.js';
import { cardWindow } from './layout.js';
import { useBoard } from './store-context.js';

export interface ColumnProps {
  column: ColumnInfo;
  width: number;
  /** Lines for card rows (the header takes one more). */
  rows: number;
  active: boolean;
  /** The focused card when this column is active. */
  cursorId: number | null;
  /** Card ids that match the filter, or null when no filter is set. */
  filter: ReadonlySet<number> | null;
}

/**
 * A column renders only its visible window of cards, so a key press costs the
 * same on a 10,000-card column as on a 10-card one.
 */
export const Column = memo(function Column({ column, width, rows, active, cursorId, filter }: ColumnProps) {
  const all = useBoard(selectColumnCards(column.label));
  const paging = useBoard(selectPaging(column.label));
  const tags = useBoard(selectTags);
  const changed = useBoard((s) => s.markedChanged);
  const offset = useRef(0);

  const cards = filter === null ? all : all.filter((c) => filter.has(c.id));
  const cursor = cursorId === null ? 0 : Math.max(0, cards.findIndex((c) => c.id === cursorId));
  const win = cardWindow(cards.length, cursor, rows, offset.current);
  offset.current = win.offset;

  const count = paging.hasMore ? `${cards.length}+` : String(cards.length);
  const more = win.above + win.count + win.below > win.count;
  const inner = width - 1;
  // The header, then every line below it (markers, rows) in ONE Text:
  // Ink lays out, measures and rasterises each Text node on every frame,
  // so one node per column instead of a Box and up to four Texts per row
  // makes every frame cheaper. Rows stay memoised components (nested Texts
  // for colour), so a key press re-renders only the rows whose props change.
  const lines: ReactNode[] = [];
  const line = (key: string, node: ReactNode) =>
    lines.push(<Fragment key={key}>{lines.length > 0 && '\n'}{node}</Fragment>);
  if (more) line('above', <Text dimColor>{fit(win.above > 0 ? `  ↑ ${win.above} more` : '', inner)}</Text>);
  for (const card of cards.slice(win.offset, win.offset + win.count)) {
    line(
      String(card.id),
      <CardRow card={card} width={inner} focused={active && card.id === cursorId} changed={changed.has(card.id)} tags={tags} />,
    );
  }
  if (more) line('below', <Text dimColor>{fit(win.below > 0 ? `  ↓ ${win.below} more` : '', inner)}</Text>);
  if (cards.length === 0) {
    line('empty', <Text dimColor>{fit(paging.loading ? '  loading…' : paging.error ? `  ✗ ${paging.error}` : '  (empty)', inner)}</Text>);
  }
  return (
    <Box flexDirection="column" width={width} marginRight={1}>
      <Text bold inverse={active} underline={!active}>
        {fit(` ${column.displayName} (${count})`, inner)}
      </Text>
      <Text>{lines}</Text>
    </Box>
  );
});
