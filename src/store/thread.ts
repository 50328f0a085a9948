/**
 * The email thread behind a card: its messages, read when the card is
 * opened, previewed or on screen in triage (a few kept, so walking back and
 * forth asks once), and the replies sent from here. A reply is a mutation
 * (kind `reply`, kinds/reply.ts): it shows in the thread at once as pending
 * (the screens read `pending`), then as sent — kept here until the thread
 * read back after it has it. On a server without the route the thread is
 * asked for once, then said to be not offered.
 */
import type { CardId } from '../api/read-model.js';
import type { Core } from './core.js';
import type { MutationInput, ReplyMail } from './mutation-kinds.js';
import { isServerId } from './pending-ids.js';
import { errorText, type StatusData } from './status.js';
import { ReplyData, type CardMessage } from '../api/schema-mail.js';

/** One message of a card's thread, as the service sends it. */
export type ThreadMessage = CardMessage;

/** A reply the server took, drawn as sent until the thread read again lists it. */
export interface SentReply {
  readonly text: string;
  readonly cc: readonly string[];
  readonly at: string;
}

export interface ThreadEntry {
  /** Null until the server answered. */
  readonly messages: readonly ThreadMessage[] | null;
  readonly loading: boolean;
  readonly error: string | null;
  readonly sent: readonly SentReply[];
  /** When it was read (epoch ms); an old one is read again when wanted. */
  readonly at: number;
}

export interface ThreadData {
  /** By card, the few read lately. */
  threads: ReadonlyMap<CardId, ThreadEntry>;
  /** False once the server said it has no thread route: nothing is asked again. */
  threadsOffered: boolean | undefined;
  /** Quoted text and signatures shown (z), else folded. */
  threadUnfolded: boolean;
}

export interface ThreadActions {
  /** Reads the card's thread unless a recent answer is kept or one is on its way (`fresh`: read it again anyway). Never rejects. */
  loadThread(cardId: CardId, o?: { fresh?: boolean }): Promise<void>;
  /** Sends a reply to the card's thread (mutation `reply`); rejects with a MutationError carrying the text when refused. */
  sendReply(cardId: CardId, text: string, cc?: readonly string[], o?: ReplyOptions): Promise<ReplyData | undefined>;
  toggleThreadFolds(): void;
}

/** A reply's checks and what it carries besides its text (mutation-kinds.ts `reply`). */
export interface ReplyOptions {
  seen?: string;
  sendAnyway?: boolean;
  mail?: ReplyMail;
}

/** Threads kept; more are read again. */
export const THREADS_KEPT = 16;
/** A kept thread older than this is read again when the card is opened (the auto refresh is 30 s). */
export const THREAD_MAX_AGE_MS = 60_000;

export const NO_THREADS: ReadonlyMap<CardId, ThreadEntry> = new Map();

const EMPTY: ThreadEntry = { messages: null, loading: false, error: null, sent: [], at: 0 };

export function makeThread(
  core: Core<ThreadData & StatusData>,
  run: (input: MutationInput, focus?: CardId, undoable?: boolean) => Promise<unknown>,
  now: () => number = Date.now,
): ThreadActions {
  const inFlight = new Map<CardId, Promise<void>>();

  function put(cardId: CardId, patch: Partial<ThreadEntry>): void {
    const threads = new Map(core.get().threads);
    const was = threads.get(cardId) ?? EMPTY;
    threads.delete(cardId);
    threads.set(cardId, { ...was, ...patch });
    // Oldest out first (a Map keeps insertion order; each put re-inserts).
    while (threads.size > THREADS_KEPT) {
      const oldest = threads.keys().next();
      if (oldest.done === true) break;
      threads.delete(oldest.value);
    }
    core.set({ threads });
  }

  function loadThread(cardId: CardId, o: { fresh?: boolean } = {}): Promise<void> {
    if (!isServerId(cardId) || core.get().threadsOffered === false) return Promise.resolve();
    const busy = inFlight.get(cardId);
    if (busy !== undefined) return busy;
    const kept = core.get().threads.get(cardId);
    if (o.fresh !== true && kept?.messages != null && now() - kept.at < THREAD_MAX_AGE_MS) return Promise.resolve();
    put(cardId, { loading: true });
    const read = core.client.listMessages(cardId).then(
      (messages) => {
        // What was sent from here is in the answer now, unless the server gives
        // only part of a thread (DragApp: one message, a ThreadNote says so):
        // then what was sent stays drawn as sent, or it would vanish.
        const partial = messages.some((m) => m.ThreadNote !== undefined && m.ThreadNote !== '');
        const sent = partial ? (core.get().threads.get(cardId)?.sent ?? []) : [];
        put(cardId, { messages, loading: false, error: null, sent, at: now() });
        if (core.get().threadsOffered !== true) core.set({ threadsOffered: true });
      },
      (e: unknown) => {
        if (offered()) put(cardId, { loading: false, error: errorText(e) });
        else {
          // Said once, for every card: the server has no threads.
          core.set({ threadsOffered: false, threads: NO_THREADS });
        }
      },
    );
    const done = read.finally(() => inFlight.delete(cardId));
    inFlight.set(cardId, done);
    return done;
  }

  /** Not a 404/405 about the route itself (the client then knows it is not offered): this read failed. */
  function offered(): boolean {
    return core.client.offers('messages') !== false;
  }

  async function sendReply(
    cardId: CardId,
    text: string,
    cc: readonly string[] = [],
    o: ReplyOptions = {},
  ): Promise<ReplyData | undefined> {
    let answer: unknown;
    try {
      answer = await run({ kind: 'reply', cardId, text, cc: [...cc], ...o }, cardId);
    } catch (e) {
      // The server's words (refuse put them there), and that nothing typed is lost.
      const said = core.get().lastError;
      if (said !== null) core.set({ lastError: `Reply not sent, kept as a draft: ${said}` });
      throw e;
    }
    const parsed = ReplyData.safeParse(answer);
    const data = parsed.success ? parsed.data : undefined;
    // Held in the service's outbox: not sent yet, so not drawn as sent (the status bar counts it down).
    if (data?.OutboxId !== undefined) return data;
    const kept = core.get().threads.get(cardId) ?? EMPTY;
    put(cardId, { sent: [...kept.sent, { text, cc: [...cc], at: new Date(now()).toISOString() }] });
    await loadThread(cardId, { fresh: true });
    return data;
  }

  return {
    loadThread,
    sendReply,
    toggleThreadFolds: () => core.set({ threadUnfolded: !core.get().threadUnfolded }),
  };
}
