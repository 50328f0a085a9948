/**
 * One error type for the service and the envelope every failure answers with.
 * Messages of HttpError are written for the caller; anything else is internal
 * and answered with a generic 500 so no stack or SQL ever leaves the process.
 */
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);

export function errorEnvelope(status: number, message: string, requestId?: string) {
  return requestId === undefined
    ? { message, error: true as const, code: status }
    : { message, error: true as const, code: status, requestId };
}

export function okEnvelope<T>(data: T, message = 'Success') {
  return { message, error: false, code: 200, data };
}

/**
 * Parses with a schema.ts schema; the first issue becomes a 400 whose message
 * names the field (`CardTitle: must not be empty`), as the envelope has room
 * for one message only.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw badRequest(`${where}: invalid`);
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => (field ? `${field}.${k}` : k));
    throw badRequest(`${keys.join(', ')}: unknown field${keys.length > 1 ? 's' : ''}`);
  }
  if (issue.code === 'invalid_type' && field === '') {
    throw badRequest(`${where}: must be a JSON object`);
  }
  let message = issue.message;
  if (valueAt(input, issue.path) === undefined && issue.code !== 'custom') {
    message = 'is required';
  } else if (issue.code === 'invalid_type') {
    message = `must be ${issue.expected}`;
  } else if (issue.code === 'invalid_union') {
    message = 'must be a number or a numeric string';
  } else if (issue.code === 'too_big' && typeof issue.maximum !== 'undefined' && issue.origin === 'string') {
    message = `must be at most ${String(issue.maximum)} characters`;
  } else if (issue.code === 'invalid_format' && issue.format === 'email') {
    message = 'must be an email address';
  }
  throw badRequest(`${field || where}: ${message}`);
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}
