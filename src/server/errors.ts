/**
 * One error type for the service and the envelope every failure answers with.
 * Messages of HttpError are written for the caller; anything else is internal
 * and answered with a generic 500 so no stack or SQL ever leaves the process.
 */
import type { z } from 'zod';
import { sanitize } from '../text/sanitize.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Said beside the words, as the envelope's `data` (a held reply: what arrived). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);

export function errorEnvelope(status: number, message: string, requestId?: string, data?: unknown) {
  const base =
    requestId === undefined
      ? { message, error: true as const, code: status }
      : { message, error: true as const, code: status, requestId };
  return data === undefined ? base : { ...base, data };
}

export function okEnvelope<T>(data: T, message = 'Success') {
  return { message, error: false, code: 200, data };
}

/**
 * Parses with a schema.ts schema; the first issue becomes a 400 whose message
 * names the field, as the envelope has room for one message only. A top-level
 * field is named as the API spells it (`CardTitle: must not be empty`); a
 * position in a list is said in words, with the value it holds
 * (`the 2nd email, 'x', is not an email address`), since `Users.1` means
 * nothing to the person who typed the second address.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw badRequest(`${where}: invalid`);
  const field = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type' && field === '') {
    throw badRequest(`${where}: must be a JSON object`);
  }
  const inList = issue.path.some((k) => typeof k === 'number');
  if (issue.code === 'unrecognized_keys') {
    if (inList) {
      const which = issue.keys.length > 1 ? 'unknown fields' : 'an unknown field';
      throw badRequest(`${subjectOf(issue.path)} has ${which}: ${issue.keys.map(clipped).join(', ')}`);
    }
    const keys = issue.keys.map((k) => (field ? `${field}.${k}` : k));
    throw badRequest(`${keys.join(', ')}: unknown field${keys.length > 1 ? 's' : ''}`);
  }
  const value = valueAt(input, issue.path);
  const missing = value === undefined && issue.code !== 'custom';
  const message = missing ? 'is required' : wordsFor(issue);
  if (!inList) throw badRequest(`${field || where}: ${message}`);
  const shown = missing ? undefined : quoted(value);
  throw badRequest(`${subjectOf(issue.path)}${shown === undefined ? '' : `, ${shown},`} ${message}`);
}

/** The issue in words, after the field's name. */
function wordsFor(issue: z.core.$ZodIssue): string {
  // zod's own messages ("Too big: expected number to be <=365") are replaced; ours (schema.ts) are kept.
  const zodWords = /^(Too (big|small)|Invalid)\b/.test(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return zodWords ? `must be ${article(String(issue.expected))}` : issue.message;
    case 'invalid_union':
      return zodWords ? 'must be a number or a numeric string' : issue.message;
    case 'invalid_format':
      return issue.format === 'email' ? 'is not an email address' : issue.message;
    case 'too_big':
      if (!zodWords) return issue.message;
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array')
        return `must have at most ${String(issue.maximum)} ${entries(Number(issue.maximum))}`;
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
    case 'too_small':
      if (!zodWords) return issue.message;
      if (issue.origin === 'string') return `must be at least ${String(issue.minimum)} characters`;
      if (issue.origin === 'array')
        return `must have at least ${String(issue.minimum)} ${entries(Number(issue.minimum))}`;
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}`;
    default:
      return issue.message;
  }
}

const entries = (n: number) => (n === 1 ? 'entry' : 'entries');
const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** What one entry of a list field is called: `Users.1` is "the 2nd email". */
const ENTRY_NOUNS: Record<string, string> = {
  Users: 'email',
  Assignee: 'assignee',
  TagIds: 'tag id',
  Steps: 'step',
  To: 'to address',
  Cc: 'cc address',
  Bcc: 'bcc address',
  Attachments: 'file',
};

/** `CardTitle` → "card title", `TagIds` → "tag ids". */
const asWords = (key: string) => key.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();

/** 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd". */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A path with list positions in words: `Steps.1.Subject` → "the 2nd step's subject". */
function subjectOf(path: readonly PropertyKey[]): string {
  let said = '';
  const of = (words: string) => (said === '' ? words : `${said}'s ${words.replace(/^the /, '')}`);
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const next = path[i + 1];
    if (typeof key === 'number') {
      said = of(`the ${ordinal(key + 1)} entry`);
    } else if (typeof next === 'number') {
      const name = clipped(String(key));
      said = of(`the ${ordinal(next + 1)} ${ENTRY_NOUNS[name] ?? `${asWords(name)} entry`}`);
      i++;
    } else {
      said = said === '' ? clipped(String(key)) : of(asWords(clipped(String(key))));
    }
  }
  return said;
}

const CLIP = 32;

/** A caller's text made safe to echo: sanitised, and short. */
function clipped(text: string): string {
  const chars = Array.from(sanitize(text));
  return chars.length <= CLIP ? chars.join('') : `${chars.slice(0, CLIP - 1).join('')}…`;
}

/** The offending value as the message shows it; undefined when showing it adds nothing (blank, an object). */
function quoted(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return `'${clipped(value)}'`;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}
