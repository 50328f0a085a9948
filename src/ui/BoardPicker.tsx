import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { useMemo } from 'react';
import type { Board } from '../api/schema.js';
import { sanitize } from '../text/sanitize.js';
import { fit } from '../text/width.js';

export interface BoardPickerProps {
  boards: readonly Board[];
  loading: boolean;
  error: string | null;
  currentId: number | null;
  width: number;
  height: number;
  isFocused: boolean;
  onSelect: (boardId: number) => void;
}

/** The caller's boards; Enter opens one (ink-select-input handles ↑↓ j k). */
export function BoardPicker({ boards, loading, error, currentId, width, height, isFocused, onSelect }: BoardPickerProps) {
  const items = useMemo(
    () =>
      boards.map((b) => {
        const users = b.Users ? ` · shared with ${sanitize(b.Users)}` : '';
        return { key: String(b.Id), value: b.Id, label: fit(`${sanitize(b.Name)}  — ${sanitize(b.Owner)}${users}`, width - 4) };
      }),
    [boards, width],
  );
  const initial = Math.max(0, boards.findIndex((b) => b.Id === currentId));
  return (
    <Box flexDirection="column" height={height}>
      <Text bold>{fit('Boards', width)}</Text>
      {error !== null && <Text color="red">{fit(`✗ ${error} — press r to retry`, width)}</Text>}
      {loading && boards.length === 0 && <Text dimColor>loading…</Text>}
      {!loading && error === null && boards.length === 0 && <Text dimColor>No boards yet — press n to create one.</Text>}
      {items.length > 0 && (
        <SelectInput
          items={items}
          initialIndex={initial}
          limit={Math.max(1, height - 2)}
          isFocused={isFocused}
          onSelect={(item) => onSelect(item.value)}
        />
      )}
    </Box>
  );
}
