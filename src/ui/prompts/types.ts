/**
 * What a picker is given and lists: shared by the picker, its state and
 * input hooks, the overlays that open one and the flows that build them.
 */
import type { Action, Scope } from '../keys/types.js';

/** What a prompt's own key did (a text prompt's `onKey`): nothing (false), all it does (true), or text to type. */
export type KeyTaken = boolean | { insert: string };

export interface PickItem {
  /** Unique within the picker. */
  value: string;
  label: string;
  /** Swatch colour (`#rrggbb`) drawn as ■ before the label. */
  swatch?: string | null;
  dim?: boolean;
  /** An action rather than an option ("+ New tag…"): listed after the matches whatever the filter. */
  action?: boolean;
}

/**
 * A picker of several (keymap scope `multi-pick`: tags, assignees): each
 * item is marked or not — of several cards, "some" when only some have it.
 * Space marks or unmarks the highlighted item; Enter applies the marks.
 */
export interface Marks {
  /** Marked as it opens: what the card has (of several cards, what every one has). */
  on: readonly string[];
  /** What only some of several cards have: each keeps it as it is unless marked or unmarked. */
  some?: readonly string[];
  /** Enter: the items marked, and those unmarked (the "some" left as they are, in neither). */
  onApply: (on: readonly string[], off: readonly string[]) => void;
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
  onPick: (value: string) => void;
  onCancel: () => void;
  /** Several at once: Space marks, Enter applies (`onPick` then gets only the actions, "+ New tag…"). */
  marks?: Marks;
  /** The keymap scope of its keys while not filtering; `pick` by default. */
  scope?: Scope;
  /** Takes keys; false while something else does (a prompt over the board list). Default true. */
  isActive?: boolean;
  /**
   * The scope's actions a picker doesn't do itself (the board list's n, r,
   * q; the tag manager's n, d), on the highlighted item (null: none).
   */
  onAction?: (action: Action, value: string | null) => void;
  /** Opens filtering: what is typed filters at once, no `/` first (a composer's saved replies). */
  filterFirst?: boolean;
  /** `r`: the options failed to load, ask for them again. */
  onRetry?: () => void;
  /** The highlighted row (-1: none) of how many shown, on every move: a paged list loads more near the end. */
  onHighlight?: (index: number, rows: number) => void;
}
