/**
 * What sits over the screen and takes the keys: a text prompt, a y/n
 * confirm, a picker, the search of every board, the email-sequences view or a command's output. One at a time; a prompt
 * reopened after a late failure waits its turn if another is open.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SearchHit } from '../api/read-model.js';
import { Drafts, providedDrafts } from './drafts.js';
import type { KeyRouter } from './hooks/use-key-router.js';
import type { Scope } from './keys/types.js';
import type { KeyTaken, PickerProps } from './prompts/types.js';
import { useBoard } from './store-context.js';

export type Overlay =
  | {
      kind: 'text';
      title: string;
      initial: string;
      /** The initial text shown selected: typing replaces it (TextPrompt). */
      selected?: boolean;
      multiline: boolean;
      /** The reply composer: Enter is a line, Ctrl+S sends (scope `composer`). */
      composer?: boolean;
      error: string | null;
      busy: boolean;
      /** What the field's foot says while busy, where "saving…" would mislead (a look-up). */
      busyText?: string;
      help?: string;
      /** Terminal-safe lines between the title and the field (a reply's To, Cc and Subject). */
      details?: readonly string[];
      /** Terminal-safe dim lines under the field (a reply's files and signature). */
      below?: readonly string[];
      /** Replaces the 'Enter save · Esc cancel' line where those words would mislead (the filter). */
      foot?: string;
      /** What Enter does where it doesn't save ('jump', 'search'): the keys line says it. */
      submit?: string;
      /** The keymap scope whose hints the footer shows; default 'prompt'. */
      scope?: Scope;
      onSubmit: (value: string) => void;
      onCancel: (value: string) => void;
      onChange?: (value: string) => void;
      /** Keys of its scope taken before the text's (the filter's Tab): true when taken. */
      onKey?: (name: string, value: string, cursor: number) => KeyTaken;
      /** Where the cursor stands as it opens (default: the end of `initial`). */
      cursor?: number;
    }
  // `details`: terminal-safe lines under the question (what the answer touches).
  | { kind: 'confirm'; question: string; details?: readonly string[]; onYes: () => void; onNo: () => void }
  // A picker's own props; the overlay view supplies its size.
  | ({ kind: 'pick' } & Omit<PickerProps, 'width' | 'height'>)
  // `F`: a query typed over its matches (prompts/SearchPrompt.tsx); `initial` is asked for at once.
  | { kind: 'search'; title: string; initial: string; onOpen: (hit: SearchHit) => void; onCancel: () => void }
  | { kind: 'sequences'; onCancel: () => void }
  // A command's output to read (Pager.tsx); `text` sanitised.
  | { kind: 'pager'; title: string; text: string; onClose: () => void }
  // The open board's report (ReportView.tsx).
  | { kind: 'report'; onClose: () => void };

/** An open overlay and its identity: a new key remounts (fresh text state). */
export type Shown = Overlay & { key: number };

export interface Overlays {
  /**
   * What to draw. A text prompt's error shows once: when the status bar
   * already says it (the store's refusal, in the server's words, on the
   * line right under the prompt), the prompt leaves it out — and says it
   * itself once the status bar has moved on.
   */
  current: Shown | null;
  /**
   * The overlay this render draws is still the latest one asked for (none is
   * opening or closing). A function: a layout effect of this same commit may
   * have asked for another since.
   */
  drawn: () => boolean;
  /** Replaces whatever is open; returns the new overlay's key. */
  show: (o: Overlay) => number;
  /** Patches the overlay `key` if it is still the one open (busy, error). */
  update: (key: number, patch: Partial<Overlay>) => void;
  /** Closes the open overlay; a queued one takes its place. */
  close: (key?: number) => void;
  /** Shows now if nothing is open, else after the open one closes. */
  later: (o: Overlay) => number;
  /**
   * Text left in prompts closed with Esc, by what they were for (a comment
   * on card 42 of board 3): reopening the same prompt brings it back. On
   * disk when run.tsx provided them (see drafts.ts), else in memory.
   */
  drafts: Drafts;
}

/** A picker overlay: a Picker's own props. */
export type PickOverlay = Extract<Overlay, { kind: 'pick' }>;

/**
 * The keymap scope of an open overlay, whose keys the footer hints (the
 * email sequences are a picker until one is open to read).
 */
export function overlayScope(o: Overlay | null, sequenceOpen: boolean): Scope | null {
  switch (o?.kind) {
    case undefined:
      return null;
    case 'text':
      return o.scope ?? (o.composer === true ? 'composer' : 'prompt');
    case 'confirm':
      return 'confirm';
    case 'pick':
      return o.scope ?? 'pick';
    case 'search':
      return 'search';
    case 'sequences':
      return sequenceOpen ? 'sequence' : 'pick';
    case 'pager':
      return 'pager';
    case 'report':
      return 'report';
  }
}

let counter = 0;

/**
 * The open overlay. `latest` is what was asked for, at once; the state is
 * what React draws. When another overlay opens or this one closes, the key
 * router holds keys until React has drawn it (App settles it when `drawn`),
 * so no key reaches the handler that is going away.
 */
export function useOverlays(router: Pick<KeyRouter, 'expectChange'>): Overlays {
  const [current, setCurrent] = useState<Shown | null>(null);
  const latest = useRef<Shown | null>(null);
  const queue = useRef<Shown[]>([]);
  const [drafts] = useState(() => providedDrafts() ?? new Drafts());
  const set = useCallback(
    (next: Shown | null) => {
      // A patch (busy, error, loaded items) keeps the same overlay and handler.
      const swapped = next?.key !== latest.current?.key;
      latest.current = next;
      if (swapped) router.expectChange();
      setCurrent(next);
    },
    [router],
  );
  const show = useCallback(
    (o: Overlay): number => {
      const key = ++counter;
      set({ ...o, key });
      return key;
    },
    [set],
  );
  const update = useCallback(
    (key: number, patch: Partial<Overlay>) => {
      const c = latest.current;
      if (c !== null && c.key === key) set({ ...c, ...patch } as Shown);
    },
    [set],
  );
  const close = useCallback(
    (key?: number) => {
      const c = latest.current;
      if (key !== undefined && c !== null && c.key !== key) return;
      set(queue.current.shift() ?? null);
    },
    [set],
  );
  const later = useCallback(
    (o: Overlay): number => {
      const shown = { ...o, key: ++counter };
      if (latest.current === null) set(shown);
      else queue.current.push(shown);
      return shown.key;
    },
    [set],
  );
  const lastError = useBoard((s) => s.lastError);
  const drawnNow = useMemo(
    () =>
      current?.kind === 'text' && current.error !== null && current.error === lastError
        ? { ...current, error: null }
        : current,
    [current, lastError],
  );
  return { current: drawnNow, drawn: () => current === latest.current, show, update, close, later, drafts };
}
