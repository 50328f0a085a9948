/**
 * Board store state. Normalised: cards by id, card order per column label.
 * `confirmed` is what the server last said; `view` is confirmed with the
 * pending mutations replayed on top — the only thing the screen reads.
 */
import type { Board, CardDetail, CardId, Tag, Unreadable } from '../api/tolerant.js';
import type { Extension } from '../api/types.js';
import type { CardTable } from './card-table.js';
import type { ExtraActions, ExtraData } from './extras.js';

/** A card as the store keeps it (normalised from the wire's CardListed). */
export interface Card {
  /**
   * The server's id, exact and opaque (see api/tolerant.ts); a pending id
   * (pending-ids.ts) while a created card waits for its real one.
   */
  readonly id: CardId;
  /** The title as the server has it (raw: send back as is). */
  readonly title: string;
  /** `title` through sanitize(), single line: what the terminal may show. */
  readonly displayTitle: string;
  /** The key of the column it is in (ColumnInfo.label), never parsed. */
  readonly columnLabel: string;
  readonly boardId: number;
  readonly unread: boolean;
  readonly assignees: readonly string[] | null;
  readonly tagIds: readonly number[];
  readonly owner: string;
  readonly createdAt: string;
  readonly dueDate: string | null;
  /** Why the client could not read this row; such a card is shown, never acted on. */
  readonly unreadable?: string;
  /** View only: a mutation touching this card has not settled yet. */
  readonly pending: boolean;
}

export interface ColumnInfo {
  /** Numeric column id (what request bodies carry). */
  readonly id: number;
  /**
   * The key everywhere in the store: `ColumnId` as the server gives it
   * (`Label_12`), or `#<Id>` when it gives none (the real service).
   */
  readonly label: string;
  readonly name: string;
  /** `name` through sanitize(). */
  readonly displayName: string;
}

/** Cards by id and their order per column label. Shared by confirmed and view. */
export interface CardsState {
  readonly cards: CardTable;
  readonly order: Readonly<Record<string, readonly CardId[]>>;
}

/** What the screen renders: per column label, its cards in order. */
export interface ViewState {
  readonly cards: CardTable;
  /** Arrays keep their identity while their cards do: safe for selectors. */
  readonly columns: Readonly<Record<string, readonly Card[]>>;
}

export interface Paging {
  /** Pages loaded so far (0 before the first answer). */
  readonly pages: number;
  /** The last page was full, so another may follow. */
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly error: string | null;
}

export interface Cursor {
  /** Index into `columns`. */
  readonly col: number;
  /** The focused card, or null when the column is empty. */
  readonly cardId: CardId | null;
  /** Its index in the column; kept so focus lands nearby when the card goes. */
  readonly index: number;
}

export interface Backoff {
  /** Epoch ms when the client tries again (a status-bar countdown). */
  readonly until: number;
  readonly reason: string;
  readonly attempt: number;
}

export interface DetailState {
  readonly cardId: CardId;
  readonly data: CardDetail | null;
  readonly loading: boolean;
  readonly error: string | null;
}

/** The kinds of mutation; see mutations.ts for what each does. */
export type MutationInput =
  | { kind: 'move'; cardId: CardId; toColumn: string; toIndex: number; toBoardId?: number }
  | { kind: 'create'; cardId: CardId; columnLabel: string; title: string; note?: string; /** When the user made it (ISO). */ createdAt?: string }
  | { kind: 'editTitle'; cardId: CardId; title: string }
  | { kind: 'archive'; cardId: CardId }
  | { kind: 'setTags'; cardId: CardId; tagIds: readonly number[] }
  | { kind: 'addTag'; cardId: CardId; tagId: number }
  | { kind: 'setAssignees'; cardId: CardId; emails: readonly string[] | null }
  | { kind: 'comment' | 'note' | 'subTask'; cardId: CardId; text: string }
  | { kind: 'createColumn'; name: string }
  | { kind: 'createBoard'; name: string; users: readonly string[] };

