/**
 * The kinds of optimistic mutation: what each carries (`Inputs`) and what
 * each must declare (`KindSpec`). The records themselves are in kinds/, one
 * per kind, gathered in kinds/index.ts `KINDS`, which must hold one for
 * every key of `Inputs`: adding a kind is adding its fields here and its
 * record there, and the compiler names every part that is missing. The
 * protocol around them: mutation-engine.ts, and docs/architecture.md,
 * "The mutation protocol".
 */
import type { CardDetail, CardId } from '../api/read-model.js';
import type { ReplyInput } from '../api/schema-mail.js';
import type { Client, Extension } from '../api/types.js';
import type { Card } from './card.js';
import type { Draft } from './draft.js';

/** What a reply carries besides its text, as the wire takes it. */
export type ReplyMail = Pick<ReplyInput, 'To' | 'Cc' | 'Bcc' | 'Attachments' | 'Signature'>;

/** What each kind carries, by kind. */
export interface Inputs {
  move: { cardId: CardId; toColumn: string; toIndex: number; toBoardId?: number };
  create: {
    cardId: CardId;
    columnLabel: string;
    title: string;
    note?: string;
    /** When the user made it (ISO). */
    createdAt?: string;
  };
  editTitle: {
    cardId: CardId;
    title: string;
    /**
     * The title the edit started from: just before saving, the server's is
     * read, and one that changed since (and differs from this edit) is not
     * saved over (kinds/fields.ts, TitleConflict).
     */
    from?: string;
    /**
     * The card's version the edit began from (servers with versions): sent
     * as If-Match, so a title changed meanwhile is refused, not overwritten.
     */
    version?: number;
  };
  archive: { cardId: CardId };
  setTags: { cardId: CardId; tagIds: readonly number[] };
  addTag: { cardId: CardId; tagId: number };
  setAssignees: { cardId: CardId; emails: readonly string[] | null };
  /**
   * Extension `setDueDate`: ISO 8601, or null to clear. `from` (the date the
   * edit began from) and `version` as editTitle's: a date changed meanwhile
   * is a DueConflict (kinds/due-conflict.ts), not saved over.
   */
  setDue: { cardId: CardId; due: string | null; from?: string | null; version?: number };
  /** Extension `setReadStatus`. */
  setRead: { cardId: CardId; read: boolean };
  /** Extension `tickSubTask`: shown on the detail while pending, not on the row. */
  tickSubTask: { cardId: CardId; subTaskId: number; done: boolean };
  /** Extension `restoreCard`: an archived card back into `toColumn` at `toIndex`, as `card` shows it. */
  restore: { cardId: CardId; card: Card; toColumn: string; toIndex: number };
  /**
   * Extension `snooze`: the card off its column until `until` (ISO), or
   * until the customer answers (`untilReply`), or whichever comes first.
   */
  snooze: { cardId: CardId; until: string | null; untilReply: boolean };
  /**
   * Extension `snooze`: a snoozed card back now, into `toColumn` at
   * `toIndex`, as `card` shows it (the server puts it back at its place);
   * `ends` is the snooze it takes back, what its redo snoozes again.
   */
  unsnooze: {
    cardId: CardId;
    card: Card;
    toColumn: string;
    toIndex: number;
    ends: { until: string | null; untilReply: boolean };
  };
  /** Adding one; editing and deleting a comment are in comments.ts. */
  comment: { cardId: CardId; text: string };
  note: { cardId: CardId; text: string };
  subTask: { cardId: CardId; text: string };
  /**
   * A reply to the card's email thread (extension); `cc` beyond the customer,
   * as shown while it is sent. `mail`, when given, is what goes instead of
   * `cc`: the To, Cc and Bcc its writer changed (absent ones: the service's
   * reply-all), its files and the writer's own signature.
   */
  reply: {
    cardId: CardId;
    text: string;
    cc: readonly string[];
    seen?: string;
    sendAnyway?: boolean;
    mail?: ReplyMail;
  };
  createColumn: { name: string };
  /** A deleted tag back (its undo): made again with `name` and `color`, on the cards that had it. */
  tagBack: { name: string; color: number; cardIds: readonly CardId[] };
  createBoard: { name: string; users: readonly string[] };
}

export type Kind = keyof Inputs;
export type InputOf<K extends Kind> = { kind: K } & Inputs[K];
/** A change as an action asks for it. */
export type MutationInput = { [K in Kind]: InputOf<K> }[Kind];

interface Stamp {
  /** Order of creation; also the mutation's identity. */
  readonly seq: number;
  /** The board it was made on (folds are ignored once another board is open). */
  readonly boardId: number | null;
  /** Its answer never came: the server is being read to learn whether it landed (outcome.ts). */
  readonly checking?: boolean;
}
export type MutationOf<K extends Kind> = InputOf<K> & Stamp;
/** A change once enqueued. */
export type Mutation = MutationInput & Stamp;

