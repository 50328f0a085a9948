/**
 * The one picker. ink-select-input draws the list; its keys (the keymap's
 * `pick` scope: ↑↓ / j k, 1–9, Enter, Esc, and r when the options failed to
 * load and `onRetry` asks again) come through the app's key router like
 * every other key, and a few extra keys (d to delete in the tag manager) go
 * to `onKey`. Items may carry a colour: the swatch is painted,
 * and the label always names the colour too.
 *
 * Type-ahead: keys typed before the picker is ready are kept, in order.
 * - Typed before it is drawn (`t` then `j ⏎` in one read, or before React
 *   renders): the router holds them until it listens (see KeyRouter).
 * - Typed while its options load (`loading`: it shows "loading…"): held
 *   too, then applied in order once the options are there, as if typed then
 *   (`j j ⏎` picks the third option).
 * - Esc while loading closes it at once; the keys held for it go with it.
 * - A held key that picks or closes ends its share: the keys after it go to
 *   what takes keys next (the next picker of a chain, a prompt, the board)
 *   once that is drawn.
 * There is no type-to-filter: a letter that isn't one of the picker's keys
 * goes to `onKey` or is ignored, loaded or not.
 */
import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { createContext, useContext, useMemo, useRef, useState } from 'react';
import { fit } from '../../text/width.js';
import { useKeyHandler } from '../hooks/use-key-router.js';
import { actionFor, keyName } from '../keymap.js';

export interface PickItem {
  /** Unique within the picker. */
  value: string;
  label: string;
  /** Swatch colour (`#rrggbb`) drawn as ■ before the label. */
  swatch?: string | null;
  dim?: boolean;
}

/** Rows by their (fitted) label: ink-select-input hands a row only its label. */
const RowItems = createContext<ReadonlyMap<string, PickItem | undefined>>(new Map());

/**
 * One row. Defined once at module level: a row component made per render
 * (a new type each time) left ink-select-input's Enter handler reading a
 * stale highlight.
 */
function PickRow({ isSelected, label }: { isSelected?: boolean; label: string }) {
  const it = useContext(RowItems).get(label);
  return (
    <Text color={isSelected ? 'cyan' : undefined} dimColor={it?.dim === true && !isSelected} bold={isSelected}>
      {it?.swatch !== undefined ? <Text color={it.swatch ?? undefined}>■ </Text> : null}
      {label}
    </Text>
  );
}

export interface PickerProps {
  title: string;
  items: readonly PickItem[];
  width: number;
  height: number;
  initialIndex?: number;
  /** Under the title: an error, how to use it ("loading…" by default while loading). */
  status?: { text: string; error?: boolean } | null;
  /** The options are still coming: keys wait for them (see above). */
  loading?: boolean;
  help?: string;
  onPick(value: string): void;
  onCancel(): void;
  /** Extra keys on the highlighted item; return true when handled. */
  onKey?(input: string, value: string | null): boolean;
  /** `r`: the options failed to load, ask for them again. */
  onRetry?(): void;
}

export function Picker(p: PickerProps) {
  const count = p.items.length;
  // Clamped where used: the options may not be there yet.
  const [index, setIndexState] = useState(() => Math.max(0, p.initialIndex ?? 0));
  // Keys of one chunk arrive before a re-render: they read and move this.
  const current = useRef(index);
  const setIndex = (i: number) => {
    current.current = i;
    setIndexState(i);
  };
  const at = Math.min(index, Math.max(0, count - 1));
  // The keys are the keymap's `pick` scope; what it doesn't bind goes to onKey.
  useKeyHandler((input, key) => {
    const at = Math.min(current.current, Math.max(0, count - 1));
    const action = actionFor('pick', keyName(input, key));
    if (action === 'back') return p.onCancel();
    if (action === 'refresh' && p.onRetry !== undefined) return p.onRetry();
    if (count === 0) return void p.onKey?.(input, null);
    if (action === 'card.prev') return setIndex((at - 1 + count) % count);
    if (action === 'card.next') return setIndex((at + 1) % count);
    if (action === 'open') return p.onPick((p.items[at] as PickItem).value);
    const nth = action === 'pick.nth' ? Number(input) - 1 : -1;
    if (nth >= 0 && nth < count) return p.onPick((p.items[nth] as PickItem).value);
    p.onKey?.(input, (p.items[at] as PickItem).value);
  }, true, false, p.loading === true);
  const status = p.status ?? (p.loading === true ? { text: 'loading…' } : null);
  const labelWidth = (i: PickItem) => Math.max(1, p.width - 4 - (i.swatch !== undefined ? 2 : 0));
  const items = useMemo(
    () => p.items.map((i) => ({ key: i.value, value: i.value, label: fit(i.label, labelWidth(i)) })),
    [p.items, p.width],
  );
  const byLabel = useMemo(() => new Map(items.map((row, k) => [row.label, p.items[k]])), [items, p.items]);
  return (
    <Box flexDirection="column" height={p.height} width={p.width}>
      <Text bold>{fit(p.title, p.width)}</Text>
      {status ? <Text color={status.error ? 'red' : undefined} dimColor={!status.error}>{fit(status.error ? `✗ ${status.text}` : status.text, p.width)}</Text> : null}
      {items.length > 0 && (
        <RowItems.Provider value={byLabel}>
        <SelectInput
          // Remounted at the highlighted row: the list is drawn, not driven, by it.
          key={at}
          items={items}
          initialIndex={at}
          limit={Math.max(1, p.height - 3)}
          isFocused={false}
          itemComponent={PickRow}
        />
        </RowItems.Provider>
      )}
      <Text dimColor>{fit(p.help ?? 'Enter pick · Esc close', p.width)}</Text>
    </Box>
  );
}
