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
import {
  errorFromExchange,
  parseAs,
  readJson,
  unexpected,
  unwrapEnvelope,
  unwrapMaybeEnvelope,
  type Where,
} from './parse.js';
import { DEFAULT_RETRY, withRetries, type OnBackoff, type RetryOptions } from './retry.js';
import {
  CreateBoardData,
  CreateColumnData,
  DeletedCommentData,
  DeletedTagData,
  Me,
  type AddNoteInput,
  type AddSubTaskInput,
  type AddTagInput,
  type CreateBoardInput,
  type CreateCardInput,
  type CreateColumnInput,
  type CreateCommentInput,
  type CreateEmailSequenceInput,
  type CreateTagInput,
  type MoveCardInput,
  type RestoreCardInput,
  type SetDueDateInput,
  type SetReadStatusInput,
  type SetTagsInput,
  type TickSubTaskInput,
  type UpdateCardInput,
  type UpdateCommentInput,
} from './schema.js';
import {
  isRecord,
  readBoard,
  readCardDetail,
  readCard,
  readColumn,
  readComment,
  readCardId,
  readArchivedCard,
  readNumId,
  readTag,
  readTags,
  isUnreadable,
  Fields,
  SequenceDetailRead,
  SequenceEntryRead,
  type CardId,
  type Column,
} from './tolerant.js';
import { createTransport, type AuthScheme } from './transport.js';
import type { CallOptions, Client, CommentResult, CreatedCard, Extension } from './types.js';

