/**
 * `inboard api METHOD PATH`: any request to the configured service with the
 * configured key, for what the other commands do not cover. The path must
 * stay below the configured URL, so the key never goes anywhere else.
 */
import { reprintJsonExact } from '../api/exact-json.js';
import type { Json } from '../api/transport.js';
import { keyRefusedText } from '../config/key-refused.js';
import { readFileSync } from 'node:fs';
import { COMMON_HELP, parse, positionals, readStdin, UsageError } from './args.js';
import { buildFields } from './api-fields.js';
import { toJson } from './output.js';
import { sanitize } from '../text/sanitize.js';
import { withClient } from './session.js';

export const API_HELP = `Usage: inboard api METHOD PATH [--field k=v]... [--raw-field k=v]... [--input FILE] [options]

Sends one request to the service (with the configured key) and prints the
response body. JSON is pretty-printed, with terminal control characters
written as \\u escapes; any other body has them neutralised (--raw: exactly
as received). The exit status is 1 when the server answers 4xx or 5xx.

Options
  -F, --field k=v       a body field; true, false, null and whole numbers are
                        sent as JSON values, anything else as a string.
                        k=@FILE sends the file's text, always as a string and
                        unchanged (a final newline included); k=@- reads
                        standard input. k[]=v appends to a list. For GET and
                        DELETE (or with --input) the fields go in the query
                        string instead.
  -f, --raw-field k=v   the same, always the string as given: -f k=@text
                        sends "@text" and reads no file
  --input FILE          the request body: a JSON file, or - for stdin
  --raw                 print the body exactly as received

Examples
  inboard api GET /v2/board
  inboard api GET /v2/board/1/column/3/cards -F page=2 -F limit=10
  inboard api POST /v2/tag -F BoardId=1 -f Name=urgent -F Color=1
  inboard api PUT /v2/card/42/tags -f 'TagIds[]=3' -f 'TagIds[]=5'
  inboard api POST /v2/comment -f CardId=42 -F Body=@reply.txt
  git log -1 --format=%B | inboard api POST /v2/comment -f CardId=42 -F Body=@-
  echo '{"Name": "Ops"}' | inboard api POST /v2/board --input -

--json: accepted and ignored; the output is the server's body.

${COMMON_HELP}`;

const BODYLESS = new Set(['GET', 'DELETE', 'HEAD', 'OPTIONS']);

function withQuery(path: string, fields: Record<string, Json>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const s = q.toString();
  return s === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${s}`;
}

function normalisePath(p: string): string {
  // Refuse anything that names a host: the key must only go to the configured service.
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) {
    throw new UsageError(`PATH is a path such as /v2/board, not a URL (got '${p}'); set the service with --url`);
  }
  return p.startsWith('/') ? p : `/${p}`;
}

async function readInput(file: string): Promise<Json> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read --input ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new UsageError(`--input ${file === '-' ? '(stdin)' : file} is not JSON`);
  }
}

/** The message a failed response carries, in the server's words. */
function errorMessage(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // not JSON: fall through
  }
  const text = body.trim();
  return text === '' ? `the server answered ${status}` : text.slice(0, 300);
}

export async function api(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    field: { type: 'string', short: 'F', multiple: true },
    'raw-field': { type: 'string', short: 'f', multiple: true },
    input: { type: 'string' },
    raw: { type: 'boolean' },
  });
  if (values.help === true) {
    process.stdout.write(API_HELP);
    return 0;
  }
  const [methodRaw = '', pathRaw = ''] = positionals(rest, ['METHOD', 'PATH']);
  const method = methodRaw.toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new UsageError(`'${methodRaw}' is not an HTTP method`);
  let path = normalisePath(pathRaw);
  // Files named by -F k=@path are read here, before the client exists: a missing one sends nothing.
  const fields = await buildFields(values.field ?? [], values['raw-field'] ?? [], { input: values.input });
  const hasFields = Object.keys(fields).length > 0;
  let body: Json | undefined;
  if (values.input !== undefined) {
    body = await readInput(values.input);
    path = withQuery(path, fields);
  } else if (BODYLESS.has(method)) {
    path = withQuery(path, fields);
  } else if (hasFields) {
    body = fields;
  }
  return withClient(values, async (client, { keySource }) => {
    const res = await client.raw(method, path, body);
    if (values.raw === true) process.stdout.write(res.body);
    else if (res.body.trim() !== '') process.stdout.write(`${pretty(res.body)}\n`);
    if (res.status >= 400) {
      const words = errorMessage(res.status, res.body);
      // A refused key: where it came from and how to give another, as every command says it.
      process.stderr.write(
        `inboard: ${sanitize(res.status === 401 ? keyRefusedText(words, keySource) : words)} (${res.status})\n`,
      );
      return 1;
    }
    return 0;
  });
}

function pretty(body: string): string {
  try {
    // Ids past 2^53 are shown as the digits the server sent, not rounded.
    return reprintJsonExact(body, toJson);
  } catch {
    return sanitize(body.replace(/\n+$/, ''), { multiline: true });
  }
}
