/**
 * The config's `"keys"` applied to the built-in keymap: `{"card.archive":
 * ["X"], "move.right": [], "detail:scroll.down": ["ctrl+n"]}`. A list
 * replaces the action's keys in every scope it is bound in (or, as
 * `scope:action`, in that scope only); `[]` unbinds it. Every problem is
 * found and said at once, naming the setting; with any problem nothing is
 * applied.
 *
 * In the scopes where typing is text (a prompt, a list's filter), a printable
 * key of an action named without its scope is left out (it would be typed):
 * the scope keeps the other keys given, or its own when none is left.
 */
import { readFileSync } from 'node:fs';
import { settingWhere } from '../../config/check.js';
import { isPrintable, parseKeyName, PROMPT_SCOPES, TEXT_SCOPES } from './key-names.js';
import type { Binding, Scope } from './types.js';

/** Scopes that take every key: the global ones (`?` help, `q` quit) don't apply there. */
export const MODAL: ReadonlySet<Scope> = new Set<Scope>([
  'prompt',
  'composer',
  'filter-prompt',
  'confirm',
  'pick',
  'multi-pick',
  'pick-filter',
  'tags',
  'search',
  'help',
  'sequence',
  'pager',
  'report',
]);

/** Actions whose handler reads the digit pressed (open the 3rd board, move to the 3rd column). */
const DIGIT_ACTIONS = new Set(['list.nth', 'triage.move', 'view.show']);
const DIGITS = new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9']);

export type UserKeys = Readonly<Record<string, readonly string[]>>;

export interface AppliedKeys<B extends Binding> {
  table: B[];
  /** Each problem in words, naming the setting (`keys."card.archive"`). */
  problems: string[];
}

const setting = (name: string) => `keys."${name}"`;

export function applyUserKeys<B extends Binding>(base: readonly B[], user: UserKeys): AppliedKeys<B> {
  const problems: string[] = [];
  const scopesOf = new Map<string, Set<Scope>>();
  for (const b of base) (scopesOf.get(b.action) ?? scopesOf.set(b.action, new Set()).get(b.action)!).add(b.scope);

  // scope:action → [keys, the setting that gave them]; a scoped setting wins over the action's.
  const chosen = new Map<string, { keys: string[]; from: string }>();
  const entries = Object.entries(user).sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')));
  for (const [name, written] of entries) {
    const m = /^([a-z-]+):(.+)$/.exec(name);
    const action = m ? (m[2] as string) : name;
    const scopes = scopesOf.get(action);
    if (scopes === undefined) {
      problems.push(`${setting(name)}: there is no action "${action}" (\`inboard keymap\` lists them all)`);
      continue;
    }
    const scope = m?.[1] as Scope | undefined;
    if (scope !== undefined && !scopes.has(scope)) {
      problems.push(`${setting(name)}: "${action}" is not bound in "${scope}" (it is in ${[...scopes].join(', ')})`);
      continue;
    }
    const parsed = written.map((w, i) => ({ w, i, p: parseKeyName(w) }));
    let bad = false;
    for (const { w, i, p } of parsed) {
      if ('error' in p) {
        problems.push(`${setting(name)}[${i}] "${w}": ${p.error}`);
        bad = true;
      } else if (DIGIT_ACTIONS.has(action) && !DIGITS.has(p.name)) {
        problems.push(
          `${setting(name)}[${i}] "${w}": ${action} takes digits 1–9 only (the digit is the place); [] unbinds it`,
        );
        bad = true;
      }
    }
    if (bad) continue;
    const keys = [...new Set(parsed.map(({ p }) => (p as { name: string }).name))];
    if (action === 'quit' && scope === undefined && keys.length === 0) {
      problems.push(`${setting(name)}: quit needs a key, or there is no way out of the board`);
      continue;
    }
    const targets = scope !== undefined ? [scope] : [...scopes];
    const unreadIn = targets.filter((s) => !PROMPT_SCOPES.has(s));
    const unread = parsed.filter(({ p }) => 'promptOnly' in p && p.promptOnly).map(({ w }) => w);
    if (unread.length > 0 && unreadIn.length > 0) {
      problems.push(
        `${setting(name)}: ${unread.join(', ')} can only be read in a text prompt, not in ${unreadIn.join(', ')}`,
      );
      continue;
    }
    for (const s of targets) {
      let own = keys;
      if (TEXT_SCOPES.has(s) && keys.length > 0) {
        const typed = keys.filter(isPrintable);
        if (typed.length > 0 && scope !== undefined) {
          problems.push(
            `${setting(name)}: "${typed.join('", "')}" would be typed as text in ${s}; bind a ctrl key, an arrow or a named key there`,
          );
          continue;
        }
        own = keys.filter((k) => !isPrintable(k));
        if (own.length === 0) continue; // keeps its own keys there
      }
      chosen.set(`${s}:${action}`, { keys: own, from: name });
    }
  }

  const table = base.map((b) => {
    const c = chosen.get(`${b.scope}:${b.action}`);
    if (c === undefined) return b;
    // A footer key such as 'hjkl' names the built-in keys: the keys given are shown instead.
    const next: B = { ...b, keys: c.keys };
    delete next.hintKey;
    return next;
  });
  problems.push(...clashes(base, table, chosen));
  return { table, problems };
}

