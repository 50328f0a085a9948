/**
 * Turning an HTTP exchange into a value or an ApiError. Error bodies may be
 * the envelope, the non-envelope `{Error, Success}` form, HTML from a proxy,
 * plain text or nothing at all; success bodies are checked with zod so a
 * shape we don't understand is reported with the path that broke.
 */
import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { ApiError, clip, isRetryableStatus, versionOfETag } from './errors.js';
import { parseRetryAfter } from './retry.js';
import type { Exchange } from './transport.js';
import { parseJsonExact } from './exact-json.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Where {
  method: string;
  /** Path without the query string. */
  path: string;
}

const looksHtml = (ex: Exchange) =>
  /html/i.test(String(ex.headers['content-type'] ?? '')) || /^\s*<(!doctype|html|head|body|\?xml)/i.test(ex.text);

const statusWords = (status: number) => {
  const text = STATUS_CODES[status];
  return text ? `${status} (${text})` : String(status);
};

/** The server's own words in a JSON error body, if it sent any. */
function serverMessage(json: unknown): string | undefined {
  if (!isRecord(json)) return undefined;
  for (const k of ['message', 'Message', 'error_description', 'Success', 'error', 'Error']) {
    const v = json[k];
    if (typeof v === 'string' && v.trim()) return clip(v);
  }
  return undefined;
}

function tryJson(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return undefined;
  }
}

/**
 * A 404 or 405 about the route, not a resource: the endpoint does not exist
 * on this server. Express answers an unknown route with an HTML or text page
 * ("Cannot PUT /v2/card/1/tags"); the local service with its envelope saying
 * "No such endpoint". A JSON 404 with any other message is about the thing
 * asked for (a card that isn't there).
 */
function isMissingRoute(status: number, ex: Exchange, json: unknown, message: string | undefined): boolean {
  if (status === 405 || status === 501) return true;
  if (status !== 404) return false;
  const says = /no such endpoint|cannot (get|put|post|delete|patch) \//i;
  if (json === undefined) return looksHtml(ex) || says.test(ex.text);
  return message !== undefined && says.test(message);
}

/** A non-2xx answer as an ApiError, with the server's message when it gave one. */
export function errorFromExchange(where: Where, ex: Exchange): ApiError {
  const { status } = ex;
  const base = { status, method: where.method, path: where.path, kind: 'http' as const };
  if (status >= 300 && status < 400) {
    const location = String(ex.headers.location ?? 'elsewhere');
    return new ApiError({
      ...base,
      retryable: false,
      message:
        `The server answered ${status} redirecting to ${clip(location, 120)}; inboard does not follow redirects, ` +
        'so the API key only goes to the configured URL. Check the URL (https? a missing path?).',
    });
  }
  const json = tryJson(ex.text);
  let message = serverMessage(json);
  const serverSaid = message !== undefined;
  if (isMissingRoute(status, ex, json, message)) {
    return new ApiError({
      ...base,
      kind: 'unsupported',
      retryable: false,
      message: `This server has no ${where.method} ${where.path} (it answered ${statusWords(status)})`,
    });
  }
  if (status === 412) {
    // Its own kind: the card changed since the version sent; the caller decides with the person.
    return new ApiError({
      ...base,
      kind: 'stale',
      retryable: false,
      serverSaid,
      version: versionOfETag(ex.headers.etag),
      message: message ?? 'Someone else changed this card since you read it',
    });
  }
  if (message === undefined) {
    if (looksHtml(ex)) message = `The server answered ${status} with an HTML page instead of JSON`;
    else if (ex.text.trim()) message = `The server answered ${statusWords(status)}: ${clip(ex.text, 200)}`;
    else message = `The server answered ${statusWords(status)} with no details`;
  }
  return new ApiError({
    ...base,
    message,
    serverSaid,
    ...(isRecord(json) && json.data !== undefined ? { data: json.data } : {}),
    retryable: isRetryableStatus(status),
    retryAfterMs: parseRetryAfter(ex.headers['retry-after']),
  });
}

export const unexpected = (where: Where, status: number, what: string) =>
  new ApiError({
    status,
    method: where.method,
    path: where.path,
    kind: 'response',
    retryable: false,
    message: `Unexpected response from ${where.method} ${where.path}: ${what}`,
  });

const mutating = (method: string) => method !== 'GET' && method !== 'HEAD';