export type Mutation = MutationInput & {
  /** Order of creation; also the mutation's identity. */
  readonly seq: number;
  /** The board it was made on (folds are ignored once another board is open). */
  readonly boardId: number | null;
};

/** Which cards the board shows (see filter.ts); `null` in state when none. */
export interface CardFilter {
  /** Typed with `/`: title, tag name or assignee contains it ('' for none). */
  readonly text: string;
  /** Only cards carrying this tag (the tag manager's Enter). */
  readonly tagId: number | null;
}

export interface BoardsState {
  readonly items: readonly Board[];
  /** Entries of the list the client could not read: shown as such, never opened. */
  readonly unreadable: readonly Unreadable[];
  readonly loading: boolean;
  readonly error: string | null;
}

export interface BoardData {
  boards: BoardsState;
  boardId: number | null;
  boardLoading: boolean;
  boardError: string | null;
  columns: readonly ColumnInfo[];
  confirmed: CardsState;
  paging: Readonly<Record<string, Paging>>;
  tags: readonly Tag[];
  /** The open board's tags are still being fetched (empty `tags` doesn't mean none yet). */
  tagsLoading: boolean;
  /** Why the open board's tags failed to load (sanitised): empty `tags` then doesn't mean none. */
  tagsError: string | null;
  pending: readonly Mutation[];
  view: ViewState;
  cursor: Cursor;
  /** The last failure in the server's words, sanitised for the status bar. */
  lastError: string | null;
  pendingCount: number;
  /** Every failure since the store was made (tests and benches count them). */
  failedCount: number;
  /** `failedCount` when the user last had the error cleared: what the status bar has already told. */
  failedSeen: number;
  backoff: Backoff | null;
  /** Cards a refresh found changed by someone else since the user last looked. */
  markedChanged: ReadonlySet<CardId>;
  detail: DetailState | null;
  /** The open board's card filter; reset when another board opens. */
  filter: CardFilter | null;
  /** Cards picked with `v` for a move or archive of them all; reset when another board opens. */
  selected: ReadonlySet<CardId>;
}

export interface BoardActions {
  loadBoards(): Promise<void>;
  openBoard(boardId: number): Promise<void>;
  loadMore(columnLabel: string): Promise<void>;
  refresh(): Promise<void>;
  openCard(cardId: CardId): Promise<void>;
  closeCard(): void;

  focusColumn(delta: number): void;
  focusCard(delta: number): void;
  focusFirst(): void;
  focusLast(): void;
  focusCardId(cardId: CardId): void;

  moveCard(cardId: CardId, toColumnLabel: string, toIndex: number, toBoardId?: number): Promise<void>;
  /** Resolves with the real card id. */
  createCard(columnLabel: string, title: string, note?: string): Promise<CardId>;
  editTitle(cardId: CardId, title: string): Promise<void>;
  archiveCard(cardId: CardId): Promise<void>;
  addComment(cardId: CardId, text: string): Promise<void>;
  addNote(cardId: CardId, text: string): Promise<void>;
  addSubTask(cardId: CardId, text: string): Promise<void>;
  setTags(cardId: CardId, tagIds: readonly number[]): Promise<void>;
  addTag(cardId: CardId, tagId: number): Promise<void>;
  setAssignees(cardId: CardId, emails: readonly string[] | null): Promise<void>;
  createColumn(name: string): Promise<void>;
  /** Resolves with the new board's id. */
  createBoard(name: string, users?: readonly string[]): Promise<number>;

  /** Sets the card filter; no text and no tag clears it. */
  setFilter(filter: CardFilter | null): void;
  /** Adds the card to the selection, or takes it out. */
  toggleSelected(cardId: CardId): void;
  clearSelected(): void;
  clearError(): void;
  markSeen(cardId: CardId): void;
  /** Whether the server offers an extension (see api/types.ts Extension): undefined until it is known. */
  offers(ext: Extension): boolean | undefined;
  /** Feed the client's onBackoff here (createBoardStore wires it when it can). */
  noteBackoff(info: { attempt: number; waitMs: number; reason: string }): void;
}

export type BoardState = BoardData & BoardActions & ExtraData & ExtraActions;
