/**
 * The fields of `inboard api` (-F/--field, -f/--raw-field): key=value pairs
 * made into a JSON object, typed the way `gh api -F` types them. As with gh,
 * `-F k=@path` takes the value from a file (`@-`: standard input) and `-f`
 * never does, so `-f k=@text` is how a value starting with @ is sent.
 */
import { readFileSync } from 'node:fs';
import type { Json } from '../api/transport.js';
import { readStdinBytes, UsageError } from './args.js';

/** Where one field's value comes from. */
export type FieldSource =
  /** -F k=v: typed by `typedValue`. */
  | { kind: 'typed'; text: string }
  /** -f k=v: always the string as given. */
  | { kind: 'text'; text: string }
  /** -F k=@path: the file's text, always a string; path '-' is standard input. */
  | { kind: 'file'; path: string };

/** One -F/-f as given; `key` keeps a trailing [] (a list item). */
export interface FieldArg {
  flag: '--field' | '--raw-field';
  key: string;
  source: FieldSource;
}

/** How file values are read; tests pass their own to stay off the disk. */
export interface Readers {
  file(path: string): Buffer;
  stdin(): Promise<Buffer>;
}

const DISK: Readers = { file: (path) => readFileSync(path), stdin: readStdinBytes };

/** `-F` typing, as `gh api -F` does it: literals and whole numbers become JSON values. */
export function typedValue(v: string): Json {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v === 'null') return null;
  if (/^-?(0|[1-9]\d{0,15})$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v);
  return v;
}

function parsePair(pair: string, flag: FieldArg['flag']): FieldArg {
  const eq = pair.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag} wants key=value, got '${pair}'`);
  const key = pair.slice(0, eq);
  const value = pair.slice(eq + 1);
  if (flag === '--raw-field') return { flag, key, source: { kind: 'text', text: value } };
  if (!value.startsWith('@')) return { flag, key, source: { kind: 'typed', text: value } };
  // A bare @ is more likely a forgotten file name than a wish to send "@".
  if (value === '@') throw new UsageError(`${flag} ${key}=@ names no file; to send a literal @, use -f ${key}=@`);
  return { flag, key, source: { kind: 'file', path: value.slice(1) } };
}

/** The -F pairs, then the -f pairs (the order lists are built in). */
export function parseFields(typed: string[], raw: string[]): FieldArg[] {
  return [...typed.map((p) => parsePair(p, '--field')), ...raw.map((p) => parsePair(p, '--raw-field'))];
}

/** Standard input can be read once: a second reader would silently get nothing. */
export function checkStdinOnce(args: FieldArg[], input: string | undefined): void {
  const readers = args
    .filter((a) => a.source.kind === 'file' && a.source.path === '-')
    .map((a) => `${a.flag} ${a.key}=@-`);
  if (input === '-') readers.push('--input -');
  if (readers.length > 1) {
    throw new UsageError(`standard input can be read only once; it is wanted by ${readers.join(' and ')}`);
  }
}

/** Why a file could not be read, short: the path is already in the message. */
function reason(e: unknown): string {
  const code = e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : '';
  const known: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EISDIR: 'it is a directory',
  };
  return known[code] ?? (e instanceof Error ? e.message : String(e));
}

// fatal: a binary file must fail loudly, not reach the server with U+FFFD in it.
// ignoreBOM: the text is sent as it is in the file, a byte order mark included.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The file's text exactly as stored (a final newline included, as gh sends it). */
async function readSource(arg: FieldArg, path: string, read: Readers): Promise<string> {
  const where = path === '-' ? 'standard input' : `'${path}'`;
  let bytes: Buffer;
  try {
    bytes = path === '-' ? await read.stdin() : read.file(path);
  } catch (e) {
    throw new UsageError(`${arg.flag} ${arg.key}: cannot read ${where}: ${reason(e)}`);
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new UsageError(`${arg.flag} ${arg.key}: ${where} is not UTF-8 text`);
  }
}

async function valueOf(arg: FieldArg, read: Readers): Promise<Json> {
  const { source } = arg;
  if (source.kind === 'typed') return typedValue(source.text);
  if (source.kind === 'text') return source.text;
  return readSource(arg, source.path, read);
}

/** Puts one value in: `k[]` appends to the list `k`, `k` sets it. */
function put(out: Record<string, Json>, key: string, value: Json): void {
  if (!key.endsWith('[]')) {
    out[key] = value;
    return;
  }
  const k = key.slice(0, -2);
  const prev = out[k];
  if (prev !== undefined && !Array.isArray(prev)) throw new UsageError(`${k} is given both as a value and as a list`);
  out[k] = [...(prev ?? []), value];
}

/**
 * The fields as one object. Everything that can be wrong with the command
 * line is checked before the first file is read, and every file is read
 * before anything is sent: a bad field never leaves half a request behind.
 */
export async function buildFields(
  typed: string[],
  raw: string[],
  o: { input?: string | undefined; read?: Readers } = {},
): Promise<Record<string, Json>> {
  const args = parseFields(typed, raw);
  checkStdinOnce(args, o.input);
  const values: [string, Json][] = [];
  for (const arg of args) values.push([arg.key, await valueOf(arg, o.read ?? DISK)]);
  const out: Record<string, Json> = {};
  for (const [key, value] of values) put(out, key, value);
  return out;
}
