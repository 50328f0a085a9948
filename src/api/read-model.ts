/**
 * The client's model of what a /v2 service sends: the reference's field
 * names with normalised values, whatever the server's own shapes
 * (tolerant.ts and tolerant-cards.ts read them into this;
 * docs/architecture.md › "The wire layer"). Model types are imported from
 * here.
 */

/** A card id exactly as the server has it: "101", "9007199254740993", "18c2f3a9b4d5e6f7", "wamid-…". */
export type CardId = string;

export interface Tag {
  Id: number;
  Name: string;
  /** Palette index as a decimal string, or whatever colour text the server gave. */
  Color: string;
  BoardId: number;
}

export interface Board {
  Id: number;
  Name: string;
  Owner: string;
  /** Member emails (not the owner); from a comma string, a list of strings or of person objects. */
  Users: string[];
  /** "WHATSAPP" on the real service's WhatsApp boards; null when not said. */
  IntegrationType: string | null;
}

export interface Column {
  Id: number;
  /** `Label_<n>` when the server sends it; the real service does not. */
  ColumnId: string | null;
  Name: string;
}

/**
 * A listed card as the client reads it: the wire's `CardListed` (schema-cards.ts)
 * with normalised values. The store keeps its own `Card` made from it
 * (store/card.ts).
 */
export interface Card {
  ServiceTaskId: CardId;
  TaskName: string;
  /** 0 unread, 1 read. */
  ReadUnreadStatus: number;
  /** The label the card carries; only meaningful when the columns carry the same labels. */
  ColumnId: string | null;
  BoardId: number | null;
  /** ISO 8601, or the server's own text when it could not be read as a date. */
  DueDate: string | null;
  Assignees: string[];
  ThreadOwnerEmail: string;
  CreatedAt: string | null;
  Status: string | null;
  /** Kept as the server's text (JSON or not). */
  CustomFields: string | null;
  /** Local-service extension; absent on the real service. */
  Tags?: Tag[];
  /** An email thread's sender as its listing gives it; absent when the server sends none. */
  Sender?: string;
  /** The listing's preview of the thread's text; absent when the server sends none. */
  Snippet?: string;
  /** The card's web address (an http or https URL), when the server gives one. */
  Url?: string;
  /**
   * The card's version (extension): one more with every change; a write
   * sent with it is refused if the card changed since. Absent on a server
   * without versions.
   */
  Version?: number;
  /** Extension (waiting): since when the customer has waited for an answer; null: the team wrote last. */
  WaitingSince?: string | null;
  /** Extension (waiting): when the board's response target falls due for it, and which target. */
  ResponseDue?: string | null;
  ResponseTarget?: 'first' | 'next' | null;
  /** Extension (snooze): the card's snooze, null when it has none. */
  Snoozed?: Snooze | null;
  /** Extension (snooze): it woke from a snooze by itself and no one has read it since. */
  BackFromSnooze?: boolean;
}

/** A card's snooze: until a time (ISO), until the customer answers, or both. */
export interface Snooze {
  Until: string | null;
  UntilReply: boolean;
  By: string | null;
}

export interface Note {
  NoteId: number;
  Body: string;
  UserId: number | null;
  CreatedAt: string | null;
}
export interface SubTask {
  SubTaskId: number;
  Body: string;
  /** Extension `tickSubTask`: ticked or not; absent when the server does not say. */
  Done?: boolean;
  UserId: number | null;
  CreatedAt: string | null;
}
export interface Comment {
  CommentId: number;
  UserId: number | null;
  Comment: string;
  EntityId: string;
  CreatedAt: string | null;
  /** Local-service extension: the author's email. */
  UserEmail?: string;
  /** Local-service extension: the board members it mentions with `@`. */
  Mentions?: { Email: string; Name: string }[];
}

/**
 * GET /v2/card/:id as the server gave it: only the fields it sent are
 * present (the real service sends `{Id, Title, Note, BoardId}`), so a
 * screen can say "not provided by this server" instead of "none".
 */
export type CardDetail = Partial<Omit<Card, 'ServiceTaskId'>> & {
  ServiceTaskId: CardId;
  /** The real service's single note text. */
  Note?: string;
  Archived?: boolean;
  Notes?: Note[];
  Comments?: Comment[];
  SubTasks?: SubTask[];
};

/** A row the client could not read: shown as such, never fatal for its neighbours. */
export interface Unreadable {
  readonly unreadable: string;
  /** The id it seemed to have, as text, when there was one. */
  readonly rawId: string | null;
}

export type BoardRow = Board | Unreadable;
/** A row of a board's archived cards (extension `archivedCards`): a card and when it was archived. */
export type ArchivedCard = Card & { ArchivedAt: string | null };
export type ArchivedCardRow = ArchivedCard | Unreadable;
export type CardRow = Card | Unreadable;
/** A row of a board's snoozed cards (extension `snooze`): a card and the name of the column it comes back to. */
export type SnoozedCard = Card & { ColumnName: string };
export type SnoozedCardRow = SnoozedCard | Unreadable;
export const isUnreadable = (row: object): row is Unreadable => 'unreadable' in row;

/** A stretch of a search snippet; `Hit`: one of the words searched for. */
export interface SnippetPart {
  Text: string;
  Hit: boolean;
}

/**
 * A search's match (extension `search`): the card as a listing gives it,
 * where the words were (`title`, `note`, `subtask`, `comment`, `message`, or
 * what the server called it), the snippet, and the message's sender and date.
 * Names and ids are null where the server did not say them.
 */
export type SearchHit = Omit<Card, 'Snippet'> & {
  BoardName: string | null;
  ColumnName: string | null;
  Archived: boolean;
  Where: string;
  Snippet: SnippetPart[];
  From: string | null;
  Date: string | null;
};

export interface SearchResult {
  hits: (SearchHit | Unreadable)[];
  /** Matching cards on every page, when the server says. */
  total: number | null;
  /** `total` is a lower bound: at least that many match (the server counted the newest matches only). */
  totalAtLeast: boolean;
  /** The query as the server read it, in words, when it says. */
  understood: string | null;
}
