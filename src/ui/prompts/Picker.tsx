/**
 * The one picker. ink-select-input draws the list; its keys (the keymap's
 * `pick` scope: ↑↓ / j k, g G, 1–9, Enter, Esc, / to filter, ? help, and r when
 * the options failed to load and `onRetry` asks again) come through the
 * app's key router like every other key (use-picker-input). A picker with
 * keys of its own has its own scope (`scope`: the board list's `picker`, the
 * tag manager's `tags`) and gets the actions it adds through `onAction`.
 * Items may carry a colour: the swatch is painted, and the label always
 * names the colour too. Where its scope binds 1–9 (every picker's does), the
 * first nine rows show the number that picks them, in a gutter before the
 * highlight marker; while filtering, digits are text and the gutter is blank.
 *
 * A picker of several (`marks`, scope `multi-pick`: tags, assignees) shows
 * each item's mark — ✓ marked, - on only some of the cards — after its
 * swatch; Space marks, Enter applies (use-picker-input's `choose`).
 *
 * Type to filter (lazygit, fzf): `/` shows a filter line; typed text keeps
 * the items whose label contains it (case and accents ignored), the first
 * match highlighted; ↑↓ (Ctrl+P/N) move, Enter picks, Backspace edits, Esc
 * clears the filter and a second Esc closes. Actions (`action`: "+ New
 * tag…") stay listed after the matches.
 *
 * `?` opens the help for its scope (use-help); the picker stays mounted
 * under it, so Esc comes back to the same highlight and filter. While
 * filtering, `?` is text like every other unbound key.
 *
 * Type-ahead: keys typed before the picker is ready are kept, in order.
 * - Typed before it is drawn (`t` then `j ⏎` in one read, or before React
 *   renders): the router holds them until it listens (see KeyRouter).
 * - Typed while its options load (`loading`: it shows "loading…"): held
 *   too, then applied in order once the options are there, as if typed then
 *   (`j j ⏎` picks the third option, `/ b i l ⏎` the first one matching "bil").
 * - Esc while loading closes it at once; the keys held for it go with it.
 * - A held key that picks or closes ends its share: the keys after it go to
 *   what takes keys next (the next picker of a chain, a prompt, the board)
 *   once that is drawn.
 */
import { Box, Text } from 'ink';
import SelectInput, { Indicator } from 'ink-select-input';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { fit } from '../../text/width.js';
import { useOpenHelp } from '../hooks/use-help.js';
import { useKeyScope } from '../hooks/use-key-scope.js';
import { bindingFor, hintsFor } from '../keymap.js';
import type { PickerProps, PickItem } from './types.js';

export type { PickerProps, PickItem } from './types.js';
import { usePickerInput } from './use-picker-input.js';
import { markOf, usePickerState } from './use-picker-state.js';
import { color, tagColor } from '../theme.js';

/** A row as drawn: its item, the gutter before the marker (`3 `, or blank), and in a picker of several its mark. */
interface Row {
  item: PickItem;
  gutter: string;
  mark: string | null;
}

/** Rows by value (unique within a picker): ink-select-input hands a row its item's fields. */
const RowItems = createContext<ReadonlyMap<string, Row>>(new Map());

/** Cells before a row's label: the number gutter and the highlight marker. */
const GUTTER = 2;
const MARKER = 2;
/** A picker of several: `✓ ` before the label. */
const MARK = 2;

/** The marker is drawn by PickRow, after the number gutter. */
function NoIndicator() {
  return null;
}

/**
 * One row. Defined once at module level: a row component made per render
 * (a new type each time) left ink-select-input's Enter handler reading a
 * stale highlight.
 */
function PickRow({ isSelected = false, label, value }: { isSelected?: boolean; label: string; value?: string }) {
  const row = useContext(RowItems).get(value ?? '');
  const it = row?.item;
  return (
    <Box>
      <Text dimColor={!isSelected}>{row?.gutter ?? ' '.repeat(GUTTER)}</Text>
      <Indicator isSelected={isSelected} />
      <Text
        color={isSelected ? color('accent') : undefined}
        dimColor={it?.dim === true && !isSelected}
        bold={isSelected}
      >
        {it?.swatch !== undefined ? (
          <Text color={it.swatch === null ? undefined : tagColor({ name: '', hex: it.swatch })}>■ </Text>
        ) : null}
        {row !== undefined && row.mark !== null ? `${row.mark} ` : ''}
        {label}
      </Text>
    </Box>
  );
}