/** What a request needs at send time; read then, not when it was queued. */
export interface RunContext {
  client: Client;
  boardId: number | null;
  /** Numeric column id for a column label (request bodies carry numbers). */
  columnId(label: string): number | undefined;
  /** The card as the server last confirmed it (earlier same-card mutations have folded). */
  confirmedCard(id: CardId): Card | undefined;
  /** A created card's real id for its pending one; throws when it never got one. */
  realId(id: CardId): CardId;
  /**
   * The card's version as the user's view has it (the newest of the board's
   * last read and this client's own writes); undefined on a server without versions.
   */
  version(id: CardId): number | undefined;
  /** Hears a card's new version from a write's answer. */
  sawVersion(id: CardId, version: number): void;
}

/** What the engine reads again once the server agreed, before the action resolves. */
export type ReadBack =
  /** The open board's columns (a column was added). */
  | 'columns'
  /** The list of boards (a board was added). */
  | 'boards'
  /** The open detail of the card: what the server made of the text (its id, author, time). */
  | 'detail'
  /** The open board, its tags and cards (a tag put back on cards). */
  | 'board';

/** The card fields a change sets, as the change left them (or as they were before it). */
export type Look = Partial<Pick<Card, 'columnLabel' | 'title' | 'unread' | 'dueDate' | 'assignees' | 'tagIds'>> & {
  /** `false`: the change took the card off the board (archive). */
  onBoard?: boolean;
};

/** How a change is taken back: the inverse, and the card as the change leaves it and as it was before. */
export interface Inverse {
  readonly inverse: MutationInput;
  readonly after: Look;
  readonly before: Look;
}

export interface UndoSpec<K extends Kind> {
  /** The card as the screen showed it just before the change (`onScreen`); none: nothing is recorded. */
  readonly card: (m: InputOf<K>, onScreen: (id: CardId) => Card | undefined) => Card | undefined;
  /** What the status bar names (`move of “Refund” to Done`); `title` is the card's, quoted. */
  readonly describe: (m: InputOf<K>, card: Card, say: { title: string; column(label: string): string }) => string;
  /** The inverse, worked out from `card`; a string says why this change cannot be undone. */
  readonly inverse: (m: InputOf<K>, card: Card, indexOf: (card: Card) => number) => Inverse | string;
  /** Extensions the inverse needs, and what to say on a server without them (checked when undoing). */
  readonly needs: { readonly offers: readonly Extension[]; readonly why: string } | null;
}

/**
 * Everything a kind declares. Every field is required; `null` says the kind
 * has none of it, so a new kind decides each one.
 */
export interface KindSpec<K extends Kind> {
  /**
   * Its effect on the cards `d`: replayed on the view while pending, folded
   * into confirmed with the server's answer (`result`) once it agrees. `id`
   * is the card it applies to (a create's pending id while replaying, its
   * real one when folding). Null: nothing on any card row (a column, a
   * board, a comment…), made visible by `readBack` instead.
   */
  readonly effect: ((d: Draft, m: MutationOf<K>, id: CardId, result?: unknown) => void) | null;
  /**
   * The request, built at send time from what the server has confirmed by
   * then; resolves with the server's answer. `o` carries the idempotency key
   * when the kind has an `identity`.
   */
  readonly request: (ctx: RunContext, m: MutationOf<K>, o: { idempotencyKey: string } | undefined) => Promise<unknown>;
  /**
   * For a POST that adds something: what it adds, so resending the same
   * after a failure goes with the same Idempotency-Key (idempotency.ts).
   * `resolve` gives a created card's real id. Null: no key.
   */
  readonly identity:
    ((m: InputOf<K>, boardId: number | null, resolve: (id: CardId) => CardId) => readonly unknown[]) | null;
  /** For a kind that creates a card: its real id in the server's answer (null when the answer does not say). */
  readonly newCardId: ((result: unknown) => CardId | null) | null;
  /**
   * After a send whose answer never came (outcome.ts): reads the server and
   * says whether the change is there. Null: no read tells, so it is sent
   * again once with the same Idempotency-Key (the service answers a replay
   * with its first answer instead of acting twice).
   */
  readonly landed: ((ctx: RunContext, m: MutationOf<K>) => Promise<boolean>) | null;
  /** What is read again after success; null when the request says it all. */
  readonly readBack: ReadBack | null;
  /**
   * Its change to the open card detail, drawn over the server's answer while
   * pending (detail-live.ts) and into it once confirmed (card-detail.ts
   * foldIntoDetail). Null: the detail does not show it.
   */
  readonly detail: ((d: CardDetail, m: InputOf<K>) => CardDetail) | null;
  /** How the user's `u` takes it back (undo.ts); null: not undone (creating, adding text). */
  readonly undo: UndoSpec<K> | null;
}
