/**
 * What every key flow gets (the store, the overlays, a notice) and `ask`,
 * the one way a flow asks for text: optimistic actions close the prompt at
 * once and reopen it, text intact, if the server refuses; the others keep
 * it open with "saving…" until the server answers.
 */
import type { BoardState, BoardStore } from '../../store/index.js';
import { keepDraft, keptText, type Keep } from './kept-drafts.js';
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
  /** `initial` shown selected: the first character typed replaces it, arrows edit it (a due date). */
  selected?: boolean;
  multiline?: boolean;
  /** The reply composer: Enter is a line, Ctrl+S sends (a reply never goes out on Enter). */
  composer?: boolean;
  help?: string;
  /** Terminal-safe lines above the field (a reply's To, Cc and Subject). */
  details?: readonly string[];
  /** Terminal-safe dim lines under the field (the files sent with a reply, its signature). */
  below?: readonly string[];
  /**
   * Keys of the prompt's own scope offered before the text's (the composer's
   * To, Cc, attach): true when taken. `leave` lets go of the text held for a
   * way out of the app, for a key that opens another step in its place.
   */
  onKey?: (name: string, value: string, leave: () => void, cursor: number) => boolean;
  /** Where the cursor stands as it opens (default: the end of `initial`). */
  cursor?: number;
  /** An empty answer is allowed (an optional note). */
  allowEmpty?: boolean;
  error?: string | null;
  /** Close at once and trust the store's optimistic view. */
  optimistic?: boolean;
  /** Sends the answer; omitted when the flow only continues (`next`). */
  run?: (value: string) => Promise<unknown>;
  /** Continue with another step instead of sending. */
  next?: (value: string) => void;
  /**
   * A refusal this flow answers itself (a title changed meanwhile: a choice)
   * instead of reopening the prompt; returns true when it did. Optimistic only.
   */
  refused?: (value: string, e: unknown) => boolean;
  /** Notice on success. */
  done?: string;
  /** After success (reload a detail, focus a card). */
  after?: (value: string) => void;
  /** Show after the open overlay instead of replacing it (a late failure). */
  queued?: boolean;
  /**
   * Text typed here and left with Esc, or open when the app ends (q, Ctrl+C,
   * a signal, a crash), is kept (see Keep) and comes back when the same
   * prompt opens again.
   */
  draft?: Keep;
  /**
   * A later step of a flow: Esc goes back to the step before (given the text
   * as typed here, for when the flow comes forward again) instead of closing.
   */
  back?: (value: string) => void;
  /** The initial text is a kept draft (a flow of several steps seeds its own): say so. */
  restored?: boolean;
  /** What the prompt's foot says while `run` is on its way (default "saving…"). */
  busyText?: string;
  /** What Enter does, where it doesn't save: the foot says "Enter jump" (default "save"). */
  submit?: string;
  /** What the text typed so far would do (a parsed date), shown under the prompt as it changes. */
  preview?: (value: string) => string;
  /** Tab: the text that completes what is typed (a mention), or null when Tab completes nothing. */
  complete?: (value: string) => string | null;
  /** Why the text can't be sent, or null: Enter then keeps the prompt open, the text as typed, and says so. */
  check?: (value: string) => string | null;
}

type Reading = { ok: true } | { ok: false; error: string };

/**
 * A prompt whose text is read as it is typed (a date, a snooze, targets):
 * under it what `read` understood, in `say`'s words; Enter refused with the
 * reading's error, the text kept.
 */
export function readAsTyped<R extends Reading>(
  read: (value: string) => R,
  say: (understood: Extract<R, { ok: true }>) => string,
): Pick<Ask, 'preview' | 'check'> {
  return {
    preview: (v) => {
      const r = read(v);
      return r.ok ? `→ ${say(r as Extract<R, { ok: true }>)}` : '';
    },
    check: (v) => {
      const r = read(v);
      return r.ok ? null : (r as Extract<R, { ok: false }>).error;
    },
  };
}

/** A prompt's Tab typing what `complete` gives; any other key, or nothing to complete, goes on as usual. */
const completeOnTab =
  (complete: (value: string) => string | null) =>
  (name: string, value: string): { insert: string } | false => {
    if (name !== 'tab') return false;
    const more = complete(value);
    return more === null || more === '' ? false : { insert: more };
  };

/** Enter on an empty prompt that needs text. */
const EMPTY = 'Type something first, or press Esc to cancel';