export interface ClientOptions {
  /** Scheme and host of the service (a path prefix is kept); `/v2/...` is appended. */
  baseUrl: string;
  apiKey: string;
  /** An undici dispatcher (a MockAgent in tests); undici's global one otherwise. */
  dispatcher?: Dispatcher;
  /** Per attempt, headers and body together (DEFAULT_TIMEOUT_MS when not given). */
  timeoutMs?: number;
  /** Attempts including the first (DEFAULT_RETRY.maxAttempts when not given). */
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
/** Every body this client sends: the input type of the schema the server validates it with. */
type RequestBody =
  | CreateBoardInput
  | CreateColumnInput
  | CreateCardInput
  | UpdateCardInput
  | MoveCardInput
  | AddNoteInput
  | AddSubTaskInput
  | AddTagInput
  | SetTagsInput
  | SetDueDateInput
  | SetReadStatusInput
  | TickSubTaskInput
  | RestoreCardInput
  | CreateCommentInput
  | UpdateCommentInput
  | CreateTagInput
  | CreateEmailSequenceInput;
interface Req {
  query?: Query;
  body?: RequestBody;
  o?: CallOptions | undefined;
}

/** ClientOptions.timeoutMs when not given. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** What each extension does, for "… is not offered by this server". */
const EXTENSION_WORDS: Record<Extension, string> = {
  setTags: "Removing or replacing a card's tags",
  createEmailSequence: 'Creating an email sequence',
  me: 'Telling whose key this is',
  setDueDate: 'Setting due dates',
  setReadStatus: 'Marking cards read or unread',
  tickSubTask: 'Ticking sub-tasks',
  archivedCards: "Listing a board's archived cards",
  restoreCard: 'Restoring archived cards',
};

const kindOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v;
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
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!apiKey || /[\u0000-\u001f\u007f]/.test(apiKey)) {
    throw new Error('The API key is empty or contains control characters; check INBOARD_API_KEY or the config file');
  }
  const baseUrl = checkServiceUrl(opts.baseUrl, opts.insecure ?? false);
  const transport = createTransport({
    baseUrl,
    apiKey,
    dispatcher: opts.dispatcher,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    authScheme: opts.authScheme ?? 'bare',
  });
  const policy: RetryOptions = {
    ...DEFAULT_RETRY,
    ...opts.retry,
    maxAttempts: opts.maxAttempts ?? DEFAULT_RETRY.maxAttempts,
  };

  /** Send with retries; resolves with the 2xx status and its JSON body. */
  function call(method: string, path: string, r: Req = {}): Promise<{ status: number; json: unknown }> {
    const where: Where = { method, path };
    const signal = joinSignals(opts.signal, r.o?.signal);
    // One key for all attempts of this call, so the server can recognise a resend.
    const headers: Record<string, string> =
      method === 'POST' ? { 'idempotency-key': r.o?.idempotencyKey ?? randomUUID() } : {};
    const attempt = async () => {
      const ex = await transport.send({
        method,
        path: path + queryString(r.query),
        body: r.body,
        headers,
        signal,
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

  /**
   * The answer of a change, read leniently: the envelope's data, a bare
   * object, or text (`success`, or nothing). What the caller needs from it is
   * taken where present; the rest of the change is known from the request.
   */
  async function change(method: string, path: string, r?: Req): Promise<unknown> {
    const { status, json } = await call(method, path, r);
    return unwrapMaybeEnvelope({ method, path }, status, json);
  }

  /** An enveloped list read row by row; a body that is no list at all is the only failure. */
  async function rows<T>(path: string, read: (v: unknown) => T, r?: Req): Promise<T[]> {
    const { status, json } = await call('GET', path, r);
    const where = { method: 'GET', path };
    const data = unwrapEnvelope(where, status, json);
    if (!Array.isArray(data)) throw unexpected(where, status, `data expected a list, got ${kindOf(data)}`);
    return data.map(read);
  }

  /** An enveloped single object read with `read`; undefined from it names what was missing. */
  async function one<T>(path: string, read: (v: unknown) => T | string, r?: Req): Promise<T> {
    const { status, json } = await call('GET', path, r);
    const where = { method: 'GET', path };
    const got = read(unwrapEnvelope(where, status, json));
    if (typeof got === 'string') throw unexpected(where, status, got);
    return got;
  }

  /** Extensions: refused at once once the server said it lacks them; learnt from its first answer. */
  const offered = new Map<Extension, boolean>();
  async function extension<T>(ext: Extension, method: string, path: string, send: () => Promise<T>): Promise<T> {
    const unsupported = () =>
      new ApiError({
        status: 404,
        method,
        path,
        kind: 'unsupported',
        retryable: false,
        message: `${EXTENSION_WORDS[ext]} is not offered by this server`,
      });
    if (offered.get(ext) === false) throw unsupported();
    try {
      const result = await send();
      offered.set(ext, true);
      return result;
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'unsupported') {
        offered.set(ext, false);
        throw unsupported();
      }
      throw e;
    }
  }

  const idOr = (answer: unknown, names: string[], fallback: CardId): CardId =>
    (isRecord(answer) ? readCardId(new Fields(answer).get(...names)) : undefined) ?? fallback;

  /**
   * A change's answer as the words the caller passes on: text (or a number)
   * as it came, an object's `Success`, else nothing; never "[object Object]".
   */
  const answerText = (answer: unknown): string => {
    if (typeof answer === 'string') return answer;
    if (typeof answer === 'number' || typeof answer === 'boolean') return String(answer);
    const success = isRecord(answer) ? new Fields(answer).get('Success') : undefined;
    return typeof success === 'string' ? success : '';
  };

  const commentResult = (answer: unknown): CommentResult => {
    const f = isRecord(answer) ? new Fields(answer) : undefined;
    const success = f?.get('Success');
    return {
      Success: typeof success === 'string' ? success : typeof answer === 'string' ? answer : '',
      CommentDetails: readComment(f?.get('CommentDetails', 'Comment', 'data')) ?? null,
    };
  };

  const columnOrWhy = (v: unknown): Column | string => {
    const c = readColumn(v);
    return isUnreadable(c) ? `data: ${c.unreadable}` : c;
  };

  const client: Client = {
    onBackoff: opts.onBackoff,
    offers: (ext) => offered.get(ext),

    listBoards: (o) => rows('/v2/board', readBoard, { o }),
    getBoard: (id, o) =>
      one(
        `/v2/board/${seg(id)}`,
        (v) => {
          const b = readBoard(v);
          return isUnreadable(b) ? `data: ${b.unreadable}` : b;
        },
        { o },
      ),
    createBoard: (body, o) => env(CreateBoardData, 'POST', '/v2/board', { body, o }),

    // A column the client cannot address (no numeric Id) can hold no cards it could ask for: left out.
    listColumns: async (boardId, o) =>
      (await rows(`/v2/board/${seg(boardId)}/columns`, readColumn, { o })).filter((c): c is Column => !isUnreadable(c)),
    getColumn: (boardId, columnId, o) => one(`/v2/board/${seg(boardId)}/column/${seg(columnId)}`, columnOrWhy, { o }),
    listCards: (boardId, columnId, page, limit, o) =>
      rows(`/v2/board/${seg(boardId)}/column/${seg(columnId)}/cards`, readCard, { query: { page, limit }, o }),
    createColumn: (boardId, name, o) =>
      env(CreateColumnData, 'POST', `/v2/board/${seg(boardId)}/column`, {
        body: { Name: name } satisfies CreateColumnInput,
        o,
      }),

    getCard: (id, o) =>
      one(`/v2/card/${seg(id)}`, (v) => readCardDetail(v, id) ?? `data expected the card, got ${kindOf(v)}`, { o }),
    // No envelope; `Error: true` in a 200 is caught by unwrapMaybeEnvelope.
    async createCard(body, o): Promise<CreatedCard> {
      const answer = await change('POST', '/v2/card', { body, o });
      const f = isRecord(answer) ? new Fields(answer) : undefined;
      const success = f?.get('Success');
      return {
        taskId:
          f === undefined ? null : (readCardId(f.get('taskId', 'ServiceTaskId', 'DragTaskId', 'CardId', 'Id')) ?? null),
        Success: typeof success === 'string' ? success : typeof answer === 'string' ? answer : '',
      };
    },
    updateCard: async (id, body, o) => answerText(await change('PUT', `/v2/card/${seg(id)}`, { body, o })),
    moveCard: async (body, o) => answerText(await change('POST', '/v2/card/move-card', { body, o })),
    archiveCard: async (id, o) => ({
      id: idOr(await change('DELETE', `/v2/card/${seg(id)}`, { o }), ['id', 'Id', 'CardId'], id),
    }),
    addNote: async (id, text, o) => ({
      CardId: idOr(
        await change('POST', `/v2/card/${seg(id)}/note`, { body: { Body: text } satisfies AddNoteInput, o }),
        ['CardId'],
        id,
      ),
    }),
    addTag: async (id, tagId, o) => ({
      CardId: idOr(
        await change('POST', `/v2/card/${seg(id)}/tags`, { body: { TagId: String(tagId) } satisfies AddTagInput, o }),
        ['CardId'],
        id,
      ),
    }),
    setTags: (id, tagIds, o) => {
      const path = `/v2/card/${seg(id)}/tags`;
      return extension('setTags', 'PUT', path, async () => {
        const answer = await change('PUT', path, { body: { TagIds: tagIds.map(String) } satisfies SetTagsInput, o });
        const got = isRecord(answer) ? new Fields(answer).get('TagIds') : undefined;
        const ids = Array.isArray(got) ? got.map(readNumId).filter((n): n is number => n !== undefined) : null;
        return { CardId: idOr(answer, ['CardId'], id), TagIds: ids };
      });
    },
    addSubTask: async (id, text, o) => ({
      CardId: idOr(
        await change('POST', `/v2/card/${seg(id)}/sub-task`, { body: { Body: text } satisfies AddSubTaskInput, o }),
        ['CardId'],
        id,
      ),
    }),
    setDueDate: (id, dueDate, o) => {
      const path = `/v2/card/${seg(id)}/due-date`;
      return extension('setDueDate', 'PUT', path, async () => {
        const answer = await change('PUT', path, { body: { DueDate: dueDate } satisfies SetDueDateInput, o });
        const got = isRecord(answer) ? new Fields(answer).get('DueDate') : undefined;
        return { CardId: idOr(answer, ['CardId'], id), DueDate: typeof got === 'string' ? got : dueDate };
      });
    },
    setReadStatus: (id, read, o) => {
      const path = `/v2/card/${seg(id)}/read-status`;
      const ReadStatus = read ? 1 : 0;
      return extension('setReadStatus', 'PUT', path, async () => {
        const answer = await change('PUT', path, { body: { ReadStatus } satisfies SetReadStatusInput, o });
        return { CardId: idOr(answer, ['CardId'], id), ReadStatus };
      });
    },
    tickSubTask: (id, subTaskId, done, o) => {
      const path = `/v2/card/${seg(id)}/sub-task/${seg(subTaskId)}`;
      return extension('tickSubTask', 'PUT', path, async () => {
        const answer = await change('PUT', path, { body: { Done: done } satisfies TickSubTaskInput, o });
        return { CardId: idOr(answer, ['CardId'], id), SubTaskId: subTaskId, Done: done };
      });
    },
    listArchivedCards: (boardId, page, limit, o) => {
      const path = `/v2/board/${seg(boardId)}/archived-cards`;
      return extension('archivedCards', 'GET', path, () => rows(path, readArchivedCard, { query: { page, limit }, o }));
    },
    restoreCard: (id, where, o) => {
      const path = `/v2/card/${seg(id)}/restore`;
      return extension('restoreCard', 'POST', path, async () => {
        const answer = await change('POST', path, { body: { ...where } satisfies RestoreCardInput, o });
        const f = isRecord(answer) ? new Fields(answer) : undefined;
        const num = (v: unknown) => readNumId(v) ?? (v === 0 ? 0 : null);
        return {
          CardId: idOr(answer, ['CardId'], id),
          ColumnId: f === undefined ? (where?.ColumnId ?? null) : num(f.get('ColumnId')),
          Position: f === undefined ? (where?.Position ?? null) : num(f.get('Position')),
        };
      });
    },

    createComment: async (cardId, text, o) =>
      commentResult(
        await change('POST', '/v2/comment', { body: { CardId: cardId, Body: text } satisfies CreateCommentInput, o }),
      ),
    getComment: (id, o) =>
      one(`/v2/comment/${seg(id)}`, (v) => readComment(v) ?? `data expected a comment, got ${kindOf(v)}`, { o }),
    updateComment: async (id, text, o) =>
      commentResult(
        await change('PUT', `/v2/comment/${seg(id)}`, { body: { Body: text } satisfies UpdateCommentInput, o }),
      ),
    deleteComment: (id, o) => env(DeletedCommentData, 'DELETE', `/v2/comment/${seg(id)}`, { o }),

    whoAmI: (o) => extension('me', 'GET', '/v2/me', () => env(Me, 'GET', '/v2/me', { o })),

    listTags: async (boardId, o) => {
      const path = '/v2/tag';
      const { status, json } = await call('GET', path, { query: { BoardId: boardId }, o });
      return readTags(unwrapEnvelope({ method: 'GET', path }, status, json));
    },
    async createTag(body, o) {
      const path = '/v2/tag';
      const { status, json } = await call('POST', path, { body, o });
      const tag = readTag(unwrapEnvelope({ method: 'POST', path }, status, json));
      if (tag === undefined) throw unexpected({ method: 'POST', path }, status, 'data expected the new tag');
      return tag;
    },
    deleteTag: (boardId, tagId, o) =>
      env(DeletedTagData, 'DELETE', '/v2/tag', { query: { BoardId: boardId, TagId: tagId }, o }),

    async listEmailSequences(o) {
      const path = '/v2/email-sequence';
      const { status, json } = await call('GET', path, { o });
      const where = { method: 'GET', path };
      const value = unwrapMaybeEnvelope(where, status, json);
      // Documented as one bare entry; the real answer may be an array or an envelope.
      return Array.isArray(value)
        ? parseAs(SequenceEntryRead.array(), value, where, status)
        : [parseAs(SequenceEntryRead, value, where, status)];
    },
    getEmailSequence: (id, o) => bare(SequenceDetailRead, 'GET', `/v2/email-sequence/${seg(id)}`, { o }),
    createEmailSequence: (body, o) =>
      extension('createEmailSequence', 'POST', '/v2/email-sequence', () =>
        bare(SequenceDetailRead, 'POST', '/v2/email-sequence', { body, o }),
      ),

    // `inboard api`'s escape hatch: the body is the user's JSON, sent as given whatever the
    // endpoint (a raw request by design; the server judges it), so it is typed `Json`, not a schema's input.
    async raw(method, path, body, o) {
      const m = method.toUpperCase();
      if (!/^[A-Z]+$/.test(m)) throw new Error(`"${method}" is not an HTTP method`);
      // Only paths below the configured service: an absolute URL would carry the key elsewhere.
      if (!path.startsWith('/')) throw new Error(`The path must start with / (got "${path}")`);
      const headers: Record<string, string> =
        m === 'POST' ? { 'idempotency-key': o?.idempotencyKey ?? randomUUID() } : {};
      const ex = await transport.send({ method: m, path, body, headers, signal: joinSignals(opts.signal, o?.signal) });
      return { status: ex.status, body: ex.text };
    },
  };
  return client;
}

export { ApiError };
