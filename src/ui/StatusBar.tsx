import { Box, Text } from 'ink';
import { memo, useContext, useSyncExternalStore } from 'react';
import type { LiveData, Unreachable } from '../store/index.js';
import { cellWidth, fit } from '../text/width.js';
import { clockTime } from './card-meta.js';
import { wrap } from '../text/wrap.js';
import type { RefreshClock, RefreshState } from './flows/refresh.js';
import type { Hint } from './keymap.js';
import type { Action } from './keys/types.js';
import { StoreContext } from './store-context.js';
import { color } from './theme.js';

export interface StatusBarProps {
  width: number;
  board: string;
  backend: string;
  pending: number;
  /** Changes whose answer never came, being checked on the server: not failed (yet). */
  checking?: number;
  failed: number;
  /** The last error, in the server's words (already sanitised). */
  error: string | null;
  /** The board's card filter, named (terminal-safe), when one is on. */
  filter?: string | null;
  /** A reply on its way out: "Reply to Priya sends in 8 s · u undo" (terminal-safe). */
  outgoing?: string | null;
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
  /** The periodic refresh's interval in seconds (0: off), said while the board is not live. */
  pollSeconds?: number;
  /** Why the board's mail is not coming in, and what to run (sanitised): the owner's to fix. */
  stuckMail?: string | null;
}

const NEVER: RefreshState = { running: 0, at: null };
const NO_CLOCK: RefreshClock = { subscribe: () => () => undefined, get: () => NEVER };

/** "refreshing…", "refreshed 14:02" (local time), or nothing before the first refresh. */
export function refreshText(r: RefreshState): string | null {
  if (r.running > 0) return 'refreshing…';
  if (r.at === null) return null;
  return `refreshed ${clockTime(r.at)}`;
}

/** "✗ Can't reach api.example.com (last reached 14:02) · r retries": the cause, before what it broke. */
export function unreachableText(host: string, u: Unreachable): string {
  const last =
    u.lastReached === null ? 'not reached since inboard started' : `last reached ${clockTime(u.lastReached)}`;
  return `✗ Can’t reach ${host} (${last}) · r retries`;
}

/** The most rows a message (an error, a notice) wraps to; what is left is cut. */
export const MESSAGE_ROWS = 4;

/** The message line's text: the error, else the notice, else mail that is stuck, else null (the key hints). */
const messageText = (error: string | null, notice: string | null, stuckMail: string | null = null): string | null =>
  error ? `✗ ${error}` : notice ? `✓ ${notice}` : stuckMail ? `✗ ${stuckMail}` : null;

/** The message wrapped to the width: a long hint (where a refused key came from) is read whole, not cut. */
function messageLines(text: string, width: number): string[] {
  const lines = wrap(text, width);
  if (lines.length <= MESSAGE_ROWS) return lines;
  return [...lines.slice(0, MESSAGE_ROWS - 1), fit(`${lines.slice(MESSAGE_ROWS - 1).join(' ')}`, width)];
}

/** The status bar's height in rows for this error or notice: the screen above gives up what a long one needs. */
export function statusBarRows(
  width: number,
  error: string | null,
  notice: string | null,
  stuckMail: string | null = null,
): number {
  const text = messageText(error, notice, stuckMail);
  return 1 + (text === null ? 1 : messageLines(text, width).length);
}

const NOT_WATCHED = (): (() => void) => () => undefined;

/** Whether the server is unreachable, when the bar is drawn over a store (tests draw it bare). */
function useUnreachable(): Unreachable | null {
  const store = useContext(StoreContext);
  return useSyncExternalStore(store?.subscribe ?? NOT_WATCHED, () => store?.getState().unreachable ?? null);
}

/** How the open board learns of others' changes (store/events.ts), when the bar is drawn over a store. */
function useLive(): LiveData['live'] {
  const store = useContext(StoreContext);
  return useSyncExternalStore(store?.subscribe ?? NOT_WATCHED, () => store?.getState().live ?? null);
}

/** "live" while the server's events reach the board, else how often it is read again ("polling every 30 s"). */
export function freshnessText(live: LiveData['live'], pollSeconds: number): string | null {
  if (live === 'live') return 'live';
  if (live === null || pollSeconds <= 0) return null;
  return `polling every ${pollSeconds} s`;
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

/**
 * State on the first line — led by an unreachable server, the cause of
 * whatever else fails meanwhile — then the last error, a notice (wrapped to
 * as many rows as it needs, up to MESSAGE_ROWS) or the key hints.
 */
export const StatusBar = memo(function StatusBar(p: StatusBarProps) {
  const clock = p.refresh ?? NO_CLOCK;
  const refreshed = refreshText(useSyncExternalStore(clock.subscribe, clock.get));
  const unreachable = useUnreachable();
  const live = useLive();
  const parts = unreachable !== null ? [unreachableText(p.backend, unreachable), p.board] : [p.board, p.backend];
  // A filtered board hides cards: say so, and how to see them all again.
  if (p.filter != null) parts.push(`filter: ${p.filter} · Esc on the board clears`);
  if (p.selected !== undefined && p.selected > 0)
    parts.push(`✓ ${p.selected} selected · m moves, a archives them · Esc unselects`);
  if (p.outgoing != null) parts.push(`✉ ${p.outgoing}`);
  if (p.pending > 0) parts.push(`⟳ ${p.pending} pending`);
  if (p.checking !== undefined && p.checking > 0)
    parts.push(p.checking === 1 ? '? checking…' : `? checking ${p.checking}…`);
  if (p.failed > 0) parts.push(`✗ ${p.failed} failed`);
  if (p.waitSeconds !== null) parts.push(`retrying in ${p.waitSeconds}s`);
  // Untagged-looking cards would mislead a triage; t shows the server's reason.
  // Not while the server is unreachable: that is why, and it is said first.
  if (p.tagsFailed === true && unreachable === null) parts.push('✗ tags not loaded · r retries');
  if (p.stuckMail != null && unreachable === null) parts.push('✗ mail not coming in');
  // Last: the rest says what needs doing; this, how fresh the board is.
  const freshness = freshnessText(live, p.pollSeconds ?? 0);
  if (freshness !== null) parts.push(freshness);
  if (refreshed !== null) parts.push(refreshed);
  const hints = footerHints(p.hints, p.width);
  const message = messageText(p.error, p.notice, p.stuckMail ?? null);
  return (
    <Box flexDirection="column">
      <Text inverse>{fit(` ${parts.join(' │ ')}`, p.width)}</Text>
      {message === null ? (
        <Text dimColor>{fit(hints, p.width)}</Text>
      ) : (
        messageLines(message, p.width).map((l, i) => (
          <Text key={i} color={p.error || (p.notice === null && p.stuckMail) ? color('error') : color('ok')}>
            {fit(l, p.width)}
          </Text>
        ))
      )}
    </Box>
  );
});