/** Shows the prompt; returns its overlay's key (a flow patches its lines as answers come). */
export function ask(f: Flow, a: Ask): number {
  const drafts = f.overlays.drafts;
  const kept = keptText(a, drafts);
  const restored = kept !== undefined || a.restored === true;
  const helpFor = (value: string): string =>
    [restored ? 'your draft from before' : '', a.preview?.(value) ?? '', a.help ?? ''].filter(Boolean).join(' · ');
  const help = helpFor(kept ?? a.initial ?? '');
  let sending = false;
  // The text as it stands, held for a way out of the app that isn't Esc.
  let typed = kept ?? a.initial ?? '';
  const keep = a.draft;
  const release =
    keep === undefined
      ? () => undefined
      : drafts.hold(() => {
          const fields = keep.fields?.(typed) ?? { text: typed };
          if (Object.values(fields).every((v) => v.trim() === '')) return null;
          // An edit left as it was is nothing to keep.
          if (keep.edit !== undefined && kept === undefined && typed === (a.initial ?? '')) return null;
          return { ...keep.id, label: keep.label, fields };
        });
  // "Type something first" is shown: it goes as soon as there is something to send.
  let hinted = false;
  // An error from `check` goes once the text differs from what was checked (the
  // preview says what the new text would do). Compared by value: text typed in
  // the same read as Enter reaches onChange only after the submit.
  let checked: string | null = null;
  const o: Overlay = {
    kind: 'text',
    title: a.title,
    initial: kept ?? a.initial ?? '',
    ...(a.selected === true && kept === undefined ? { selected: true } : {}),
    ...(a.cursor !== undefined && kept === undefined ? { cursor: a.cursor } : {}),
    multiline: a.multiline === true || a.composer === true,
    ...(a.composer === true ? { composer: true } : {}),
    error: a.error ?? null,
    busy: false,
    ...(a.busyText !== undefined ? { busyText: a.busyText } : {}),
    ...(a.submit !== undefined ? { submit: a.submit } : {}),
    ...(help !== '' ? { help } : {}),
    ...(a.details !== undefined ? { details: a.details } : {}),
    ...(a.below !== undefined ? { below: a.below } : {}),
    ...(a.onKey !== undefined || a.complete !== undefined
      ? {
          // The flow's own keys first (the composer's), then Tab completing what is typed (a mention).
          onKey: (name: string, value: string, cursor: number) => {
            if (a.onKey?.(name, value, release, cursor) === true) return true;
            return a.complete === undefined ? false : completeOnTab(a.complete)(name, value);
          },
        }
      : {}),
    onCancel: (value) => {
      // The step before takes this one's place — unless this one is already
      // sending: then Esc only closes it, as everywhere.
      release();
      if (a.back && !sending) return a.back(value);
      f.overlays.close(key);
      if (keep?.edit !== undefined) drafts.drop(keep.id);
      else if (keep !== undefined) keepDraft(f, keep, keep.fields?.(value) ?? { text: value });
    },
    onChange: (value) => {
      typed = value;
      if (a.preview !== undefined) f.overlays.update(key, { help: helpFor(value) });
      if (checked !== null && value !== checked) {
        checked = null;
        f.overlays.update(key, { error: null });
      }
      if (!hinted || value.trim() === '') return;
      hinted = false;
      f.overlays.update(key, { error: null });
    },
    onSubmit: (value) => {
      if (a.allowEmpty !== true && value.trim() === '') {
        hinted = true;
        f.overlays.update(key, { error: EMPTY });
        return;
      }
      const refused = a.check?.(value) ?? null;
      if (refused !== null) {
        hinted = false;
        checked = value;
        f.overlays.update(key, { error: refused });
        return;
      }
      typed = value;
      if (a.next) {
        release();
        return a.next(value);
      }
      if (!a.run) {
        release();
        return f.overlays.close(key);
      }
      const ok = () => {
        release();
        if (a.draft !== undefined) drafts.drop(a.draft.id);
        if (a.done) f.notify(a.done);
        a.after?.(value);
      };
      if (a.optimistic === true) {
        // The text is on its way; a refusal opens the prompt again, holding it again.
        release();
        f.overlays.close(key);
        a.run(value).then(ok, (e: unknown) => {
          if (a.refused?.(value, e) === true) return;
          ask(f, { ...a, initial: value, selected: false, error: why(e), queued: true });
        });
        return;
      }
      f.overlays.update(key, { busy: true, error: null });
      sending = true;
      a.run(value).then(
        () => {
          f.overlays.close(key);
          ok();
        },
        (e: unknown) => {
          sending = false;
          f.overlays.update(key, { busy: false, error: why(e) });
        },
      );
    },
  };
  // The closures above read `key` when called, after it is known.
  const key: number = a.queued === true ? f.overlays.later(o) : f.overlays.show(o);
  return key;
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
