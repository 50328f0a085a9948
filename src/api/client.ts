/**
 * `createClient`: the `Client` contract (types.ts) over undici. Each endpoint
 * is a line saying method, path, where its parameters go and how its answer
 * is shaped; transport.ts sends, retry.ts decides about trying again, parse.ts
 * reads the answer.
 */
import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { checkServiceUrl } from '../config/loopback.js';
import { ApiError } from './errors.js';
import { errorFromExchange, parseAs, readJson, unwrapEnvelope, unwrapMaybeEnvelope, type Where } from './parse.js';
import { DEFAULT_RETRY, withRetries, type OnBackoff, type RetryOptions } from './retry.js';
import {
  ArchiveCardData, Board, CardIdData, Column, Comment, CommentResult, CreateBoardData, CreateCardResponse,
  CreateColumnData, DeletedCommentData, DeletedTagData, MoveCardData, SetTagsData, UpdateCardData,
} from './schema.js';
import { createTransport, type AuthScheme } from './transport.js';
import type { CallOptions, Client } from './types.js';
import { WireCard, WireCardDetail, WireCreatedTag, WireSequenceDetail, WireSequenceEntry, WireTag } from './wire.js';

export interface ClientOptions {
  /** Scheme and host of the service (a path prefix is kept); `/v2/...` is appended. */
  baseUrl: string;
  apiKey: string;
  /** An undici dispatcher (a MockAgent in tests); undici's global one otherwise. */
  dispatcher?: Dispatcher;
  /** Per attempt, headers and body together (default 10 s). */
  timeoutMs?: number;
  /** Attempts including the first (default 4). */
  maxAttempts?: number;
  /** Allow plain http:// to a non-loopback host (the key travels readable). */
  insecure?: boolean;
  onBackoff?: OnBackoff;
  /** Auth form to try first (default the reference's bare key). */
  authScheme?: AuthScheme;
  /** Backoff tuning; tests shorten the delays. */
  retry?: Partial<Omit<RetryOptions, 'maxAttempts'>>;
  /**
   * Cancels every call of this client, in flight or waiting to retry, and
   * any made later: the board aborts it on quit, so no request or backoff
   * keeps the process alive once the screen is gone.
   */
  signal?: AbortSignal;
}

