/**
 * A config file's text checked against its schema: every problem, each with
 * where it is ("line 4: "keys"."card.archive": …"), in words that name the
 * setting and what it takes. What `inboard config check` prints and what the
 * board says at start.
 */
import type { z } from 'zod';
import { SIGNATURE_VARIABLES, templateProblem } from '../text/template.js';
import { ConfigFileSchema, settingHelp, type ConfigFile } from './file-schema.js';
import { jsonPlaces, syntaxErrorWhere, whereIs, type Where } from './json-where.js';

export type Checked = { ok: true; config: ConfigFile } | { ok: false; problems: string[] };

const at = (w: Where | null) => (w === null ? '' : `line ${w.line}, column ${w.column}: `);
const named = (path: readonly PropertyKey[]) =>
  path.length === 0
    ? 'the file'
    : path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}"${String(p)}"`)).join('');
const SETTINGS = Object.keys(ConfigFileSchema.shape);

/** One zod issue in words, naming the setting and, at the top level, what it takes. */
function words(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const top = issue.path.length === 0;
    const meant = (k: string) => SETTINGS.find((s) => s.toLowerCase() === k.toLowerCase());
    const list = issue.keys.map(
      (k) => `"${k}"${top && meant(k) !== undefined ? ` (did you mean "${meant(k)}"?)` : ''}`,
    );
    return `${named(issue.path)} has ${issue.keys.length === 1 ? 'a setting' : 'settings'} inboard doesn’t know: ${list.join(', ')}${
      top ? ` — the settings are ${SETTINGS.filter((s) => s !== '$schema').join(', ')}` : ''
    }`;
  }
  const help = issue.path.length === 1 ? settingHelp(String(issue.path[0])) : undefined;
  // A member left out reads as such, not as a value of the wrong kind.
  const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
  const message = missing
    ? `missing (${issue.message.replace(/^Invalid input: expected (\w+).*$/, 'a $1')})`
    : issue.message.replace(/^Invalid input: /, '');
  return `${named(issue.path)}: ${message}${help === undefined ? '' : ` (${help})`}`;
}

/** The text as the config: parsed and checked, or every problem with its place. */
export function checkConfigText(text: string): Checked {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    return { ok: false, problems: [`${at(syntaxErrorWhere(text, message))}not valid JSON (${message})`] };
  }
  const r = ConfigFileSchema.safeParse(json);
  if (r.success) {
    // Refused here rather than when mail is sent: a mistyped {{variable}} would otherwise go out as written.
    const signature =
      r.data.signature === undefined ? undefined : templateProblem(r.data.signature, SIGNATURE_VARIABLES);
    if (signature === undefined) return { ok: true, config: r.data };
    return { ok: false, problems: [`${settingWhere(text, ['signature'])}"signature": ${signature}`] };
  }
  const places = jsonPlaces(text);
  const problems = r.error.issues.map((issue) => {
    // An unknown setting is pointed at by its own name.
    const path =
      issue.code === 'unrecognized_keys' && issue.keys.length > 0
        ? [...issue.path, issue.keys[0] as string]
        : issue.path;
    const where = whereIs(text, places, path);
    return { where, text: `${at(where)}${words(issue)}` };
  });
  // In the file's order, as a reader goes through it.
  problems.sort(
    (a, b) => (a.where?.line ?? 0) - (b.where?.line ?? 0) || (a.where?.column ?? 0) - (b.where?.column ?? 0),
  );
  return { ok: false, problems: problems.map((p) => p.text) };
}

/** Where a setting of the config is written, for problems found after the schema (a key clash). */
export function settingWhere(text: string, path: readonly string[]): string {
  return at(whereIs(text, jsonPlaces(text), path));
}
