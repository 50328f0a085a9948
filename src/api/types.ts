/**
 * The client's contract: one typed function per /v2 endpoint. The store and
 * the scriptable commands depend on this interface; `createClient` in
 * client.ts implements it over undici.
 */
import type {
  Board,
  CardDetail,
  CardListed,
  Column,
  Comment,
  CommentResult,
  CreateBoardBody,
  CreateBoardData,
  CreateCardBody,
  CreateCardResponse,
  CreateEmailSequenceBody,
  CreatedTag,
  CreateTagBody,
  EmailSequenceDetail,
  EmailSequenceEntry,
  MoveCardBody,
  Tag,
  UpdateCardBody,
} from './schema.js';

/** Per-call options. A POST carries an idempotency key so a retry is safe. */
export interface CallOptions {
  signal?: AbortSignal;
  idempotencyKey?: string;
}

export interface Client {
  // boards
  listBoards(o?: CallOptions): Promise<Board[]>;
  getBoard(boardId: number, o?: CallOptions): Promise<Board>;
  createBoard(body: CreateBoardBody, o?: CallOptions): Promise<CreateBoardData>;
  // columns
  listColumns(boardId: number, o?: CallOptions): Promise<Column[]>;
  getColumn(boardId: number, columnId: number, o?: CallOptions): Promise<Column>;
  listCards(boardId: number, columnId: number, page: number, limit?: number, o?: CallOptions): Promise<CardListed[]>;
  createColumn(boardId: number, name: string, o?: CallOptions): Promise<{ Success: string }>;
  // cards
  getCard(cardId: number, o?: CallOptions): Promise<CardDetail>;
  createCard(body: CreateCardBody, o?: CallOptions): Promise<CreateCardResponse>;
  updateCard(cardId: number, body: UpdateCardBody, o?: CallOptions): Promise<string>;
  moveCard(body: MoveCardBody, o?: CallOptions): Promise<string>;
  archiveCard(cardId: number, o?: CallOptions): Promise<{ id: string }>;
  addNote(cardId: number, body: string, o?: CallOptions): Promise<{ CardId: string }>;
  addTag(cardId: number, tagId: number, o?: CallOptions): Promise<{ CardId: string }>;
  setTags(cardId: number, tagIds: number[], o?: CallOptions): Promise<{ CardId: string; TagIds: string[] }>;
  addSubTask(cardId: number, body: string, o?: CallOptions): Promise<{ CardId: string }>;
  // comments
  createComment(cardId: number, body: string, o?: CallOptions): Promise<CommentResult>;
  getComment(commentId: number, o?: CallOptions): Promise<Comment>;
  updateComment(commentId: number, body: string, o?: CallOptions): Promise<CommentResult>;
  deleteComment(commentId: number, o?: CallOptions): Promise<{ CommentId: number }>;
  // tags
  listTags(boardId: number, o?: CallOptions): Promise<Tag[]>;
  createTag(body: CreateTagBody, o?: CallOptions): Promise<CreatedTag>;
  deleteTag(boardId: number, tagId: number, o?: CallOptions): Promise<{ Id: number }>;
  // email sequences
  listEmailSequences(o?: CallOptions): Promise<EmailSequenceEntry[]>;
  getEmailSequence(id: string, o?: CallOptions): Promise<EmailSequenceDetail>;
  createEmailSequence(body: CreateEmailSequenceBody, o?: CallOptions): Promise<EmailSequenceDetail>;
  /** Any request, for `inboard api`: status and raw body text, no parsing. */
  raw(method: string, path: string, body?: unknown, o?: CallOptions): Promise<{ status: number; body: string }>;
  /** Observe retries and waits (the status bar shows a countdown). */
  onBackoff?: (info: { attempt: number; waitMs: number; reason: string }) => void;
}
