/**
 * The keymap, once. Every binding of every scope is here, the screens' with
 * their handlers (keys/board-keys.ts, keys/detail-keys.ts, keys/triage-keys.ts;
 * the card actions they share are declared once in keys/card-actions.ts), the
 * rest with the action ids their components dispatch on (keys/overlay-keys.ts,
 * keys/multi-pick-keys.ts). The config's `"keys"` are applied to it at start
 * (`applyKeys`, keys/user-keys.ts) and the result is the keymap in force
 * (keys/active.ts): input, the `?` help, the footer hints, a text prompt's
 * editing keys, `inboard keymap` and the README's key table
 * (`npm run keys:readme`, of the built-in keys) all come from it.
 */
import { BOARD_KEYS } from './keys/board-keys.js';
import type { ScreenKeys } from './keys/context.js';
import { DETAIL_KEYS } from './keys/detail-keys.js';
import { displayKey } from './keys/names.js';
import { MULTI_PICK_KEYS } from './keys/multi-pick-keys.js';
import { OVERLAY_KEYS, type EditBinding } from './keys/overlay-keys.js';
import { REPORT_KEYS } from './keys/report-keys.js';
import { SEARCH_KEYS } from './keys/search-keys.js';
import { TRIAGE_KEYS } from './keys/triage-keys.js';
import type { Action, Binding, Scope, ScreenBinding } from './keys/types.js';
import { activeBinding, activeTable, boundIn, installKeymap } from './keys/active.js';
import { applyUserKeys, MODAL, type UserKeys } from './keys/user-keys.js';

export type { Action, Binding, Scope } from './keys/types.js';
export { ctrlByte, displayKey, keyName } from './keys/names.js';
export { keymapVersion, keyOf, press } from './keys/active.js';

type AnyBinding = Binding | EditBinding | ScreenBinding<ScreenKeys>;

/** The built-in keymap, before the config's `"keys"`. */
export const KEYMAP: readonly AnyBinding[] = [
  ...BOARD_KEYS,
  ...DETAIL_KEYS,
  ...TRIAGE_KEYS,
  ...OVERLAY_KEYS,
  ...REPORT_KEYS,
  ...SEARCH_KEYS,
  ...MULTI_PICK_KEYS,
];

installKeymap(KEYMAP);

/** The keymap in force: the built-in one with the config's keys applied. */
export const keymap = (): readonly AnyBinding[] => activeTable();

/**
 * Puts the config's `"keys"` in force, all or nothing: the problems in words
 * (each naming its setting) and the keymap unchanged when there is any.
 */
export function applyKeys(user: UserKeys | undefined): string[] {
  const { table, problems } = applyUserKeys(KEYMAP, user ?? {});
  if (problems.length === 0) installKeymap(table);
  return problems;
}

const builtIn = new Map(KEYMAP.flatMap((b) => b.keys.map((k) => [`${b.scope}:${k}`, b] as const)));

/**
 * What a key that the config's keys took away used to do, in words ("a was
 * card.archive: it is x now"), or null: a key that silently did nothing
 * after a remap would look broken.
 */
export function movedKeyWords(scope: Scope, name: string): string | null {
  if (bindingOf(scope, name) !== undefined) return null;
  const was = builtIn.get(`${scope}:${name}`) ?? (MODAL.has(scope) ? undefined : builtIn.get(`global:${name}`));
  if (was === undefined) return null;
  const now = activeBinding(was.scope, was.action)?.keys ?? [];
  return `${displayKey(name)} is not bound in your keys: ${was.action} (${was.help}) is ${
    now.length === 0 ? 'unbound' : `on ${now.map(displayKey).join(' / ')}`
  }`;
}

/** The binding a key triggers in a scope; scope bindings win over global ones. */
export function bindingOf(scope: Scope, name: string): Binding | undefined {
  return boundIn(scope, name) ?? (MODAL.has(scope) ? undefined : boundIn('global', name));
}

/** The action a key triggers in a scope. */
export const actionFor = (scope: Scope, name: string): Action | undefined => bindingOf(scope, name)?.action;

/** A screen binding with its handler, when the key has one in that scope. */
export function screenBindingOf(
  scope: 'board' | 'detail' | 'triage',
  name: string,
): ScreenBinding<ScreenKeys> | undefined {
  const b = boundIn(scope, name);
  return b !== undefined && 'run' in b ? (b as ScreenBinding<ScreenKeys>) : undefined;
}

/** A binding by scope and action id. */
export function bindingFor(scope: Scope, action: Action): Binding | undefined {
  return activeBinding(scope, action);
}

