/**
 * A command of the config's `"commands"` as the script `sh -c` runs, and
 * the card's values as the environment it runs in.
 *
 * Why no value can be shell syntax: the script is made from the command's
 * text alone — each `{{name}}` becomes a reference to a variable
 * (`"${INBOARD_CARD_TITLE}"`), never the value — and the values travel only
 * in the environment. A shell expands a variable into text without reading
 * that text again as code: `$(…)`, backticks, quotes, `;` and newlines in a
 * title stay characters of the title. The quoting around each reference
 * (by where it stands in the command: outside quotes, in "…" or in '…')
 * only keeps the value one word, unsplit and unglobbed.
 */
import { CARD_VALUES, placeholders, type ValueName } from '../../config/command-schema.js';

export type Values = Partial<Record<ValueName, string>>;

const isValue = (name: string): name is ValueName => Object.hasOwn(CARD_VALUES, name);

/** The variable a value travels in: `INBOARD_CARD_ID`, `INBOARD_CARD_TITLE`… */
export const variableOf = (name: ValueName): string => `INBOARD_CARD_${name.toUpperCase()}`;

type Quoting = 'plain' | 'single' | 'double';

/** A reference to the variable, as one word where it stands. */
function reference(name: ValueName, where: Quoting): string {
  const v = `\${${variableOf(name)}}`;
  if (where === 'double') return v;
  // In '…' nothing expands: close the quote, expand in "…", open it again.
  if (where === 'single') return `'"${v}"'`;
  return `"${v}"`;
}

/**
 * The script for `sh -c`: the command with each `{{name}}` replaced by its
 * variable's reference, quoted for where it stands. Quotes are followed as
 * the shell reads them (a backslash escapes outside '…', a comment runs to
 * its line's end); a backslash right
 * before a `{{name}}` is dropped, since it would escape the reference's own quote.
 */
export function shellScript(run: string): string {
  const at = new Map(placeholders(run).map((p) => [p.start, p]));
  let out = '';
  let where: Quoting = 'plain';
  let i = 0;
  while (i < run.length) {
    const p = at.get(i);
    if (p !== undefined) {
      out += isValue(p.name) ? reference(p.name, where) : run.slice(p.start, p.end);
      i = p.end;
      continue;
    }
    const c = run[i] as string;
    if (where === 'single') {
      if (c === "'") where = 'plain';
      out += c;
      i++;
      continue;
    }
    if (c === '\\') {
      if (at.has(i + 1)) i++;
      else {
        out += run.slice(i, i + 2);
        i += 2;
      }
      continue;
    }
    if (where === 'plain' && c === '#' && (i === 0 || /[\s;&|()]/.test(run[i - 1] as string))) {
      // A comment, to the end of its line: a quote in it ("it's") opens nothing.
      const end = run.indexOf('\n', i);
      out += run.slice(i, end < 0 ? run.length : end);
      i = end < 0 ? run.length : end;
      continue;
    }
    if (where === 'double') {
      if (c === '"') where = 'plain';
    } else if (c === "'") where = 'single';
    else if (c === '"') where = 'double';
    out += c;
    i++;
  }
  return out;
}

/** The values the command names that the card doesn't have (a url the server never gave). */
export function missingValues(run: string, values: Values): ValueName[] {
  const named = placeholders(run)
    .map((p) => p.name)
    .filter(isValue);
  return [...new Set(named)].filter((n) => values[n] === undefined);
}

/**
 * Every value as its variable (empty when the card has none). An environment
 * can't hold a NUL: one in a title is left out of what is passed.
 */
export function commandEnv(values: Values): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of Object.keys(CARD_VALUES) as ValueName[])
    env[variableOf(name)] = (values[name] ?? '').replace(/\0/g, '');
  return env;
}
