/**
 * The client's contract: one typed function per /v2 endpoint. The store and
 * the scriptable commands depend on this interface; `createClient` in
 * client.ts implements it with the endpoints of endpoints/ over the request
 * plumbing of wire.ts. Request bodies are typed with the input types of the
 * schemas the server validates them with (schema.ts, schema-cards.ts).
 */
import type {
  CreateBoardData,
  CreateBoardInput,
  CreateEmailSequenceInput,
  CreateTagInput,
  EmailSequenceDetail,
  EmailSequenceEntry,
  Me,
} from './schema.js';
import type { CreateCardInput, MoveCardInput, UpdateCardInput } from './schema-cards.js';
import type {
  BoardMailbox,
  BoardSignature,
  CardMessage,
  ComposeInput,
  ForwardInput,
  OutboxItem,
  ReplyData,
  ReplyDefaults,
  ReplyInput,
} from './schema-mail.js';
import type { LiveEvent, Presence, PresenceInput } from './schema-events.js';
import type { Report, ReportParams } from './schema-reports.js';
import type { Customer, HistoryEntry } from './schema-history.js';
import type {
  ArchivedCardRow,
  Board,
  BoardRow,
  CardDetail,
  CardId,
  CardRow,
  Column,
  Comment,
  Tag,
  SearchResult,
} from './read-model.js';
import type { Json } from './transport.js';
import type { SavedReplyOperations } from './types-replies.js';
import type { RuleOperations } from './types-rules.js';
import type { NotificationOperations } from './types-notifications.js';
import type { WaitingOperations } from './types-waiting.js';

/** An attachment's bytes as the server served them (GET /v2/attachment/:id). */
export interface AttachmentFile {
  /** The name its answer gives (Content-Disposition); '' when none. Make it safe (text/file-name.ts) before using it as a path. */
  Name: string;
  /** Its declared type, parameters left out. */
  ContentType: string;
  Bytes: Uint8Array;
}

/** POST /v2/card's answer: the new card's id, or null when the server said only that it worked. */
export interface CreatedCard {
  taskId: CardId | null;
  Success: string;
}

export interface CommentResult {
  Success: string;
  /** Null when the server confirmed without describing the comment. */
  CommentDetails: Comment | null;
}

/**
 * Endpoints the reference leaves unshown that the local service adds. A
 * server without one answers 404/405; the client then remembers that and
 * refuses further calls at once with `kind: 'unsupported'`.
 */
export type Extension =
  | 'setTags'
  | 'createEmailSequence'
  | 'me'
  | 'setDueDate'
  | 'setReadStatus'
  | 'tickSubTask'
  | 'archivedCards'
  | 'restoreCard'
  | 'messages'
  | 'attachments'
  | 'reply'
  | 'forward'
  | 'compose'
  | 'signature'
  | 'outbox'
  | 'presence'
  | 'events'
  | 'updateBoard'
  | 'archiveBoard'
  | 'updateColumn'
  | 'deleteColumn'
  | 'mailboxes'
  | 'search'
  | 'snooze'
  | 'targets'
  | 'reports'
  | 'history'
  | 'customers'
  | 'rules'
  | 'savedReplies'
  | 'notifications';

/** Where a search looks: one board, or every board the key sees; which page. */
export interface SearchOptions {
  readonly boardId?: number;
  readonly page?: number;
  readonly limit?: number;
}

/** A board's new name, its new member list (every member but the owner, replacing the list), or both. */
export interface BoardChange {
  readonly name?: string;
  readonly users?: readonly string[];
}

/** What deleting a column did: how many active cards moved, and where (null when none moved). */
export interface DeletedColumn {
  ColumnId: number;
  MovedCards: number;
  MovedTo: number | null;
}