/** A text prompt's edit for a key name, from the prompt scope's bindings. */
export function editFor(name: string): EditBinding['edit'] {
  const b = boundIn('prompt', name);
  return b !== undefined && 'edit' in b ? (b as EditBinding).edit : undefined;
}

/** Every Ctrl+letter editing key of a text prompt, by the byte a terminal sends for it. */
export function promptEditBytes(): Map<string, NonNullable<EditBinding['edit']>> {
  const out = new Map<string, NonNullable<EditBinding['edit']>>();
  for (const b of activeTable() as readonly EditBinding[]) {
    if (b.scope !== 'prompt' || b.edit === undefined) continue;
    for (const k of b.keys) {
      const m = /^C-([a-z])$/.exec(k);
      if (m) out.set(String.fromCharCode((m[1] as string).charCodeAt(0) - 96), b.edit);
    }
  }
  // Backspace arrives as 0x7f or 0x08 inside a chunk of typed text.
  const back = editFor('backspace');
  if (back !== undefined) {
    out.set('\x7f', back);
    out.set('\b', back);
  }
  return out;
}

/**
 * Bindings shown in a scope's help, global ones last — with only the keys
 * that still reach them: in the card detail `q` goes back, so help and footer
 * must not also promise it quits.
 */
export function bindingsFor(scope: Scope): Binding[] {
  const own = activeTable().filter((b) => b.scope === scope && b.keys.length > 0);
  if (MODAL.has(scope)) return own;
  const taken = new Set(own.flatMap((b) => b.keys));
  const global = activeTable()
    .filter((b) => b.scope === 'global')
    .map((b) => ({ ...b, keys: b.keys.filter((k) => !taken.has(k)) }))
    .filter((b) => b.keys.length > 0);
  return own.concat(global);
}

export interface Hint {
  key: string;
  label: string;
  action: Action;
}

/**
 * Footer hints for a scope: `key label` pairs from the table; `labels` names
 * an action for what it does in what is open (the `#` prompt's Enter jumps).
 */
export function hintsFor(scope: Scope, labels: Partial<Record<Action, string>> = {}): Hint[] {
  return bindingsFor(scope)
    .filter((b): b is Binding & { hint: string } => b.hint !== undefined)
    .map((b) => ({
      key: b.hintKey ?? displayKey(b.keys[0] ?? ''),
      label: labels[b.action] ?? b.hint,
      action: b.action,
    }));
}

/** What each scope is, for the README's key table; the screens get tables, the rest a line each. */
const SCREENS: readonly [Scope, string][] = [
  ['board', 'The board'],
  ['detail', 'The card detail'],
  ['triage', 'Triage (`i`: a column one card at a time)'],
];
const OVERLAYS: readonly [Scope, string][] = [
  ['picker', 'The board list'],
  ['pick', 'Pickers (move to, a colour…)'],
  ['multi-pick', 'Pickers of several (tags, assignees)'],
  ['tags', 'The tag manager (`T`)'],
  ['pick-filter', 'Filtering a list (after `/`; other keys are text)'],
  ['prompt', 'Text prompts'],
  ['composer', 'The mail composer (`w`, `f`; the editing keys of text prompts too)'],
  ['filter-prompt', 'The board filter (`/`)'],
  ['search', 'Searching every board (`F`; other keys are the query’s)'],
  ['confirm', 'Questions `[y/n]`'],
  ['help', 'The help (`?`)'],
  ['sequence', 'An email sequence'],
  ['pager', 'The output of your commands (the config’s "commands")'],
  ['report', 'The board’s report (`Y`)'],
  ['global', 'On the board, the detail and the board list'],
];

/** The keymap in force in Markdown: the README's key section (of the built-in keys, unless the config's are in force). */
export function keyTableMarkdown(): string {
  const esc = (t: string) => t.replace(/\|/g, '\\|');
  const keys = (b: Binding) => b.keys.map((k) => `\`${displayKey(k)}\``).join(' ');
  const own = (scope: Scope) => activeTable().filter((b) => b.scope === scope && b.keys.length > 0);
  const tables = SCREENS.map(([scope, title]) =>
    [
      `**${title}**`,
      '',
      '| Keys | What they do |',
      '|---|---|',
      ...own(scope).map((b) => `| ${esc(keys(b))} | ${esc(b.help)} |`),
    ].join('\n'),
  );
  const lines = OVERLAYS.map(
    ([scope, title]) =>
      `- **${title}:** ${own(scope)
        .map((b) => `${keys(b)} ${b.help}`)
        .join(' · ')}`,
  );
  return [...tables, ['**Over the screens**', '', ...lines].join('\n')].join('\n\n');
}
