/**
 * What the status bar tells: the last failure in the server's words, how
 * many changes failed (and how many of those the user has seen), and the
 * client's retry countdown. Every change that fails is reported one way,
 * `refuse`, whoever sent it: the engine's rollback, a comment edit, a tag.
 */
import type { Client } from '../api/types.js';
import { watchCalls } from '../api/watch-calls.js';
import { sanitize } from '../text/sanitize.js';
import type { Core, CoreData } from './core.js';
import type { MutationInput } from './mutation-kinds.js';

export interface Backoff {
  /** Epoch ms when the client tries again (a status-bar countdown). */
  readonly until: number;
  readonly reason: string;
  readonly attempt: number;
}

export interface StatusData {
  /** The last failure in the server's words, sanitised for the status bar. */
  lastError: string | null;
  /** Every failure since the store was made (tests and benches count them). */
  failedCount: number;
  /** `failedCount` when the user last had the error cleared: what the status bar has already told. */
  failedSeen: number;
  backoff: Backoff | null;
  /** No answer from the server at all (refused, reset, timed out) since its last answer; null once it answers. */
  unreachable: Unreachable | null;
}

export interface Unreachable {
  /** Epoch ms of the first request that got no answer. */
  readonly since: number;
  /** Epoch ms of the server's last answer of any kind (an error is an answer too); null if it never answered. */
  readonly lastReached: number | null;
}

export interface StatusActions {
  clearError(): void;
  /** A failure that is not the server's (one of your commands failed), said where the server's are; sanitised here. */
  sayError(text: string): void;
  /** Feed the client's onBackoff here (createBoardStore wires it when it can). */
  noteBackoff(info: { attempt: number; waitMs: number; reason: string }): void;
}

/** What a change was called with; each slice declares its own kinds (MutationInput, CommentChange, TagChange). */
export interface ChangeInput {
  readonly kind: string;
}

/** A change the server refused (or that could not be sent). Keeps what the user typed. */
export class MutationError<I extends ChangeInput = MutationInput> extends Error {
  override readonly name = 'MutationError';
  constructor(
    message: string,
    readonly kind: I['kind'],
    /** The user's text (title, comment…), so a prompt can reopen with it. */
    readonly text: string | undefined,
    /** Everything the action was called with (a create's note, a move's target…). */
    readonly input: I,
    readonly status: number | undefined,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

/** The server's words for any thrown value, made safe for the terminal. */
export function errorText(e: unknown): string {
  const raw = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unknown error';
  return sanitize(raw.trim() === '' ? 'Request failed' : raw);
}

/** HTTP status of an ApiError (duck-typed: any Error with a numeric status). */
export function errorStatus(e: unknown): number | undefined {
  const s = (e as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : undefined;
}

/** The MutationError for `input`, carrying the text the user typed (a `text` or a `title`). */
export function mutationError<I extends ChangeInput>(input: I, e: unknown): MutationError<I> {
  const typed =
    'text' in input && typeof input.text === 'string'
      ? input.text
      : 'title' in input && typeof input.title === 'string'
        ? input.title
        : undefined;
  return new MutationError(errorText(e), input.kind, typed, input, errorStatus(e), { cause: e });
}

/**
 * Records a failure for the status bar, counted: the server's words, and no
 * countdown (the client has given up, no retry is coming). `patch` lands in
 * the same update (the rollback's shorter pending list). Returns the text.
 */
export function reportFailure(core: Core<CoreData & StatusData>, e: unknown, patch: Partial<CoreData> = {}): string {
  const text = errorText(e);
  core.update({ ...patch, lastError: text, failedCount: core.get().failedCount + 1, backoff: null });
  return text;
}

/**
 * The one way a change fails: reported for the status bar (reportFailure),
 * and a MutationError for the caller, so a prompt can reopen with the text.
 */
export function refuse<I extends ChangeInput>(
  core: Core<CoreData & StatusData>,
  input: I,
  e: unknown,
  patch: Partial<CoreData> = {},
): MutationError<I> {
  reportFailure(core, e, patch);
  return mutationError(input, e);
}

export function makeStatusActions(core: Core<StatusData>, now: () => number): StatusActions {
  return {
    // The '✗ n failed' badge goes with the message it counts: once the
    // user moves on (a key, a success), a count nobody can act on would
    // only train them to ignore the badge when the next failure comes.
    clearError: () => core.set({ lastError: null, failedSeen: core.get().failedCount }),
    sayError: (text) => core.set({ lastError: sanitize(text), backoff: null }),
    noteBackoff: (info) =>
      core.set({ backoff: { until: now() + info.waitMs, reason: sanitize(info.reason), attempt: info.attempt } }),
  };
}

/**
 * A failure where no answer came at all: the cause to name before whatever
 * it broke (tags, a page). Not a change whose answer was lost after it left
 * (a write timed out or cut off): that one is checked by reading the server
 * (outcome.ts), and that read says whether the server answers.
 */
const noAnswer = (e: unknown): boolean => {
  const x = e as { kind?: unknown; method?: unknown; notSent?: unknown } | null;
  if (x?.kind !== 'network' && x?.kind !== 'timeout') return false;
  const write = typeof x.method === 'string' && x.method !== 'GET' && x.method !== 'HEAD';
  return !write || x.notSent === true;
};

/**
 * The client, watched for whether the server answers: a request with no
 * answer marks the server unreachable (with when it last answered), any
 * answer clears that (api/watch-calls.ts). The store changes only when reachability does: a
 * page load's success costs no update.
 */
export function watchReach(
  client: Client,
  reach: { get(): Unreachable | null; set(u: Unreachable | null): void },
  now: () => number = Date.now,
): Client {
  let lastReached: number | null = null;
  const answered = (): void => {
    lastReached = now();
    if (reach.get() !== null) reach.set(null);
  };
  return watchCalls(client, (result) =>
    result.then(
      (v: unknown) => {
        answered();
        return v;
      },
      (e: unknown) => {
        if (noAnswer(e)) {
          if (reach.get() === null) reach.set({ since: now(), lastReached });
        } else if ((errorStatus(e) ?? 0) > 0) answered();
        throw e;
      },
    ),
  );
}
