/**
 * What sits over the screen and takes the keys: a text prompt, a y/n
 * confirm, a picker or the email-sequences view. One at a time; a prompt
 * reopened after a late failure waits its turn if another is open.
 */
import { useCallback, useRef, useState } from 'react';
import type { Scope } from './keymap.js';
import type { PickerProps } from './prompts/Picker.js';

export type Overlay =
  | {
      kind: 'text';
      title: string;
      initial: string;
      multiline: boolean;
      error: string | null;
      busy: boolean;
      help?: string;
      onSubmit(value: string): void;
      onCancel(): void;
      onChange?(value: string): void;
    }
  | { kind: 'confirm'; question: string; onYes(): void; onNo(): void }
  // A picker's own props; the overlay view supplies its size.
  | ({ kind: 'pick' } & Omit<PickerProps, 'width' | 'height'>)
  | { kind: 'sequences'; onCancel(): void };

/** An open overlay and its identity: a new key remounts (fresh text state). */
export type Shown = Overlay & { key: number };

export interface Overlays {
  current: Shown | null;
  /** Replaces whatever is open; returns the new overlay's key. */
  show(o: Overlay): number;
  /** Patches the overlay `key` if it is still the one open (busy, error). */
  update(key: number, patch: Partial<Overlay>): void;
  /** Closes the open overlay; a queued one takes its place. */
  close(key?: number): void;
  /** Shows now if nothing is open, else after the open one closes. */
  later(o: Overlay): number;
}

/**
 * The keymap scope of an open overlay, whose keys the footer hints (the
 * email sequences are a picker until one is open to read).
 */
export function overlayScope(o: Overlay | null, sequenceOpen: boolean): Scope | null {
  switch (o?.kind) {
    case undefined: return null;
    case 'text': return 'prompt';
    case 'confirm': return 'confirm';
    case 'pick': return 'pick';
    case 'sequences': return sequenceOpen ? 'sequence' : 'pick';
  }
}

let counter = 0;

export function useOverlays(): Overlays {
  const [current, setCurrent] = useState<Shown | null>(null);
  const queue = useRef<Shown[]>([]);
  const show = useCallback((o: Overlay): number => {
    const key = ++counter;
    setCurrent({ ...o, key } as Shown);
    return key;
  }, []);
  const update = useCallback((key: number, patch: Partial<Overlay>) => {
    setCurrent((c) => (c !== null && c.key === key ? ({ ...c, ...patch } as Shown) : c));
  }, []);
  const close = useCallback((key?: number) => {
    setCurrent((c) => (key !== undefined && c !== null && c.key !== key ? c : (queue.current.shift() ?? null)));
  }, []);
  const later = useCallback((o: Overlay): number => {
    const shown = { ...o, key: ++counter } as Shown;
    setCurrent((c) => {
      if (c === null) return shown;
      queue.current.push(shown);
      return c;
    });
    return shown.key;
  }, []);
  return { current, show, update, close, later };
}