type Query = Record<string, string | number | undefined>;
interface Req {
  query?: Query;
  body?: unknown;
  o?: CallOptions | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const seg = (v: string | number) => encodeURIComponent(String(v));

function queryString(q: Query | undefined): string {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

function joinSignals(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  return a === undefined ? b : b === undefined ? a : AbortSignal.any([a, b]);
}

export function createClient(opts: ClientOptions): Client {
  const apiKey = opts.apiKey.trim();
  // A key with control characters would be rejected by undici with a less helpful message.
  if (!apiKey || /[\u0000-\u001f\u007f]/.test(apiKey)) {
    throw new Error('The API key is empty or contains control characters; check INBOARD_API_KEY or the config file');
  }
  const baseUrl = checkServiceUrl(opts.baseUrl, opts.insecure ?? false);
  const transport = createTransport({
    baseUrl, apiKey, dispatcher: opts.dispatcher,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, authScheme: opts.authScheme ?? 'bare',
  });
  const policy: RetryOptions = { ...DEFAULT_RETRY, ...opts.retry, maxAttempts: opts.maxAttempts ?? DEFAULT_RETRY.maxAttempts };

  /** Send with retries; resolves with the 2xx status and its JSON body. */
  function call(method: string, path: string, r: Req = {}): Promise<{ status: number; json: unknown }> {
    const where: Where = { method, path };
    const signal = joinSignals(opts.signal, r.o?.signal);
    // One key for all attempts of this call, so the server can recognise a resend.
    const headers: Record<string, string> =
      method === 'POST' ? { 'idempotency-key': r.o?.idempotencyKey ?? randomUUID() } : {};
    const attempt = async () => {
      const ex = await transport.send({
        method, path: path + queryString(r.query), body: r.body, headers, signal,
      });
      if (ex.status < 200 || ex.status > 299) throw errorFromExchange(where, ex);
      return { status: ex.status, json: readJson(where, ex) };
    };
    // Read onBackoff at wait time: the store may attach it after creation.
    return withRetries(method, path, attempt, policy, (info) => client.onBackoff?.(info), signal);
  }

  /** An enveloped endpoint: `data` parsed with `schema`. */
  async function env<S extends z.ZodType>(schema: S, method: string, path: string, r?: Req): Promise<z.output<S>> {
    const { status, json } = await call(method, path, r);
    const where = { method, path };
    return parseAs(schema, unwrapEnvelope(where, status, json), where, status, ['data']);
  }

  /** An endpoint documented without the envelope (tolerating one anyway). */
  async function bare<S extends z.ZodType>(schema: S, method: string, path: string, r?: Req): Promise<z.output<S>> {
    const { status, json } = await call(method, path, r);
    const where = { method, path };
    return parseAs(schema, unwrapMaybeEnvelope(where, status, json), where, status);
  }

  const client: Client = {
    onBackoff: opts.onBackoff,

    listBoards: (o) => env(Board.array(), 'GET', '/v2/board', { o }),
    getBoard: (id, o) => env(Board, 'GET', `/v2/board/${seg(id)}`, { o }),
    createBoard: (body, o) => env(CreateBoardData, 'POST', '/v2/board', { body, o }),

    listColumns: (boardId, o) => env(Column.array(), 'GET', `/v2/board/${seg(boardId)}/columns`, { o }),
    getColumn: (boardId, columnId, o) => env(Column, 'GET', `/v2/board/${seg(boardId)}/column/${seg(columnId)}`, { o }),
    listCards: (boardId, columnId, page, limit, o) =>
      env(WireCard.array(), 'GET', `/v2/board/${seg(boardId)}/column/${seg(columnId)}/cards`, { query: { page, limit }, o }),
    createColumn: (boardId, name, o) =>
      env(CreateColumnData, 'POST', `/v2/board/${seg(boardId)}/column`, { body: { Name: name }, o }),

    getCard: (id, o) => env(WireCardDetail, 'GET', `/v2/card/${seg(id)}`, { o }),
    // No envelope; `Error: true` in a 200 is caught by unwrapMaybeEnvelope.
    createCard: (body, o) => bare(CreateCardResponse, 'POST', '/v2/card', { body, o }),
    updateCard: (id, body, o) => env(UpdateCardData, 'PUT', `/v2/card/${seg(id)}`, { body, o }),
    moveCard: (body, o) => env(MoveCardData, 'POST', '/v2/card/move-card', { body, o }),
    archiveCard: (id, o) => env(ArchiveCardData, 'DELETE', `/v2/card/${seg(id)}`, { o }),
    addNote: (id, text, o) => env(CardIdData, 'POST', `/v2/card/${seg(id)}/note`, { body: { Body: text }, o }),
    addTag: (id, tagId, o) => env(CardIdData, 'POST', `/v2/card/${seg(id)}/tags`, { body: { TagId: String(tagId) }, o }),
    setTags: (id, tagIds, o) =>
      env(SetTagsData, 'PUT', `/v2/card/${seg(id)}/tags`, { body: { TagIds: tagIds.map(String) }, o }),
    addSubTask: (id, text, o) => env(CardIdData, 'POST', `/v2/card/${seg(id)}/sub-task`, { body: { Body: text }, o }),

    createComment: (cardId, text, o) =>
      env(CommentResult, 'POST', '/v2/comment', { body: { CardId: String(cardId), Body: text }, o }),
    getComment: (id, o) => env(Comment, 'GET', `/v2/comment/${seg(id)}`, { o }),
    updateComment: (id, text, o) => env(CommentResult, 'PUT', `/v2/comment/${seg(id)}`, { body: { Body: text }, o }),
    deleteComment: (id, o) => env(DeletedCommentData, 'DELETE', `/v2/comment/${seg(id)}`, { o }),

    listTags: (boardId, o) => env(WireTag.array(), 'GET', '/v2/tag', { query: { BoardId: boardId }, o }),
    createTag: (body, o) => env(WireCreatedTag, 'POST', '/v2/tag', { body, o }),
    deleteTag: (boardId, tagId, o) => env(DeletedTagData, 'DELETE', '/v2/tag', { query: { BoardId: boardId, TagId: tagId }, o }),

    async listEmailSequences(o) {
      const path = '/v2/email-sequence';
      const { status, json } = await call('GET', path, { o });
      const where = { method: 'GET', path };
      const value = unwrapMaybeEnvelope(where, status, json);
      // Documented as one bare entry; the real answer may be an array or an envelope.
      return Array.isArray(value)
        ? parseAs(WireSequenceEntry.array(), value, where, status)
        : [parseAs(WireSequenceEntry, value, where, status)];
    },
    getEmailSequence: (id, o) => bare(WireSequenceDetail, 'GET', `/v2/email-sequence/${seg(id)}`, { o }),
    createEmailSequence: (body, o) => bare(WireSequenceDetail, 'POST', '/v2/email-sequence', { body, o }),

    async raw(method, path, body, o) {
      const m = method.toUpperCase();
      if (!/^[A-Z]+$/.test(m)) throw new Error(`"${method}" is not an HTTP method`);
      // Only paths below the configured service: an absolute URL would carry the key elsewhere.
      if (!path.startsWith('/')) throw new Error(`The path must start with / (got "${path}")`);
      const headers: Record<string, string> = m === 'POST' ? { 'idempotency-key': o?.idempotencyKey ?? randomUUID() } : {};
      const ex = await transport.send({ method: m, path, body, headers, signal: joinSignals(opts.signal, o?.signal) });
      return { status: ex.status, body: ex.text };
    },
  };
  return client;
}

export { ApiError };
