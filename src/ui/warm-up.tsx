/**
 * Readies the card detail's drawing while the user looks at the board, so
 * the first card opened after start is drawn as fast as the later ones.
 *
 * The first detail drawn in a process paid ~30 ms more than the next ones
 * (docs/performance.md, "The first opening"): V8 compiling the detail's
 * code and Ink's text path for the first time, and above all compiling
 * string-width's and the tokeniser's regular expressions for the first
 * subject that is not ASCII — a regular expression is compiled apart for
 * one-byte (Latin-1) and two-byte strings, and the board's rows never reach
 * string-width (src/text/width.ts), while a card's notes and comments do.
 *
 * So, once, when the app has been quiet for a moment, a sample card with
 * every section and every kind of text is drawn by the real CardDetail into
 * an Ink instance of its own whose output goes nowhere. It shares the code
 * and the compiled expressions with the app's instance and nothing else: its
 * own React root, yoga nodes and frame throttle (none: `debug` draws
 * unthrottled, so the key frame throttle's state is untouched), no stdin.
 * The detail reads its email thread from the store: it is given a copy of
 * the app's state with a sample thread under the sample's id (none a server
 * gives), and the thread is never asked for.
 */
import { Readable, Writable } from 'node:stream';
import { render } from 'ink';
import { createStore } from 'zustand/vanilla';
import type { BoardState, BoardStore } from '../store/index.js';
import type { ThreadMessage } from '../store/thread.js';
import { CardDetail, detailLines } from './CardDetail.js';
import type { DetailLine } from './detail-line.js';
import type { DetailSel } from './detail-selection.js';
import type { ThreadOptions } from './hooks/use-thread-lines.js';
import { StoreContext } from './store-context.js';
import { threadLines } from './thread-lines.js';
import { LISTED, MESSAGE, SAMPLE, THREAD } from './warm-up-sample.js';

/**
 * How long the store stays unchanged (no key, answer or page) before the
 * warm-up runs: someone typing right after the first frame is not kept
 * waiting by it, and it is done well before the Enter of someone who looked
 * at the board first.
 */
export const WARM_UP_IDLE_MS = 250;

/**
 * After the frames, the store unchanged this long before the HTML reader is
 * loaded: its ~70 ms in one piece (a require can't be cut) would hold up an
 * Enter pressed meanwhile, and half a second after the board appears it
 * sometimes was (a first opening of 146 ms among ones of 14–17 ms).
 */
export const READER_IDLE_MS = 1_500;

/**
 * The thread's lines for a sample thread with an HTML-only message: the HTML
 * reader (loaded on first use in the bundle, ~60 ms to load and ~11 ms for
 * its first email) loaded before a card with such a message is opened.
 * Draws nothing; the app's store is not read.
 */
export function warmThread(width: number): DetailLine[] {
  const view = {
    entry: threadEntry(THREAD),
    notOffered: false,
    sending: [],
    unfolded: false,
    newestFirst: false,
    unfoldKey: 'z',
  };
  return threadLines(view, width);
}

const threadEntry = (messages: readonly ThreadMessage[]) => ({
  messages,
  loading: false,
  error: null,
  sent: [],
  at: Date.now(),
});

/**
 * What the off-screen detail reads: the app's state as it is now, with the
 * sample's thread added, in a store of its own (nothing is written to the
 * app's, and with NO_READ nothing is asked of the server). Its plain message
 * only: the HTML reader is loaded in a step of its own, later (warmThread).
 */
function withSampleThread(store: BoardStore): BoardStore {
  const s = store.getState();
  const threads = new Map(s.threads).set(SAMPLE.ServiceTaskId, threadEntry([MESSAGE]));
  return createStore<BoardState>()(() => ({ ...s, threads, threadsOffered: true }));
}

/** A terminal that draws nothing: `columns` × `rows`, every write dropped (or handed to `sink`). */
function nowhere(columns: number, rows: number, sink?: (s: string) => void): NodeJS.WriteStream {
  const out = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      sink?.(String(chunk));
      done();
    },
  });
  return Object.assign(out, { columns, rows, isTTY: false }) as unknown as NodeJS.WriteStream;
}

/**
 * The frames drawn: the listed fields with "loading…" under them (what an
 * opening without a read ahead shows first), then the whole card three
 * times — from the top, scrolled with a comment selected, and at its end —
 * so the code the frames share has seen every shape of line before it is
 * optimised.
 */
