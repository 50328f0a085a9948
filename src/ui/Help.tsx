import { Box, Text } from 'ink';
import { useState } from 'react';
import { cellWidth, fit } from '../text/width.js';
import { useKeyHandler } from './hooks/use-key-router.js';
import { actionFor, bindingFor, bindingsFor, displayKey, keyName, type Binding, type Scope } from './keymap.js';
import { scrollStep, scrollWords } from './keys/scroll.js';

/** What the help says it lists, by the scope it was opened from. */
const WHAT: Partial<Record<Scope, string>> = {
  board: 'the board',
  detail: 'the card',
  triage: 'triage',
  picker: 'the board list',
  pick: 'this list',
  'multi-pick': 'this list',
  tags: 'the tag manager',
  sequence: 'this sequence',
  pager: 'this output',
  report: 'the report',
};

/** A binding's keys as the help shows them; 1 to 9 as one range. */
const keysText = (b: Binding): string => (b.keys.join('') === '123456789' ? '1–9' : b.keys.map(displayKey).join(' / '));

interface Line {
  key: string;
  text: string;
  heading?: boolean;
}

/** A scope's bindings as lines, grouped; a list with a `/` filter gets the filter's keys after them. */
export function helpLines(scope: Scope): Line[] {
  const groups = new Map<string, Binding[]>();
  const own = bindingsFor(scope);
  for (const b of own) {
    const list = groups.get(b.group) ?? [];
    if (!list.some((x) => x.action === b.action)) list.push(b);
    groups.set(b.group, list);
  }
  if (own.some((b) => b.action === 'list.filter'))
    groups.set('While filtering (after /; other keys are text)', bindingsFor('pick-filter'));
  const lines: Line[] = [];
  for (const [group, list] of groups) {
    lines.push({ key: group, text: group, heading: true });
    for (const b of list) lines.push({ key: `${group}:${b.action}`, text: `  ${keysText(b).padEnd(22)} ${b.help}` });
  }
  return lines;
}

/** "press ? or Esc to close", in the keys in force. */
function closeWords(): string {
  // A character first (`?`, the key that opened it), then a named key (Esc).
  const keys = [...(bindingFor('help', 'help.close')?.keys ?? [])].sort((a, b) => a.length - b.length);
  const named = keys.find((k) => k.length > 1);
  const two = [keys[0], named === keys[0] ? undefined : named].filter((k): k is string => k !== undefined);
  return two.length === 0 ? 'help.close has no key' : `press ${two.map(displayKey).join(' or ')} to close`;
}

/** Cells between two columns of the help. */
const GAP = 3;

export interface HelpPage {
  /** The visible lines, column by column, each column at most `perColumn` long. */
  columns: Line[][];
  columnWidth: number;
  /** Lines hidden above / below (scroll with j/k). */
  above: number;
  below: number;
  /** The furthest the window can scroll (0 when everything shows). */
  maxOffset: number;
}

/**
 * The help laid out for a `width` × `height` body: as many side-by-side
 * columns as the longest line allows, and when even those can't hold every
 * line, a window that j/k scroll with a marker line saying so. Never wider or
 * taller than it is given: a frame as tall as the terminal makes Ink redraw
 * the whole screen, and Ink wraps a line wider than its box into the next.
 */
export function helpPage(lines: readonly Line[], width: number, height: number, offset: number): HelpPage {
  const widest = Math.max(1, ...lines.map((l) => cellWidth(l.text)));
  const columnWidth = Math.min(width, widest);
  const count = Math.max(1, Math.floor((width + GAP) / (columnWidth + GAP)));
  // One line for the title; the marker line only when something is hidden.
  const whole = Math.max(1, height - 1);
  if (lines.length <= whole * count)
    return { columns: split(lines, Math.ceil(lines.length / count)), columnWidth, above: 0, below: 0, maxOffset: 0 };
  const perColumn = Math.max(1, whole - 1);
  const shown = perColumn * count;
  const start = Math.max(0, Math.min(offset, lines.length - shown));
  return {
    columns: split(lines.slice(start, start + shown), perColumn),
    columnWidth,
    above: start,
    below: Math.max(0, lines.length - start - shown),
    maxOffset: lines.length - shown,
  };
}

function split(lines: readonly Line[], per: number): Line[][] {
  const out: Line[][] = [];
  for (let i = 0; i < lines.length; i += Math.max(1, per)) out.push(lines.slice(i, i + Math.max(1, per)));
  return out;
}

/**
 * The `?` screen, generated from the keymap table for what was open. It
 * takes keys itself, pinned on top of the router (see KeyRouter.push):
 * what it covers stays mounted and registered underneath, as it was.
 */
export function Help({
  scope,
  width,
  height,
  onClose,
}: {
  scope: Scope;
  width: number;
  height: number;
  onClose: () => void;
}) {
  const lines = helpLines(scope);
  const [offset, setOffset] = useState(0);
  const page = helpPage(lines, width, height, offset);
  const scrollable = page.above + page.below > 0;
  useKeyHandler(
    (input, key) => {
      const action = actionFor('help', keyName(input, key));
      if (action === 'help.close') return onClose();
      // Only a help taller than the screen scrolls (maxOffset is 0 otherwise).
      const step = scrollStep(action, height - 2);
      if (step !== 0) setOffset((o) => Math.max(0, Math.min(o + step, page.maxOffset)));
    },
    true,
    false,
    false,
    { pinned: true },
  );
  const what = WHAT[scope];
  const marker = [page.above > 0 ? `↑ ${page.above} more` : '', page.below > 0 ? `↓ ${page.below} more` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text bold>{fit(`Keys${what === undefined ? '' : ` of ${what}`} — ${closeWords()}`, width)}</Text>
      <Box flexDirection="row">
        {page.columns.map((col, i) => (
          <Box key={i} flexDirection="column" width={page.columnWidth} marginLeft={i === 0 ? 0 : GAP} flexShrink={0}>
            {col.map((l) => (
              <Text key={l.key} bold={l.heading === true}>
                {fit(l.text, page.columnWidth)}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
      {scrollable && (
        <Text dimColor>{fit(`${marker} — ${scrollWords('help') ?? 'scroll with the keys above'}`, width)}</Text>
      )}
    </Box>
  );
}