/** Per-call options. A POST carries an idempotency key so a retry is safe. */
export interface CallOptions {
  signal?: AbortSignal;
  idempotencyKey?: string;
  /**
   * A card write: the card's version the change was based on, sent as
   * `If-Match`; a card changed since is refused with kind `stale` (412).
   * Only where the server gave a version (it then honours the header).
   */
  ifMatch?: number;
  /** Hears the card's new version a write answers with (its ETag), when it gives one. */
  onVersion?: (version: number) => void;
}

export interface Client
  extends
    SavedReplyOperations<CallOptions>,
    RuleOperations<CallOptions>,
    NotificationOperations<CallOptions>,
    WaitingOperations<CallOptions> {
  // boards
  /** Every entry; one the client cannot read comes as `Unreadable`, not as a failure. */
  listBoards(o?: CallOptions): Promise<BoardRow[]>;
  getBoard(boardId: number, o?: CallOptions): Promise<Board>;
  createBoard(body: CreateBoardInput, o?: CallOptions): Promise<CreateBoardData>;
  // columns
  listColumns(boardId: number, o?: CallOptions): Promise<Column[]>;
  getColumn(boardId: number, columnId: number, o?: CallOptions): Promise<Column>;
  /** `columnId`: the column's numeric Id. Unreadable rows come as `Unreadable`. */
  listCards(boardId: number, columnId: number, page: number, limit?: number, o?: CallOptions): Promise<CardRow[]>;
  createColumn(boardId: number, name: string, o?: CallOptions): Promise<{ Success: string }>;
  /**
   * Extension `updateBoard`: PUT /v2/board/:id `{Name?, Users?}` (the owner's).
   * The board as the server now has it, or null when its answer didn't describe it.
   */
  updateBoard(boardId: number, change: BoardChange, o?: CallOptions): Promise<Board | null>;
  /** Extension `archiveBoard`: DELETE /v2/board/:id archives it (the owner's). */
  archiveBoard(boardId: number, o?: CallOptions): Promise<{ Id: number; ArchivedAt: string | null }>;
  /** Extension `updateColumn`: PUT /v2/board/:boardId/column/:id `{Name}` (the owner's). */
  updateColumn(boardId: number, columnId: number, name: string, o?: CallOptions): Promise<Column>;
  /**
   * Extension `deleteColumn`: DELETE /v2/board/:boardId/column/:id; a column
   * with cards is refused (409) unless `moveCardsTo` names where they go.
   */
  deleteColumn(boardId: number, columnId: number, moveCardsTo?: number, o?: CallOptions): Promise<DeletedColumn>;
  // cards
  /** Only the fields the server sent (the real service: Id, Title, Note, BoardId). */
  getCard(cardId: CardId, o?: CallOptions): Promise<CardDetail>;
  createCard(body: CreateCardInput, o?: CallOptions): Promise<CreatedCard>;
  updateCard(cardId: CardId, body: UpdateCardInput, o?: CallOptions): Promise<string>;
  moveCard(body: MoveCardInput, o?: CallOptions): Promise<string>;
  archiveCard(cardId: CardId, o?: CallOptions): Promise<{ id: CardId }>;
  addNote(cardId: CardId, body: string, o?: CallOptions): Promise<{ CardId: CardId }>;
  addTag(cardId: CardId, tagId: number, o?: CallOptions): Promise<{ CardId: CardId }>;
  /** Extension `setTags`: replaces the card's tags. */
  setTags(cardId: CardId, tagIds: number[], o?: CallOptions): Promise<{ CardId: CardId; TagIds: number[] | null }>;
  addSubTask(cardId: CardId, body: string, o?: CallOptions): Promise<{ CardId: CardId }>;
  /** Extension `setDueDate`: PUT /v2/card/:id/due-date `{DueDate: ISO 8601 | null}` (null clears). */
  setDueDate(
    cardId: CardId,
    dueDate: string | null,
    o?: CallOptions,
  ): Promise<{ CardId: CardId; DueDate: string | null }>;
  /** Extension `setReadStatus`: PUT /v2/card/:id/read-status `{ReadStatus: 0 | 1}`. */
  setReadStatus(cardId: CardId, read: boolean, o?: CallOptions): Promise<{ CardId: CardId; ReadStatus: number }>;
  /** Extension `tickSubTask`: PUT /v2/card/:id/sub-task/:subTaskId `{Done: boolean}`. */
  tickSubTask(
    cardId: CardId,
    subTaskId: number,
    done: boolean,
    o?: CallOptions,
  ): Promise<{ CardId: CardId; SubTaskId: number; Done: boolean }>;
  /** Extension `archivedCards`: GET /v2/board/:id/archived-cards?page&limit, newest first. */
  listArchivedCards(boardId: number, page: number, limit?: number, o?: CallOptions): Promise<ArchivedCardRow[]>;
  /**
   * Extension `restoreCard`: POST /v2/card/:id/restore `{ColumnId?, Position?}`;
   * without them the card goes back to the column it was archived from, on top.
   */
  restoreCard(
    cardId: CardId,
    where?: { ColumnId?: number; Position?: number },
    o?: CallOptions,
  ): Promise<{ CardId: CardId; ColumnId: number | null; Position: number | null }>;
  /** Extension `messages`: GET /v2/card/:id/messages, the card's email thread, oldest first. */
  listMessages(cardId: CardId, o?: CallOptions): Promise<CardMessage[]>;
  /**
   * Extension `attachments`: GET /v2/attachment/:id, an attachment's bytes exactly as received (its
   * `Id` in the thread). DragApp's API serves none: refused in words (`kind: 'unsupported'`).
   */
  getAttachment(attachmentId: string, o?: CallOptions): Promise<AttachmentFile>;
  /**
   * Extension `reply`: POST /v2/card/:id/reply `{Body, Cc?, Seen?, SendAnyway?}`, sent by the server's
   * SMTP relay, or held in its outbox (`OutboxId`, `SendsAt`). Held because the thread moved on since
   * `Seen`: an ApiError whose `heldReply` (held.ts) says what arrived.
   */
  replyToCard(cardId: CardId, body: ReplyInput, o?: CallOptions): Promise<ReplyData>;
  /** Extension `reply`: GET /v2/card/:id/reply-defaults, whom a reply goes to by default, from where, and the board's signature filled in. */
  replyDefaults(cardId: CardId, o?: CallOptions): Promise<ReplyDefaults>;
  /** Extension `forward`: POST /v2/card/:id/forward, a message of the thread sent on with its attachments. */
  forwardCard(cardId: CardId, body: ForwardInput, o?: CallOptions): Promise<ReplyData>;
  /** Extension `compose`: POST /v2/board/:id/compose, new mail written first; its card is made with it (`CardId`). */
  composeMail(boardId: number, body: ComposeInput, o?: CallOptions): Promise<ReplyData>;
  /** Extension `signature`: GET /v2/board/:id/signature, the board's signature as set (unfilled), or `Text: null`. */
  getBoardSignature(boardId: number, o?: CallOptions): Promise<BoardSignature>;
  /** Extension `signature`: PUT /v2/board/:id/signature `{Text}` (the owner's); null clears it (DELETE). */
  setBoardSignature(boardId: number, text: string | null, o?: CallOptions): Promise<BoardSignature>;
  /** Extension `mailboxes`: GET /v2/board/:id/mailboxes, where the board's mail comes from and whether it flows. */
  listBoardMailboxes(boardId: number, o?: CallOptions): Promise<BoardMailbox[]>;
  /** Extension `outbox`: GET /v2/outbox/:id, a reply waiting to go (or sent, or failed). */
  outboxItem(outboxId: string, o?: CallOptions): Promise<OutboxItem>;
  /** Extension `outbox`: DELETE /v2/outbox/:id, a waiting reply taken back (nothing is sent); resolves to it. */
  takeBackReply(outboxId: string, o?: CallOptions): Promise<OutboxItem>;
  // comments
  createComment(cardId: CardId, body: string, o?: CallOptions): Promise<CommentResult>;
  getComment(commentId: number, o?: CallOptions): Promise<Comment>;
  updateComment(commentId: number, body: string, o?: CallOptions): Promise<CommentResult>;
  deleteComment(commentId: number, o?: CallOptions): Promise<{ CommentId: number }>;
  // tags
  listTags(boardId: number, o?: CallOptions): Promise<Tag[]>;
  createTag(body: CreateTagInput, o?: CallOptions): Promise<Tag>;
  /** `CardIds` (local service): the cards that had the tag, so it can be put back; absent elsewhere. */
  deleteTag(boardId: number, tagId: number, o?: CallOptions): Promise<{ Id: number; CardIds?: CardId[] }>;
  // email sequences
  listEmailSequences(o?: CallOptions): Promise<EmailSequenceEntry[]>;
  getEmailSequence(id: string, o?: CallOptions): Promise<EmailSequenceDetail>;
  /**
   * Extension `events`: GET /v2/events?BoardId, each change as it happens,
   * until `signal` aborts; reconnects with backoff and resumes from the last
   * id. Resolves when aborted; rejects with kind `unsupported` on a server
   * without it (and with a refusal such as 401/403, which no retry mends).
   */
  /** Extension `presence`: PUT /v2/presence, this TUI's open card (null: none) and whether it is writing a reply. */
  setPresence(body: PresenceInput, o?: CallOptions): Promise<void>;
  /** Extension `presence`: GET /v2/board/:id/presence, who is on the board's cards now. */
  listPresence(boardId: number, o?: CallOptions): Promise<Presence[]>;
  /** Extension `events`: one board's changes (null: every board the key sees) and, always, the member's own notifications. */
  subscribeEvents(boardId: number | null, onEvent: (e: LiveEvent) => void, signal: AbortSignal): Promise<void>;
  /**
   * Extension `search`: GET /v2/search?q&BoardId&page&limit, the cards whose
   * texts hold the words, best first (on DragApp, its own search route).
   */
  search(query: string, where?: SearchOptions, o?: CallOptions): Promise<SearchResult>;
  /** Extension `reports`: GET /v2/board/:id/report?from&to|since&by, the board's figures over a period. */
  getBoardReport(boardId: number, period: ReportParams, o?: CallOptions): Promise<Report>;
  /** Extension `history`: GET /v2/card/:id/history, every change of the card with who and when, oldest first. */
  cardHistory(cardId: CardId, o?: CallOptions): Promise<HistoryEntry[]>;
  /** Extension `customers`: GET /v2/card/:id/customer, the card's customer and their other cards, newest first. */
  customerOfCard(cardId: CardId, o?: CallOptions): Promise<Customer>;
  /** Extension `customers`: GET /v2/customer?Email, every card from the address on boards the key sees. */
  customer(email: string, o?: CallOptions): Promise<Customer>;
  /** Extension `me`: whose key this is (GET /v2/me). */
  whoAmI(o?: CallOptions): Promise<Me>;
  /** Extension `createEmailSequence`. */
  createEmailSequence(body: CreateEmailSequenceInput, o?: CallOptions): Promise<EmailSequenceDetail>;
  /**
   * Any request, for `inboard api`: status and raw body text, no parsing.
   * The one body not typed by a schema, by design: it is the user's JSON,
   * sent as given whatever the endpoint (the server is the one to judge it).
   */
  raw(method: string, path: string, body?: Json, o?: CallOptions): Promise<{ status: number; body: string }>;
  /**
   * Whether the server offers an extension: true once it answered one, false
   * once it said it has no such endpoint, undefined before either.
   */
  offers(ext: Extension): boolean | undefined;
  /** Observe retries and waits (the status bar shows a countdown). */
  onBackoff?: (info: { attempt: number; waitMs: number; reason: string }) => void;
}