const PASSES: readonly { loading: boolean; scroll: number; selected: DetailSel | null }[] = [
  { loading: true, scroll: 0, selected: null },
  { loading: false, scroll: 0, selected: null },
  { loading: false, scroll: 8, selected: { kind: 'comment', id: 1 } },
  // The end: the thread comes first and pushes the notes and sub-tasks below a short screen.
  { loading: false, scroll: 1_000, selected: null },
];
/** As the detail draws a thread, except that the sample's is never asked for. */
const NO_READ: ThreadOptions = { newestFirst: false, read: false, unfoldable: true };

/**
 * Draws the sample card's detail as the detail screen would at this size
 * (pass `pass` of PASSES) into an Ink instance whose output is dropped (or
 * given to `sink`), and unmounts it. Synchronous. `store` is the app's: the
 * detail reads a copy of its state with the sample's thread in it.
 */
export function drawDetailOffScreen(
  store: BoardStore,
  width: number,
  height: number,
  pass = 1,
  sink?: (s: string) => void,
): void {
  const p = PASSES[pass] ?? PASSES[1];
  if (p === undefined) return;
  const stdin = Object.assign(new Readable({ read() {} }), { isTTY: false }) as unknown as NodeJS.ReadStream;
  const stdout = nowhere(width, height, sink);
  const instance = render(
    <StoreContext.Provider value={withSampleThread(store)}>
      <CardDetail
        detail={{ data: p.loading ? LISTED : SAMPLE, loading: p.loading, error: null }}
        columns={[]}
        width={width}
        height={height}
        scroll={p.scroll}
        selected={p.selected}
        thread={NO_READ}
      />
    </StoreContext.Provider>,
    { stdout, stderr: stdout, stdin, debug: true, patchConsole: false, exitOnCtrlC: false },
  );
  instance.unmount();
  instance.cleanup();
}

export interface WarmUpOptions {
  /** The detail screen's size when the warm-up runs. */
  size: () => { width: number; height: number };
  idleMs?: number;
  /** After the frames, how long the store stays unchanged before the HTML reader is loaded. */
  readerIdleMs?: number;
  /** Called once the warm-up has run (tests). */
  onDone?: () => void;
  /** Called with the sample thread's lines once they are made (tests). */
  onThread?: (lines: readonly DetailLine[]) => void;
  /** Where the off-screen frames go (tests); nowhere by default. */
  sink?: (s: string) => void;
}

/**
 * Runs the warm-up once: its frames the first time the store has been
 * unchanged for `idleMs` with no board loading and no detail open, then the
 * HTML reader once it has been unchanged for `readerIdleMs` more; none of it
 * if a detail is opened before the frames (then its code is warm already).
 * Returns the function that stops it.
 */
export function startDetailWarmUp(store: BoardStore, o: WarmUpOptions): () => void {
  const idleMs = o.idleMs ?? WARM_UP_IDLE_MS;
  const readerIdleMs = o.readerIdleMs ?? READER_IDLE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let step: ReturnType<typeof setImmediate> | undefined;
  let stopped = false;
  /** The frames being drawn (a step per macrotask), then drawn: the HTML reader is what is left. */
  let drawing = false;
  let drawn = false;
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    if (step !== undefined) clearImmediate(step);
    unsubscribe();
  };
  const run = (): void => {
    const s = store.getState();
    if (s.boardLoading) return arm();
    if (s.detail !== null) return drawn ? arm() : stop();
    const { width, height } = o.size();
    if (drawn) {
      stop();
      o.onThread?.(warmThread(width));
      o.onDone?.();
      return;
    }
    detailLines(SAMPLE, [], width, null, false);
    drawing = true;
    // One frame per macrotask: a key that arrives meanwhile waits for one at most.
    const draw = (pass: number): void => {
      step = setImmediate(() => {
        step = undefined;
        if (stopped || store.getState().detail !== null) return stop();
        drawDetailOffScreen(store, width, height, pass, o.sink);
        if (pass + 1 < PASSES.length) return draw(pass + 1);
        drawing = false;
        drawn = true;
        arm();
      });
    };
    draw(0);
  };
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(run, drawn ? readerIdleMs : idleMs);
    timer.unref?.();
  };
  const unsubscribe = store.subscribe((s) => {
    if (s.detail !== null && !drawn) stop();
    else if (!drawing) arm();
  });
  if (store.getState().detail !== null) stop();
  else arm();
  return stop;
}