/**
 * A 2xx body as JSON, or an ApiError saying plainly why it isn't. For a
 * request that changes something, a body that isn't JSON (empty, or text
 * such as `success`) is the server's word that it worked: returned as text.
 * HTML never is (a login page or a proxy's answer, not the service's).
 */
export function readJson(where: Where, ex: Exchange): unknown {
  if (looksHtml(ex)) {
    throw new ApiError({
      status: ex.status,
      method: where.method,
      path: where.path,
      kind: 'response',
      retryable: false,
      message: `The server answered ${ex.status} with an HTML page instead of JSON`,
    });
  }
  // A change the server accepted with no JSON (an empty body, plain `success`): the status is the answer.
  if (!ex.text.trim()) {
    if (mutating(where.method)) return '';
    throw unexpected(where, ex.status, 'the body is empty');
  }
  try {
    return parseJsonExact(ex.text);
  } catch {
    // Text that sets out to be JSON and isn't (cut off, garbled) is never taken for a plain "success".
    if (mutating(where.method) && !/^\s*[[{"]/.test(ex.text)) return ex.text.trim();
    throw unexpected(
      where,
      ex.status,
      looksCutOff(ex.text) ? 'the JSON body is cut off (incomplete)' : 'the body is not valid JSON',
    );
  }
}

/**
 * Whether invalid JSON reads like a valid start that stops early: brackets
 * still open (or a string unterminated) at the end. V8's wording for this
 * varies with where the cut falls, so we look at the text, not the message.
 */
function looksCutOff(text: string): boolean {
  const t = text.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return inString || depth > 0;
}

/** "data.0.Id expected number, got string" from zod's first issue. */
function describeIssue(issue: z.core.$ZodIssue, prefix: string[]): string {
  const path = [...prefix, ...issue.path.map(String)];
  const where = path.length ? path.join('.') : 'the body';
  if (issue.code === 'invalid_type') {
    const got = /received (\w+)/.exec(issue.message)?.[1];
    if (got === 'undefined') return `${where} is missing (expected ${issue.expected})`;
    return `${where} expected ${issue.expected}${got ? `, got ${got}` : ''}`;
  }
  return `${where}: ${issue.message}`;
}

/**
 * Parse with a schema; failure names the endpoint and the path that broke.
 * `prefix` is where `value` sat in the body (`data` for an envelope).
 */
export function parseAs<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: Where,
  status: number,
  prefix: string[] = [],
): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  throw unexpected(where, status, first ? describeIssue(first, prefix) : 'shape not understood');
}

/**
 * A 200 can still be a failure: the envelope's `error: true`, or `Error: true`
 * in the non-envelope results (POST /v2/card, comment results).
 */
export function failureInBody(where: Where, status: number, json: unknown): ApiError | undefined {
  if (!isRecord(json)) return undefined;
  const envelopeFailed = json.error === true;
  // `Error: true`, or the older form `{Error: "why", Success: false}`.
  const resultFailed =
    json.Error === true ||
    (json.Success === false && ((typeof json.Error === 'string' && json.Error.trim() !== '') || isRecord(json.Error)));
  if (!envelopeFailed && !resultFailed) return undefined;
  const code = typeof json.code === 'number' && json.code >= 400 && json.code <= 599 ? json.code : status;
  return new ApiError({
    status: code,
    method: where.method,
    path: where.path,
    kind: 'response',
    retryable: code !== status && isRetryableStatus(code),
    message: serverMessage(json) ?? `The server reported a failure for ${where.method} ${where.path}`,
  });
}

/** `data` of an enveloped answer (checking the envelope's and the data's own error flags). */
export function unwrapEnvelope(where: Where, status: number, json: unknown): unknown {
  const failed = failureInBody(where, status, json);
  if (failed) throw failed;
  if (!isRecord(json) || !('data' in json)) {
    throw unexpected(where, status, 'expected the {message, error, code, data} envelope');
  }
  const inner = failureInBody(where, status, json.data);
  if (inner) throw inner;
  return json.data;
}

/** Endpoints documented without the envelope may still send one: accept both. */
export function unwrapMaybeEnvelope(where: Where, status: number, json: unknown): unknown {
  const failed = failureInBody(where, status, json);
  if (failed) throw failed;
  if (isRecord(json) && typeof json.error === 'boolean' && 'data' in json) {
    const inner = failureInBody(where, status, json.data);
    if (inner) throw inner;
    return json.data;
  }
  return json;
}