/** The footer while filtering: the `pick-filter` scope's hints, from the keymap. */
const filterHelp = (): string =>
  hintsFor('pick-filter')
    .map((h) => `${h.key} ${h.label}`)
    .join(' · ');

export function Picker(p: PickerProps) {
  const picker = usePickerState(p.items, p.initialIndex ?? 0, p.marks, p.filterFirst === true);
  const { state, rows } = picker;
  const scope = p.scope ?? 'pick';
  const openHelp = useOpenHelp();
  usePickerInput({
    scope,
    onHelp: () => openHelp(scope),
    isActive: p.isActive !== false,
    items: p.items,
    folded: picker.folded,
    latest: picker.latest,
    set: picker.set,
    loading: p.loading === true,
    onPick: p.onPick,
    onCancel: p.onCancel,
    ...(p.marks !== undefined ? { marks: p.marks } : {}),
    ...(p.onAction !== undefined ? { onAction: p.onAction } : {}),
    ...(p.onRetry !== undefined ? { onRetry: p.onRetry } : {}),
  });
  useKeyScope(state.filtering && p.isActive !== false ? 'pick-filter' : null);
  // Clamped here: the options may not have been there when it was set.
  const at = state.index < 0 ? -1 : Math.min(state.index, Math.max(0, rows.rows.length - 1));
  const onHighlight = p.onHighlight;
  const shownRows = rows.rows.length;
  useEffect(() => onHighlight?.(at, shownRows), [onHighlight, at, shownRows]);
  const noMatch = state.filtering && rows.matches === 0;
  const status = p.status ?? (p.loading === true ? { text: 'loading…' } : null);
  const width = p.width;
  const several = state.marks !== null;
  const items = useMemo(
    () =>
      rows.rows.map((i) => ({
        key: i.value,
        value: i.value,
        label: fit(
          i.label,
          Math.max(1, width - GUTTER - MARKER - (i.swatch !== undefined ? 2 : 0) - (several ? MARK : 0)),
        ),
      })),
    [rows.rows, width, several],
  );
  // 1–9 pick the first nine rows of the whole list (use-picker-input): those
  // rows say so. Not while filtering, where digits are text.
  const numbered = !state.filtering && bindingFor(scope, 'list.nth') !== undefined;
  const byValue = useMemo(
    () =>
      new Map(
        rows.rows.map((item, k): [string, Row] => [
          item.value,
          { item, gutter: numbered && k < 9 ? `${k + 1} ` : ' '.repeat(GUTTER), mark: markOf(state.marks, item) },
        ]),
      ),
    [rows.rows, numbered, state.marks],
  );
  const limit = Math.max(1, p.height - 3 - (state.filtering ? 1 : 0) - (noMatch ? 1 : 0));
  const help = state.filtering
    ? filterHelp()
    : `${p.help ?? (several ? 'Space mark · Enter apply · Esc close' : 'Enter pick · Esc close')} · / filter`;
  return (
    <Box flexDirection="column" height={p.height} width={p.width}>
      <Text bold>{fit(p.title, p.width)}</Text>
      {status ? (
        <Text color={status.error ? color('error') : undefined} dimColor={!status.error}>
          {fit(status.error ? `✗ ${status.text}` : status.text, p.width)}
        </Text>
      ) : null}
      {/* Typed text only: control characters never reach the query (use-picker-input). */}
      {state.filtering ? <Text color={color('accent')}>{fit(`/ ${state.query}▏`, p.width)}</Text> : null}
      {noMatch ? <Text dimColor>{fit('No matches', p.width)}</Text> : null}
      {items.length > 0 && (
        <RowItems.Provider value={byValue}>
          {at < 0 ? (
            // Nothing highlighted (no match): the actions, drawn plainly.
            items.slice(0, limit).map((row) => <PickRow key={row.key} label={row.label} value={row.value} />)
          ) : (
            <SelectInput
              // Remounted at the highlighted row and filter: the list is drawn, not driven, by it.
              key={`${at}:${String(state.filtering)}:${state.query}`}
              items={items}
              initialIndex={at}
              limit={limit}
              isFocused={false}
              indicatorComponent={NoIndicator}
              itemComponent={PickRow}
            />
          )}
        </RowItems.Provider>
      )}
      <Text dimColor>{fit(help, p.width)}</Text>
    </Box>
  );
}
