import { Box, Text } from 'ink';
import { memo, useSyncExternalStore } from 'react';
import { cellWidth, fit } from '../text/width.js';
import type { RefreshClock, RefreshState } from './flows/refresh.js';
import type { Hint } from './keymap.js';
import type { Action } from './keys/types.js';

export interface StatusBarProps {
  width: number;
  board: string;
  backend: string;
  pending: number;
  failed: number;
  /** The last error, in the server's words (already sanitised). */
  error: string | null;
  /** The board's card filter, named (terminal-safe), when one is on. */
  filter?: string | null;
  /** Seconds left while backing off after a 429 or an outage. */
  waitSeconds: number | null;
  /** How many cards are selected (`v`). */
  selected?: number;
  /** The board's tags failed to load: its cards show no tags until they do. */
  tagsFailed?: boolean;
  /** A transient notice ("Moved to Done"), shown when there is no error. */
  notice: string | null;
  hints: readonly Hint[];
  /** `r`: "refreshing…" while it runs, then "refreshed 14:02" (flows/refresh.ts). */
  refresh?: RefreshClock;
}

const NEVER: RefreshState = { running: 0, at: null };
const NO_CLOCK: RefreshClock = { subscribe: () => () => undefined, get: () => NEVER };

/** "refreshing…", "refreshed 14:02" (local time), or nothing before the first refresh. */
export function refreshText(r: RefreshState): string | null {
  if (r.running > 0) return 'refreshing…';
  if (r.at === null) return null;
  const d = new Date(r.at);
  return `refreshed ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** Hints that always show: the way to every other key, and the way out. */
const PINNED: ReadonlySet<Action> = new Set<Action>(['help', 'quit']);

/**
 * The hints as one line of at most `width` cells: when they don't all fit,
 * the ones before `? help` and `q quit` give way from the right, so a narrow
 * terminal still says how to find the rest and how to leave.
 */
export function footerHints(hints: readonly Hint[], width: number): string {
  const text = (h: { key: string; label: string }) => `${h.key} ${h.label}`;
  const all = hints.map(text).join('  ');
  if (cellWidth(all) <= width) return all;
  const pinned = hints.filter((h) => PINNED.has(h.action)).map(text);
  const tail = pinned.length > 0 ? `  …  ${pinned.join('  ')}` : '';
  const kept: string[] = [];
  for (const h of hints) {
    if (PINNED.has(h.action)) continue;
    if (cellWidth([...kept, text(h)].join('  ') + tail) > width) break;
    kept.push(text(h));
  }
  return kept.join('  ') + tail;
}

/** Two lines: state on the first, the last error or the key hints on the second. */
export const StatusBar = memo(function StatusBar(p: StatusBarProps) {
  const clock = p.refresh ?? NO_CLOCK;
  const refreshed = refreshText(useSyncExternalStore(clock.subscribe, clock.get));
  const parts = [p.board, p.backend];
  // A filtered board hides cards: say so, and how to see them all again.
  if (p.filter != null) parts.push(`filter: ${p.filter} · Esc on the board clears`);
  if (p.selected !== undefined && p.selected > 0)
    parts.push(`✓ ${p.selected} selected · m moves, a archives them · Esc unselects`);
  if (p.pending > 0) parts.push(`⟳ ${p.pending} pending`);
  if (p.failed > 0) parts.push(`✗ ${p.failed} failed`);
  if (p.waitSeconds !== null) parts.push(`retrying in ${p.waitSeconds}s`);
  // Untagged-looking cards would mislead a triage; t shows the server's reason.
  if (p.tagsFailed === true) parts.push('✗ tags not loaded · r retries');
  // Last: the rest says what needs doing; this, how fresh the board is.
  if (refreshed !== null) parts.push(refreshed);
  const hints = footerHints(p.hints, p.width);
  return (
    <Box flexDirection="column">
      <Text inverse>{fit(` ${parts.join(' │ ')}`, p.width)}</Text>
      {p.error ? (
        <Text color="red">{fit(`✗ ${p.error}`, p.width)}</Text>
      ) : p.notice ? (
        <Text color="green">{fit(`✓ ${p.notice}`, p.width)}</Text>
      ) : (
        <Text dimColor>{fit(hints, p.width)}</Text>
      )}
    </Box>
  );
});