/** A key bound twice in a scope, or a global key hidden on a screen, where the user's keys made it so. */
function clashes(
  base: readonly Binding[],
  table: readonly Binding[],
  chosen: ReadonlyMap<string, { from: string }>,
): string[] {
  const out: string[] = [];
  // The built-in keymap hides some global keys on purpose (`q` goes back in the detail).
  const globalKeys = new Set(base.filter((b) => b.scope === 'global').flatMap((b) => b.keys));
  const builtIn = new Set(
    base.flatMap((b) =>
      b.scope === 'global' || MODAL.has(b.scope)
        ? []
        : b.keys.filter((k) => globalKeys.has(k)).map((k) => `${b.scope}:${k}:${b.action}`),
    ),
  );
  const by = new Map<string, Binding>();
  const changed = (b: Binding) => chosen.has(`${b.scope}:${b.action}`);
  const says = (b: Binding) => {
    const c = chosen.get(`${b.scope}:${b.action}`);
    return c !== undefined ? `${b.action} (${setting(c.from)})` : `${b.action} (built in)`;
  };
  for (const b of table) {
    for (const k of b.keys) {
      const other = by.get(`${b.scope}:${k}`);
      if (other !== undefined && other !== b)
        out.push(`"${k}" is bound twice in ${b.scope}: to ${says(other)} and to ${says(b)}`);
      else by.set(`${b.scope}:${k}`, b);
    }
  }
  for (const g of table.filter((b) => b.scope === 'global')) {
    for (const k of g.keys) {
      for (const b of table) {
        if (b.scope === 'global' || MODAL.has(b.scope) || !b.keys.includes(k)) continue;
        if ((changed(b) || changed(g)) && !builtIn.has(`${b.scope}:${k}:${b.action}`))
          out.push(`"${k}" is bound to ${says(b)} in ${b.scope}, which hides ${says(g)} there`);
      }
    }
  }
  return out;
}

/** The config's `"keys"` that can't be applied, every one, each with its line in the file, and what was done about them (nothing). */
export function keyProblems(path: string, problems: readonly string[]): string {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // Said without lines, then.
  }
  return (
    `the config file ${path} has keys that can't be used, so none of its keys were applied:\n` +
    placedKeyProblems(text, problems)
      .map((p) => `  ${p}`)
      .join('\n') +
    '\n(`inboard keymap` lists every action with its keys; `inboard config check` checks the file)'
  );
}

/** Each of the `"keys"` problems with its place in the config's text ("line 3, column 5: …"; no place without a text). */
export function placedKeyProblems(text: string, problems: readonly string[]): string[] {
  return problems.map((p) => {
    const name = /keys\."([^"]+)"/.exec(p)?.[1];
    return `${name === undefined || text === '' ? '' : settingWhere(text, ['keys', name])}${p}`;
  });
}
