/**
 * What every key flow gets (the store, the overlays, a notice) and `ask`,
 * the one way a flow asks for text: optimistic actions close the prompt at
 * once and reopen it, text intact, if the server refuses; the others keep
 * it open with "saving…" until the server answers.
 */
import type { BoardState, BoardStore } from '../../store/index.js';
import type { Overlay, Overlays, PickOverlay } from '../overlay.js';

export interface Flow {
  store: BoardStore;
  overlays: Overlays;
  notify: (text: string) => void;
}

/** The server's words for a failure (the store has already sanitised them). */
export const why = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export interface Ask {
  title: string;
  initial?: string;
  multiline?: boolean;
  help?: string;
  /** An empty answer is allowed (an optional note). */
  allowEmpty?: boolean;
  error?: string | null;
  /** Close at once and trust the store's optimistic view. */
  optimistic?: boolean;
  /** Sends the answer; omitted when the flow only continues (`next`). */
  run?: (value: string) => Promise<unknown>;
  /** Continue with another step instead of sending. */
  next?: (value: string) => void;
  /** Notice on success. */
  done?: string;
  /** After success (reload a detail, focus a card). */
  after?: (value: string) => void;
  /** Show after the open overlay instead of replacing it (a late failure). */
  queued?: boolean;
  /**
   * Text typed here and left with Esc is kept under `key` and comes back
   * when the same prompt opens again; `reopen` names the key that does it.
   */
  draft?: { key: string; reopen: string };
}

export function ask(f: Flow, a: Ask): void {
  const drafts = f.overlays.drafts;
  const kept = a.draft === undefined ? undefined : drafts.get(a.draft.key);
  const help = [kept !== undefined ? 'your draft from before' : '', a.help ?? ''].filter(Boolean).join(' · ');
  const o: Overlay = {
    kind: 'text',
    title: a.title,
    initial: kept ?? a.initial ?? '',
    multiline: a.multiline === true,
    error: a.error ?? null,
    busy: false,
    ...(help !== '' ? { help } : {}),
    onCancel: (value) => {
      f.overlays.close(key);
      // An Esc meant for something else, or a reply put off, must not cost
      // a paragraph of typing: keep it, and say how to get it back.
      if (a.draft === undefined) return;
      if (value.trim() === '' || value === (a.initial ?? '')) return void drafts.delete(a.draft.key);
      drafts.set(a.draft.key, value);
      f.notify(`Draft kept — ${a.draft.reopen} to go on with it`);
    },
    onSubmit: (value) => {
      if (a.allowEmpty !== true && value.trim() === '') {
        f.overlays.update(key, { error: 'Type something first, or press Esc to cancel' });
        return;
      }
      if (a.next) return a.next(value);
      if (!a.run) return f.overlays.close(key);
      const ok = () => {
        if (a.draft !== undefined) drafts.delete(a.draft.key);
        if (a.done) f.notify(a.done);
        a.after?.(value);
      };
      if (a.optimistic === true) {
        f.overlays.close(key);
        a.run(value).then(ok, (e: unknown) => ask(f, { ...a, initial: value, error: why(e), queued: true }));
        return;
      }
      f.overlays.update(key, { busy: true, error: null });
      a.run(value).then(
        () => {
          f.overlays.close(key);
          ok();
        },
        (e: unknown) => f.overlays.update(key, { busy: false, error: why(e) }),
      );
    },
  };
  // The closures above read `key` when called, after it is known.
  const key: number = a.queued === true ? f.overlays.later(o) : f.overlays.show(o);
}

/**
 * Shows a picker built from store state that may still be loading (the
 * board's tags, the boards list). It opens at once either way; while
 * `loading` holds it says so and keys typed meanwhile wait for it (see
 * Picker), and once the load ends it is rebuilt with the options.
 */
export function showPicker(f: Flow, loading: (s: BoardState) => boolean, build: () => PickOverlay): number {
  if (!loading(f.store.getState())) return f.overlays.show(build());
  const key = f.overlays.show({ ...build(), loading: true, status: null });
  const stop = f.store.subscribe((s) => {
    if (loading(s)) return;
    stop();
    f.overlays.update(key, { ...build(), loading: false });
  });
  return key;
}
