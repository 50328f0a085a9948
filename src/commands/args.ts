/**
 * Argument parsing for the scriptable commands: node:util parseArgs with the
 * common flags, and errors that carry their exit status (2: the command line
 * is wrong; 1: the server or the data said no).
 */
import { readCardId } from '../api/tolerant.js';
import { type CardId } from '../api/read-model.js';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ConfigFlags } from '../config/resolve.js';

/** Exit 2: unknown flag, missing argument, bad value. Says what is wrong; runCommand points to --help. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The command whose --help to point to ("card move"); the top-level command when unset. */
  command: string | undefined;
}

/** Runs `fn`, marking any usage error it throws as belonging to `command`. */
export async function within<T>(command: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof UsageError) e.command ??= command;
    throw e;
  }
}

/** Exit 1: a name that matches nothing on the server, a refused request outside the client. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Flags every scriptable command accepts. */
export const COMMON_OPTIONS = {
  url: { type: 'string' },
  'api-key': { type: 'string' },
  insecure: { type: 'boolean' },
  profile: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

export const COMMON_HELP = `Common options
  --json            machine-readable output: pretty JSON of the parsed data on stdout
  --url URL         the /v2 service (or INBOARD_URL, or "url" in the config file;
                    none of them: the embedded local service)
  --api-key KEY     its API key; prefer INBOARD_API_KEY or the config file, since
                    flags are visible to other users in \`ps\`
  --insecure        allow plain http:// to a host that is not loopback
  --profile NAME    one of the config file's "profiles" (or INBOARD_PROFILE)
  -h, --help        this text

Exit status: 0 success, 1 the server refused or failed, 2 usage error.
`;

/** parseArgs, strict, with the common flags added; its errors become UsageErrors. */
export function parse<O extends Options>(argv: string[], options: O) {
  const all = { ...COMMON_OPTIONS, ...options };
  try {
    return parseArgs({ args: argv, options: all, strict: true, allowPositionals: true });
  } catch (e) {
    throw new UsageError(unknownOption(e, argv, Object.keys(all)) ?? (e instanceof Error ? e.message : String(e)));
  }
}

/**
 * parseArgs's unknown-option error in our words: the option as it was typed
 * (`-json`, not the `-j` parseArgs stopped at) and the flag it was probably
 * meant to be. Undefined for any other error.
 */
function unknownOption(e: unknown, argv: string[], names: string[]): string | undefined {
  if ((e as { code?: unknown } | null)?.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return undefined;
  const name = /^Unknown option '([^']+)'/.exec((e as Error).message)?.[1];
  if (name === undefined) return undefined;
  const end = argv.indexOf('--');
  const flags = end === -1 ? argv : argv.slice(0, end);
  const typed = name.startsWith('--')
    ? name
    : (flags.find((a) => !a.startsWith('--') && a.startsWith(name))?.split('=')[0] ?? name);
  const guess = closest(typed.replace(/^--?/, ''), names);
  return `Unknown option '${typed}'${guess === undefined ? '' : ` — did you mean --${guess}?`}`;
}

/** The flag name `typed` most likely meant: a unique start of one, or one or two keystrokes away. */
function closest(typed: string, names: string[]): string | undefined {
  const t = typed.toLowerCase();
  if (t === '') return undefined;
  const starts = names.filter((n) => n.startsWith(t));
  if (starts.length === 1) return starts[0];
  let best: string | undefined;
  let bestDistance = t.length >= 5 ? 2 : 1;
  for (const n of names) {
    const d = distance(t, n);
    if (d <= bestDistance && (best === undefined || d < bestDistance)) [best, bestDistance] = [n, d];
  }
  return best;
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

export function configFlags(values: {
  url?: string | undefined;
  'api-key'?: string | undefined;
  insecure?: boolean | undefined;
  profile?: string | undefined;
}): ConfigFlags {
  return { url: values.url, apiKey: values['api-key'], insecure: values.insecure, profile: values.profile };
}

/** Exactly `names.length` positionals, named for the error message. */
export function positionals(got: string[], names: string[], optional: string[] = []): string[] {
  if (got.length < names.length) throw new UsageError(`missing ${names.slice(got.length).join(' and ')}`);
  if (got.length > names.length + optional.length) {
    throw new UsageError(`unexpected argument '${got[names.length + optional.length] ?? ''}'`);
  }
  return got;
}

/**
 * A whole number within bounds, from a flag or positional called `what`. The
 * message says the bound a person would type: "1 or more" rather than a
 * range ending at 2^53.
 */
export function intArg(what: string, raw: string, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d{1,16}$/.test(raw.trim())) throw new UsageError(`${what} must be a whole number, got '${raw}'`);
  const n = Number(raw.trim());
  const unbounded = max >= Number.MAX_SAFE_INTEGER;
  if (n < min)
    throw new UsageError(
      unbounded ? `${what} must be ${min} or more, got ${n}` : `${what} must be between ${min} and ${max}, got ${n}`,
    );
  if (n > max)
    throw new UsageError(
      unbounded ? `${what} is too large, got ${raw.trim()}` : `${what} must be between ${min} and ${max}, got ${n}`,
    );
  return n;
}

/**
 * A card id exactly as typed: the server's ids are opaque (short numbers,
 * numbers past 2^53, hex thread ids, `wamid-…`), so nothing is converted.
 */
export function cardId(raw: string): CardId {
  const id = readCardId(raw);
  if (id === undefined)
    throw new UsageError(
      raw.trim() === ''
        ? 'missing the card ID'
        : `'${raw}' is not a card ID (it has control characters or is too long)`,
    );
  return id;
}

/** Text from a flag, or all of stdin when the flag's value is `-`. */
export async function textArg(what: string, raw: string | undefined): Promise<string> {
  if (raw === undefined) throw new UsageError(`missing ${what}`);
  const text = raw === '-' ? await readStdin() : raw;
  if (text.trim() === '') throw new UsageError(`${what} is empty`);
  return text;
}

export async function readStdin(): Promise<string> {
  return (await readStdinBytes()).toString('utf8');
}

/** All of stdin as bytes, for callers that decide themselves how to decode it. */
export async function readStdinBytes(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
